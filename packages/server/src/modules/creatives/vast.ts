import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { EVENT_PIXEL_KINDS, type EventPixelKind } from '@beacon/domain/dictionary/creatives';
import {
  MAX_VAST_BYTES,
  SERVED_VAST_VERSION,
  VAST_AD_KIND_MESSAGE,
  VAST_DOCTYPE_MESSAGE,
  VAST_FETCH_TIMEOUT_MS,
  VAST_NO_AD_MESSAGE,
  VAST_ROOT_MESSAGE,
  VAST_TOO_LARGE_MESSAGE,
  VAST_URL_PRIVATE_MESSAGE,
  VAST_URL_TIMEOUT_MESSAGE,
  VAST_URL_UNREACHABLE_MESSAGE,
  VAST_VERSION_PATTERN,
  vastMissingMessage,
  vastNotXmlAtMessage,
  vastUrlStatusMessage,
  vastVersionMessage,
} from '@beacon/domain/validation/creative-vast';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { StoredCreativeAsset, StoredCreativeCompanion, StoredCreativeRendition } from '../../db/schema';

/**
 * VAST (decision 023): the VAST 4.x document Beacon serves for its own processed video creatives, and the
 * check of an external video's VAST source — a pasted document parsed, or a URL fetched (time- and
 * size-limited, public addresses only) — as VAST 4.x with the elements a player needs.
 */

// ---------------------------------------------------------------------------------------------------------
// Serving

/** VAST tracking event names of the event pixel kinds; `error` pixels are VAST's own Error element. */
const TRACKING_EVENT: Record<Exclude<EventPixelKind, 'error'>, string> = {
  start: 'start',
  first_quartile: 'firstQuartile',
  midpoint: 'midpoint',
  third_quartile: 'thirdQuartile',
  complete: 'complete',
  skip: 'skip',
};

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** URLs go in CDATA as VAST recommends (macros keep their braces); `]]>` cannot occur in a valid URL. */
const cdata = (text: string): string => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

const duration = (ms: number): string => {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
};

export type ServableVideo = {
  id: string;
  name: string;
  click_url: string | null;
  impression_pixels: readonly string[];
  event_pixels: Partial<Record<string, readonly string[]>>;
  asset: StoredCreativeAsset;
  renditions: readonly StoredCreativeRendition[];
  companion: StoredCreativeCompanion | null;
};

const MIME_OF_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** The VAST 4.2 InLine document of a processed video creative; file URLs are made absolute with `baseUrl`. */
export const buildVastDocument = (video: ServableVideo, baseUrl: string): string => {
  const absolute = (url: string) => (url.startsWith('/') ? `${baseUrl}${url}` : url);
  const pixels = (kind: string) => video.event_pixels[kind] ?? [];
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<VAST version="${SERVED_VAST_VERSION}" xmlns="http://www.iab.com/VAST">`,
    `<Ad id="${escapeXml(video.id)}">`,
    '<InLine>',
    '<AdSystem>Beacon</AdSystem>',
    `<AdTitle>${escapeXml(video.name)}</AdTitle>`,
    ...pixels('error').map((url) => `<Error>${cdata(url)}</Error>`),
    ...video.impression_pixels.map(
      (url, index) => `<Impression id="impression-${index + 1}">${cdata(url)}</Impression>`,
    ),
    '<Creatives>',
    `<Creative id="${escapeXml(video.id)}" adId="${escapeXml(video.id)}">`,
    `<UniversalAdId idRegistry="beacon">${escapeXml(video.id)}</UniversalAdId>`,
    '<Linear>',
    `<Duration>${duration(video.asset.duration_ms ?? 0)}</Duration>`,
    '<TrackingEvents>',
    ...EVENT_PIXEL_KINDS.flatMap((kind) =>
      kind === 'error'
        ? []
        : pixels(kind).map((url) => `<Tracking event="${TRACKING_EVENT[kind]}">${cdata(url)}</Tracking>`),
    ),
    '</TrackingEvents>',
    ...(video.click_url
      ? [
          '<VideoClicks>',
          `<ClickThrough id="click">${cdata(video.click_url)}</ClickThrough>`,
          '</VideoClicks>',
        ]
      : []),
    '<MediaFiles>',
    ...video.renditions.map(
      (rendition) =>
        `<MediaFile delivery="progressive" type="${rendition.mime}" width="${rendition.width}" height="${rendition.height}" bitrate="${rendition.bitrate_kbps}" scalable="true" maintainAspectRatio="true">${cdata(absolute(rendition.url))}</MediaFile>`,
    ),
    '</MediaFiles>',
    '</Linear>',
    '</Creative>',
  ];
  if (video.companion) {
    const { companion } = video;
    const mime = MIME_OF_EXTENSION[companion.url.slice(companion.url.lastIndexOf('.') + 1)] ?? 'image/png';
    lines.push(
      '<Creative>',
      '<CompanionAds>',
      `<Companion width="${companion.width}" height="${companion.height}">`,
      `<StaticResource creativeType="${mime}">${cdata(absolute(companion.url))}</StaticResource>`,
      ...(video.click_url
        ? [`<CompanionClickThrough>${cdata(video.click_url)}</CompanionClickThrough>`]
        : []),
      '</Companion>',
      '</CompanionAds>',
      '</Creative>',
    );
  }
  lines.push('</Creatives>', '</InLine>', '</Ad>', '</VAST>');
  return `${lines.join('\n')}\n`;
};

// ---------------------------------------------------------------------------------------------------------
// Checking a VAST source

export type VastSummary = { version: string; ads: number; kind: 'inline' | 'wrapper' | 'mixed' };
export type VastCheck = { ok: true; summary: VastSummary } | { ok: false; message: string };

type XmlNode = Record<string, unknown>;

const ARRAY_ELEMENTS = new Set(['Ad', 'Creative', 'MediaFile', 'Impression', 'VASTAdTagURI']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // No entity expansion at all: a billion-laughs document stays a few kilobytes.
  processEntities: false,
  parseTagValue: false,
  isArray: (name) => ARRAY_ELEMENTS.has(name),
});

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;
const childOf = (node: XmlNode, name: string): XmlNode | undefined => {
  const child = node[name];
  if (Array.isArray(child)) return child.find(isNode) ?? (child.length > 0 ? {} : undefined);
  if (isNode(child)) return child;
  return child === undefined ? undefined : {};
};
const childrenOf = (node: XmlNode, name: string): unknown[] => {
  const child = node[name];
  return Array.isArray(child) ? child : child === undefined ? [] : [child];
};

const refuse = (message: string): VastCheck => ({ ok: false, message });

const checkInLine = (inline: XmlNode): string | undefined => {
  for (const element of ['AdSystem', 'AdTitle']) {
    if (inline[element] === undefined) return vastMissingMessage(element, 'InLine');
  }
  if (childrenOf(inline, 'Impression').length === 0) return vastMissingMessage('Impression', 'InLine');
  const creatives = childOf(inline, 'Creatives');
  const creativeList = creatives ? childrenOf(creatives, 'Creative').filter(isNode) : [];
  if (creativeList.length === 0) return vastMissingMessage('a Creative', 'InLine');
  const linears = creativeList.map((creative) => childOf(creative, 'Linear')).filter(isNode);
  for (const linear of linears) {
    if (linear.Duration === undefined) return vastMissingMessage('Duration', 'Linear');
    const mediaFiles = childOf(linear, 'MediaFiles');
    if (!mediaFiles || childrenOf(mediaFiles, 'MediaFile').length === 0) {
      return vastMissingMessage('a MediaFile', 'Linear');
    }
  }
  return undefined;
};

const checkWrapper = (wrapper: XmlNode): string | undefined => {
  if (wrapper.AdSystem === undefined) return vastMissingMessage('AdSystem', 'Wrapper');
  if (childrenOf(wrapper, 'Impression').length === 0) return vastMissingMessage('Impression', 'Wrapper');
  if (childrenOf(wrapper, 'VASTAdTagURI').length === 0) return vastMissingMessage('VASTAdTagURI', 'Wrapper');
  return undefined;
};

/** Checks a VAST document as VAST 4.x: well-formed, no DOCTYPE, Ads each InLine or Wrapper with their parts. */
export const checkVastXml = (xml: string): VastCheck => {
  if (Buffer.byteLength(xml) > MAX_VAST_BYTES) return refuse(VAST_TOO_LARGE_MESSAGE);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return refuse(VAST_DOCTYPE_MESSAGE);
  const validation = XMLValidator.validate(xml);
  if (validation !== true) return refuse(vastNotXmlAtMessage(validation.err.line, validation.err.msg));
  const document: unknown = parser.parse(xml);
  const vast = isNode(document) ? document.VAST : undefined;
  if (!isNode(vast)) return refuse(VAST_ROOT_MESSAGE);
  const version = typeof vast['@_version'] === 'string' ? vast['@_version'] : undefined;
  if (!version || !VAST_VERSION_PATTERN.test(version)) return refuse(vastVersionMessage(version));
  const ads = childrenOf(vast, 'Ad');
  if (ads.length === 0) return refuse(VAST_NO_AD_MESSAGE);
  const kinds = new Set<'inline' | 'wrapper'>();
  for (const ad of ads) {
    if (!isNode(ad)) return refuse(VAST_AD_KIND_MESSAGE);
    const inline = childOf(ad, 'InLine');
    const wrapper = childOf(ad, 'Wrapper');
    if ((inline === undefined) === (wrapper === undefined)) return refuse(VAST_AD_KIND_MESSAGE);
    const problem = inline ? checkInLine(inline) : wrapper ? checkWrapper(wrapper) : undefined;
    if (problem) return refuse(problem);
    kinds.add(inline ? 'inline' : 'wrapper');
  }
  const kind = kinds.size > 1 ? 'mixed' : kinds.has('wrapper') ? 'wrapper' : 'inline';
  return { ok: true, summary: { version, ads: ads.length, kind } };
};

/** Loopback, private, link-local, carrier-grade NAT and unique-local addresses: never fetched (SSRF). */
const PRIVATE_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

const isPrivateAddress = (address: string): boolean =>
  PRIVATE_ADDRESSES.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Every address a host name resolves to, as `dns.lookup(…, { all: true })` answers. */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export type VastFetchOptions = {
  /** Tests fetch from a local server; installations never do (the default). */
  allowPrivateHosts?: boolean;
  timeoutMs?: number;
  /** How host names are resolved (the system resolver; tests answer for made-up hosts). */
  resolveHost?: ResolveHost;
};

const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

/** An external video's VAST source as it will be stored: a URL or a pasted document. */
export type VastSourceValues = { readonly vast_url: string | null; readonly vast_xml: string | null };

/** Why a VAST source is refused, on its field; null when it holds a VAST 4.x document. */
export type VastSourceProblem = { readonly path: 'vast_url' | 'vast_xml'; readonly message: string } | null;

/** Checks a VAST source as creating or editing an external video does (Deps.checkVastSource). */
export type VastSourceCheck = (source: VastSourceValues) => Promise<VastSourceProblem>;

/** The installation's check: a pasted document is parsed, a URL fetched (public addresses only) and parsed. */
export const createVastSourceCheck =
  (options: VastFetchOptions = {}): VastSourceCheck =>
  async (source) => {
    const check = source.vast_xml
      ? { path: 'vast_xml' as const, result: checkVastXml(source.vast_xml) }
      : { path: 'vast_url' as const, result: await checkVastUrl(source.vast_url ?? '', options) };
    return check.result.ok ? null : { path: check.path, message: check.result.message };
  };

/** Raised by the connection's own lookup when a host resolves to an address VAST fetches may not reach. */
class PrivateAddressError extends Error {
  constructor() {
    super('The host resolves to a private address');
    this.name = 'PrivateAddressError';
  }
}

/**
 * The lookup the connection itself makes (`http.request`'s `lookup`): the addresses it connects to are the ones
 * checked here, so a name that answers a public address to a first query and a private one to the next (DNS
 * rebinding) never reaches the private one. IP literals skip lookups; they are checked before connecting.
 */
const checkedLookup =
  (resolveHost: ResolveHost, allowPrivateHosts: boolean): LookupFunction =>
  (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (!allowPrivateHosts && addresses.some((entry) => isPrivateAddress(entry.address))) {
          callback(new PrivateAddressError(), '', 0);
        } else if (options.all) {
          callback(null, [...addresses]);
        } else {
          const [first] = addresses;
          callback(null, first?.address ?? '', first?.family ?? 4);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

/** One GET, answered with its head; the body is read (or dropped) by the caller. */
const get = (target: URL, signal: AbortSignal, lookup: LookupFunction): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      signal,
      lookup,
      // A connection of its own: a pooled socket would skip this check's lookup.
      agent: false,
      headers: { accept: 'application/xml, text/xml, */*' },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });

/** Reads a response body up to MAX_VAST_BYTES; `undefined` when it is longer. */
const readCapped = async (response: IncomingMessage): Promise<string | undefined> => {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_VAST_BYTES) {
    response.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_VAST_BYTES) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
};

/**
 * Fetches a VAST URL within VAST_FETCH_TIMEOUT_MS and MAX_VAST_BYTES, then checks the document. Only public
 * addresses are reached: an IP literal is checked before connecting, a host name by the connection's own
 * lookup, at every redirect hop (at most five).
 */
export const checkVastUrl = async (url: string, options: VastFetchOptions = {}): Promise<VastCheck> => {
  const signal = AbortSignal.timeout(options.timeoutMs ?? VAST_FETCH_TIMEOUT_MS);
  const allowPrivateHosts = options.allowPrivateHosts ?? false;
  const lookup = checkedLookup(options.resolveHost ?? systemResolve, allowPrivateHosts);
  let target = url;
  try {
    for (let hop = 0; hop < 5; hop += 1) {
      const parsed = new URL(target);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return refuse(VAST_URL_UNREACHABLE_MESSAGE);
      const literal = parsed.hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivateHosts && isIP(literal) !== 0 && isPrivateAddress(literal)) {
        return refuse(VAST_URL_PRIVATE_MESSAGE);
      }
      const response = await get(parsed, signal, lookup);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        target = new URL(location, target).toString();
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        return refuse(vastUrlStatusMessage(status));
      }
      const body = await readCapped(response);
      if (body === undefined) return refuse(VAST_TOO_LARGE_MESSAGE);
      return checkVastXml(body);
    }
    return refuse(VAST_URL_UNREACHABLE_MESSAGE);
  } catch (error) {
    if (error instanceof PrivateAddressError) return refuse(VAST_URL_PRIVATE_MESSAGE);
    if (signal.aborted) return refuse(VAST_URL_TIMEOUT_MESSAGE);
    if (error instanceof Error && error.name === 'TimeoutError') return refuse(VAST_URL_TIMEOUT_MESSAGE);
    return refuse(VAST_URL_UNREACHABLE_MESSAGE);
  }
};
