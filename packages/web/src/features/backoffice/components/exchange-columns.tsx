/**
 * The columns of the exchanges grid; sorting and filtering follow EXCHANGE_LIST_SPEC (ServerDataGrid applies
 * it). Enumerations show their dictionary labels.
 */
import {
  AUCTION_TYPE_LABELS,
  EXCHANGE_PARTNER_LABELS,
  EXCHANGE_PARTNERS,
} from '@beacon/domain/api/exchanges';
import { CURRENCIES, CURRENCY_LABELS } from '@beacon/domain/dictionary/currencies';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { optionsOf, rowAction } from '../../../components/data-grid/grid-columns';
import { formatNumber } from '../../../lib/format';
import type { ExchangeRow } from '../api/exchanges';

export type ExchangeRowActions = {
  readonly onEdit: (row: ExchangeRow) => void;
  readonly onToken: (row: ExchangeRow) => void;
  readonly onDelete: (row: ExchangeRow) => void;
};

export const exchangeColumns = ({
  onEdit,
  onToken,
  onDelete,
}: ExchangeRowActions): GridColDef<ExchangeRow>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 140,
    getActions: ({ row }) => [
      rowAction('edit', <EditOutlined />, `Edit ${row.name}`, () => onEdit(row)),
      rowAction('token', <KeyOutlined />, `Token of ${row.name}`, () => onToken(row)),
      rowAction('delete', <DeleteOutlined />, `Delete ${row.name}`, () => onDelete(row)),
    ],
  },
  { field: 'key', headerName: 'Key', width: 150 },
  {
    field: 'partner',
    headerName: 'Partner',
    width: 180,
    type: 'singleSelect',
    valueOptions: optionsOf(EXCHANGE_PARTNERS, EXCHANGE_PARTNER_LABELS),
    valueFormatter: (value: ExchangeRow['partner']) =>
      value === null ? '—' : EXCHANGE_PARTNER_LABELS[value],
  },
  {
    field: 'auction_type',
    headerName: 'Auction',
    width: 130,
    type: 'number',
    align: 'left',
    headerAlign: 'left',
    valueFormatter: (value: ExchangeRow['auction_type']) => AUCTION_TYPE_LABELS[value],
  },
  {
    field: 'currency',
    headerName: 'Currency',
    width: 110,
    type: 'singleSelect',
    valueOptions: optionsOf(CURRENCIES, CURRENCY_LABELS),
  },
  {
    field: 'enabled',
    headerName: 'State',
    width: 120,
    type: 'boolean',
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={row.enabled ? 'Enabled' : 'Disabled'}
        color={row.enabled ? 'success' : 'default'}
      />
    ),
  },
  {
    field: 'qps_limit',
    headerName: 'QPS limit',
    width: 120,
    type: 'number',
    valueFormatter: (value: ExchangeRow['qps_limit']) => (value === null ? 'No limit' : formatNumber(value)),
  },
];
