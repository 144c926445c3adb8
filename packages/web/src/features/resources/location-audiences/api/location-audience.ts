/**
 * Location audiences as the API answers them (packages/server/src/modules/location-audiences/
 * location-audiences.schemas.ts). The server validates its answers against those schemas, so the console
 * types them without parsing again (decision 006).
 */
import type {
  LocationAudiencePrecision,
  LocationAudienceState,
} from '@beacon/domain/dictionary/location-audiences';
import { listFetcher } from '../../../../api/list-query';

export type LocationAudienceAreaView = {
  readonly latitude: number;
  readonly longitude: number;
  /** Metres. */
  readonly radius: number;
  readonly name: string | null;
};

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
