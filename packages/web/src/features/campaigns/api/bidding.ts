/** GET /campaign/{id}/bidding: where the last hour's bid requests stopped, per strategy (the bidding dialog). */
import type { TBiddingDiagnostics } from '@beacon/domain/api/bidding-diagnostics';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { campaignQueryKey } from './get-campaign';

export type BiddingDiagnostics = TBiddingDiagnostics;

export const biddingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...campaignQueryKey(id), 'bidding'],
    queryFn: ({ signal }) => api<BiddingDiagnostics>(`/campaign/${id}/bidding`, { signal }),
  });
