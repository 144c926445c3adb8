import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import {
  CREATIVE_AUDIT_STATUSES,
  CREATIVE_STATES,
  CREATIVE_TECHNICAL_TYPES,
  CREATIVE_TYPES,
  CREATIVE_VALIDITIES,
  GOOGLE_APPROVAL_STATUSES,
  TAG_CREATION_MODES,
  TRANSCODING_STATUSES,
} from '@beacon/domain/dictionary/creatives';
import { CAMPAIGN_CREATIVE_LINK_STATES } from '@beacon/domain/validation/creative-form';
import { ZDay } from '@beacon/domain/validation/fields';
import { z } from 'zod';

/** One row of the creatives list (GET /creatives, GET /backoffice/creatives). */
export const ZCreativeRow = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(CREATIVE_TYPES),
  technical_type: z.enum(CREATIVE_TECHNICAL_TYPES),
  state: z.enum(CREATIVE_STATES),
  organization: z.number().meta({ description: 'The advertiser organization the creative belongs to' }),
  organization_name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
  transcoding_status: z.enum(TRANSCODING_STATUSES).nullable(),
  audit_status: z.enum(CREATIVE_AUDIT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  campaigns_count: z
    .number()
    .meta({ description: 'Campaigns the creative is linked to (links not deleted)' }),
});
export type TCreativeRow = z.infer<typeof ZCreativeRow>;

const ZAsset = z.object({
  url: z.string(),
  kind: z.string(),
  bytes: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration_ms: z.number().optional(),
  poster_url: z.string().optional(),
});
const ZCompanion = z.object({ url: z.string(), width: z.number(), height: z.number(), bytes: z.number() });
const ZNative = z.object({
  title: z.string(),
  description: z.string(),
  call_to_action: z.string(),
  sponsored_by: z.string(),
  main_image_url: z.string().nullable(),
  icon_url: z.string().nullable(),
});
const ZRendition = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  bitrate_kbps: z.number(),
  mime: z.string(),
});

export const ZCreativeCampaignLink = z.object({
  id: z.number(),
  name: z.string(),
  link_state: z.enum(CAMPAIGN_CREATIVE_LINK_STATES),
});

/** One creative (GET|POST|PUT /creative…): every field, and the campaigns it is linked to. */
export const ZCreative = ZCreativeRow.extend({
  rejection_reason: z.string().nullable(),
  google_status: z.enum(GOOGLE_APPROVAL_STATUSES).nullable(),
  google_rejected_reason: z.string().nullable(),
  appnexus_status: z.string().nullable(),
  appnexus_rejected_reason: z.string().nullable(),
  validity: z.enum(CREATIVE_VALIDITIES),
  click_url: z.string().nullable(),
  impression_pixels: z.array(z.string()),
  event_pixels: z.record(z.string(), z.array(z.string())),
  html_markup: z.string().nullable(),
  vast_url: z.string().nullable(),
  vast_xml: z.string().nullable(),
  language: z.string().nullable(),
  attributes: z.array(z.number()),
  boxing_allowed: z.boolean(),
  tag_creation_mode: z.enum(TAG_CREATION_MODES).nullable(),
  native: ZNative.nullable(),
  asset: ZAsset.nullable(),
  companion: ZCompanion.nullable(),
  renditions: z.array(ZRendition).nullable(),
  deleted_at: z.string().nullable(),
  campaigns: z.array(ZCreativeCampaignLink).meta({ description: 'Campaigns linked (links not deleted)' }),
});
export type TCreative = z.infer<typeof ZCreative>;

/** One entry of a creative's history: the one history shape of every resource (decision 039). */
export const ZCreativeHistoryEntry = ZHistoryEntry;
export type TCreativeHistoryEntry = THistoryEntry;

/** A linked creative of a campaign (GET|PUT /campaign/{id}/creatives). */
export const ZCampaignCreative = ZCreativeRow.extend({
  link_state: z.enum(CAMPAIGN_CREATIVE_LINK_STATES),
  linked_at: z.string(),
});
export type TCampaignCreative = z.infer<typeof ZCampaignCreative>;

/** `GET /creatives/report.csv`: the days, and the token of a download opened in a new tab (§7). */
export const ZCreativeReportDownloadQuery = z.strictObject({
  from: ZDay.meta({ description: 'First day (UTC), YYYY-MM-DD' }),
  to: ZDay.meta({ description: 'Last day (UTC, inclusive), YYYY-MM-DD' }),
  token: z.string().optional().meta({ description: 'The session token, for a download opened in a new tab' }),
  demo: z.string().optional().meta({ description: '1 while demo mode is on, for a new tab' }),
});

/** A bulk review's answer: the creatives as they are now. */
export const ZCreativeList = ZCreative.array();
