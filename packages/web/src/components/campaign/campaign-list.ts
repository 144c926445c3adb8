/**
 * Pure helpers of the campaigns grid: what the CSV download asks for, the rows a selection names, which of
 * them a bulk change applies to, and how money, delivery figures and strategies read.
 */
import type { CampaignState } from '@beacon/domain/dictionary/campaigns';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import { toListParams } from '../../api/list-query';
import type { QueryParams } from '../../api/params';
import { type DecimalMark, formatCurrency, formatNumber } from '../../lib/format';
import type { CampaignBulkState } from './api/bulk-update-campaigns';
import type { CampaignRow } from './api/campaign-row';

/** The list params of the grid's query without `page` and `limit`: the download holds every matching row. */
export const downloadParams = (query: ListQuery): QueryParams => {
  const { page: _page, limit: _limit, ...rest } = toListParams(query);
  return rest;
};

export const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * The ids a selection model names among the rows on screen. The header checkbox answers "every row except
 * these" (`exclude`); the server pages, so "every row" means the rows of this page.
 */
export const selectedRowIds = (model: GridRowSelectionModel, rowIds: readonly GridRowId[]): number[] => {
  const ids = model.type === 'include' ? [...model.ids] : rowIds.filter((id) => !model.ids.has(id));
  return ids.filter((id): id is number => typeof id === 'number');
};

/** The bulk actions of the selection bar. */
export type CampaignBulkAction = 'activate' | 'pause' | 'delete';

export const BULK_ACTION_STATE = {
  activate: 'active',
  pause: 'inactive',
  delete: 'deleted',
} as const satisfies Record<CampaignBulkAction, CampaignBulkState>;

/**
 * The selected campaigns a bulk action changes: activation concerns those not active yet (inactive, drafts,
 * imported), pausing those running, deletion any that is not deleted already. A deleted campaign takes part
 * in none.
 */
export const bulkTargets = <R extends { readonly state: CampaignState }>(
  rows: readonly R[],
  action: CampaignBulkAction,
): R[] =>
  rows.filter((row) => {
    if (row.state === 'deleted') return false;
    if (action === 'activate') return row.state !== 'active';
    if (action === 'pause') return row.state === 'active';
    return true;
  });

export const campaignsText = (count: number): string => `${count} campaign${count === 1 ? '' : 's'}`;

/** Money of a row in its own currency; '' when there is none (a draft without a budget). */
export const moneyText = (
  amount: string | null,
  row: Pick<CampaignRow, 'currency'>,
  decimalMark: DecimalMark,
): string => (amount === null ? '' : formatCurrency(amount, { currency: row.currency, decimalMark }));

/** Clicks per impression as a percentage with two decimals ("1.25%"); '—' without impressions. */
export const ctrText = (ctr: number | null, decimalMark: DecimalMark): string =>
  ctr === null ? '—' : `${formatNumber(ctr * 100, { decimalMark, fractionDigits: 2 })}%`;

/**
 * Today's spend against what an even spend of the budget expects by now (pacing): "$12.00 of $40.00", or the
 * spend alone when nothing is expected (not running today, a lifetime budget without an end).
 */
export const pacingText = (
  row: Pick<CampaignRow, 'currency' | 'spend_today' | 'expected_spend_today'>,
  decimalMark: DecimalMark,
): string => {
  const spent = moneyText(row.spend_today, row, decimalMark);
  return row.expected_spend_today === null
    ? spent
    : `${spent} of ${moneyText(row.expected_spend_today, row, decimalMark)}`;
};

/** "3", or "3 · 1 bidding" when some are paused: the count and how many of them bid. */
export const strategiesText = (row: Pick<CampaignRow, 'strategies_count' | 'strategies_bidding'>): string =>
  row.strategies_count === 0 || row.strategies_bidding === row.strategies_count
    ? String(row.strategies_count)
    : `${row.strategies_count} · ${row.strategies_bidding} bidding`;
