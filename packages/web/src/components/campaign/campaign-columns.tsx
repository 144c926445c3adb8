/**
 * The columns of the campaigns grid, most telling first so that a narrow screen shows them without
 * scrolling: name (a link to the campaign), row actions, delivery status as a coloured chip with its explanation,
 * state, budget, spend and today's spend against the pacing's expectation in the campaign's currency, type
 * (product labels), flight dates, strategies, the other delivery figures (impressions, clicks, CTR, conversions) and
 * creation day; the back office adds the organization's name next to the campaign's and the ids at the end. Sorting and filtering
 * follow CAMPAIGN_LIST_SPEC (ServerDataGrid applies it, with the §3 operators of each field type).
 */
import {
  CAMPAIGN_STATE_LABELS,
  CAMPAIGN_STATES,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGN_TYPES,
  type CampaignState,
  type CampaignType,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
} from '@beacon/domain/dictionary/campaigns';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Link from '@mui/material/Link';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { type DecimalMark, formatDate, formatNumber } from '../../lib/format';
import { optionsOf } from '../data-grid/grid-columns';
import type { CampaignRow } from './api/campaign-row';
import { ctrText, moneyText, pacingText, strategiesText } from './campaign-list';
import { campaignPath } from './campaign-paths';
import { DeliveryStatusChip } from './DeliveryStatusChip';

/** A day of the API (YYYY-MM-DD, UTC) as the grid's date value, so that its date filter input fits. */
const dayValue = (value: string | null): Date | null => (value ? new Date(`${value}T00:00:00.000Z`) : null);
const dayText = (value: Date | null): string => (value ? formatDate(value) : '');

export type CampaignColumnOptions = {
  /** The back office shows whose campaign each row is. */
  readonly showOrganization: boolean;
  /** Duplicating needs an edit role (§6 "Edit"). */
  readonly canDuplicate: boolean;
  readonly decimalMark: DecimalMark;
  readonly onDuplicate: (campaign: CampaignRow) => void;
  readonly onExport: (campaign: CampaignRow) => void;
};

export const campaignColumns = ({
  showOrganization,
  canDuplicate,
  decimalMark,
  onDuplicate,
  onExport,
}: CampaignColumnOptions): GridColDef<CampaignRow>[] => [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row, tabIndex }) => (
      <Link
        component={RouterLink}
        to={campaignPath(row.id)}
        tabIndex={tabIndex}
        underline="hover"
        // The darker shade keeps its contrast on a selected row's tinted background too.
        color="primary.dark"
        sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {row.name}
      </Link>
    ),
  },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: canDuplicate ? 96 : 64,
    getActions: ({ row }) => [
      ...(canDuplicate
        ? [
            <GridActionsCellItem
              key="duplicate"
              icon={<ContentCopyOutlined />}
              label={`Duplicate ${row.name}`}
              onClick={() => onDuplicate(row)}
            />,
          ]
        : []),
      <GridActionsCellItem
        key="export"
        icon={<FileDownloadOutlined />}
        label={`Export ${row.name} info`}
        onClick={() => onExport(row)}
      />,
    ],
  },
  ...(showOrganization
    ? [
        {
          field: 'organization_name',
          headerName: 'Organization',
          minWidth: 160,
          flex: 0.5,
        } satisfies GridColDef<CampaignRow>,
      ]
    : []),
  {
    field: 'delivery_status',
    headerName: 'Delivery',
    width: 184,
    type: 'singleSelect',
    valueOptions: optionsOf(DELIVERY_STATUSES, DELIVERY_STATUS_LABELS),
    renderCell: ({ row, tabIndex }) => (
      <DeliveryStatusChip
        status={row.delivery_status}
        startDate={row.start_date}
        lastDeliveryHour={row.last_delivery_hour}
        explanation={row.delivery_explanation}
        tabIndex={tabIndex}
      />
    ),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 104,
    type: 'singleSelect',
    valueOptions: optionsOf(CAMPAIGN_STATES, CAMPAIGN_STATE_LABELS),
    valueFormatter: (value: CampaignState) => CAMPAIGN_STATE_LABELS[value],
  },
  {
    field: 'budget',
    headerName: 'Budget',
    type: 'number',
    width: 150,
    valueGetter: (value: string | null) => (value === null ? null : Number(value)),
    valueFormatter: (_value: number | null, row: CampaignRow) => {
      const text = moneyText(row.budget, row, decimalMark);
      if (!text) return '—';
      return row.budget_timespan === 'daily' ? `${text} / day` : text;
    },
  },
  {
    field: 'spend',
    headerName: 'Spend',
    type: 'number',
    width: 130,
    valueGetter: (value: string) => Number(value),
    valueFormatter: (_value: number, row: CampaignRow) => moneyText(row.spend, row, decimalMark),
  },
  {
    field: 'spend_today',
    headerName: 'Today / expected',
    description: 'Spend today (UTC) against what an even spend of the budget expects by now',
    type: 'number',
    width: 180,
    valueGetter: (value: string) => Number(value),
    valueFormatter: (_value: number, row: CampaignRow) => pacingText(row, decimalMark),
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 136,
    type: 'singleSelect',
    valueOptions: optionsOf(CAMPAIGN_TYPES, CAMPAIGN_TYPE_LABELS),
    valueFormatter: (value: CampaignType) => CAMPAIGN_TYPE_LABELS[value],
  },
  {
    field: 'start_date',
    headerName: 'Start',
    type: 'date',
    width: 112,
    valueGetter: dayValue,
    valueFormatter: dayText,
  },
  {
    field: 'end_date',
    headerName: 'End',
    type: 'date',
    width: 112,
    valueGetter: dayValue,
    valueFormatter: dayText,
  },
  {
    field: 'strategies_count',
    headerName: 'Strategies',
    type: 'number',
    width: 104,
    valueFormatter: (_value: number, row: CampaignRow) => strategiesText(row),
  },
  {
    field: 'impressions',
    headerName: 'Impressions',
    type: 'number',
    width: 116,
    valueFormatter: (value: number) => formatNumber(value, { decimalMark }),
  },
  {
    field: 'clicks',
    headerName: 'Clicks',
    type: 'number',
    width: 96,
    valueFormatter: (value: number) => formatNumber(value, { decimalMark }),
  },
  {
    field: 'ctr',
    headerName: 'CTR',
    type: 'number',
    width: 88,
    valueFormatter: (value: number | null) => ctrText(value, decimalMark),
  },
  {
    field: 'conversions',
    headerName: 'Conversions',
    type: 'number',
    width: 116,
    valueFormatter: (value: number) => formatNumber(value, { decimalMark }),
  },
  ...(showOrganization
    ? [
        {
          field: 'organization',
          headerName: 'Organization ID',
          type: 'number',
          width: 136,
          valueFormatter: (value: number) => String(value),
        } satisfies GridColDef<CampaignRow>,
        {
          field: 'id',
          headerName: 'ID',
          type: 'number',
          width: 90,
          valueFormatter: (value: number) => String(value),
        } satisfies GridColDef<CampaignRow>,
      ]
    : []),
  {
    field: 'created_at',
    headerName: 'Created',
    type: 'date',
    width: 112,
    valueGetter: (value: string) => new Date(value),
    valueFormatter: (value: Date) => formatDate(value),
  },
];
