/** GET /campaign/{id}/history: who changed what and when (the campaign's and its strategies'), newest first. */
import type { TCampaignHistoryEntry } from '@beacon/domain/api/campaigns';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { campaignQueryKey } from './get-campaign';

/** The shared history entry (domain/api/history.ts), naming the campaign or the strategy it is about. */
export type HistoryEntry = TCampaignHistoryEntry;

export const fetchCampaignHistory = (id: number, signal?: AbortSignal): Promise<HistoryEntry[]> =>
  api<HistoryEntry[]>(`/campaign/${id}/history`, { signal });

export const campaignHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...campaignQueryKey(id), 'history'],
    queryFn: ({ signal }) => fetchCampaignHistory(id, signal),
  });
