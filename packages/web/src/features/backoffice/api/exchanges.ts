/**
 * The bidder's exchanges and platform bidding as the back office calls them (the shared schemas of
 * packages/domain/src/api/exchanges.ts, which the server validates its answers with).
 */
import type {
  TBiddingState,
  TExchange,
  TExchangeCreate,
  TExchangeRow,
  TExchangeUpdate,
} from '@beacon/domain/api/exchanges';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { listFetcher } from '../../../api/list-query';

export type ExchangeRow = TExchangeRow;
export type Exchange = TExchange;
export type BiddingState = TBiddingState;

export const EXCHANGES_QUERY_KEY = ['backoffice', 'exchanges'] as const;
export const EXCHANGE_LIST_QUERY_KEY = [...EXCHANGES_QUERY_KEY, 'list'] as const;
const exchangeQueryKey = (id: number) => [...EXCHANGES_QUERY_KEY, 'one', id] as const;

export const fetchExchanges = listFetcher<ExchangeRow>('/backoffice/exchanges');

/** One exchange with its token. */
export const fetchExchange = (id: number, signal?: AbortSignal): Promise<Exchange> =>
  api<Exchange>(`/backoffice/exchanges/${id}`, { signal });

export const exchangeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: exchangeQueryKey(id),
    queryFn: ({ signal }) => fetchExchange(id, signal),
  });

export const createExchange = (body: TExchangeCreate): Promise<Exchange> =>
  api<Exchange>('/backoffice/exchanges', { method: 'POST', body });

export const updateExchange = (id: number, body: TExchangeUpdate): Promise<Exchange> =>
  api<Exchange>(`/backoffice/exchanges/${id}`, { method: 'PUT', body });

export const deleteExchange = (id: number, version: number): Promise<void> =>
  api<void>(`/backoffice/exchanges/${id}`, { method: 'DELETE', params: { version } });

export const rotateExchangeToken = (id: number): Promise<Exchange> =>
  api<Exchange>(`/backoffice/exchanges/${id}/token`, { method: 'POST' });

export const BIDDING_QUERY_KEY = ['backoffice', 'bidding'] as const;

export const biddingQueryOptions = () =>
  queryOptions({
    queryKey: BIDDING_QUERY_KEY,
    queryFn: ({ signal }) => api<BiddingState>('/backoffice/bidding', { signal }),
  });

export const setBidding = (enabled: boolean): Promise<BiddingState> =>
  api<BiddingState>('/backoffice/bidding', { method: 'PUT', body: { enabled } });
