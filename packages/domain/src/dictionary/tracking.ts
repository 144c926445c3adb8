/** Tracking providers and their attribution and pricing rules (spec §3, §9). */

/**
 * Conversion tracking tools a campaign can use. `beacon` is the product's own tracker; the two footfall
 * variants measure store visits, with the product's own panel or a partner's.
 */
export const TRACKING_PROVIDERS = [
  'none',
  'beacon',
  'beacon_footfall',
  'partner_footfall',
  's2s',
  'adjust',
  'appsflyer',
  'branch',
  'hasoffers',
  'kochava',
  'tune',
  'skadnetwork',
] as const;
export type TrackingProvider = (typeof TRACKING_PROVIDERS)[number];
export const TRACKING_PROVIDER_LABELS = {
  none: 'None',
  beacon: 'Beacon',
  beacon_footfall: 'Beacon Footfall',
  partner_footfall: 'Partner Footfall',
  s2s: 'S2S',
  adjust: 'Adjust',
  appsflyer: 'AppsFlyer',
  branch: 'Branch',
  hasoffers: 'HasOffers',
  kochava: 'Kochava',
  tune: 'Tune',
  skadnetwork: 'SKAdNetwork',
} as const satisfies Record<TrackingProvider, string>;

export type TrackingTool = Exclude<TrackingProvider, 'none'>;

export const FOOTFALL_TRACKING_PROVIDERS = [
  'beacon_footfall',
  'partner_footfall',
] as const satisfies readonly TrackingTool[];

const FOOTFALL_SET: ReadonlySet<TrackingProvider> = new Set(FOOTFALL_TRACKING_PROVIDERS);

export const isFootfallProvider = (provider: TrackingProvider): boolean => FOOTFALL_SET.has(provider);

/** Measurement partners of §3: a list of its own, separate from the tracking providers above. */
export const MEASUREMENT_PARTNERS = ['singular', 'appsflyer'] as const;
export type MeasurementPartner = (typeof MEASUREMENT_PARTNERS)[number];
export const MEASUREMENT_PARTNER_LABELS = {
  singular: 'Singular',
  appsflyer: 'AppsFlyer',
} as const satisfies Record<MeasurementPartner, string>;

/** Attribution windows in days; a kind the tool does not attribute on is absent. */
export type AttributionWindow = {
  readonly impressions: number;
  readonly clicks?: number;
  readonly visits?: number;
};

/**
 * §9: impressions 1 day for all tools; clicks 30 for the product's own tool and 7 for s2s, adjust,
 * appsFlyer, branch and kochava; visits 15 for the footfall tools. The spec gives no click window for
 * hasoffers, tune, skadnetwork or the footfall tools, so they have none.
 */
export const ATTRIBUTION_WINDOWS = {
  beacon: { impressions: 1, clicks: 30 },
  beacon_footfall: { impressions: 1, visits: 15 },
  partner_footfall: { impressions: 1, visits: 15 },
  s2s: { impressions: 1, clicks: 7 },
  adjust: { impressions: 1, clicks: 7 },
  appsflyer: { impressions: 1, clicks: 7 },
  branch: { impressions: 1, clicks: 7 },
  hasoffers: { impressions: 1 },
  kochava: { impressions: 1, clicks: 7 },
  tune: { impressions: 1 },
  skadnetwork: { impressions: 1 },
} as const satisfies Record<TrackingTool, AttributionWindow>;

/** The attribution windows of a provider, or undefined for none. */
export const attributionWindowOf = (provider: TrackingProvider): AttributionWindow | undefined =>
  provider === 'none' ? undefined : ATTRIBUTION_WINDOWS[provider];

/**
 * Price of footfall measurement per thousand impressions, in micros of the default currency (§9: own
 * footfall 0.45 CPM, partner footfall 0.50 CPM). Other tools are free.
 */
export const TRACKING_CPM_PRICES_MICROS = {
  beacon_footfall: 450_000n,
  partner_footfall: 500_000n,
} as const satisfies Partial<Record<TrackingTool, bigint>>;

/** The tracking CPM price of a provider in micros (0 when the tool is free or none). */
export const trackingCpmPriceMicros = (provider: TrackingProvider): bigint =>
  provider === 'beacon_footfall' || provider === 'partner_footfall'
    ? TRACKING_CPM_PRICES_MICROS[provider]
    : 0n;
