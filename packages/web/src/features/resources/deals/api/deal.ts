/**
 * Deals as the API answers them (packages/server/src/modules/deals/deals.schemas.ts; the server validates its
 * answers, so the console types them without parsing again, decision 006), and the calls of the deals section.
 */
import type { Currency } from '@beacon/domain/dictionary/currencies';
import type { DealState, DealType } from '@beacon/domain/dictionary/deals';
import type { SupplyPartner } from '@beacon/domain/dictionary/partners';
import type { TDealCreate, TDealDuplicate, TDealUpdate } from '@beacon/domain/validation/deal-form';
import { api } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';
import type { HistoryEntry } from '../../components/HistoryDialog';

export type DealRow = {
  readonly id: number;
  /** The id of the deal at the exchange (supply partner). */
  readonly external_id: string;
  readonly name: string;
  readonly organization: number;
  readonly organization_name: string;
  readonly supply_partner: SupplyPartner;
  readonly type: DealType;
  /** Exact decimal text in the deal's currency. */
  readonly floor_price: string;
  readonly currency: Currency;
  /** YYYY-MM-DD, inclusive. */
  readonly start_date: string;
  readonly end_date: string | null;
  readonly state: DealState;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
};

export type DealMonitor = {
  readonly requests: number;
  readonly impressions: number;
  readonly from: string;
  readonly to: string;
};

export type Deal = DealRow & {
  readonly deleted_at: string | null;
  /** null while no delivery data exists; `monitor_explanation` says why. */
  readonly monitor: DealMonitor | null;
  readonly monitor_explanation: string | null;
};

export const DEALS_QUERY_KEY = ['deals'] as const;
export const DEAL_LIST_QUERY_KEY = [...DEALS_QUERY_KEY, 'list'] as const;
export const dealQueryKey = (id: number) => [...DEALS_QUERY_KEY, 'one', id] as const;

export const fetchDeals = listFetcher<DealRow>('/deals');

export const fetchDeal = (id: number, signal?: AbortSignal): Promise<Deal> =>
  api<Deal>(`/deal/${id}`, { signal });

export const createDeal = (body: TDealCreate): Promise<Deal> => api<Deal>('/deal', { method: 'POST', body });

export const updateDeal = (id: number, body: TDealUpdate): Promise<Deal> =>
  api<Deal>(`/deal/${id}`, { method: 'PUT', body });

export const deleteDeal = (id: number, version: number): Promise<void> =>
  api<void>(`/deal/${id}`, { method: 'DELETE', params: { version } });

export const duplicateDeal = (id: number, body: TDealDuplicate): Promise<Deal> =>
  api<Deal>(`/deal/${id}/duplicate`, { method: 'POST', body });

export const fetchDealHistory = (id: number, signal: AbortSignal): Promise<HistoryEntry[]> =>
  api<HistoryEntry[]>(`/deal/${id}/history`, { signal });
