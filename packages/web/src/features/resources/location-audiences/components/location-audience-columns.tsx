/**
 * The columns of the location audiences grid; sorting and filtering follow LOCATION_AUDIENCE_LIST_SPEC
 * (ServerDataGrid applies it). The name opens the detail page with the map.
 */

import { AUDIENCE_STATE_LABELS, LOCATION_PRECISION_LABELS } from '@beacon/domain/dictionary/audiences';
import {
  LOCATION_AUDIENCE_PRECISIONS,
  LOCATION_AUDIENCE_STATES,
} from '@beacon/domain/dictionary/location-audiences';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Link from '@mui/material/Link';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatNumber } from '../../../../lib/format';
import { type LocationAudienceRow, locationAudiencePath } from '../api/location-audience';

export type LocationAudienceRowActions = {
  readonly onEdit: (row: LocationAudienceRow) => void;
  readonly onDuplicate: (row: LocationAudienceRow) => void;
  readonly onDelete: (row: LocationAudienceRow) => void;
  /** Whether the user may change location audiences (an edit role). */
  readonly canEdit: boolean;
};

export const locationAudienceColumns = ({
  onEdit,
  onDuplicate,
  onDelete,
  canEdit,
}: LocationAudienceRowActions): GridColDef<LocationAudienceRow>[] => [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={locationAudiencePath(row.id)}>
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
        } satisfies GridColDef<LocationAudienceRow>,
      ]
    : []),
  { field: 'areas_count', headerName: 'Areas', type: 'number', width: 100 },
  {
    field: 'max_users',
    headerName: 'Max users',
    type: 'number',
    width: 130,
    valueFormatter: (value: number) => formatNumber(value),
  },
  { field: 'start_date', headerName: 'Start', width: 120 },
  { field: 'end_date', headerName: 'End', width: 120 },
  {
    field: 'precision',
    headerName: 'Precision',
    width: 120,
    type: 'singleSelect',
    valueOptions: LOCATION_AUDIENCE_PRECISIONS.map((value) => ({
      value,
      label: LOCATION_PRECISION_LABELS[value],
    })),
  },
  { field: 'timezone', headerName: 'Time zone', width: 150 },
  {
    field: 'state',
    headerName: 'State',
    width: 110,
    type: 'singleSelect',
    valueOptions: LOCATION_AUDIENCE_STATES.map((value) => ({ value, label: AUDIENCE_STATE_LABELS[value] })),
  },
  { field: 'organization_name', headerName: 'Organization', width: 180 },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 120,
    valueFormatter: (value: string) => formatDate(value),
  },
];
