/**
 * The markup of a bid (`bid.adm`, docs/engine.md "Markup"): HTML for banners, VAST 4.2 for video and audio,
 * a Native 1.2 response for natives. Every URL that counts an event is one of the bid's signed event URLs
 * (event-ticket.ts); the advertiser's own pixels are fired next to ours. Pure: no I/O, no clock.
 */
import { SERVED_VAST_VERSION } from '@beacon/domain/validation/creative-vast';
import { type EventKind, eventUrl } from './event-ticket';
import type { TNative, TNativeAsset, TNativeRequest } from './openrtb';
import type {
  CompiledAudioCreative,
  CompiledBannerCreative,
  CompiledNativeCreative,
  CompiledVideoCreative,
  CreativeServing,
} from './strategy-index';
import { nativeAssetFits } from './targeting';

/**
 * The path of the hosted-VAST route (`modules/vast-serving`): `{base}/vast?t={ticket}` answers the pasted VAST
 * document of the ticket's creative, so that a player can fetch it as our Wrapper's VASTAdTagURI.
 */
export const HOSTED_VAST_PATH = '/vast';

export const hostedVastUrl = (base: string, ticket: string): string =>
  `${base}${HOSTED_VAST_PATH}?t=${ticket}`;

/** The event URLs of one bid, all carrying its ticket, and the URL of its hosted VAST document. */
export type BidUrls = { readonly [K in EventKind]: string } & { readonly hostedVast: string };

export const bidUrlsOf = (base: string, ticket: string): BidUrls => {
  const url = (kind: EventKind) => eventUrl(base, kind, ticket);
  return {
    hostedVast: hostedVastUrl(base, ticket),
    win: url('win'),
    billing: url('billing'),
    impression: url('impression'),
    click: url('click'),
    video_start: url('video_start'),
    video_first_quartile: url('video_first_quartile'),
    video_midpoint: url('video_midpoint'),
    video_third_quartile: url('video_third_quartile'),
    video_complete: url('video_complete'),
    video_skip: url('video_skip'),
    video_error: url('video_error'),
  };
};

/** An app path (`/api/files/…`) as an absolute URL of the installation; absolute URLs as they are. */
export const absoluteUrl = (base: string, url: string): string =>
  url.startsWith('/') ? `${base}${url}` : url;

/** Text or an attribute value in HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Text or an attribute value in XML. */
export const escapeXml = escapeHtml;

/** URLs go in CDATA as VAST recommends (macros keep their brackets); a `]]>` is split across two sections. */
const cdata = (text: string): string => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** The §3 macro a tag uses for its click-through link. */
export const CLICK_URL_MACRO = '{click_url}';

const pixel = (url: string): string =>
  `<img src="${escapeHtml(url)}" width="1" height="1" alt="" style="position:absolute;left:-10000px;border:0">`;

/**
 * A banner: the uploaded image in a link to the click URL, or the tag's HTML with `{click_url}` replaced by
 * the click URL, then the impression pixel and the advertiser's own pixels.
 */
export const bannerMarkup = (creative: CompiledBannerCreative, urls: BidUrls, base: string): string => {
  const serving = creative.serving;
  const pixels = [urls.impression, ...(serving?.impressionPixels ?? [])].map(pixel).join('');
  if (serving === undefined) return pixels;
  if (serving.imageUrl !== null) {
    const image = `<img src="${escapeHtml(absoluteUrl(base, serving.imageUrl))}" width="${creative.size.w}" height="${creative.size.h}" alt="" style="border:0;display:block">`;
    const linked =
      serving.clickUrl === null
        ? image
        : `<a href="${escapeHtml(urls.click)}" target="_blank" rel="noopener">${image}</a>`;
    return `${linked}${pixels}`;
  }
  // Our click URL holds only URL-safe characters (base64url ticket), so it needs no escaping in an attribute.
  const html = (serving.html ?? '').replaceAll(CLICK_URL_MACRO, urls.click);
  return `${html}${pixels}`;
};

// ---------------------------------------------------------------------------------------------------------
// VAST

/** `HH:MM:SS.mmm`. */
export const vastDuration = (ms: number): string => {
  const total = Math.max(0, Math.round(ms));
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor((total % 3_600_000) / 60_000))}:${pad(
    Math.floor((total % 60_000) / 1000),
  )}.${pad(total % 1000, 3)}`;
};

/** VAST tracking events, with our event kind and the §3 event pixel kind of the advertiser. */
const TRACKING = [
  ['start', 'video_start', 'start'],
  ['firstQuartile', 'video_first_quartile', 'first_quartile'],
  ['midpoint', 'video_midpoint', 'midpoint'],
  ['thirdQuartile', 'video_third_quartile', 'third_quartile'],
  ['complete', 'video_complete', 'complete'],
  ['skip', 'video_skip', 'skip'],
] as const satisfies readonly (readonly [string, EventKind, string])[];

const pixelsOf = (serving: CreativeServing | undefined, kind: string): readonly string[] =>
  serving?.eventPixels[kind] ?? [];

const trackingEvents = (urls: BidUrls, serving: CreativeServing | undefined): string[] => [
  '<TrackingEvents>',
  ...TRACKING.flatMap(([event, ours, theirs]) =>
    [urls[ours], ...pixelsOf(serving, theirs)].map(
      (url) => `<Tracking event="${event}">${cdata(url)}</Tracking>`,
    ),
  ),
  '</TrackingEvents>',
];

const adHead = (urls: BidUrls, serving: CreativeServing | undefined): string[] => [
  `<AdSystem version="${escapeXml(SERVED_VAST_VERSION)}">Beacon</AdSystem>`,
  ...[urls.video_error, ...pixelsOf(serving, 'error')].map((url) => `<Error>${cdata(url)}</Error>`),
  ...[urls.impression, ...(serving?.impressionPixels ?? [])].map(
    (url, index) =>
      `<Impression id="${index === 0 ? 'beacon' : `advertiser-${index}`}">${cdata(url)}</Impression>`,
  ),
];

const vastDocument = (adId: string, body: string[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<VAST version="${escapeXml(SERVED_VAST_VERSION)}" xmlns="http://www.iab.com/VAST">`,
    `<Ad id="${escapeXml(adId)}">`,
    ...body,
    '</Ad>',
    '</VAST>',
  ].join('\n');

/**
 * VAST for a video or audio creative: an InLine ad with its files, or, for an external VAST, a Wrapper that
 * adds our impression, error, progress and click tracking to its URL, or to the bid's hosted-VAST URL for a
 * pasted document (the installation answers it with the document).
 */
export const vastMarkup = (
  creative: CompiledVideoCreative | CompiledAudioCreative,
  urls: BidUrls,
  base: string,
): string => {
  const serving = creative.serving;
  const id = escapeXml(creative.id);
  const wrapped = serving?.vastUrl ? serving.vastUrl : serving?.hostedVast ? urls.hostedVast : undefined;
  if (wrapped !== undefined) {
    return vastDocument(creative.id, [
      '<Wrapper followAdditionalWrappers="true" allowMultipleAds="false">',
      ...adHead(urls, serving),
      `<VASTAdTagURI>${cdata(wrapped)}</VASTAdTagURI>`,
      '<Creatives>',
      `<Creative id="${id}">`,
      '<Linear>',
      ...trackingEvents(urls, serving),
      '<VideoClicks>',
      `<ClickTracking id="beacon">${cdata(urls.click)}</ClickTracking>`,
      '</VideoClicks>',
      '</Linear>',
      '</Creative>',
      '</Creatives>',
      '</Wrapper>',
    ]);
  }
  const durationMs =
    serving?.durationMs ?? (creative.durationSeconds === null ? 0 : creative.durationSeconds * 1000);
  const mediaFile = (file: CreativeServing['mediaFiles'][number]) => {
    const attributes = [
      'delivery="progressive"',
      `type="${escapeXml(file.mime)}"`,
      ...(file.width === null ? [] : [`width="${file.width}"`]),
      ...(file.height === null ? [] : [`height="${file.height}"`]),
      ...(file.bitrateKbps === null ? [] : [`bitrate="${file.bitrateKbps}"`]),
      ...(creative.kind === 'video' ? ['scalable="true" maintainAspectRatio="true"'] : []),
    ];
    return `<MediaFile ${attributes.join(' ')}>${cdata(absoluteUrl(base, file.url))}</MediaFile>`;
  };
  const companion =
    creative.kind === 'video' && serving?.companion
      ? [
          '<Creative>',
          '<CompanionAds>',
          `<Companion width="${serving.companion.w}" height="${serving.companion.h}">`,
          `<StaticResource creativeType="${escapeXml(imageMime(serving.companion.url))}">${cdata(
            absoluteUrl(base, serving.companion.url),
          )}</StaticResource>`,
          ...(serving.clickUrl === null
            ? []
            : [`<CompanionClickThrough>${cdata(urls.click)}</CompanionClickThrough>`]),
          '</Companion>',
          '</CompanionAds>',
          '</Creative>',
        ]
      : [];
  return vastDocument(creative.id, [
    '<InLine>',
    ...adHead(urls, serving),
    `<AdTitle>${escapeXml(serving?.name ?? creative.id)}</AdTitle>`,
    '<Creatives>',
    `<Creative id="${id}" adId="${id}">`,
    `<UniversalAdId idRegistry="beacon">${id}</UniversalAdId>`,
    '<Linear>',
    `<Duration>${vastDuration(durationMs)}</Duration>`,
    ...trackingEvents(urls, serving),
    ...(serving?.clickUrl
      ? ['<VideoClicks>', `<ClickThrough id="beacon">${cdata(urls.click)}</ClickThrough>`, '</VideoClicks>']
      : []),
    '<MediaFiles>',
    ...(serving?.mediaFiles ?? []).map(mediaFile),
    '</MediaFiles>',
    '</Linear>',
    '</Creative>',
    ...companion,
    '</Creatives>',
    '</InLine>',
  ]);
};

const IMAGE_MIME: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};
const imageMime = (url: string): string =>
  IMAGE_MIME[url.slice(url.lastIndexOf('.') + 1).toLowerCase()] ?? 'image/png';

// ---------------------------------------------------------------------------------------------------------
// Native 1.2

const NATIVE_IMAGE_ICON = 1;
const NATIVE_DATA_SPONSORED = 1;
const NATIVE_DATA_DESCRIPTION = 2;
const NATIVE_DATA_CTA = 12;
/** Native 1.2 event tracker: event 1 impression, method 1 image pixel. */
const EVENT_IMPRESSION = 1;
const METHOD_IMAGE = 1;

/** Whether the exchange sent the Native 1.0 wrapper (`{"native": {...}}`): the answer then wraps too. */
export const usesNativeWrapper = (native: TNative): boolean => {
  let value: unknown = native.request;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  return typeof value === 'object' && value !== null && 'native' in value;
};

type NativeResponseAsset = {
  id: number;
  required?: 1;
  title?: { text: string };
  img?: { url: string; w?: number; h?: number };
  data?: { value: string };
};

const nativeAnswer = (
  creative: CompiledNativeCreative,
  asset: TNativeAsset,
  base: string,
): NativeResponseAsset | undefined => {
  const serving = creative.serving;
  const answer = (value: Omit<NativeResponseAsset, 'id'>): NativeResponseAsset => ({
    id: asset.id,
    ...(asset.required === 1 ? { required: 1 as const } : {}),
    ...value,
  });
  if (asset.img !== undefined && asset.img.type === NATIVE_IMAGE_ICON) {
    // The icon's size is not stored: an optional icon is answered without one, a required one never fits.
    if (serving === undefined || serving.iconUrl === null) return undefined;
    if (asset.required === 1 && !nativeAssetFits(creative, asset)) return undefined;
    return answer({ img: { url: absoluteUrl(base, serving.iconUrl) } });
  }
  if (!nativeAssetFits(creative, asset)) return undefined;
  if (asset.title !== undefined) return answer({ title: { text: creative.title } });
  if (asset.img !== undefined) {
    if (serving === undefined || serving.imageUrl === null || creative.mainImage === null) return undefined;
    return answer({
      img: { url: absoluteUrl(base, serving.imageUrl), w: creative.mainImage.w, h: creative.mainImage.h },
    });
  }
  if (asset.data !== undefined) {
    const value =
      asset.data.type === NATIVE_DATA_SPONSORED
        ? creative.sponsoredBy
        : asset.data.type === NATIVE_DATA_DESCRIPTION
          ? creative.description
          : asset.data.type === NATIVE_DATA_CTA
            ? creative.callToAction
            : undefined;
    return value === undefined ? undefined : answer({ data: { value } });
  }
  return undefined;
};

/**
 * The Native 1.2 response (as JSON text) answering the request's asset ids with what the creative holds, its
 * link to the click URL, and the impression URL as event tracker (and as the older imptrackers).
 */
export const nativeMarkup = (
  creative: CompiledNativeCreative,
  request: TNativeRequest,
  wrapped: boolean,
  urls: BidUrls,
  base: string,
): string => {
  const assets = request.assets.flatMap((asset) => {
    const answer = nativeAnswer(creative, asset, base);
    return answer === undefined ? [] : [answer];
  });
  const impressions = [urls.impression, ...(creative.serving?.impressionPixels ?? [])];
  const response = {
    ver: '1.2',
    assets,
    link: { url: urls.click },
    imptrackers: impressions,
    eventtrackers: impressions.map((url) => ({ event: EVENT_IMPRESSION, method: METHOD_IMAGE, url })),
  };
  return JSON.stringify(wrapped ? { native: response } : response);
};
