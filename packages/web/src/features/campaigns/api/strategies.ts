/**
 * Strategies of a campaign: GET|POST /campaign/{id}/strategies, GET|PUT|DELETE /strategy/{id} (version),
 * POST /strategy/{id}/duplicate.
 */
import type { FingerprintType } from '@beacon/domain/dictionary/audiences';
import type { StrategyState } from '@beacon/domain/dictionary/campaigns';
import type { FrequencyCapPeriod } from '@beacon/domain/validation/frequency-cap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiList } from '../../../api/client';
import { type CampaignSchedule, campaignQueryKey } from './get-campaign';

export type StrategyLocation = {
  readonly countries: readonly string[];
  readonly regions: readonly string[];
  readonly cities: readonly string[];
};

export type StrategyTargeting = {
  readonly audiences: {
    readonly at_least_one_of: readonly number[];
    readonly mandatory: readonly number[];
    readonly excluded: readonly number[];
  };
  readonly location_audiences: readonly number[];
  readonly geolists: readonly number[];
};

export type Strategy = {
  readonly id: number;
  readonly campaign: number;
  readonly name: string;
  readonly state: StrategyState;
  readonly start_date: string | null;
  readonly end_date: string | null;
  readonly location: StrategyLocation;
  readonly schedule: CampaignSchedule;
  /** Its own audiences, location audiences and geolists (decision 021). */
  readonly targeting: StrategyTargeting;
  readonly bid: string | null;
  readonly budget_share: number;
  /** At most `impressions` per user per `period`; null: no cap (docs/engine.md "Frequency caps"). */
  readonly frequency_cap: {
    readonly impressions: number;
    readonly period: FrequencyCapPeriod;
    readonly fingerprint: FingerprintType;
  } | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
};

/** A campaign holds few strategies; one page of the largest size lists them all. */
const STRATEGIES_LIMIT = 200;

export const strategiesQueryKey = (campaignId: number) => [...campaignQueryKey(campaignId), 'strategies'];

export const fetchStrategies = async (campaignId: number, signal?: AbortSignal): Promise<Strategy[]> =>
  (
    await apiList<Strategy>(`/campaign/${campaignId}/strategies`, {
      params: { limit: STRATEGIES_LIMIT, sort: 'created_at' },
      signal,
    })
  ).rows;

export const strategiesQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: strategiesQueryKey(campaignId),
    queryFn: ({ signal }) => fetchStrategies(campaignId, signal),
  });

export const useStrategies = (campaignId: number) => useQuery(strategiesQueryOptions(campaignId));

export const createStrategy = (
  campaignId: number,
  body: Readonly<Record<string, unknown>>,
): Promise<Strategy> => api<Strategy>(`/campaign/${campaignId}/strategies`, { method: 'POST', body });

export const updateStrategy = (
  id: number,
  body: Readonly<Record<string, unknown>> & { readonly version: number },
): Promise<Strategy> => api<Strategy>(`/strategy/${id}`, { method: 'PUT', body });

export const deleteStrategy = (id: number, version: number): Promise<unknown> =>
  api<unknown>(`/strategy/${id}`, { method: 'DELETE', params: { version } });

export const duplicateStrategy = (id: number, name?: string): Promise<Strategy> =>
  api<Strategy>(`/strategy/${id}/duplicate`, { method: 'POST', body: name ? { name } : {} });

export const fetchStrategy = (id: number, signal?: AbortSignal): Promise<Strategy> =>
  api<Strategy>(`/strategy/${id}`, { signal });
