/**
 * The columns of the audiences grids; sorting and filtering follow AUDIENCE_LIST_SPEC (ServerDataGrid applies
 * it). The name opens the detail page; the users count reads "Updating…" while a count is pending (§4).
 */

import {
  AUDIENCE_STATE_LABELS,
  AUDIENCE_STATES,
  AUDIENCE_TYPE_LABELS,
  AUDIENCE_TYPES,
} from '@beacon/domain/dictionary/audiences';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Link from '@mui/material/Link';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatNumber } from '../../../../lib/format';
import { type Audience, audiencePath } from '../api/audience';

export const UPDATING_TEXT = 'Updating…';

export const usersCountText = (audience: Pick<Audience, 'users_count'>): string =>
  audience.users_count === null ? UPDATING_TEXT : formatNumber(audience.users_count);

export type AudienceRowActions = {
  readonly onEdit: (row: Audience) => void;
  readonly onDuplicate: (row: Audience) => void;
  readonly onDelete: (row: Audience) => void;
  /** Whether the user may change these audiences (an edit role, and its own audiences). */
  readonly canEdit: boolean;
};

export const audienceColumns = ({
  onEdit,
  onDuplicate,
  onDelete,
  canEdit,
}: AudienceRowActions): GridColDef<Audience>[] => [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={audiencePath(row.id)}>
        {row.name}
      </Link>
    ),
  },
  ...(canEdit
    ? [
        {
          field: 'actions',
          type: 'actions',
          headerName: 'Actions',
          width: 128,
          getActions: ({ row }) =>
            row.state === 'deleted'
              ? []
              : [
                  <GridActionsCellItem
                    key="edit"
                    icon={<EditOutlined />}
                    label={`Edit ${row.name}`}
                    onClick={() => onEdit(row)}
                  />,
                  <GridActionsCellItem
                    key="duplicate"
                    icon={<ContentCopyOutlined />}
                    label={`Duplicate ${row.name}`}
                    onClick={() => onDuplicate(row)}
                  />,
                  <GridActionsCellItem
                    key="delete"
                    icon={<DeleteOutlined />}
                    label={`Delete ${row.name}`}
                    onClick={() => onDelete(row)}
                  />,
                ],
        } satisfies GridColDef<Audience>,
      ]
    : []),
  {
    field: 'type',
    headerName: 'Type',
    width: 140,
    type: 'singleSelect',
    valueOptions: AUDIENCE_TYPES.map((value) => ({ value, label: AUDIENCE_TYPE_LABELS[value] })),
  },
  {
    field: 'users_count',
    headerName: 'Users',
    type: 'number',
    width: 130,
    renderCell: ({ row }) => usersCountText(row),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 110,
    type: 'singleSelect',
    valueOptions: AUDIENCE_STATES.map((value) => ({ value, label: AUDIENCE_STATE_LABELS[value] })),
  },
  { field: 'organization_name', headerName: 'Organization', width: 180 },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 120,
    valueFormatter: (value: string) => formatDate(value),
  },
];
