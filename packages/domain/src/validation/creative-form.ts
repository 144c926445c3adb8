/**
 * Creative writes (spec §3 "creative", §5): the bodies of `POST /creative` (one per type, a
 * discriminated union on `type`), `PUT /creative/{id}`, `POST /creative/{id}/duplicate`, the campaign links,
 * the back office's approval calls, and what the creatives list lets a caller filter, sort and search. Shared
 * by the server's request bodies and the console's creative dialog. Field names are the API's (snake_case);
 * every object is strict (an unknown field, or a field of another type, is refused, never ignored).
 *
 * Files are not part of these bodies: the main asset (image, video, audio, native main image), the companion
 * ad and the native icon are uploaded to the creative afterwards (`POST /creative/{id}/asset` …), which sets
 * the image's size, the thumbnail and, for a video, the processing state.
 *
 * A PUT carries only changes and the type is fixed: `creativeFieldIssues(type, changes)` refuses a field the
 * stored type does not have. A change of anything but the name puts the creative back to pending approval
 * (CREATIVE_REVIEWED_FIELDS).
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import {
  CREATIVE_ATTRIBUTES,
  CREATIVE_AUDIT_STATUSES,
  CREATIVE_STATES,
  CREATIVE_TECHNICAL_TYPES,
  CREATIVE_TYPES,
  type CreativeTechnicalType,
  type CreativeType,
  type EventPixelKind,
  isImageSize,
  TRANSCODING_STATUSES,
} from '../dictionary/creatives';
import { LANGUAGE_CODES } from '../dictionary/languages';
import { ZClickUrl, ZCreativeName, ZHtmlMarkup, ZImpressionPixels, ZPixelUrl } from './creative';
import { ZDay } from './fields';
import { requiredOrInvalid, requiredString, ZRowId, ZVersion } from './generic';
import type { ListSpec } from './list-query';
import {
  CREATIVE_ATTRIBUTE_REPEATED_MESSAGE,
  CREATIVE_EVENT_PIXEL_REPEATED_MESSAGE,
  CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE,
  CREATIVE_LANGUAGE_MESSAGE,
  CREATIVE_LINK_DUPLICATED_MESSAGE,
  CREATIVE_REJECTION_REASON_MESSAGE,
  CREATIVE_SIZE_MESSAGE,
  CREATIVE_VAST_SOURCE_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
  REQUIRED_MESSAGE,
  URL_PREFIX_MESSAGE,
} from './messages';

export const CREATIVE_NAME_MAX_LENGTH = 255;
export const CREATIVE_URL_MAX_LENGTH = 2048;
export const CREATIVE_HTML_MARKUP_MAX_LENGTH = 65_536;
/** A VAST document inline; the JSON body limit (1 MB) bounds it anyway. */
export const CREATIVE_VAST_XML_MAX_LENGTH = 512 * 1024;
export const CREATIVE_REJECTION_REASON_MAX_LENGTH = 500;
/** At most this many impression pixels, and this many pixels per video event. */
export const CREATIVE_MAX_PIXELS = 10;
/** Native text assets, after the OpenRTB Native 1.2 recommendations (title 90, sponsored 25 …). */
export const NATIVE_TEXT_MAX_LENGTHS = {
  title: 90,
  description: 200,
  call_to_action: 25,
  sponsored_by: 50,
} as const;
/** Back-office bulk approval and rejection, and a campaign's bulk link edit: at most this many at once. */
export const CREATIVE_BULK_MAX = 200;

/** How each type is served (decision 022): the technical type follows from the type. */
export const TECHNICAL_TYPE_OF = {
  image: 'banner',
  tag: 'third_party',
  rich_media: 'third_party',
  video: 'vast',
  external_video: 'vast-wrapper',
  native: 'native',
  audio: 'audio',
} as const satisfies Record<CreativeType, CreativeTechnicalType>;

/** Types whose file is uploaded (and so have an `asset`); video also has a companion and processing. */
export const CREATIVE_TYPES_WITH_ASSET = [
  'image',
  'video',
  'audio',
  'native',
] as const satisfies readonly CreativeType[];
/** Types that report tracking events (start, quartiles, complete, skip, error). */
export const CREATIVE_TYPES_WITH_EVENTS = [
  'video',
  'external_video',
  'audio',
] as const satisfies readonly CreativeType[];

const limited = (max: number) => requiredString({ max });

export const ZCreativeNameField = ZCreativeName.max(CREATIVE_NAME_MAX_LENGTH, {
  error: maxLengthMessage(CREATIVE_NAME_MAX_LENGTH),
});
export const ZCreativeClickUrl = ZClickUrl.max(CREATIVE_URL_MAX_LENGTH, {
  error: maxLengthMessage(CREATIVE_URL_MAX_LENGTH),
});
export const ZCreativeImpressionPixels = ZImpressionPixels.max(CREATIVE_MAX_PIXELS, {
  error: maxLengthMessage(CREATIVE_MAX_PIXELS),
});
export const ZCreativeHtmlMarkup = ZHtmlMarkup.max(CREATIVE_HTML_MARKUP_MAX_LENGTH, {
  error: maxLengthMessage(CREATIVE_HTML_MARKUP_MAX_LENGTH),
});

/** A VAST URL is fetched by players over the internet: https only. */
export const ZVastUrl = requiredString({ max: CREATIVE_URL_MAX_LENGTH }).regex(/^https:\/\/[^\s/?#]+\S*$/i, {
  error: URL_PREFIX_MESSAGE,
});
export const ZVastXml = requiredString({ max: CREATIVE_VAST_XML_MAX_LENGTH });

/** An ISO 639-1 code (lower case), or null for none. */
export const ZCreativeLanguage = z
  .enum(LANGUAGE_CODES, {
    error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : CREATIVE_LANGUAGE_MESSAGE),
  })
  .nullable();

/** Attribute codes 0–18, each at most once (the repeat is flagged where it occurs). */
export const ZCreativeAttributes = z
  .array(
    z
      .number({ error: requiredOrInvalid })
      .refine((value) => (CREATIVE_ATTRIBUTES as readonly number[]).includes(value), {
        error: INVALID_FORMAT_MESSAGE,
      }),
    { error: requiredOrInvalid },
  )
  .superRefine((values, ctx) => {
    const seen = new Set<number>();
    values.forEach((value, index) => {
      if (seen.has(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: CREATIVE_ATTRIBUTE_REPEATED_MESSAGE,
          input: value,
        });
      }
      seen.add(value);
    });
  });

/** Pixels of one video event: valid pixel URLs, none repeated within the event. */
const ZEventPixelList = z
  .array(ZPixelUrl, { error: requiredOrInvalid })
  .max(CREATIVE_MAX_PIXELS, { error: maxLengthMessage(CREATIVE_MAX_PIXELS) })
  .superRefine((urls, ctx) => {
    const seen = new Set<string>();
    urls.forEach((url, index) => {
      if (seen.has(url)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: CREATIVE_EVENT_PIXEL_REPEATED_MESSAGE,
          input: url,
        });
      }
      seen.add(url);
    });
  });

/** `{ start: [...], complete: [...] }`: pixels per event kind of EVENT_PIXEL_KINDS (any kind may be left out). */
export const ZEventPixels = z.strictObject({
  start: ZEventPixelList.optional(),
  first_quartile: ZEventPixelList.optional(),
  midpoint: ZEventPixelList.optional(),
  third_quartile: ZEventPixelList.optional(),
  complete: ZEventPixelList.optional(),
  skip: ZEventPixelList.optional(),
  error: ZEventPixelList.optional(),
} satisfies Record<EventPixelKind, unknown>);
export type TEventPixels = z.infer<typeof ZEventPixels>;

/** A size of the 27 image sizes (tags and rich media), as two numbers. */
const ZDimension = z.number({ error: requiredOrInvalid }).int({ error: INVALID_FORMAT_MESSAGE });

export const ZNativeTexts = z.strictObject({
  title: limited(NATIVE_TEXT_MAX_LENGTHS.title),
  description: limited(NATIVE_TEXT_MAX_LENGTHS.description),
  call_to_action: limited(NATIVE_TEXT_MAX_LENGTHS.call_to_action),
  sponsored_by: limited(NATIVE_TEXT_MAX_LENGTHS.sponsored_by),
});
export type TNativeTexts = z.infer<typeof ZNativeTexts>;

/** Every writable field with its rule; which type has which is CREATIVE_FIELDS_BY_TYPE. */
const FIELDS = {
  name: ZCreativeNameField,
  language: ZCreativeLanguage,
  attributes: ZCreativeAttributes,
  click_url: ZCreativeClickUrl.nullable(),
  impression_pixels: ZCreativeImpressionPixels,
  event_pixels: ZEventPixels,
  html_markup: ZCreativeHtmlMarkup,
  width: ZDimension,
  height: ZDimension,
  vast_url: ZVastUrl.nullable(),
  vast_xml: ZVastXml.nullable(),
  boxing_allowed: z.boolean({ error: requiredOrInvalid }),
  native: ZNativeTexts,
};
export type CreativeField = keyof typeof FIELDS;

const COMMON_FIELDS = [
  'name',
  'language',
  'attributes',
  'impression_pixels',
] as const satisfies CreativeField[];

/** The fields each type has, besides `type` and `organization`. */
export const CREATIVE_FIELDS_BY_TYPE = {
  image: [...COMMON_FIELDS, 'click_url', 'boxing_allowed'],
  tag: [...COMMON_FIELDS, 'click_url', 'html_markup', 'width', 'height'],
  rich_media: [...COMMON_FIELDS, 'click_url', 'html_markup', 'width', 'height'],
  video: [...COMMON_FIELDS, 'click_url', 'event_pixels'],
  external_video: [...COMMON_FIELDS, 'event_pixels', 'vast_url', 'vast_xml'],
  native: [...COMMON_FIELDS, 'click_url', 'native'],
  audio: [...COMMON_FIELDS, 'click_url', 'event_pixels'],
} as const satisfies Record<CreativeType, readonly CreativeField[]>;

/** Fields whose change needs a new review; only the name does not (it is never shown to anyone outside). */
export const CREATIVE_REVIEWED_FIELDS = [
  'language',
  'attributes',
  'click_url',
  'impression_pixels',
  'event_pixels',
  'html_markup',
  'width',
  'height',
  'vast_url',
  'vast_xml',
  'boxing_allowed',
  'native',
] as const satisfies readonly Exclude<CreativeField, 'name'>[];

export type TCreativeIssue = { readonly path: readonly (string | number)[]; readonly message: string };

/** Fields sent that the type does not have (a PUT's changes against the stored type). */
export const creativeFieldIssues = (
  type: CreativeType,
  values: Record<string, unknown>,
): TCreativeIssue[] => {
  const allowed: readonly string[] = CREATIVE_FIELDS_BY_TYPE[type];
  return Object.keys(values)
    .filter(
      (field) => Object.hasOwn(FIELDS, field) && !allowed.includes(field) && values[field] !== undefined,
    )
    .map((field) => ({ path: [field], message: CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE }));
};

/** The size of a tag or rich media creative must be one of the 27 image sizes (flagged on `width`). */
export const creativeSizeIssues = (values: { width?: number | undefined; height?: number | undefined }) =>
  values.width !== undefined &&
  values.height !== undefined &&
  !isImageSize({ width: values.width, height: values.height })
    ? [{ path: ['width'], message: CREATIVE_SIZE_MESSAGE }]
    : [];

/** An external video has exactly one VAST source: a URL or an XML document. */
export const vastSourceIssues = (values: {
  vast_url?: string | null | undefined;
  vast_xml?: string | null | undefined;
}) => {
  const hasUrl = typeof values.vast_url === 'string' && values.vast_url !== '';
  const hasXml = typeof values.vast_xml === 'string' && values.vast_xml !== '';
  return hasUrl === hasXml ? [{ path: ['vast_url'], message: CREATIVE_VAST_SOURCE_MESSAGE }] : [];
};

const ALWAYS = { when: () => true };

const addIssues = (ctx: z.RefinementCtx, issues: readonly TCreativeIssue[], input: unknown): void => {
  const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? '')));
  for (const issue of issues) {
    if (failed.has(String(issue.path[0]))) continue;
    ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, input });
  }
};

const base = {
  organization: ZRowId.optional(),
  name: FIELDS.name,
  language: FIELDS.language.default(null),
  attributes: FIELDS.attributes.default([]),
  impression_pixels: FIELDS.impression_pixels.default([]),
};

export const ZCreateImageCreative = z.strictObject({
  ...base,
  type: z.literal('image'),
  click_url: ZCreativeClickUrl,
  boxing_allowed: FIELDS.boxing_allowed.default(false),
});
const markupCreative = <T extends 'tag' | 'rich_media'>(type: T) =>
  z
    .strictObject({
      ...base,
      type: z.literal(type),
      click_url: FIELDS.click_url.default(null),
      html_markup: FIELDS.html_markup,
      width: FIELDS.width,
      height: FIELDS.height,
    })
    .superRefine((values, ctx) => addIssues(ctx, creativeSizeIssues(values), values), ALWAYS);
export const ZCreateTagCreative = markupCreative('tag');
export const ZCreateRichMediaCreative = markupCreative('rich_media');
export const ZCreateVideoCreative = z.strictObject({
  ...base,
  type: z.literal('video'),
  click_url: ZCreativeClickUrl,
  event_pixels: FIELDS.event_pixels.default({}),
});
export const ZCreateExternalVideoCreative = z
  .strictObject({
    ...base,
    type: z.literal('external_video'),
    event_pixels: FIELDS.event_pixels.default({}),
    vast_url: FIELDS.vast_url.default(null),
    vast_xml: FIELDS.vast_xml.default(null),
  })
  .superRefine((values, ctx) => addIssues(ctx, vastSourceIssues(values), values), ALWAYS);
export const ZCreateNativeCreative = z.strictObject({
  ...base,
  type: z.literal('native'),
  click_url: ZCreativeClickUrl,
  native: FIELDS.native,
});
export const ZCreateAudioCreative = z.strictObject({
  ...base,
  type: z.literal('audio'),
  click_url: FIELDS.click_url.default(null),
  event_pixels: FIELDS.event_pixels.default({}),
});

/** `POST /creative`: the fields of its type; `organization` defaults to the caller's. */
export const ZCreativeCreate = z.discriminatedUnion(
  'type',
  [
    ZCreateImageCreative,
    ZCreateTagCreative,
    ZCreateRichMediaCreative,
    ZCreateVideoCreative,
    ZCreateExternalVideoCreative,
    ZCreateNativeCreative,
    ZCreateAudioCreative,
  ],
  { error: requiredOrInvalid },
);
export type TCreativeCreate = z.infer<typeof ZCreativeCreate>;
export type TCreativeCreateInput = z.input<typeof ZCreativeCreate>;

/**
 * `PUT /creative/{id}`: the changes (left out = unchanged) at the version last read. The type and organization
 * are fixed; the server refuses fields of other types (creativeFieldIssues) and checks the merged size and
 * VAST source.
 */
export const ZCreativeUpdate = z.strictObject({
  version: ZVersion,
  name: FIELDS.name.optional(),
  language: FIELDS.language.optional(),
  attributes: FIELDS.attributes.optional(),
  click_url: FIELDS.click_url.optional(),
  impression_pixels: FIELDS.impression_pixels.optional(),
  event_pixels: FIELDS.event_pixels.optional(),
  html_markup: FIELDS.html_markup.optional(),
  width: FIELDS.width.optional(),
  height: FIELDS.height.optional(),
  vast_url: FIELDS.vast_url.optional(),
  vast_xml: FIELDS.vast_xml.optional(),
  boxing_allowed: FIELDS.boxing_allowed.optional(),
  native: FIELDS.native.optional(),
});
export type TCreativeUpdate = z.infer<typeof ZCreativeUpdate>;
export type TCreativeUpdateInput = z.input<typeof ZCreativeUpdate>;

/** `POST /creative/{id}/duplicate`: a copy pending approval named "<name> (copy)" unless named. */
export const ZCreativeDuplicate = z.strictObject({
  name: FIELDS.name.optional(),
  organization: ZRowId.optional(),
});
export type TCreativeDuplicate = z.infer<typeof ZCreativeDuplicate>;

export const duplicateCreativeName = (name: string): string => copyName(name, CREATIVE_NAME_MAX_LENGTH);

/** The link states of a campaign's creative (§3). */
export const CAMPAIGN_CREATIVE_LINK_STATES = ['active', 'inactive', 'deleted'] as const;
export type CampaignCreativeLinkState = (typeof CAMPAIGN_CREATIVE_LINK_STATES)[number];

/** `PUT /campaign/{id}/creatives`: the links to set (others stay as they are); all or nothing. */
export const ZCampaignCreativeLinks = z
  .strictObject({
    links: z
      .array(
        z.strictObject({
          creative_id: ZRowId,
          state: z.enum(CAMPAIGN_CREATIVE_LINK_STATES, { error: requiredOrInvalid }),
        }),
        { error: requiredOrInvalid },
      )
      .min(1, { error: REQUIRED_MESSAGE })
      .max(CREATIVE_BULK_MAX, { error: maxLengthMessage(CREATIVE_BULK_MAX) }),
  })
  .superRefine((values, ctx) => {
    const seen = new Set<number>();
    values.links.forEach((link, index) => {
      if (seen.has(link.creative_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['links', index, 'creative_id'],
          message: CREATIVE_LINK_DUPLICATED_MESSAGE,
          input: link.creative_id,
        });
      }
      seen.add(link.creative_id);
    });
  });
export type TCampaignCreativeLinks = z.infer<typeof ZCampaignCreativeLinks>;

const ZIdList = z
  .array(ZRowId, { error: requiredOrInvalid })
  .min(1, { error: REQUIRED_MESSAGE })
  .max(CREATIVE_BULK_MAX, { error: maxLengthMessage(CREATIVE_BULK_MAX) })
  .transform((ids) => [...new Set(ids)]);

/** `POST /creative/{id}/campaigns`: link the creative (active) to these campaigns. */
export const ZCreativeCampaigns = z.strictObject({ campaign_ids: ZIdList });
export type TCreativeCampaigns = z.infer<typeof ZCreativeCampaigns>;

export const ZRejectionReason = z
  .string({
    error: (issue) =>
      issue.input === undefined ? CREATIVE_REJECTION_REASON_MESSAGE : INVALID_FORMAT_MESSAGE,
  })
  .trim()
  .min(1, { error: CREATIVE_REJECTION_REASON_MESSAGE })
  .max(CREATIVE_REJECTION_REASON_MAX_LENGTH, {
    error: maxLengthMessage(CREATIVE_REJECTION_REASON_MAX_LENGTH),
  });

/** `POST /backoffice/creative/{id}/reject`. */
export const ZCreativeReject = z.strictObject({ reason: ZRejectionReason });
export type TCreativeReject = z.infer<typeof ZCreativeReject>;

/** `POST /backoffice/creatives/approve`. */
export const ZCreativesApprove = z.strictObject({ ids: ZIdList });
export type TCreativesApprove = z.infer<typeof ZCreativesApprove>;

/** `POST /backoffice/creatives/reject`: the same reason for all. */
export const ZCreativesReject = z.strictObject({ ids: ZIdList, reason: ZRejectionReason });
export type TCreativesReject = z.infer<typeof ZCreativesReject>;

/** `GET /creatives/report.csv?from=&to=`: creatives created on those days (UTC, inclusive). */
export const ZCreativeReportQuery = z.strictObject({ from: ZDay, to: ZDay });
export type TCreativeReportQuery = z.infer<typeof ZCreativeReportQuery>;

/**
 * `GET /creatives` and the back office's queue: `search` looks in the name; deleted creatives are never
 * listed. The queue shows only creatives pending approval unless `state` is filtered.
 */
export const CREATIVE_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    type: { type: 'enum', values: CREATIVE_TYPES },
    technical_type: { type: 'enum', values: CREATIVE_TECHNICAL_TYPES },
    state: { type: 'enum', values: CREATIVE_STATES },
    audit_status: { type: 'enum', values: CREATIVE_AUDIT_STATUSES },
    organization: { type: 'number' },
    organization_name: { type: 'text' },
    width: { type: 'number' },
    height: { type: 'number' },
    transcoding_status: { type: 'enum', values: TRANSCODING_STATUSES },
    campaigns_count: { type: 'number' },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type CreativeListField = keyof typeof CREATIVE_LIST_SPEC.fields;
