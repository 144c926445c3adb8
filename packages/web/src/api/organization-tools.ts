/**
 * Organization tools of §7: the planner map (`GET /organization/{id}/planner-map`), the conversion pixels
 * (`GET /v2/organization/{id}/postback`, saved as the text file `pixel_{event}`) and the publisher lists
 * (`GET /v2/organization/{id}/publishers-lists`).
 */
import { PLANNER_MAP_NOT_CONFIGURED_REASON } from '@beacon/domain/dictionary/planner-map';
import {
  type ConversionEventId,
  type PostbackTrackingTool,
  pixelFileName,
} from '@beacon/domain/dictionary/postback';
import type { PublisherListKind, PublisherListState } from '@beacon/domain/dictionary/publisher-lists';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { api, apiText, downloadFile, type ListResponse } from './client';
import { listFetcher } from './list-query';

export const ORGANIZATION_TOOLS_QUERY_KEY = ['organization-tools'] as const;

// ---------------------------------------------------------------------------------------------------------
// Planner map

export type PlannerMapRedirect = { readonly message: string };

/**
 * The planner address for an organization, with a token that expires after a few minutes: fetch it when the
 * user asks to open the planner, never from a cache. 401 and 403 are left to the caller (no logout, no
 * navigation home): a button must not move the user away.
 */
export const fetchPlannerMapUrl = async (organizationId: number, signal?: AbortSignal): Promise<string> =>
  (
    await api<PlannerMapRedirect>(`/organization/${organizationId}/planner-map`, {
      signal,
      handleAuthErrors: false,
    })
  ).message;

/** The server's answer while PLANNER_MAP_URL is unset (a 404 with its own reason). */
export const isPlannerMapNotConfigured = (error: unknown): boolean =>
  isApiError(error) &&
  error.status === 404 &&
  error.bodyField('reason') === PLANNER_MAP_NOT_CONFIGURED_REASON;

export type PlannerMapAvailability = 'available' | 'not-configured';

/**
 * Whether the installation has a planner map, from the settings the console loads with the dictionary
 * (`settings.plannerMap` of GET /dictionary): known without a request, so that an installation without
 * PLANNER_MAP_URL is never asked for an address it can only answer with a 404. Undefined while the dictionary
 * is not loaded, or from a server that does not say.
 */
export const plannerMapAvailability = (
  dictionary: object | undefined,
): PlannerMapAvailability | undefined => {
  const settings = dictionary && 'settings' in dictionary ? dictionary.settings : undefined;
  if (typeof settings !== 'object' || settings === null || !('plannerMap' in settings)) return undefined;
  if (typeof settings.plannerMap !== 'boolean') return undefined;
  return settings.plannerMap ? 'available' : 'not-configured';
};

// ---------------------------------------------------------------------------------------------------------
// Conversion pixels

const postbackPath = (organizationId: number): string => `/v2/organization/${organizationId}/postback`;

const postbackParams = (event: ConversionEventId, tool: PostbackTrackingTool) => ({
  event_id: event,
  tracking_tool: tool,
});

/** The pixel URL of an organization's event for a tracking tool (the text the server answers). */
export const fetchPostbackPixel = (
  organizationId: number,
  event: ConversionEventId,
  tool: PostbackTrackingTool,
  signal?: AbortSignal,
): Promise<string> =>
  apiText(postbackPath(organizationId), {
    params: postbackParams(event, tool),
    signal,
    headers: { accept: 'text/plain' },
  });

export const postbackPixelQueryOptions = (
  organizationId: number,
  event: ConversionEventId,
  tool: PostbackTrackingTool,
) =>
  queryOptions({
    queryKey: [...ORGANIZATION_TOOLS_QUERY_KEY, 'postback', organizationId, event, tool],
    queryFn: ({ signal }) => fetchPostbackPixel(organizationId, event, tool, signal),
  });

/** Fetches the pixel and saves it as the text file `pixel_{event}` (§7). */
export const downloadPostbackPixel = (
  organizationId: number,
  event: ConversionEventId,
  tool: PostbackTrackingTool,
): Promise<void> =>
  downloadFile(postbackPath(organizationId), pixelFileName(event), {
    params: postbackParams(event, tool),
    headers: { accept: 'text/plain' },
  });

// ---------------------------------------------------------------------------------------------------------
// Publisher lists

/** One publisher list as the API answers it. */
export type PublisherList = {
  readonly id: number;
  readonly organization_id: number;
  readonly name: string;
  readonly kind: PublisherListKind;
  readonly state: PublisherListState;
  readonly publishers_count: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
};

export const publisherListsQueryKey = (organizationId: number) =>
  [...ORGANIZATION_TOOLS_QUERY_KEY, 'publishers-lists', organizationId] as const;

/** One page of an organization's publisher lists, with the total of `x-total-count`. */
export const fetchPublisherLists = (
  organizationId: number,
  query: ListQuery,
  signal: AbortSignal,
): Promise<ListResponse<PublisherList>> =>
  listFetcher<PublisherList>(`/v2/organization/${organizationId}/publishers-lists`)(query, signal);
