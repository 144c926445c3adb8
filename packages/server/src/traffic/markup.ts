/**
 * "Rendering" a winning bid's markup in the traffic simulator (docs/engine.md "Traffic simulator"): the URLs a
 * browser, player or native SDK would call, read from banner HTML, a VAST document (inline or wrapper) or a
 * Native 1.2 response. Nothing is executed: scripts are ignored, and only tracking pixels and click links are
 * collected. Never throws; markup it cannot read answers `{ ok: false, reason }`.
 */
import { XMLParser } from 'fast-xml-parser';
import { MARKUP_TYPES } from '../engine/openrtb';

/** The VAST linear tracking events the simulator plays, in playing order, then `skip`. */
export const VIDEO_EVENTS = [
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'skip',
] as const;
export type VideoEvent = (typeof VIDEO_EVENTS)[number];

export type RenderPlan = {
  readonly media: 'banner' | 'video' | 'native';
  /** Pixels called when the ad shows (HTML 1×1 images, VAST Impression, native imptrackers/eventtrackers). */
  readonly impressions: readonly string[];
  /**
   * Where a click may go: a VAST ClickThrough, the native link, the HTML links. The viewer clicks one (the
   * simulator takes the first on the ad server's origin); the trackers are called with it.
   */
  readonly clickThroughs: readonly string[];
  readonly clickTrackers: readonly string[];
  /** VAST tracking pixels by event. */
  readonly videoEvents: Readonly<Partial<Record<VideoEvent, readonly string[]>>>;
  /** A VAST wrapper's ad tag URI (not fetched: it is the advertiser's ad server). */
  readonly wrapperUri?: string;
};

export type ParsedMarkup =
  | { readonly ok: true; readonly plan: RenderPlan }
  | { readonly ok: false; readonly reason: string };

/** The 5 XML entities and numeric references; URLs in attributes or text nodes carry `&amp;`. */
const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    const name = entity.toLowerCase();
    if (name === 'amp') return '&';
    if (name === 'lt') return '<';
    if (name === 'gt') return '>';
    if (name === 'quot') return '"';
    if (name === 'apos') return "'";
    const code = name.startsWith('#x')
      ? Number.parseInt(name.slice(2), 16)
      : Number.parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  if (match === null) return undefined;
  return decodeEntities((match[1] ?? match[2] ?? match[3] ?? '').trim());
};

const unique = (urls: readonly string[]): string[] => [...new Set(urls)];

const isPixelSize = (value: string | undefined): boolean => value !== undefined && /^[01](px)?$/i.test(value);

/** An HTML `<img>` is a tracking pixel when it is declared 1×1 (attributes or inline style). */
const isTrackingPixel = (tag: string): boolean => {
  if (isPixelSize(attribute(tag, 'width')) && isPixelSize(attribute(tag, 'height'))) return true;
  const style = attribute(tag, 'style')?.replace(/\s+/g, '').toLowerCase() ?? '';
  return /(^|;)width:[01]px/.test(style) && /(^|;)height:[01]px/.test(style);
};

/** Banner HTML: its 1×1 images are the impression pixels, its links where a click goes. */
export const parseBannerHtml = (html: string): RenderPlan => {
  // Script bodies are not markup: an `<img` written inside a script string is not an image of the page.
  const page = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '');
  const impressions: string[] = [];
  for (const [tag] of page.matchAll(/<img\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src !== undefined && src !== '' && isTrackingPixel(tag)) impressions.push(src);
  }
  const clickThroughs: string[] = [];
  for (const [tag] of page.matchAll(/<a\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href !== undefined && /^https?:\/\//i.test(href)) clickThroughs.push(href);
  }
  return {
    media: 'banner',
    impressions: unique(impressions),
    clickThroughs: unique(clickThroughs),
    clickTrackers: [],
    videoEvents: {},
  };
};

// ---------------------------------------------------------------------------------------------------------
// VAST

type XmlNode = { [name: string]: unknown };

const VAST_ARRAYS = new Set(['Ad', 'Impression', 'Creative', 'Tracking', 'ClickTracking']);
const vastParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // No entity expansion: a hostile document stays small; the five XML entities are decoded by hand.
  processEntities: false,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => VAST_ARRAYS.has(name),
});

const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => {
  const value = node?.[name];
  if (Array.isArray(value)) return value.find(isNode);
  return isNode(value) ? value : undefined;
};
const children = (node: XmlNode | undefined, name: string): unknown[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};
/** The text of an element: a plain string, or `#text` beside attributes (CDATA merges into it). */
const textOf = (value: unknown): string | undefined => {
  const raw = typeof value === 'string' ? value : isNode(value) ? value['#text'] : undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = decodeEntities(String(raw).trim());
  return text === '' ? undefined : text;
};
const texts = (node: XmlNode | undefined, name: string): string[] =>
  children(node, name)
    .map(textOf)
    .filter((text): text is string => text !== undefined);

/** A VAST 2–4 document: impressions, the linear creatives' tracking events and clicks, a wrapper's tag URI. */
export const parseVast = (xml: string): ParsedMarkup => {
  let document: unknown;
  try {
    document = vastParser.parse(xml);
  } catch (error) {
    return {
      ok: false,
      reason: `VAST is not XML: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const vast = isNode(document) ? child(document, 'VAST') : undefined;
  if (vast === undefined) return { ok: false, reason: 'no VAST element' };
  const ad = child(vast, 'Ad');
  const body = child(ad, 'InLine') ?? child(ad, 'Wrapper');
  if (body === undefined) return { ok: false, reason: 'no InLine or Wrapper ad' };
  const impressions = texts(body, 'Impression');
  const clickThroughs: string[] = [];
  const clickTrackers: string[] = [];
  const videoEvents: Partial<Record<VideoEvent, string[]>> = {};
  for (const creative of children(child(body, 'Creatives'), 'Creative')) {
    const linear = isNode(creative) ? child(creative, 'Linear') : undefined;
    if (linear === undefined) continue;
    for (const tracking of children(child(linear, 'TrackingEvents'), 'Tracking')) {
      const event = isNode(tracking) ? tracking['@_event'] : undefined;
      const url = textOf(tracking);
      const known = VIDEO_EVENTS.find((name) => name === event);
      if (known !== undefined && url !== undefined) videoEvents[known] = [...(videoEvents[known] ?? []), url];
    }
    const videoClicks = child(linear, 'VideoClicks');
    clickThroughs.push(...texts(videoClicks, 'ClickThrough'));
    clickTrackers.push(...texts(videoClicks, 'ClickTracking'));
  }
  const wrapperUri = textOf(child(ad, 'Wrapper')?.VASTAdTagURI);
  const plan: RenderPlan = {
    media: 'video',
    impressions: unique(impressions),
    clickThroughs: unique(clickThroughs),
    clickTrackers: unique(clickTrackers),
    videoEvents,
  };
  return { ok: true, plan: wrapperUri === undefined ? plan : { ...plan, wrapperUri } };
};

// ---------------------------------------------------------------------------------------------------------
// Native

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/** A Native 1.2 response (bare or in the 1.0 `{"native": …}` wrapper): impression trackers and the link. */
export const parseNative = (json: string): ParsedMarkup => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'the native markup is not JSON' };
  }
  let response = isNode(value) ? value : undefined;
  if (response !== undefined && isNode(response.native)) response = response.native;
  if (response === undefined) return { ok: false, reason: 'the native markup is not an object' };
  const impressions = strings(response.imptrackers);
  for (const tracker of Array.isArray(response.eventtrackers) ? response.eventtrackers : []) {
    // event 1 = impression, method 1 = image pixel (Native 1.2 tables 7.6, 7.7); JS trackers are not run.
    if (isNode(tracker) && tracker.event === 1 && tracker.method === 1 && typeof tracker.url === 'string') {
      impressions.push(tracker.url);
    }
  }
  const link = isNode(response.link) ? response.link : undefined;
  const url = typeof link?.url === 'string' && link.url !== '' ? [link.url] : [];
  return {
    ok: true,
    plan: {
      media: 'native',
      // 1.2 SDKs read eventtrackers, older ones imptrackers: a URL in both is called once.
      impressions: unique(impressions),
      clickThroughs: url,
      clickTrackers: unique(strings(link?.clicktrackers)),
      videoEvents: {},
    },
  };
};

/** Reads a bid's markup by its `mtype`, or by its look when the bid does not say. */
export const parseMarkup = (adm: string, mtype: number | undefined): ParsedMarkup => {
  const text = adm.trim();
  if (text === '') return { ok: false, reason: 'empty markup' };
  const isVast =
    mtype === MARKUP_TYPES.VIDEO || mtype === MARKUP_TYPES.AUDIO || /^(<\?xml[^>]*>\s*)?<VAST\b/i.test(text);
  if (isVast) return parseVast(text);
  if (mtype === MARKUP_TYPES.NATIVE || text.startsWith('{')) return parseNative(text);
  return { ok: true, plan: parseBannerHtml(text) };
};

/** OpenRTB 2.6 "Substitution Macros" the exchange replaces in nurl, burl, lurl and adm. */
export type AuctionMacros = {
  readonly auctionId: string;
  readonly bidId: string;
  readonly impId: string;
  readonly seatId: string;
  readonly adId: string;
  /** The clearing price as OpenRTB writes it (a decimal). */
  readonly price: string;
  readonly currency: string;
  /** A loss reason code (OpenRTB list "Loss Reason Codes"), in loss notices. */
  readonly loss?: number;
  readonly minToWin?: string;
};

export const replaceMacros = (text: string, macros: AuctionMacros): string =>
  text.replace(/\$\{(AUCTION_[A-Z_]+)\}/g, (whole, name: string) => {
    switch (name) {
      case 'AUCTION_ID':
        return encodeURIComponent(macros.auctionId);
      case 'AUCTION_BID_ID':
        return encodeURIComponent(macros.bidId);
      case 'AUCTION_IMP_ID':
        return encodeURIComponent(macros.impId);
      case 'AUCTION_SEAT_ID':
        return encodeURIComponent(macros.seatId);
      case 'AUCTION_AD_ID':
        return encodeURIComponent(macros.adId);
      case 'AUCTION_PRICE':
        return macros.price;
      case 'AUCTION_CURRENCY':
        return macros.currency;
      case 'AUCTION_LOSS':
        return macros.loss === undefined ? '' : String(macros.loss);
      case 'AUCTION_MIN_TO_WIN':
        return macros.minToWin ?? '';
      default:
        return whole;
    }
  });
