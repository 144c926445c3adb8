/**
 * GET /campaign/{id}: one campaign with every writable field, its computed status, delivery status, targeting
 * alerts and tracking terms. `internal` comes only to internal roles. The types are the shared schemas of
 * packages/domain/src/api/campaigns.ts, which the server validates its answers with (decision 006).
 */
import type { TCampaign } from '@beacon/domain/api/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { CAMPAIGNS_QUERY_KEY } from '../../../components/campaign/api/campaign-row';
import type { ReadonlyDeep } from '../../../lib/readonly-deep';

/** Every campaign query starts with the grid's key, so that a save refreshes the grid and the detail alike. */
export { CAMPAIGNS_QUERY_KEY };

/** The grid's row and everything else the campaign holds. */
export type Campaign = TCampaign;

/** When the campaign delivers; the campaign form's schedule too. */
export type CampaignSchedule = ReadonlyDeep<Campaign['schedule']>;

/** Geography, inventory and, by id, the resources the campaign targets (decision 021). */
export type CampaignTargeting = ReadonlyDeep<Campaign['targeting']>;

/** The internal-campaign fields; only internal roles receive them. */
export type CampaignInternal = NonNullable<Campaign['internal']>;

export const campaignQueryKey = (id: number) => [...CAMPAIGNS_QUERY_KEY, 'one', id] as const;

export const fetchCampaign = (id: number, signal?: AbortSignal): Promise<Campaign> =>
  api<Campaign>(`/campaign/${id}`, { signal });

export const campaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignQueryKey(id), queryFn: ({ signal }) => fetchCampaign(id, signal) });

export const useCampaign = (id: number | null) =>
  useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== null });
