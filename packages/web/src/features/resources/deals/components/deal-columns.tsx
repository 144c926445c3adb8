/**
 * The columns of the deals grid; sorting and filtering follow DEAL_LIST_SPEC (ServerDataGrid applies it).
 * Enumerations show their dictionary labels, the floor price its currency.
 */
import { CURRENCIES, CURRENCY_LABELS } from '@beacon/domain/dictionary/currencies';
import {
  DEAL_STATE_LABELS,
  DEAL_STATES,
  DEAL_TYPE_LABELS,
  DEAL_TYPES,
} from '@beacon/domain/dictionary/deals';
import { SUPPLY_PARTNER_LABELS, SUPPLY_PARTNERS } from '@beacon/domain/dictionary/partners';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { optionsOf, rowAction } from '../../../../components/data-grid/grid-columns';
import { formatCurrency, formatDate } from '../../../../lib/format';
import type { DealRow } from '../api/deal';

export type DealRowActions = {
  readonly onEdit: (row: DealRow) => void;
  readonly onDuplicate: (row: DealRow) => void;
  readonly onDelete: (row: DealRow) => void;
  readonly onMonitor: (row: DealRow) => void;
  readonly onHistory: (row: DealRow) => void;
  readonly canEdit: boolean;
};

export const dealColumns = ({
  onEdit,
  onDuplicate,
  onDelete,
  onMonitor,
  onHistory,
  canEdit,
}: DealRowActions): GridColDef<DealRow>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: canEdit ? 200 : 90,
    getActions: ({ row }) => {
      const always = [
        rowAction('monitor', <InsightsOutlined />, `Monitor ${row.name}`, () => onMonitor(row)),
        rowAction('history', <HistoryOutlined />, `History of ${row.name}`, () => onHistory(row)),
      ];
      if (!canEdit || row.state === 'deleted') return always;
      return [
        rowAction('edit', <EditOutlined />, `Edit ${row.name}`, () => onEdit(row)),
        rowAction('duplicate', <ContentCopyOutlined />, `Duplicate ${row.name}`, () => onDuplicate(row)),
        ...always,
        rowAction('delete', <DeleteOutlined />, `Delete ${row.name}`, () => onDelete(row)),
      ];
    },
  },
  { field: 'external_id', headerName: 'Deal ID', width: 150 },
  {
    field: 'supply_partner',
    headerName: 'Supply partner',
    width: 180,
    type: 'singleSelect',
    valueOptions: optionsOf(SUPPLY_PARTNERS, SUPPLY_PARTNER_LABELS),
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 190,
    type: 'singleSelect',
    valueOptions: optionsOf(DEAL_TYPES, DEAL_TYPE_LABELS),
  },
  {
    field: 'floor_price',
    headerName: 'Floor price',
    width: 130,
    type: 'number',
    valueFormatter: (value: string, row) => formatCurrency(value, { currency: row.currency }),
  },
  {
    field: 'currency',
    headerName: 'Currency',
    width: 110,
    type: 'singleSelect',
    valueOptions: optionsOf(CURRENCIES, CURRENCY_LABELS),
  },
  { field: 'start_date', headerName: 'Start', width: 120 },
  { field: 'end_date', headerName: 'End', width: 120 },
  {
    field: 'state',
    headerName: 'State',
    width: 110,
    type: 'singleSelect',
    valueOptions: optionsOf(DEAL_STATES, DEAL_STATE_LABELS),
  },
  { field: 'organization_name', headerName: 'Organization', width: 180 },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 120,
    valueFormatter: (value: string) => formatDate(value),
  },
];
