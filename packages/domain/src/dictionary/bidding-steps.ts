/**
 * The steps a bid request goes through for one strategy, in the bidder's order (docs/engine.md "Bidding" and
 * "Bidding diagnostics"): the targeting rules that can refuse it, then the budget, pacing, the frequency cap, the
 * creative and the price; a request that passes them all is bid on or outbid. The bidding dialog (§2) counts
 * where the requests of the last hour stopped.
 */

/** The targeting rules that can refuse a request, as the bidder names them. */
export const TARGETING_STEPS = [
  'dooh_supply',
  'not_dooh_supply',
  'not_ctv_supply',
  'seat_not_allowed',
  'device_type',
  'country',
  'place',
  'geolist',
  'location_audience',
  'outside_flight',
  'outside_schedule',
  'bundle',
  'iab_category',
  'app_category',
  'publisher_blocked',
  'publisher_not_allowed',
  'private_auction',
  'deal_required',
  'blocked_advertiser',
  'device_id',
  'audience_excluded',
  'audience_missing',
  'no_fitting_creative',
] as const;
export type TargetingStep = (typeof TARGETING_STEPS)[number];

export const DIAGNOSTIC_STEPS = [
  ...TARGETING_STEPS,
  'budget',
  'pacing',
  'frequency_cap',
  'no_servable_creative',
  'price',
  'outbid',
  'bid',
] as const;
export type DiagnosticStep = (typeof DIAGNOSTIC_STEPS)[number];

/** What each step means to a trader, in plain words. */
export const DIAGNOSTIC_STEP_LABELS = {
  dooh_supply: 'Screen (DOOH) request, and the campaign does not buy screens',
  not_dooh_supply: 'Not a screen request (DOOH campaigns buy screens only)',
  not_ctv_supply: 'Not connected-TV supply (Connected TV campaigns buy it only)',
  seat_not_allowed: 'The exchange does not allow our seat',
  device_type: 'Device type not targeted',
  country: 'Country not targeted',
  place: 'Region or city not targeted',
  geolist: 'Outside the geolists',
  location_audience: 'Not in the location audiences',
  outside_flight: 'Outside the campaign or strategy dates',
  outside_schedule: 'Outside the days and hours of the schedule',
  bundle: 'App bundle not targeted',
  iab_category: 'IAB category not targeted',
  app_category: 'App category not targeted',
  publisher_blocked: 'Publisher on a block list',
  publisher_not_allowed: 'Publisher not on the allow list',
  private_auction: 'Private auction, and the strategy has no deal',
  deal_required: 'None of the strategy’s deals in the request',
  blocked_advertiser: 'Advertiser domain blocked by the publisher',
  device_id: 'No identifier of a targeted type',
  audience_excluded: 'User in an excluded audience',
  audience_missing: 'User not in the targeted audiences',
  no_fitting_creative: 'No creative fits the placement (size, format, duration)',
  budget: 'Budget or daily limit reached',
  pacing: 'Held back to spread today’s budget over the day (pacing)',
  frequency_cap: 'Frequency cap reached for this user',
  no_servable_creative: 'No creative can be served here',
  price: 'Floor above the bid',
  outbid: 'Eligible, but another strategy bid higher',
  bid: 'Bid',
} as const satisfies Record<DiagnosticStep, string>;
