/** Audience, location audience and geolist enumerations of spec §3 and §5, plus privacy requests. */

export const AUDIENCE_TYPES = [
  'adsquare',
  'digiseg',
  'dooh',
  'time_based',
  'private',
  'interaction',
  'private_dooh',
] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];
export const AUDIENCE_TYPE_LABELS = {
  adsquare: 'Adsquare',
  digiseg: 'Digiseg',
  dooh: 'DOOH',
  time_based: 'Time based',
  private: 'Private',
  interaction: 'Interaction',
  private_dooh: 'Private DOOH',
} as const satisfies Record<AudienceType, string>;

export const AUDIENCE_STATES = ['active', 'deleted'] as const;
export type AudienceState = (typeof AUDIENCE_STATES)[number];
export const AUDIENCE_STATE_LABELS = {
  active: 'Active',
  deleted: 'Deleted',
} as const satisfies Record<AudienceState, string>;

/** The event that adds a user to an interaction audience. */
export const AUDIENCE_KPIS = [
  'on_impression',
  'on_click',
  'on_conversion_1',
  'on_conversion_2',
  'on_conversion_3',
  'on_conversion_4',
  'on_conversion_5',
  'on_video_start',
  'on_video_complete',
  'on_estimated_impressions',
] as const;
export type AudienceKpi = (typeof AUDIENCE_KPIS)[number];
export const AUDIENCE_KPI_LABELS = {
  on_impression: 'On impression',
  on_click: 'On click',
  on_conversion_1: 'On conversion 1',
  on_conversion_2: 'On conversion 2',
  on_conversion_3: 'On conversion 3',
  on_conversion_4: 'On conversion 4',
  on_conversion_5: 'On conversion 5',
  on_video_start: 'On video start',
  on_video_complete: 'On video complete',
  on_estimated_impressions: 'On estimated impressions',
} as const satisfies Record<AudienceKpi, string>;

export const LOCATION_PRECISIONS = ['standard', 'high'] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];
export const LOCATION_PRECISION_LABELS = {
  standard: 'Standard',
  high: 'High',
} as const satisfies Record<LocationPrecision, string>;

/** Device fingerprint matching: soft (probabilistic) or exact (deterministic). */
export const FINGERPRINT_TYPES = ['soft', 'exact'] as const;
export type FingerprintType = (typeof FINGERPRINT_TYPES)[number];
export const FINGERPRINT_TYPE_LABELS = {
  soft: 'Soft',
  exact: 'Exact',
} as const satisfies Record<FingerprintType, string>;

/** GDPR requests handled from the back office. */
export const PRIVACY_REQUEST_TYPES = ['deletion', 'opt_out'] as const;
export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number];
export const PRIVACY_REQUEST_TYPE_LABELS = {
  deletion: 'Deletion',
  opt_out: 'Opt out',
} as const satisfies Record<PrivacyRequestType, string>;

/** Geolist uploads (§5): only these extensions; CSV columns in this order. */
export const GEOLIST_FILE_EXTENSIONS = ['json', 'csv'] as const;
export type GeolistFileExtension = (typeof GEOLIST_FILE_EXTENSIONS)[number];
export const GEOLIST_CSV_COLUMNS = ['latitude', 'longitude', 'radius', 'name'] as const;
export type GeolistCsvColumn = (typeof GEOLIST_CSV_COLUMNS)[number];

/** Third-party segments (§3): listed from data partners' catalogues, published by data-partner organizations. */
export const AUDIENCE_SEGMENT_TYPES = [
  'adsquare',
  'digiseg',
  'dooh',
] as const satisfies readonly AudienceType[];
export type AudienceSegmentType = (typeof AUDIENCE_SEGMENT_TYPES)[number];
/** Audiences built from uploaded device identifiers (decision 019). */
export const AUDIENCE_UPLOAD_TYPES = [
  'private',
  'private_dooh',
  'time_based',
] as const satisfies readonly AudienceType[];
export type AudienceUploadType = (typeof AUDIENCE_UPLOAD_TYPES)[number];
export const AUDIENCE_NAME_MAX_LENGTH = 255;
export const AUDIENCE_DESCRIPTION_MAX_LENGTH = 1000;
/** Campaigns an interaction audience may collect from. */
export const MAX_INTERACTION_CAMPAIGNS = 100;
/** The longest device identifier a line may hold. */
export const AUDIENCE_IDENTIFIER_MAX_LENGTH = 255;
/** Bad lines an upload answers one by one; more are counted (a 1,000,000-line file could be all bad). */
export const MAX_REPORTED_IDENTIFIER_LINES = 1000;
/** The largest identifiers file: 1,000,000 identifiers of about 40 bytes fit with room to spare. */
export const MAX_IDENTIFIER_FILE_BYTES = 200 * 1024 * 1024;
