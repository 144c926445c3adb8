/**
 * Columns shared by the creatives grids (the library, the back-office approval queue): the thumbnail beside the
 * name (a link to the detail), type, state ("Approved" for active), size, video processing, organization and
 * dates. Sorting and filtering follow the list's spec (ServerDataGrid applies it).
 */
import {
  CREATIVE_STATE_LABELS,
  CREATIVE_STATES,
  CREATIVE_TYPE_LABELS,
  CREATIVE_TYPES,
  TRANSCODING_STATUS_LABELS,
  TRANSCODING_STATUSES,
} from '@beacon/domain/dictionary/creatives';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatNumber } from '../../lib/format';
import { type CreativeRow, creativePath, creativeSize } from './api/creative';
import { CreativeStateChip } from './CreativeStateChip';
import { CreativeThumbnail } from './CreativeThumbnail';

export const creativeNameColumn: GridColDef<CreativeRow> = {
  field: 'name',
  headerName: 'Name',
  flex: 1,
  minWidth: 220,
  renderCell: ({ row }) => (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
      <CreativeThumbnail url={row.thumbnail_url} type={row.type} name={row.name} />
      <Link component={RouterLink} to={creativePath(row.id)} noWrap>
        {row.name}
      </Link>
    </Stack>
  ),
};

export const creativeInfoColumns: GridColDef<CreativeRow>[] = [
  { field: 'id', headerName: 'ID', type: 'number', width: 72 },
  {
    field: 'type',
    headerName: 'Type',
    width: 130,
    type: 'singleSelect',
    valueOptions: CREATIVE_TYPES.map((value) => ({ value, label: CREATIVE_TYPE_LABELS[value] })),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 150,
    type: 'singleSelect',
    valueOptions: CREATIVE_STATES.map((value) => ({ value, label: CREATIVE_STATE_LABELS[value] })),
    renderCell: ({ row }) => <CreativeStateChip state={row.state} />,
  },
  {
    field: 'size',
    headerName: 'Size',
    width: 96,
    sortable: false,
    filterable: false,
    valueGetter: (_value, row) => creativeSize(row) ?? '',
  },
  {
    field: 'transcoding_status',
    headerName: 'Video',
    width: 100,
    type: 'singleSelect',
    valueOptions: TRANSCODING_STATUSES.map((value) => ({ value, label: TRANSCODING_STATUS_LABELS[value] })),
  },
  { field: 'organization_name', headerName: 'Organization', flex: 0.5, minWidth: 140 },
  {
    field: 'campaigns_count',
    headerName: 'Campaigns',
    type: 'number',
    width: 100,
    valueFormatter: (value: number) => formatNumber(value),
  },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 116,
    valueFormatter: (value: string) => formatDate(value),
  },
];
