/**
 * The columns of the publisher lists grid; sorting and filtering follow PUBLISHER_LISTS_SPEC (ServerDataGrid
 * applies it). The name opens the list's page with its publishers.
 */
import {
  PUBLISHER_LIST_KIND_LABELS,
  PUBLISHER_LIST_KINDS,
  PUBLISHER_LIST_STATE_LABELS,
  PUBLISHER_LIST_STATES,
} from '@beacon/domain/dictionary/publisher-lists';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Link from '@mui/material/Link';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatNumber } from '../../../../lib/format';
import { type PublisherListRow, publisherListPath } from '../api/publisher-list';

export type PublisherListRowActions = {
  readonly onEdit: (row: PublisherListRow) => void;
  readonly onDuplicate: (row: PublisherListRow) => void;
  readonly onDelete: (row: PublisherListRow) => void;
  /** Whether the user may change publisher lists (an edit role). */
  readonly canEdit: boolean;
};

export const publisherListColumns = ({
  onEdit,
  onDuplicate,
  onDelete,
  canEdit,
}: PublisherListRowActions): GridColDef<PublisherListRow>[] => [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={publisherListPath(row.id)}>
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
        } satisfies GridColDef<PublisherListRow>,
      ]
    : []),
  {
    field: 'kind',
    headerName: 'Kind',
    width: 120,
    type: 'singleSelect',
    valueOptions: PUBLISHER_LIST_KINDS.map((value) => ({ value, label: PUBLISHER_LIST_KIND_LABELS[value] })),
  },
  {
    field: 'publishers_count',
    headerName: 'Publishers',
    type: 'number',
    width: 120,
    valueFormatter: (value: number) => formatNumber(value),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 110,
    type: 'singleSelect',
    valueOptions: PUBLISHER_LIST_STATES.map((value) => ({
      value,
      label: PUBLISHER_LIST_STATE_LABELS[value],
    })),
  },
  { field: 'organization_name', headerName: 'Organization', width: 180 },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 120,
    valueFormatter: (value: string) => formatDate(value),
  },
];
