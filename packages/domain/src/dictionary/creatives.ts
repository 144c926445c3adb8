/** Creative enumerations and tables of spec §3, with the asset limits of §5. */

export const CREATIVE_TYPES = [
  'audio',
  'image',
  'tag',
  'video',
  'external_video',
  'native',
  'rich_media',
] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];
export const CREATIVE_TYPE_LABELS = {
  audio: 'Audio',
  image: 'Image',
  tag: 'Tag',
  video: 'Video',
  external_video: 'External video',
  native: 'Native',
  rich_media: 'Rich media',
} as const satisfies Record<CreativeType, string>;

/** What each type is, shown under the type choice of the creative form (§5): the hint follows the chosen type. */
export const CREATIVE_TYPE_HINTS = {
  audio: 'An MP3 or WAV clip for audio inventory (streaming radio, podcasts)',
  image: 'A picture in a standard banner size that opens your click URL',
  tag: 'HTML markup of another ad server, served as a banner of the chosen size',
  video: 'An MP4 clip served in video players; it is processed before it can serve',
  external_video: 'A VAST URL or document of another ad server',
  native: 'Texts and pictures that the app or site lays out in its own style',
  rich_media: 'Interactive HTML5 markup, served as a banner of the chosen size',
} as const satisfies Record<CreativeType, string>;

/** How the creative is served to exchanges, as opposed to how it was built (CREATIVE_TYPES). */
export const CREATIVE_TECHNICAL_TYPES = [
  'banner',
  'third_party',
  'third_party:video',
  'vast',
  'vast-wrapper',
  'native',
  'audio',
] as const;
export type CreativeTechnicalType = (typeof CREATIVE_TECHNICAL_TYPES)[number];
export const CREATIVE_TECHNICAL_TYPE_LABELS = {
  banner: 'Banner',
  third_party: 'Third party',
  'third_party:video': 'Third party video',
  vast: 'VAST',
  'vast-wrapper': 'VAST wrapper',
  native: 'Native',
  audio: 'Audio',
} as const satisfies Record<CreativeTechnicalType, string>;

/** Approval states; pending-approval leads to active or rejected (§4). */
export const CREATIVE_STATES = ['active', 'pending-approval', 'rejected'] as const;
export type CreativeState = (typeof CREATIVE_STATES)[number];
/** An active creative is one that passed review, so the console calls it Approved. */
export const CREATIVE_STATE_LABELS = {
  active: 'Approved',
  'pending-approval': 'Pending approval',
  rejected: 'Rejected',
} as const satisfies Record<CreativeState, string>;

export const CREATIVE_AUDIT_STATUSES = ['pending', 'audited', 'rejected'] as const;
export type CreativeAuditStatus = (typeof CREATIVE_AUDIT_STATUSES)[number];
export const CREATIVE_AUDIT_STATUS_LABELS = {
  pending: 'Pending',
  audited: 'Audited',
  rejected: 'Rejected',
} as const satisfies Record<CreativeAuditStatus, string>;

export const GOOGLE_APPROVAL_STATUSES = ['disapproved', 'secure_approved', 'not_secure_approved'] as const;
export type GoogleApprovalStatus = (typeof GOOGLE_APPROVAL_STATUSES)[number];
export const GOOGLE_APPROVAL_STATUS_LABELS = {
  disapproved: 'Disapproved',
  secure_approved: 'Approved (secure)',
  not_secure_approved: 'Approved (not secure)',
} as const satisfies Record<GoogleApprovalStatus, string>;

export const CREATIVE_VALIDITIES = ['unknown', 'warning', 'valid', 'invalid'] as const;
export type CreativeValidity = (typeof CREATIVE_VALIDITIES)[number];
export const CREATIVE_VALIDITY_LABELS = {
  unknown: 'Unknown',
  warning: 'Warning',
  valid: 'Valid',
  invalid: 'Invalid',
} as const satisfies Record<CreativeValidity, string>;

/** Video processing; a video creative does not serve until it reaches success (§4). */
export const TRANSCODING_STATUSES = ['pending', 'error', 'success'] as const;
export type TranscodingStatus = (typeof TRANSCODING_STATUSES)[number];
export const TRANSCODING_STATUS_LABELS = {
  pending: 'Processing',
  error: 'Error',
  success: 'Processed',
} as const satisfies Record<TranscodingStatus, string>;

export const TAG_CREATION_MODES = ['bulk', 'single'] as const;
export type TagCreationMode = (typeof TAG_CREATION_MODES)[number];
export const TAG_CREATION_MODE_LABELS = {
  bulk: 'Bulk',
  single: 'Single',
} as const satisfies Record<TagCreationMode, string>;

/** Video event pixels; ids follow the VAST tracking event names, labels the spec's wording. */
export const EVENT_PIXEL_KINDS = [
  'start',
  'first_quartile',
  'midpoint',
  'third_quartile',
  'complete',
  'skip',
  'error',
] as const;
export type EventPixelKind = (typeof EVENT_PIXEL_KINDS)[number];
export const EVENT_PIXEL_KIND_LABELS = {
  start: 'Start',
  first_quartile: '25%',
  midpoint: '50%',
  third_quartile: '75%',
  complete: '100%',
  skip: 'Skip',
  error: 'Error',
} as const satisfies Record<EventPixelKind, string>;

/**
 * Creative attribute codes 0 to 18: 1-17 are the OpenRTB 2.x list (§5.3), 18 comes from AdCOM 1.0, and 0
 * stands for a creative without any of them.
 */
export const CREATIVE_ATTRIBUTES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
] as const;
export type CreativeAttribute = (typeof CREATIVE_ATTRIBUTES)[number];
export const CREATIVE_ATTRIBUTE_LABELS = {
  0: 'None',
  1: 'Audio Ad (Autoplay)',
  2: 'Audio Ad (User Initiated)',
  3: 'Expandable (Automatic)',
  4: 'Expandable (User Initiated - Click)',
  5: 'Expandable (User Initiated - Rollover)',
  6: 'In-Banner Video Ad (Autoplay)',
  7: 'In-Banner Video Ad (User Initiated)',
  8: 'Pop (e.g., Over, Under, or Upon Exit)',
  9: 'Provocative or Suggestive Imagery',
  10: 'Shaky, Flashing, Flickering, Extreme Animation, Smileys',
  11: 'Surveys',
  12: 'Text Only',
  13: 'User Interactive (e.g., Embedded Games)',
  14: 'Windows Dialog or Alert Style',
  15: 'Has Audio On/Off Button',
  16: 'Ad Provides Skip Button (e.g. VPAID-rendered skip button on pre-roll video)',
  17: 'Adobe Flash',
  18: 'Responsive, Sizeless, Fluid',
} as const satisfies Record<CreativeAttribute, string>;

export type Size = { readonly width: number; readonly height: number };

/** `300x250`: how sizes are written in the console, in exchange payloads and in bulk uploads. */
export const formatSize = (size: Size): string => `${size.width}x${size.height}`;

/** The 27 image sizes of §3: the standard IAB display and mobile sizes. */
export const IMAGE_SIZES = [
  { width: 300, height: 250 },
  { width: 728, height: 90 },
  { width: 320, height: 50 },
  { width: 160, height: 600 },
  { width: 300, height: 600 },
  { width: 320, height: 480 },
  { width: 480, height: 320 },
  { width: 970, height: 250 },
  { width: 468, height: 60 },
  { width: 120, height: 600 },
  { width: 250, height: 250 },
  { width: 200, height: 200 },
  { width: 336, height: 280 },
  { width: 300, height: 50 },
  { width: 320, height: 100 },
  { width: 970, height: 90 },
  { width: 180, height: 150 },
  { width: 125, height: 125 },
  { width: 234, height: 60 },
  { width: 88, height: 31 },
  { width: 120, height: 240 },
  { width: 300, height: 100 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 300, height: 1050 },
  { width: 240, height: 400 },
  { width: 980, height: 120 },
] as const satisfies readonly Size[];
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const isImageSize = (size: Size): boolean =>
  IMAGE_SIZES.some((candidate) => candidate.width === size.width && candidate.height === size.height);

/** Native asset sizes: main images (landscape 1.91:1, square) and the icon. */
export const NATIVE_SIZES = [
  { asset: 'main', width: 1200, height: 627 },
  { asset: 'main', width: 1200, height: 1200 },
  { asset: 'main', width: 627, height: 627 },
  { asset: 'main', width: 300, height: 300 },
  { asset: 'icon', width: 80, height: 80 },
] as const satisfies readonly (Size & { readonly asset: 'main' | 'icon' })[];
export type NativeSize = (typeof NATIVE_SIZES)[number];

/** Columns of the creatives report download (§3). */
export const CREATIVE_REPORT_COLUMNS = [
  'day',
  'month',
  'organization',
  'type',
  'name',
  'id',
  'state',
  'appnexus_status',
  'google_summary',
  'rejection_reason',
  'google_rejected_reason',
  'appnexus_rejected_reason',
] as const;
export type CreativeReportColumn = (typeof CREATIVE_REPORT_COLUMNS)[number];
export const CREATIVE_REPORT_COLUMN_LABELS = {
  day: 'Day',
  month: 'Month',
  organization: 'Organization',
  type: 'Type',
  name: 'Name',
  id: 'ID',
  state: 'State',
  appnexus_status: 'AppNexus status',
  google_summary: 'Google summary',
  rejection_reason: 'Rejection reason',
  google_rejected_reason: 'Google rejection reason',
  appnexus_rejected_reason: 'AppNexus rejection reason',
} as const satisfies Record<CreativeReportColumn, string>;

/** KB and MB are binary (1024) here, as upload widgets and browsers report file sizes. */
const KB = 1024;
const MB = 1024 * KB;

export type AssetLimit = {
  readonly maxBytes?: number;
  readonly maxDurationSeconds?: number;
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  readonly extensions: readonly string[];
  readonly mimeTypes: readonly string[];
  /** The hint shown beside the upload field (§5). */
  readonly hint: string;
};

/** Upload limits per asset (§5). */
export const CREATIVE_ASSET_LIMITS = {
  image: {
    maxBytes: 100 * KB,
    extensions: ['jpg', 'jpeg', 'png', 'gif'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    hint: 'Image up to 100KB (JPEG, PNG, GIF)',
  },
  video: {
    maxBytes: 2 * MB,
    maxDurationSeconds: 30,
    extensions: ['mp4'],
    mimeTypes: ['video/mp4'],
    hint: 'Video MP4 up to 2MB and 30 seconds',
  },
  nativeImage: {
    maxBytes: 1 * MB,
    maxWidth: 300,
    maxHeight: 300,
    extensions: ['jpg', 'jpeg', 'png', 'gif'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    hint: 'Native image up to 1MB and 300x300',
  },
  companion: {
    maxBytes: 200 * KB,
    extensions: ['jpg', 'jpeg', 'png', 'gif'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    hint: 'Companion ad image up to 200k',
  },
  audio: {
    maxDurationSeconds: 30,
    extensions: ['mp3', 'wav'],
    mimeTypes: ['audio/mpeg', 'audio/wav', 'audio/x-wav'],
    hint: 'Audio MP3 or WAV up to 30 seconds',
  },
  profileLogo: {
    extensions: ['png', 'jpg', 'jpeg', 'pdf'],
    mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
    hint: 'Logo in PNG, JPEG or PDF',
  },
} as const satisfies Record<string, AssetLimit>;
export type CreativeAsset = keyof typeof CREATIVE_ASSET_LIMITS;

/** Bulk tag upload: an XLSX sheet with these columns, in this order (§5). */
export const BULK_TAG_FILE_EXTENSION = 'xlsx';
export const BULK_TAG_COLUMNS = [
  'creative_name',
  'size',
  'html_markup',
  'impression_pixel',
  'click_url',
] as const;
export type BulkTagColumn = (typeof BULK_TAG_COLUMNS)[number];
export const BULK_TAG_COLUMN_LABELS = {
  creative_name: 'Creative name',
  size: 'Size',
  html_markup: 'HTML markup',
  impression_pixel: 'Impression pixel',
  click_url: 'Click URL',
} as const satisfies Record<BulkTagColumn, string>;
