/**
 * Location audiences as the API answers them (packages/server/src/modules/location-audiences/
 * location-audiences.schemas.ts). The server validates its answers against those schemas, so the console
 * types them without parsing again (decision 006).
 */
import type {
  LocationAudiencePrecision,
  LocationAudienceState,
} from '@beacon/domain/dictionary/location-audiences';
import type {
  TLocationAudienceCreate,
  TLocationAudienceDuplicate,
  TLocationAudienceUpdate,
} from '@beacon/domain/validation/location-audience-form';
import { api } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';
import type { HistoryEntry } from '../../components/HistoryDialog';
import type { MapArea } from '../../components/map-areas';

/** An area: a circle of `radius` metres around its centre, with an optional name. */
export type LocationAudienceAreaView = MapArea;

export type LocationAudienceRow = {
  readonly id: number;
  readonly organization: number;
  readonly organization_name: string;
  readonly name: string;
  /** YYYY-MM-DD, inclusive. */
  readonly start_date: string;
  readonly end_date: string;
  readonly max_users: number;
  /** HH:mm within a day, in `timezone`; 24:00 ends the day. */
  readonly time_range: { readonly from: string; readonly to: string };
  readonly timezone: string;
  readonly precision: LocationAudiencePrecision;
  readonly state: LocationAudienceState;
  readonly areas_count: number;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
};

export type LocationAudience = LocationAudienceRow & { readonly areas: readonly LocationAudienceAreaView[] };

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

export const fetchLocationAudienceHistory = (id: number, signal: AbortSignal): Promise<HistoryEntry[]> =>
  api<HistoryEntry[]>(`/location-audience/${id}/history`, { signal });
