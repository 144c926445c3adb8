/**
 * Conversion postbacks (spec §3 organization "postback", §7 `GET /v2/organization/{id}/postback`): the pixel
 * an advertiser gives its tracking tool so that each conversion event reaches Beacon's own tracking endpoint.
 * The tool replaces its macros in the pixel's query string before calling it.
 */
import type { TrackingTool } from './tracking';

/** The conversion events a campaign can count and optimise on (§3: cpa1 to cpa5, event1 to event5). */
export const CONVERSION_EVENT_IDS = [1, 2, 3, 4, 5] as const;
export type ConversionEventId = (typeof CONVERSION_EVENT_IDS)[number];
export const conversionEventLabel = (event: ConversionEventId): string => `Event ${event}`;

export const isConversionEventId = (value: number): value is ConversionEventId =>
  CONVERSION_EVENT_IDS.some((event) => event === value);

/** The console saves the pixel as this text file (§7). */
export const pixelFileName = (event: ConversionEventId): string => `pixel_${event}`;

/**
 * The tools that call a postback URL. The footfall tool of the product measures visits with its own panel and
 * SKAdNetwork sends Apple's signed postbacks to the ad network's registered address, so neither uses a pixel.
 */
export const POSTBACK_TRACKING_TOOLS = [
  'beacon',
  's2s',
  'adjust',
  'appsflyer',
  'branch',
  'hasoffers',
  'kochava',
  'tune',
  'partner_footfall',
] as const satisfies readonly TrackingTool[];
export type PostbackTrackingTool = (typeof POSTBACK_TRACKING_TOOLS)[number];

export const isPostbackTrackingTool = (value: string): value is PostbackTrackingTool =>
  POSTBACK_TRACKING_TOOLS.some((tool) => tool === value);

/**
 * The query parameters the tracking endpoint reads. `click_id` makes a retried postback count once; the
 * device identifiers are kept as the event's device (the first one given, in this order).
 */
export const POSTBACK_PARAMS = {
  tool: 'tool',
  clickId: 'click_id',
  deviceId: 'device_id',
  gaid: 'gaid',
  idfa: 'idfa',
  /** Optional: the campaign the conversion belongs to, for interaction audiences (decision 019). */
  campaignId: 'campaign_id',
} as const;

/** The generic macros of a tool without its own: the sender replaces them (documented in docs/api.md). */
export const GENERIC_CLICK_ID_MACRO = '{click_id}';
export const GENERIC_DEVICE_ID_MACRO = '{device_id}';

type PostbackMacros = {
  readonly clickId?: string;
  readonly deviceId?: string;
  readonly gaid?: string;
  readonly idfa?: string;
};

/** A Branch macro: a FreeMarker expression that yields nothing when the value is missing. */
const freemarker = (expression: string): string => `\${(${expression})!}`;

/**
 * Each tool's own macro syntax for the click id Beacon's click URLs pass it and for the device's advertising
 * identifiers:
 * - AppsFlyer: parentheses; link parameters come back by name (`clickid`), `(advertiserId)` is the GAID.
 * - Adjust: braces; the link's `label` parameter comes back in `{label}`, `{gps_adid}` is the GAID.
 * - Branch: FreeMarker expressions on the attributed touch and the user data.
 * - HasOffers and TUNE: the click's `{transaction_id}` (HasOffers) or `{publisher_ref_id}` (TUNE), and the
 *   `{google_aid}` / `{ios_ifa}` device macros.
 * - Kochava: `{adid}` / `{idfa}`; the click id is the generic `{click_id}`.
 * - S2S and the partner footfall tool: the generic `{click_id}` and `{device_id}`, replaced by the sender.
 * - The product's own tracker is an image pixel on the advertiser's page: no macros.
 */
export const POSTBACK_MACROS = {
  beacon: {},
  s2s: { clickId: GENERIC_CLICK_ID_MACRO, deviceId: GENERIC_DEVICE_ID_MACRO },
  adjust: { clickId: '{label}', gaid: '{gps_adid}', idfa: '{idfa}' },
  appsflyer: { clickId: '(clickid)', gaid: '(advertiserId)', idfa: '(idfa)' },
  branch: {
    clickId: freemarker('last_attributed_touch_data.~click_id'),
    gaid: freemarker('user_data.aaid'),
    idfa: freemarker('user_data.idfa'),
  },
  hasoffers: { clickId: '{transaction_id}', gaid: '{google_aid}', idfa: '{ios_ifa}' },
  kochava: { clickId: GENERIC_CLICK_ID_MACRO, gaid: '{adid}', idfa: '{idfa}' },
  tune: { clickId: '{publisher_ref_id}', gaid: '{google_aid}', idfa: '{ios_ifa}' },
  partner_footfall: { clickId: GENERIC_CLICK_ID_MACRO, deviceId: GENERIC_DEVICE_ID_MACRO },
} as const satisfies Record<PostbackTrackingTool, PostbackMacros>;

/**
 * The query string of a tool's pixel. Macros are written as they are, not percent-encoded: the tool only
 * recognises its macros in their literal form and encodes the values it puts in their place.
 */
export const postbackQueryString = (tool: PostbackTrackingTool): string => {
  const macros: PostbackMacros = POSTBACK_MACROS[tool];
  const pairs: [string, string | undefined][] = [
    [POSTBACK_PARAMS.tool, tool],
    [POSTBACK_PARAMS.clickId, macros.clickId],
    [POSTBACK_PARAMS.deviceId, macros.deviceId],
    [POSTBACK_PARAMS.gaid, macros.gaid],
    [POSTBACK_PARAMS.idfa, macros.idfa],
  ];
  return pairs.flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`])).join('&');
};

/**
 * A macro the tool left in place (it had no value for it): `{x}`, `(x)` or `${…}`. The tracking endpoint
 * treats it as absent rather than as a click id or a device.
 */
export const isUnreplacedMacro = (value: string): boolean => /^(?:\{.*\}|\(.*\)|\$\{.*\})$/s.test(value);
