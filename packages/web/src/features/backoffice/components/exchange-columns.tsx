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
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatNumber } from '../../../lib/format';
import type { ExchangeRow } from '../api/exchanges';

const optionsOf = <V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

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
      <GridActionsCellItem
        key="edit"
        icon={<EditOutlined />}
        label={`Edit ${row.name}`}
        onClick={() => onEdit(row)}
      />,
      <GridActionsCellItem
        key="token"
        icon={<KeyOutlined />}
        label={`Token of ${row.name}`}
        onClick={() => onToken(row)}
      />,
      <GridActionsCellItem
        key="delete"
        icon={<DeleteOutlined />}
        label={`Delete ${row.name}`}
        onClick={() => onDelete(row)}
      />,
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
