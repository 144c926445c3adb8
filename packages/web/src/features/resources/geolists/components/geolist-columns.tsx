/**
 * The columns of the geolists grid; sorting and filtering follow GEOLIST_LIST_SPEC (ServerDataGrid applies
 * it). The name opens the detail page with the map; the country shows its name.
 */
import {
  AUDIENCE_STATE_LABELS,
  LOCATION_PRECISION_LABELS,
  LOCATION_PRECISIONS,
} from '@beacon/domain/dictionary/audiences';
import { GEOLIST_STATES } from '@beacon/domain/validation/geolist-form';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Link from '@mui/material/Link';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatNumber } from '../../../../lib/format';
import { type GeolistRow, geolistPath } from '../api/geolist';
import { cityName, countryName } from './place-fields';

export type GeolistRowActions = {
  readonly onEdit: (row: GeolistRow) => void;
  readonly onDuplicate: (row: GeolistRow) => void;
  readonly onDelete: (row: GeolistRow) => void;
  readonly canEdit: boolean;
};

export const geolistColumns = ({
  onEdit,
  onDuplicate,
  onDelete,
  canEdit,
}: GeolistRowActions): GridColDef<GeolistRow>[] => [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={geolistPath(row.id)}>
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
        } satisfies GridColDef<GeolistRow>,
      ]
    : []),
  {
    field: 'country',
    headerName: 'Country',
    width: 170,
    valueFormatter: (value: string | null) => (value ? countryName(value) : ''),
  },
  { field: 'region', headerName: 'Region', width: 110 },
  {
    field: 'city',
    headerName: 'City',
    width: 150,
    valueFormatter: (value: string | null) => (value ? cityName(value) : ''),
  },
  {
    field: 'areas_count',
    headerName: 'Areas',
    type: 'number',
    width: 100,
    valueFormatter: (value: number) => formatNumber(value),
  },
  {
    field: 'radius',
    headerName: 'Radius (m)',
    type: 'number',
    width: 120,
    valueFormatter: (value: number) => formatNumber(value),
  },
  {
    field: 'precision',
    headerName: 'Precision',
    width: 120,
    type: 'singleSelect',
    valueOptions: LOCATION_PRECISIONS.map((value) => ({ value, label: LOCATION_PRECISION_LABELS[value] })),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 110,
    type: 'singleSelect',
    valueOptions: GEOLIST_STATES.map((value) => ({ value, label: AUDIENCE_STATE_LABELS[value] })),
  },
  { field: 'organization_name', headerName: 'Organization', width: 180 },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 120,
    valueFormatter: (value: string) => formatDate(value),
  },
];
