/**
 * Creatives as the creatives routes answer them (packages/server/src/modules/creatives): the server validates
 * its answers with these schemas and the console types them with `z.infer`. A creative's history answers the
 * shared entry of history.ts (decision 039).
 */

import { z } from 'zod';
import {
  CREATIVE_AUDIT_STATUSES,
  CREATIVE_STATES,
  CREATIVE_TECHNICAL_TYPES,
  CREATIVE_TYPES,
  CREATIVE_VALIDITIES,
  GOOGLE_APPROVAL_STATUSES,
  TAG_CREATION_MODES,
  TRANSCODING_STATUSES,
} from '../dictionary/creatives';
import { CAMPAIGN_CREATIVE_LINK_STATES } from '../validation/creative-form';

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

/** A creative's main file: its address, what it is, and what the upload check measured. */
const ZCreativeAsset = z.object({
  url: z.string(),
  kind: z.string(),
  bytes: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration_ms: z.number().optional(),
  poster_url: z.string().optional(),
});

/** A video creative's companion ad image. */
const ZCreativeCompanion = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});

/** A native creative's texts and pictures. */
const ZCreativeNative = z.object({
  title: z.string(),
  description: z.string(),
  call_to_action: z.string(),
  sponsored_by: z.string(),
  main_image_url: z.string().nullable(),
  icon_url: z.string().nullable(),
});

/** One rendition a processed video serves (its VAST media files). */
const ZCreativeRendition = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  bitrate_kbps: z.number(),
  mime: z.string(),
});

/** A campaign a creative is linked to, with the link's state. */
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
  native: ZCreativeNative.nullable(),
  asset: ZCreativeAsset.nullable(),
  companion: ZCreativeCompanion.nullable(),
  renditions: z.array(ZCreativeRendition).nullable(),
  deleted_at: z.string().nullable(),
  campaigns: z.array(ZCreativeCampaignLink).meta({ description: 'Campaigns linked (links not deleted)' }),
});
export type TCreative = z.infer<typeof ZCreative>;

/** A linked creative of a campaign (GET|PUT /campaign/{id}/creatives). */
export const ZCampaignCreative = ZCreativeRow.extend({
  link_state: z.enum(CAMPAIGN_CREATIVE_LINK_STATES),
  linked_at: z.string(),
});
export type TCampaignCreative = z.infer<typeof ZCampaignCreative>;

/** A short-lived signed link to a creative's sandboxed preview document (GET /creative/{id}/preview). */
export const ZCreativePreviewLink = z.strictObject({ url: z.string(), expires_at: z.iso.datetime() });
export type TCreativePreviewLink = z.infer<typeof ZCreativePreviewLink>;
