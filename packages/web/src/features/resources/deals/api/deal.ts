/**
 * Deals as the API answers them (the shared schemas of packages/domain/src/api/deals.ts, which the server
 * validates its answers with, so the console types them without parsing again, decision 006), and the calls of
 * the deals section.
 */
import type { TDeal, TDealRow } from '@beacon/domain/api/deals';
import type { THistoryEntry } from '@beacon/domain/api/history';
import type { TDealCreate, TDealDuplicate, TDealUpdate } from '@beacon/domain/validation/deal-form';
import { api } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';

export type DealRow = TDealRow;

/** Requests and impressions over the days delivery data covers. */
export type DealMonitor = NonNullable<TDeal['monitor']>;

/** The row, when it was deleted, and its monitor numbers (null while no delivery data exists). */
export type Deal = TDeal;

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

export const fetchDealHistory = (id: number, signal: AbortSignal): Promise<THistoryEntry[]> =>
  api<THistoryEntry[]>(`/deal/${id}/history`, { signal });
