/**
 * The parts of an OpenRTB 2.6 bid request the bidder reads, the bid response it answers, and the no-bid
 * reason codes (decision 040). Every object is loose: fields the bidder does not read pass through untouched,
 * so an exchange's extensions never make a request invalid. A field the bidder reads must have its OpenRTB
 * type, otherwise the request is refused with a reason (never bid on a misread request).
 */
import { z } from 'zod';
import { isBidRequest } from './openrtb-check';

/** OpenRTB 2.6 list "No-Bid Reason Codes" (the `nbr` of a BidResponse); 500+ are exchange-specific. */
export const NO_BID_REASONS = {
  UNKNOWN_ERROR: 0,
  TECHNICAL_ERROR: 1,
  INVALID_REQUEST: 2,
  KNOWN_WEB_CRAWLER: 3,
  SUSPECTED_NON_HUMAN_TRAFFIC: 4,
  CLOUD_DATA_CENTER_OR_PROXY_IP: 5,
  UNSUPPORTED_DEVICE: 6,
  BLOCKED_PUBLISHER_OR_SITE: 7,
  UNMATCHED_USER: 8,
  DAILY_USER_CAP_MET: 9,
  DAILY_DOMAIN_CAP_MET: 10,
  ADS_TXT_AUTHORIZATION_UNAVAILABLE: 11,
  ADS_TXT_AUTHORIZATION_VIOLATION: 12,
  ADS_CERT_AUTHENTICATION_UNAVAILABLE: 13,
  ADS_CERT_AUTHENTICATION_VIOLATION: 14,
  INSUFFICIENT_AUCTION_TIME: 15,
  INCOMPLETE_SUPPLY_CHAIN: 16,
  BLOCKED_SUPPLY_CHAIN_NODE: 17,
} as const;
export type NoBidReason = (typeof NO_BID_REASONS)[keyof typeof NO_BID_REASONS];

/** OpenRTB 2.6 list "Device Types". */
export const OPENRTB_DEVICE_TYPES = {
  MOBILE_TABLET: 1,
  PERSONAL_COMPUTER: 2,
  CONNECTED_TV: 3,
  PHONE: 4,
  TABLET: 5,
  CONNECTED_DEVICE: 6,
  SET_TOP_BOX: 7,
} as const;

const int = z.number().int();
const strings = z.array(z.string());
const ints = z.array(int);
/** 0/1 flags; OpenRTB writes booleans as integers. */
const flag = z.union([z.literal(0), z.literal(1)]);

export const ZFormat = z.looseObject({ w: int.optional(), h: int.optional() });

export const ZBanner = z.looseObject({
  w: int.optional(),
  h: int.optional(),
  format: z.array(ZFormat).optional(),
  battr: ints.optional(),
  pos: int.optional(),
  mimes: strings.optional(),
});
export type TBanner = z.infer<typeof ZBanner>;

export const ZVideo = z.looseObject({
  mimes: strings.optional(),
  minduration: int.optional(),
  maxduration: int.optional(),
  protocols: ints.optional(),
  w: int.optional(),
  h: int.optional(),
  /** Deprecated in 2.6 in favour of plcmt; both are read. */
  placement: int.optional(),
  plcmt: int.optional(),
  pos: int.optional(),
  /** 0 pre-roll, > 0 mid-roll after that many seconds, -1 mid-roll, -2 post-roll. */
  startdelay: int.optional(),
  battr: ints.optional(),
  companionad: z.array(ZBanner).optional(),
});
export type TVideo = z.infer<typeof ZVideo>;

export const ZAudio = z.looseObject({
  mimes: strings.optional(),
  minduration: int.optional(),
  maxduration: int.optional(),
  protocols: ints.optional(),
  battr: ints.optional(),
});
export type TAudio = z.infer<typeof ZAudio>;

export const ZNative = z.looseObject({
  /** A Native 1.2 request as JSON text (2.6); some exchanges still send the object itself. */
  request: z.union([z.string(), z.looseObject({})]),
  ver: z.string().optional(),
  battr: ints.optional(),
});
export type TNative = z.infer<typeof ZNative>;

export const ZDeal = z.looseObject({
  id: z.string().min(1),
  bidfloor: z.number().nonnegative().optional(),
  bidfloorcur: z.string().optional(),
  at: int.optional(),
  wseat: strings.optional(),
  wadomain: strings.optional(),
});
export type TDeal = z.infer<typeof ZDeal>;

export const ZPmp = z.looseObject({
  private_auction: flag.optional(),
  deals: z.array(ZDeal).optional(),
});

export const ZImp = z.looseObject({
  id: z.string().min(1),
  banner: ZBanner.optional(),
  video: ZVideo.optional(),
  audio: ZAudio.optional(),
  native: ZNative.optional(),
  pmp: ZPmp.optional(),
  bidfloor: z.number().nonnegative().optional(),
  bidfloorcur: z.string().optional(),
  /** DOOH: how many impressions one play counts for (2.6 "Qty"). */
  qty: z.looseObject({ multiplier: z.number().positive().optional() }).optional(),
  instl: flag.optional(),
  secure: flag.optional(),
  tagid: z.string().optional(),
});
export type TImp = z.infer<typeof ZImp>;

export const ZPublisher = z.looseObject({
  id: z.string().optional(),
  domain: z.string().optional(),
  cat: strings.optional(),
});

const distribution = {
  id: z.string().optional(),
  domain: z.string().optional(),
  cat: strings.optional(),
  cattax: int.optional(),
  sectioncat: strings.optional(),
  pagecat: strings.optional(),
  publisher: ZPublisher.optional(),
};
export const ZSite = z.looseObject({ ...distribution, page: z.string().optional() });
export const ZApp = z.looseObject({ ...distribution, bundle: z.string().optional() });
export type TSite = z.infer<typeof ZSite>;
export type TApp = z.infer<typeof ZApp>;

export const ZDooh = z.looseObject({
  id: z.string().optional(),
  venuetype: strings.optional(),
  venuetypetax: int.optional(),
  domain: z.string().optional(),
  publisher: ZPublisher.optional(),
});

export const ZGeo = z.looseObject({
  /** ISO 3166-1 alpha-3. */
  country: z.string().optional(),
  /** ISO 3166-2 subdivision: "AN" or "ES-AN". */
  region: z.string().optional(),
  city: z.string().optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  /** 1 GPS, 2 IP address, 3 user provided. */
  type: int.optional(),
  utcoffset: int.optional(),
});
export type TGeo = z.infer<typeof ZGeo>;

export const ZDevice = z.looseObject({
  ua: z.string().optional(),
  ip: z.string().optional(),
  ipv6: z.string().optional(),
  devicetype: int.optional(),
  os: z.string().optional(),
  ifa: z.string().optional(),
  lmt: flag.optional(),
  dnt: flag.optional(),
  geo: ZGeo.optional(),
  ext: z.looseObject({ ifa_type: z.string().optional() }).optional(),
});
export type TDevice = z.infer<typeof ZDevice>;

export const ZEid = z.looseObject({
  source: z.string().optional(),
  uids: z.array(z.looseObject({ id: z.string(), atype: int.optional() })).optional(),
});

export const ZUser = z.looseObject({
  id: z.string().optional(),
  buyeruid: z.string().optional(),
  /** 2.6 moved eids out of ext; both places are read. */
  eids: z.array(ZEid).optional(),
  ext: z.looseObject({ eids: z.array(ZEid).optional() }).optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZRegs = z.looseObject({
  coppa: flag.optional(),
  gdpr: flag.optional(),
  us_privacy: z.string().optional(),
  gpp: z.string().optional(),
  gpp_sid: ints.optional(),
});

export const ZBidRequest = z.looseObject({
  id: z.string().min(1),
  imp: z.array(ZImp).min(1),
  site: ZSite.optional(),
  app: ZApp.optional(),
  dooh: ZDooh.optional(),
  device: ZDevice.optional(),
  user: ZUser.optional(),
  regs: ZRegs.optional(),
  /** 1 first price, 2 second price plus. */
  at: int.optional(),
  tmax: int.nonnegative().optional(),
  cur: strings.optional(),
  bcat: strings.optional(),
  badv: strings.optional(),
  wseat: strings.optional(),
  bseat: strings.optional(),
  test: flag.optional(),
  source: z.looseObject({ tid: z.string().optional() }).optional(),
});
export type TBidRequest = z.infer<typeof ZBidRequest>;

export type ParsedBidRequest = { ok: true; request: TBidRequest } | { ok: false; reason: string };

const describeIssue = (issue: z.core.$ZodIssue): string => {
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
};

/**
 * Parses a bid request from its JSON text (or an already parsed value). Never throws: malformed JSON, a
 * missing id, no impressions or a read field of the wrong type answer `{ ok: false, reason }`, which the
 * bidder answers with `nbr` INVALID_REQUEST.
 */
export const parseBidRequest = (json: unknown): ParsedBidRequest => {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return { ok: false, reason: 'The bid request is not valid JSON' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'The bid request is not a JSON object' };
  }
  // The schema's checks without its copy (decision 055); the schema itself reads what they refuse, to say why.
  if (isBidRequest(value)) return { ok: true, request: value as TBidRequest };
  const parsed = ZBidRequest.safeParse(value);
  if (parsed.success) return { ok: true, request: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, reason: first === undefined ? 'Invalid bid request' : describeIssue(first) };
};

// ---------------------------------------------------------------------------------------------------------
// Native 1.2 request (the string inside imp.native.request)

export const ZNativeAsset = z.looseObject({
  id: int,
  required: flag.optional(),
  title: z.looseObject({ len: int }).optional(),
  /** type 1 icon, 3 main image. */
  img: z
    .looseObject({
      type: int.optional(),
      w: int.optional(),
      h: int.optional(),
      wmin: int.optional(),
      hmin: int.optional(),
    })
    .optional(),
  /** type 1 sponsored, 2 description, 12 call to action; others are data the creatives do not hold. */
  data: z.looseObject({ type: int, len: int.optional() }).optional(),
  video: z.looseObject({}).optional(),
});
export type TNativeAsset = z.infer<typeof ZNativeAsset>;

export const ZNativeRequest = z.looseObject({
  ver: z.string().optional(),
  assets: z.array(ZNativeAsset),
});
export type TNativeRequest = z.infer<typeof ZNativeRequest>;

/**
 * The Native 1.2 request of an impression, or undefined when it is not readable. Accepts the 1.0 wrapper
 * (`{"native": {...}}`) some exchanges still send.
 */
export const parseNativeRequest = (native: TNative): TNativeRequest | undefined => {
  let value: unknown = native.request;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof value === 'object' && value !== null && 'native' in value) value = value.native;
  const parsed = ZNativeRequest.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

// ---------------------------------------------------------------------------------------------------------
// Bid response

/** OpenRTB 2.6 "Creative Markup Types" (bid.mtype). */
export const MARKUP_TYPES = { BANNER: 1, VIDEO: 2, AUDIO: 3, NATIVE: 4 } as const;
export type MarkupType = (typeof MARKUP_TYPES)[keyof typeof MARKUP_TYPES];

export type TBid = {
  id: string;
  impid: string;
  /** CPM in the response currency, as OpenRTB writes it (a decimal number, converted from micros). */
  price: number;
  adm?: string;
  nurl?: string;
  burl?: string;
  adomain?: string[];
  crid?: string;
  cid?: string;
  cat?: string[];
  w?: number;
  h?: number;
  dealid?: string;
  attr?: number[];
  mtype?: MarkupType;
};
export type TSeatBid = { bid: TBid[]; seat?: string };
export type TBidResponse = {
  id: string;
  seatbid?: TSeatBid[];
  /** ISO 4217, upper case. */
  cur?: string;
  nbr?: NoBidReason;
};

/** The answer to a request the bidder does not bid on. */
export const noBidResponse = (requestId: string, nbr: NoBidReason): TBidResponse => ({ id: requestId, nbr });
