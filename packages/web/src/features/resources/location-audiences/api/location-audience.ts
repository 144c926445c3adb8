/**
 * Location audiences as the API answers them (the shared schemas of packages/domain/src/api/
 * location-audiences.ts). The server validates its answers against those schemas, so the console
 * types them without parsing again (decision 006).
 */

import type { THistoryEntry } from '@beacon/domain/api/history';
import type { TLocationAudience, TLocationAudienceRow } from '@beacon/domain/api/location-audiences';
import type {
  TLocationAudienceCreate,
  TLocationAudienceDuplicate,
  TLocationAudienceUpdate,
} from '@beacon/domain/validation/location-audience-form';
import { api } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';
import type { MapArea } from '../../components/map-areas';

/** An area: a circle of `radius` metres around its centre, with an optional name. */
export type LocationAudienceAreaView = MapArea;

export type LocationAudienceRow = TLocationAudienceRow;

/** One location audience with its areas, in their order. */
export type LocationAudience = TLocationAudience;

export const LOCATION_AUDIENCES_QUERY_KEY = ['location-audiences'] as const;
export const LOCATION_AUDIENCE_LIST_QUERY_KEY = [...LOCATION_AUDIENCES_QUERY_KEY, 'list'] as const;

export const fetchLocationAudiences = listFetcher<LocationAudienceRow>('/location-audiences');

export const locationAudiencePath = (id: number): string => `/resources/location-audience/${id}`;

export const locationAudienceQueryKey = (id: number) => [...LOCATION_AUDIENCES_QUERY_KEY, 'one', id] as const;

export const fetchLocationAudience = (id: number, signal?: AbortSignal): Promise<LocationAudience> =>
  api<LocationAudience>(`/location-audience/${id}`, { signal });

export const createLocationAudience = (body: TLocationAudienceCreate): Promise<LocationAudience> =>
  api<LocationAudience>('/location-audience', { method: 'POST', body });

/** PUT at the version read (409 when stale); `areas` replaces them all. */
export const updateLocationAudience = (
  id: number,
  body: TLocationAudienceUpdate,
): Promise<LocationAudience> => api<LocationAudience>(`/location-audience/${id}`, { method: 'PUT', body });

export const deleteLocationAudience = (id: number, version: number): Promise<void> =>
  api<void>(`/location-audience/${id}`, { method: 'DELETE', params: { version } });

export const duplicateLocationAudience = (
  id: number,
  body: TLocationAudienceDuplicate,
): Promise<LocationAudience> =>
  api<LocationAudience>(`/location-audience/${id}/duplicate`, { method: 'POST', body });

export const fetchLocationAudienceHistory = (id: number, signal: AbortSignal): Promise<THistoryEntry[]> =>
  api<THistoryEntry[]>(`/location-audience/${id}/history`, { signal });
