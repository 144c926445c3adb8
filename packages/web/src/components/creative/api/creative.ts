/**
 * Creatives as the API answers them (packages/server/src/modules/creatives/creatives.schemas.ts —
 * the server validates its answers, so the console types them without parsing again, decision 006). Shared by
 * the creatives pages, the back-office approval queue and the campaign's creatives tab, which may not import
 * each other's features.
 */
import type {
  CreativeAuditStatus,
  CreativeState,
  CreativeTechnicalType,
  CreativeType,
  CreativeValidity,
  EventPixelKind,
  GoogleApprovalStatus,
  TagCreationMode,
  TranscodingStatus,
} from '@beacon/domain/dictionary/creatives';
import { api } from '../../../api/client';
import { listFetcher } from '../../../api/list-query';

export type CreativeRow = {
  readonly id: number;
  readonly name: string;
  readonly type: CreativeType;
  readonly technical_type: CreativeTechnicalType;
  readonly state: CreativeState;
  readonly organization: number;
  readonly organization_name: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly thumbnail_url: string | null;
  readonly transcoding_status: TranscodingStatus | null;
  readonly audit_status: CreativeAuditStatus;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
  readonly campaigns_count: number;
};

/** How often a page showing a video still being processed reads it again, until success or error (§4). */
const PROCESSING_POLL_MS = 3000;

/** PROCESSING_POLL_MS while one of the creatives shown is a video being processed; otherwise no polling. */
export const pollWhileProcessing = (
  creatives: readonly { readonly transcoding_status: TranscodingStatus | null }[],
): number | false =>
  creatives.some((creative) => creative.transcoding_status === 'pending') ? PROCESSING_POLL_MS : false;

export type CreativeAssetFile = {
  readonly url: string;
  readonly kind: string;
  readonly bytes: number;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly duration_ms?: number | null;
  readonly poster_url?: string | null;
};

export type NativeFields = {
  readonly title: string;
  readonly description: string;
  readonly call_to_action: string;
  readonly sponsored_by: string;
  readonly main_image_url: string | null;
  readonly icon_url: string | null;
};

export const LINK_STATES = ['active', 'inactive', 'deleted'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export type CreativeCampaign = { readonly id: number; readonly name: string; readonly link_state: LinkState };

export type Creative = CreativeRow & {
  readonly rejection_reason: string | null;
  readonly google_status: GoogleApprovalStatus | null;
  readonly google_rejected_reason: string | null;
  readonly appnexus_status: string | null;
  readonly appnexus_rejected_reason: string | null;
  readonly validity: CreativeValidity;
  readonly click_url: string | null;
  readonly impression_pixels: readonly string[];
  readonly event_pixels: Partial<Record<EventPixelKind, readonly string[]>>;
  readonly html_markup: string | null;
  readonly vast_url: string | null;
  readonly vast_xml: string | null;
  readonly language: string | null;
  readonly attributes: readonly number[];
  readonly boxing_allowed: boolean;
  readonly tag_creation_mode: TagCreationMode | null;
  readonly native: NativeFields | null;
  readonly asset: CreativeAssetFile | null;
  readonly companion: CreativeAssetFile | null;
  readonly renditions: readonly unknown[] | null;
  readonly deleted_at: string | null;
  readonly campaigns: readonly CreativeCampaign[];
};

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
export type CreativePreviewAddress = { readonly url: string; readonly expires_at: string };

export const fetchCreativePreview = (id: number, signal?: AbortSignal): Promise<CreativePreviewAddress> =>
  api<CreativePreviewAddress>(`/creative/${id}/preview`, { signal });

type HistoryUser = { readonly id: number; readonly name: string; readonly username: string } | null;

/** One change of a creative, as GET /creative/{id}/history answers it (modules/history). */
export type CreativeHistoryEntry = {
  readonly id: number;
  readonly action: string;
  readonly actor: HistoryUser;
  readonly impersonator: HistoryUser;
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
  readonly created_at: string;
};

export const fetchCreativeHistory = (id: number, signal: AbortSignal): Promise<CreativeHistoryEntry[]> =>
  api<CreativeHistoryEntry[]>(`/creative/${id}/history`, { signal });

export const LINK_STATE_LABELS = {
  active: 'Active',
  inactive: 'Paused',
  deleted: 'Removed',
} as const satisfies Record<LinkState, string>;
