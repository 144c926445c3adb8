/**
 * Creatives as the API answers them (the shared schemas of packages/domain/src/api/creatives.ts, which the
 * server validates its answers with, so the console types them without parsing again, decision 006). Shared by
 * the creatives pages, the back-office approval queue and the campaign's creatives tab, which may not import
 * each other's features.
 */
import type { TCreative, TCreativePreviewLink, TCreativeRow } from '@beacon/domain/api/creatives';
import type { THistoryEntry } from '@beacon/domain/api/history';
import type { TranscodingStatus } from '@beacon/domain/dictionary/creatives';
import {
  CAMPAIGN_CREATIVE_LINK_STATES,
  type CampaignCreativeLinkState,
} from '@beacon/domain/validation/creative-form';
import { api } from '../../../api/client';
import { listFetcher } from '../../../api/list-query';

export type CreativeRow = TCreativeRow;

/** How often a page showing a video still being processed reads it again, until success or error (§4). */
const PROCESSING_POLL_MS = 3000;

/** PROCESSING_POLL_MS while one of the creatives shown is a video being processed; otherwise no polling. */
export const pollWhileProcessing = (
  creatives: readonly { readonly transcoding_status: TranscodingStatus | null }[],
): number | false =>
  creatives.some((creative) => creative.transcoding_status === 'pending') ? PROCESSING_POLL_MS : false;

/** The states of a creative's link to a campaign, in the order the console offers them. */
export const LINK_STATES = CAMPAIGN_CREATIVE_LINK_STATES;
export type LinkState = CampaignCreativeLinkState;

/** The row, every other field, and the campaigns the creative is linked to. */
export type Creative = TCreative;

export const CREATIVES_QUERY_KEY = ['creatives'] as const;
export const CREATIVE_LIST_QUERY_KEY = [...CREATIVES_QUERY_KEY, 'list'] as const;
export const creativeQueryKey = (id: number) => [...CREATIVES_QUERY_KEY, 'one', id] as const;

export const CREATIVES_PATH = '/creatives';
export const creativePath = (id: number): string => `/creative/${id}`;
export const campaignCreativesPath = (campaignId: number): string => `/creative?campaign=${campaignId}`;

export const fetchCreatives = listFetcher<CreativeRow>('/creatives');

/** The creatives a campaign may still link (its organization's or above, not rejected, not linked yet). */
export const fetchLinkableCreatives = (campaignId: number) =>
  listFetcher<CreativeRow>(`/campaign/${campaignId}/linkable-creatives`);

export const fetchCreative = (id: number, signal?: AbortSignal): Promise<Creative> =>
  api<Creative>(`/creative/${id}`, { signal });

export const creativeQueryOptions = (id: number) => ({
  queryKey: creativeQueryKey(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCreative(id, signal),
});

export const creativeSize = (creative: Pick<CreativeRow, 'width' | 'height'>): string | null =>
  creative.width !== null && creative.height !== null ? `${creative.width}x${creative.height}` : null;

/** Where the preview document is: an address on the preview origin, signed for a short while. */
export const fetchCreativePreview = (id: number, signal?: AbortSignal): Promise<TCreativePreviewLink> =>
  api<TCreativePreviewLink>(`/creative/${id}/preview`, { signal });

/** A creative's changes, as GET /creative/{id}/history answers them: the shared entry (decision 039). */
export const fetchCreativeHistory = (id: number, signal: AbortSignal): Promise<THistoryEntry[]> =>
  api<THistoryEntry[]>(`/creative/${id}/history`, { signal });

export const LINK_STATE_LABELS = {
  active: 'Active',
  inactive: 'Paused',
  deleted: 'Removed',
} as const satisfies Record<LinkState, string>;
