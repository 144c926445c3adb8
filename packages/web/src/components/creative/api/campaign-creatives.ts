/** A campaign's creatives and their link states (GET|PUT /campaign/{id}/creatives). */
import type { TCampaignCreative } from '@beacon/domain/api/creatives';
import type { TCampaignCreativeLinks } from '@beacon/domain/validation/creative-form';
import { api } from '../../../api/client';

/** A linked creative: the creatives list's row, its link's state and when it was linked. */
export type CampaignCreative = TCampaignCreative;

export const campaignCreativesQueryKey = (campaignId: number) =>
  ['creatives', 'campaign', campaignId] as const;

export const fetchCampaignCreatives = (
  campaignId: number,
  signal?: AbortSignal,
): Promise<CampaignCreative[]> => api<CampaignCreative[]>(`/campaign/${campaignId}/creatives`, { signal });

export const campaignCreativesQueryOptions = (campaignId: number) => ({
  queryKey: campaignCreativesQueryKey(campaignId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCampaignCreatives(campaignId, signal),
});

/** Sets the given links' states (new creatives are linked), all or nothing; answers every link after it. */
export const updateCampaignCreatives = (
  campaignId: number,
  body: TCampaignCreativeLinks,
): Promise<CampaignCreative[]> =>
  api<CampaignCreative[]>(`/campaign/${campaignId}/creatives`, { method: 'PUT', body });
