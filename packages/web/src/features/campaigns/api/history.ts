/** GET /campaign/{id}/history: who changed what and when (the campaign's and its strategies'), newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { campaignQueryKey } from './get-campaign';

export type HistoryPerson = { readonly id: number; readonly name: string; readonly username: string };

export type HistoryEntry = {
  readonly id: number;
  readonly entity: 'campaign' | 'strategy';
  readonly entity_id: number;
  readonly action: string;
  readonly actor: HistoryPerson | null;
  readonly impersonator: HistoryPerson | null;
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
  readonly created_at: string;
};

export const fetchCampaignHistory = (id: number, signal?: AbortSignal): Promise<HistoryEntry[]> =>
  api<HistoryEntry[]>(`/campaign/${id}/history`, { signal });

export const campaignHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...campaignQueryKey(id), 'history'],
    queryFn: ({ signal }) => fetchCampaignHistory(id, signal),
  });

export const useCampaignHistory = (id: number) => useQuery(campaignHistoryQueryOptions(id));
