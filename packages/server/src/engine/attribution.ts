/**
 * Conversion attribution (docs/engine.md "Conversions", spec §9): a conversion goes to the device's last click,
 * else its last impression, within the attribution windows of the campaign's tracking tool. Pure: the caller
 * reads the device's touches (delivery-counters.ts `touchesOf`) and the campaigns' tools.
 */
import {
  type AttributionWindow,
  attributionWindowOf,
  type TrackingProvider,
} from '@beacon/domain/dictionary/tracking';

const DAY_MS = 86_400_000;

/** The longest window of any tool (clicks of the product's own tool): older touches are never used. */
export const LONGEST_ATTRIBUTION_MS = 30 * DAY_MS;

/** A device's last impression or click on a campaign, with the dimensions of its rollup row (migration 0022). */
export type DeliveryTouch = {
  readonly kind: 'impression' | 'click';
  readonly touchedAt: Date;
  readonly organizationId: string;
  readonly campaignId: string;
  readonly strategyId: string;
  readonly creativeId: string;
  readonly exchangeId: string;
  readonly dealId: string;
  readonly country: string;
  readonly region: string;
  readonly deviceType: string;
  readonly os: string;
  readonly size: string;
  readonly venueType: string;
  readonly publisher: string;
  readonly bundle: string;
};

/**
 * How long after a touch of `kind` a conversion reported by a tool is attributed to it, in ms; null when the
 * tool does not attribute on that kind. Clicks: the tool's click window. Impressions: the impression window
 * (1 day), or for a footfall tool its visit window (15 days: a store visit is attributed to the exposure).
 */
export const attributionWindowMs = (
  window: AttributionWindow | undefined,
  kind: DeliveryTouch['kind'],
): number | null => {
  if (window === undefined) return null;
  const days = kind === 'click' ? window.clicks : (window.visits ?? window.impressions);
  return days === undefined ? null : days * DAY_MS;
};

const isWithin = (touch: DeliveryTouch, provider: TrackingProvider, now: Date): boolean => {
  const windowMs = attributionWindowMs(attributionWindowOf(provider), touch.kind);
  if (windowMs === null) return false;
  const age = now.getTime() - touch.touchedAt.getTime();
  return age >= 0 && age <= windowMs;
};

const latest = (touches: readonly DeliveryTouch[]): DeliveryTouch | undefined =>
  touches.reduce<DeliveryTouch | undefined>(
    (best, touch) => (best === undefined || touch.touchedAt > best.touchedAt ? touch : best),
    undefined,
  );

/**
 * The touch a conversion at `now` is attributed to: the latest click within its campaign's click window, else
 * the latest impression within its impression window; undefined when none. `toolOf` gives the tracking tool of
 * each eligible campaign (undefined: the campaign is not eligible, e.g. another tool or another organization).
 */
export const attributedTouch = (
  touches: readonly DeliveryTouch[],
  toolOf: (campaignId: string) => TrackingProvider | undefined,
  now: Date,
): DeliveryTouch | undefined => {
  const eligible = touches.filter((touch) => {
    const tool = toolOf(touch.campaignId);
    return tool !== undefined && isWithin(touch, tool, now);
  });
  return (
    latest(eligible.filter((touch) => touch.kind === 'click')) ??
    latest(eligible.filter((touch) => touch.kind === 'impression'))
  );
};
