/**
 * The tracking terms a campaign shows for its tracking tool (§9): attribution windows in days and the
 * tracking price per thousand impressions (own footfall 0.45 CPM, partner footfall 0.50 CPM, in the default
 * currency; other tools are free). Snake_case: the API returns it as the campaign's `tracking`.
 */
import { DEFAULT_CURRENCY, fromMicros } from '../dictionary/currencies';
import {
  type AttributionWindow,
  attributionWindowOf,
  isFootfallProvider,
  type TrackingProvider,
  trackingCpmPriceMicros,
} from '../dictionary/tracking';

export type TrackingTerms = {
  readonly tool: TrackingProvider;
  /** Days per attributed kind; null without a tool. */
  readonly attribution_windows: AttributionWindow | null;
  /** Whether the tool measures store visits. */
  readonly footfall: boolean;
  /** Decimal text per thousand impressions, or null when the tool is free. */
  readonly price_cpm: string | null;
  readonly price_currency: typeof DEFAULT_CURRENCY;
};

export const trackingTerms = (tool: TrackingProvider): TrackingTerms => {
  const window = attributionWindowOf(tool);
  const price = trackingCpmPriceMicros(tool);
  return {
    tool,
    attribution_windows: window === undefined ? null : { ...window },
    footfall: isFootfallProvider(tool),
    price_cpm: price === 0n ? null : fromMicros(price),
    price_currency: DEFAULT_CURRENCY,
  };
};
