/**
 * Strategies of a campaign: GET|POST /campaign/{id}/strategies, GET|PUT|DELETE /strategy/{id} (version),
 * POST /strategy/{id}/duplicate.
 */
import type { TStrategy } from '@beacon/domain/api/strategies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiList } from '../../../api/client';
import type { ReadonlyDeep } from '../../../lib/readonly-deep';
import { campaignQueryKey } from './get-campaign';

/** A strategy as the shared schema of packages/domain/src/api/strategies.ts says (the server validates with it). */
export type Strategy = TStrategy;

/** Where the strategy delivers; the strategy form's location too. */
export type StrategyLocation = ReadonlyDeep<Strategy['location']>;

/** Its own audiences, location audiences and geolists (decision 021). */
export type StrategyTargeting = ReadonlyDeep<Strategy['targeting']>;

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
