/**
 * The targeting rules of the bidder (DESIGN §8, decision 040): one pure function per rule, each answering
 * pass or a named failure with the OpenRTB no-bid reason it stands for, and `evaluate`, which runs them
 * cheapest first and answers the creatives that fit an impression, or the first failure. No I/O: the
 * caller passes the clock and the identity of the request (hashed once per request, `requestIdentity`).
 */
import { TARGETING_STEPS } from '@beacon/domain/dictionary/bidding-steps';
import {
  DAYS_OF_WEEK,
  type DayOfWeek,
  type DeviceIdType,
  type DeviceType,
  type VideoPosition,
} from '@beacon/domain/dictionary/campaigns';
import { toIso2 } from '@beacon/domain/dictionary/countries';
import { normalizedDeviceIdentifier, rememberingHasher } from '../lib/identifier-hash';
import {
  NO_BID_REASONS,
  type NoBidReason,
  OPENRTB_DEVICE_TYPES,
  parseNativeRequest,
  type TBidRequest,
  type TDeal,
  type TGeo,
  type TImp,
  type TNativeAsset,
} from './openrtb';
import type {
  CompiledAudiences,
  CompiledCreative,
  CompiledDeal,
  CompiledGeo,
  CompiledLocationAudience,
  CompiledNativeCreative,
  CompiledSchedule,
  CompiledSize,
  CompiledStrategy,
  GeoArea,
  MinuteRange,
} from './strategy-index';

// ---------------------------------------------------------------------------------------------------------
// Results

/** The rules' failures: the targeting steps of the bidding diagnostics (§2 bidding dialog). */
export const FAILURE_REASONS = TARGETING_STEPS;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/**
 * The OpenRTB code each failure stands for. OpenRTB has no code for "not what this campaign buys" (place,
 * schedule, price...): those answer UNKNOWN_ERROR, its catch-all, and the named reason carries the meaning.
 */
export const FAILURE_NBR = {
  dooh_supply: NO_BID_REASONS.UNSUPPORTED_DEVICE,
  not_dooh_supply: NO_BID_REASONS.UNSUPPORTED_DEVICE,
  not_ctv_supply: NO_BID_REASONS.UNSUPPORTED_DEVICE,
  seat_not_allowed: NO_BID_REASONS.UNKNOWN_ERROR,
  device_type: NO_BID_REASONS.UNSUPPORTED_DEVICE,
  country: NO_BID_REASONS.UNKNOWN_ERROR,
  place: NO_BID_REASONS.UNKNOWN_ERROR,
  geolist: NO_BID_REASONS.UNKNOWN_ERROR,
  location_audience: NO_BID_REASONS.UNMATCHED_USER,
  outside_flight: NO_BID_REASONS.UNKNOWN_ERROR,
  outside_schedule: NO_BID_REASONS.UNKNOWN_ERROR,
  bundle: NO_BID_REASONS.BLOCKED_PUBLISHER_OR_SITE,
  iab_category: NO_BID_REASONS.BLOCKED_PUBLISHER_OR_SITE,
  app_category: NO_BID_REASONS.BLOCKED_PUBLISHER_OR_SITE,
  publisher_blocked: NO_BID_REASONS.BLOCKED_PUBLISHER_OR_SITE,
  publisher_not_allowed: NO_BID_REASONS.BLOCKED_PUBLISHER_OR_SITE,
  private_auction: NO_BID_REASONS.UNKNOWN_ERROR,
  deal_required: NO_BID_REASONS.UNKNOWN_ERROR,
  blocked_advertiser: NO_BID_REASONS.UNKNOWN_ERROR,
  device_id: NO_BID_REASONS.UNMATCHED_USER,
  audience_excluded: NO_BID_REASONS.UNMATCHED_USER,
  audience_missing: NO_BID_REASONS.UNMATCHED_USER,
  no_fitting_creative: NO_BID_REASONS.UNKNOWN_ERROR,
} as const satisfies Record<FailureReason, NoBidReason>;

export type RuleFailure = {
  readonly ok: false;
  readonly reason: FailureReason;
  readonly nbr: NoBidReason;
  /** For diagnostics only: what was seen. */
  readonly detail?: string;
};
export type RulePass = { readonly ok: true };
export type RuleResult = RulePass | RuleFailure;

const PASS: RulePass = { ok: true };
const fail = (reason: FailureReason, detail?: string): RuleFailure =>
  detail === undefined
    ? { ok: false, reason, nbr: FAILURE_NBR[reason] }
    : { ok: false, reason, nbr: FAILURE_NBR[reason], detail };

// ---------------------------------------------------------------------------------------------------------
// Normalisation shared with the index compiler

/** Publisher keys and domains compare in lower case without a leading `www.`. */
export const normalizeHost = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');

/** City names compare without case or accents: "Málaga" and "MALAGA" are one city. */
export const foldName = (value: string): string =>
  value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

// ---------------------------------------------------------------------------------------------------------
// Time in a zone

export type LocalTime = { readonly day: string; readonly weekday: DayOfWeek; readonly minute: number };

const WEEKDAYS_BY_NAME: ReadonlyMap<string, DayOfWeek> = new Map(DAYS_OF_WEEK.map((day) => [day, day]));

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/**
 * The last answer per zone, by UTC minute: every strategy of a request asks for the same minute, and
 * formatting it is most of what the rules cost (measured in decision 040). Zones shift by whole minutes.
 */
const lastLocalTimes = new Map<string, { readonly minute: number; readonly local: LocalTime | undefined }>();

/** The wall-clock day, weekday and minute of `now` in an IANA zone, or undefined for an unknown zone. */
export const localTime = (now: Date, timeZone: string): LocalTime | undefined => {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastLocalTimes.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.local;
  const local = formatLocalTime(now, timeZone);
  lastLocalTimes.set(timeZone, { minute, local });
  return local;
};

const formatLocalTime = (now: Date, timeZone: string): LocalTime | undefined => {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterOf(timeZone).formatToParts(now);
  } catch {
    return undefined;
  }
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAYS_BY_NAME.get(part('weekday').toLowerCase());
  if (weekday === undefined) return undefined;
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    weekday,
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
};

const inRange = (minute: number, range: MinuteRange): boolean => minute >= range.from && minute < range.to;

// ---------------------------------------------------------------------------------------------------------
// Rules

/** Flight days, weekdays and hours of the schedule, all in the schedule's time zone. */
export const checkSchedule = (schedule: CompiledSchedule, now: Date): RuleResult => {
  const local = localTime(now, schedule.timeZone);
  if (local === undefined) return fail('outside_schedule', `unknown time zone ${schedule.timeZone}`);
  if (schedule.startDay !== null && local.day < schedule.startDay) return fail('outside_flight', local.day);
  if (schedule.endDay !== null && local.day > schedule.endDay) return fail('outside_flight', local.day);
  if (!schedule.days.has(local.weekday)) return fail('outside_schedule', local.weekday);
  if (!schedule.ranges.some((range) => inRange(local.minute, range))) {
    return fail('outside_schedule', `${local.weekday} minute ${local.minute}`);
  }
  return PASS;
};

export const checkCountry = (geo: CompiledGeo, requestGeo: TGeo | undefined): RuleResult => {
  if (geo.countries.size === 0) return PASS;
  const country = requestGeo?.country?.toUpperCase();
  if (country === undefined) return fail('country', 'no country in the request');
  return geo.countries.has(country) ? PASS : fail('country', country);
};

/** The request's region as `<alpha-2>-<code>`; OpenRTB sends "AN" or "ES-AN". */
const requestRegion = (requestGeo: TGeo, countryIso2: string | undefined): string | undefined => {
  const region = requestGeo.region?.trim().toUpperCase();
  if (region === undefined || region === '') return undefined;
  if (region.includes('-')) return region;
  return countryIso2 === undefined ? undefined : `${countryIso2}-${region}`;
};

/** Regions and cities together: targeting either means "one of these places" (§5 location rule). */
export const checkPlace = (geo: CompiledGeo, requestGeo: TGeo | undefined): RuleResult => {
  if (geo.regions.size === 0 && geo.cities.length === 0) return PASS;
  if (requestGeo === undefined) return fail('place', 'no geo in the request');
  const countryIso2 = requestGeo.country === undefined ? undefined : toIso2(requestGeo.country);
  const region = requestRegion(requestGeo, countryIso2);
  if (region !== undefined && geo.regions.has(region)) return PASS;
  const city = requestGeo.city === undefined ? undefined : foldName(requestGeo.city);
  if (city !== undefined && countryIso2 !== undefined) {
    const regionCode = region?.slice(region.indexOf('-') + 1);
    const match = geo.cities.some(
      (target) =>
        target.countryIso2 === countryIso2 &&
        target.name === city &&
        (regionCode === undefined || target.region.toUpperCase() === regionCode),
    );
    if (match) return PASS;
  }
  return fail('place', [region, requestGeo.city].filter(Boolean).join(' ') || 'no region or city');
};

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;
const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export const distanceMetres = (lat1: number, lon1: number, lat2: number, lon2: number): number => {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
};

const inAnyArea = (areas: readonly GeoArea[], lat: number, lon: number): boolean =>
  areas.some((area) => distanceMetres(area.lat, area.lon, lat, lon) <= area.radiusMetres);

/** Geolists: the device must be within one of their areas. */
export const checkGeolists = (geo: CompiledGeo, requestGeo: TGeo | undefined): RuleResult => {
  if (geo.areas.length === 0) return PASS;
  const lat = requestGeo?.lat;
  const lon = requestGeo?.lon;
  if (lat === undefined || lon === undefined) return fail('geolist', 'no coordinates in the request');
  return inAnyArea(geo.areas, lat, lon) ? PASS : fail('geolist', `${lat},${lon}`);
};

const locationAudienceLive = (audience: CompiledLocationAudience, now: Date): boolean => {
  const local = localTime(now, audience.timeZone);
  return (
    local !== undefined &&
    local.day >= audience.startDay &&
    local.day <= audience.endDay &&
    inRange(local.minute, audience.hours)
  );
};

/** Location audiences: within one of the areas of an audience whose days and hours are now. */
export const checkLocationAudiences = (
  geo: CompiledGeo,
  requestGeo: TGeo | undefined,
  now: Date,
): RuleResult => {
  if (geo.locationAudiences.length === 0) return PASS;
  const lat = requestGeo?.lat;
  const lon = requestGeo?.lon;
  if (lat === undefined || lon === undefined)
    return fail('location_audience', 'no coordinates in the request');
  const match = geo.locationAudiences.some(
    (audience) => locationAudienceLive(audience, now) && inAnyArea(audience.areas, lat, lon),
  );
  return match ? PASS : fail('location_audience', `${lat},${lon}`);
};

/**
 * OpenRTB device types → the §3 device types. 1 ("mobile/tablet", OpenRTB 2.0) is either; 6 (connected
 * device: speakers, wearables) is none of them; 7 (set-top box) plays on a TV.
 */
export const DEVICE_TYPE_MAP: Readonly<Record<number, readonly DeviceType[]>> = {
  [OPENRTB_DEVICE_TYPES.MOBILE_TABLET]: ['phone', 'tablet'],
  [OPENRTB_DEVICE_TYPES.PERSONAL_COMPUTER]: ['desktop'],
  [OPENRTB_DEVICE_TYPES.CONNECTED_TV]: ['connectedtv'],
  [OPENRTB_DEVICE_TYPES.PHONE]: ['phone'],
  [OPENRTB_DEVICE_TYPES.TABLET]: ['tablet'],
  [OPENRTB_DEVICE_TYPES.CONNECTED_DEVICE]: [],
  [OPENRTB_DEVICE_TYPES.SET_TOP_BOX]: ['connectedtv'],
};

export const deviceTypesOf = (request: TBidRequest): readonly DeviceType[] => {
  const code = request.device?.devicetype;
  return code === undefined ? [] : (DEVICE_TYPE_MAP[code] ?? []);
};

export const checkDeviceType = (strategy: CompiledStrategy, request: TBidRequest): RuleResult => {
  if (strategy.deviceTypes.size === 0) return PASS;
  const types = deviceTypesOf(request);
  return types.some((type) => strategy.deviceTypes.has(type))
    ? PASS
    : fail('device_type', String(request.device?.devicetype ?? 'none'));
};

/**
 * What a campaign type may buy: Connected TV only connected-TV supply, DOOH only requests with `dooh`
 * (screens), and no other type buys screens.
 */
export const checkCampaignTypeSupply = (strategy: CompiledStrategy, request: TBidRequest): RuleResult => {
  const isDooh = request.dooh !== undefined;
  if (strategy.campaignType === 'dooh') return isDooh ? PASS : fail('not_dooh_supply');
  if (isDooh) return fail('dooh_supply');
  if (strategy.campaignType === 'smart-tv' && !deviceTypesOf(request).includes('connectedtv')) {
    return fail('not_ctv_supply', String(request.device?.devicetype ?? 'none'));
  }
  return PASS;
};

export const checkBundle = (strategy: CompiledStrategy, request: TBidRequest): RuleResult => {
  if (strategy.supply.bundleIds.size === 0) return PASS;
  const bundle = request.app?.bundle?.trim().toLowerCase();
  if (bundle === undefined) return fail('bundle', 'not an app');
  return strategy.supply.bundleIds.has(bundle) ? PASS : fail('bundle', bundle);
};

/** `IAB2` covers `IAB2-1`; a tier-2 target does not cover its tier 1. */
const categoryCovers = (target: string, category: string): boolean =>
  category === target || category.startsWith(`${target}-`);

const contentCategories = (request: TBidRequest): string[] => {
  const source = request.site ?? request.app;
  return [...(source?.cat ?? []), ...(source?.sectioncat ?? []), ...(source?.pagecat ?? [])].map((c) =>
    c.trim().toUpperCase(),
  );
};

export const checkCategories = (strategy: CompiledStrategy, request: TBidRequest): RuleResult => {
  const { iabCategories, appCategories } = strategy.supply;
  if (iabCategories.size > 0) {
    const categories = contentCategories(request);
    const targets = [...iabCategories];
    const match = categories.some((category) => targets.some((target) => categoryCovers(target, category)));
    if (!match) return fail('iab_category', categories.join(',') || 'no category');
  }
  if (appCategories.size > 0) {
    const categories = (request.app?.cat ?? []).map((c) => c.trim().toLowerCase());
    if (!categories.some((category) => appCategories.has(category))) {
      return fail('app_category', categories.join(',') || 'no app category');
    }
  }
  return PASS;
};

/** Publisher id, app bundle and domains of the request, normalised like publisher list entries. */
export const publisherKeysOf = (request: TBidRequest): string[] => {
  const source = request.site ?? request.app ?? request.dooh;
  const keys = [source?.publisher?.id, source?.publisher?.domain, source?.domain, request.app?.bundle].filter(
    (key): key is string => typeof key === 'string' && key.trim() !== '',
  );
  return [...new Set(keys.map(normalizeHost))];
};

/** Blocklists win over allowlists (§5: a publisher in both is excluded). */
export const checkPublishers = (strategy: CompiledStrategy, request: TBidRequest): RuleResult => {
  const { allow, block } = strategy.supply.publishers;
  if (allow === null && block.size === 0) return PASS;
  const keys = publisherKeysOf(request);
  const blocked = keys.find((key) => block.has(key));
  if (blocked !== undefined) return fail('publisher_blocked', blocked);
  if (allow !== null && !keys.some((key) => allow.has(key))) {
    return fail('publisher_not_allowed', keys.join(',') || 'no publisher');
  }
  return PASS;
};

/** The request's seat rules: wseat names the seats allowed, bseat those blocked. */
export const checkSeat = (request: TBidRequest, seat: string): RuleResult => {
  if (request.bseat?.includes(seat)) return fail('seat_not_allowed', 'blocked seat');
  if (request.wseat !== undefined && request.wseat.length > 0 && !request.wseat.includes(seat)) {
    return fail('seat_not_allowed', 'seat not in wseat');
  }
  return PASS;
};

/** The request's badv, normalised like advertiser domains: once per request, however many strategies ask. */
const blockedDomains = new WeakMap<TBidRequest, readonly string[]>();
const blockedDomainsOf = (request: TBidRequest): readonly string[] => {
  let domains = blockedDomains.get(request);
  if (domains === undefined) {
    domains = (request.badv ?? []).map(normalizeHost).filter((domain) => domain !== '');
    blockedDomains.set(request, domains);
  }
  return domains;
};

/** Whether a domain is one of `blocked` or a subdomain of one (`brand.example` blocks `shop.brand.example`). */
const isBlockedDomain = (domain: string, blocked: readonly string[]): boolean =>
  blocked.some((entry) => domain === entry || domain.endsWith(`.${entry}`));

/**
 * badv, per creative: the creatives whose advertiser domain (compile.ts) is a blocked domain or a subdomain of
 * one are left out; a creative without a known domain is not blocked. The strategy fails `blocked_advertiser`
 * only when creatives fitted and every one of them is blocked. There is no ad category to hold against bcat
 * (the product stores none, docs/engine.md "Advertiser domain, badv and bcat").
 */
export const creativesNotBlocked = (
  creatives: readonly CompiledCreative[],
  request: TBidRequest,
): readonly CompiledCreative[] => {
  if (request.badv === undefined || request.badv.length === 0) return creatives;
  const blocked = blockedDomainsOf(request);
  if (blocked.length === 0) return creatives;
  return creatives.filter(
    (creative) => !creative.advertiserDomain || !isBlockedDomain(creative.advertiserDomain, blocked),
  );
};

/** The deal a bid goes through: the strategy's and the request's view of it. */
export type MatchedDeal = { readonly deal: CompiledDeal; readonly requestDeal: TDeal };
export type DealResult = { readonly ok: true; readonly deal: MatchedDeal | null } | RuleFailure;

export type DealContext = {
  readonly now: Date;
  readonly seat: string;
  /** The exchange the request came from; a deal of another partner never matches. */
  readonly supplyPartner?: string;
};

const dealLive = (deal: CompiledDeal, day: string): boolean =>
  deal.startDay <= day && (deal.endDay === null || day <= deal.endDay);

/**
 * Deals: a strategy with deals buys only through one of them (listed in the impression, open to our seat,
 * of the request's exchange, within its days, UTC); a strategy without deals buys only the open auction,
 * so never a private auction (`private_auction = 1`).
 */
export const checkDeals = (strategy: CompiledStrategy, imp: TImp, ctx: DealContext): DealResult => {
  const requestDeals = (imp.pmp?.deals ?? []).filter(
    (deal) => deal.wseat === undefined || deal.wseat.length === 0 || deal.wseat.includes(ctx.seat),
  );
  if (strategy.deals.length === 0) {
    return imp.pmp?.private_auction === 1 ? fail('private_auction') : { ok: true, deal: null };
  }
  const today = ctx.now.toISOString().slice(0, 10);
  for (const requestDeal of requestDeals) {
    const deal = strategy.deals.find(
      (candidate) =>
        candidate.externalId === requestDeal.id &&
        (ctx.supplyPartner === undefined || candidate.supplyPartner === ctx.supplyPartner) &&
        dealLive(candidate, today),
    );
    if (deal !== undefined) return { ok: true, deal: { deal, requestDeal } };
  }
  return fail('deal_required', requestDeals.map((deal) => deal.id).join(',') || 'no deal in the impression');
};

// ---------------------------------------------------------------------------------------------------------
// Identity and audiences

/** The request's device identifiers: their §3 types and keyed hashes (as audiences store them). */
export type RequestIdentity = {
  readonly types: ReadonlySet<DeviceIdType>;
  readonly hashes: readonly string[];
  /** The hash of the advertising id (`device.ifa`), '' without one: the device of conversion attribution. */
  readonly device: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** IAB "ifa_type" values (device.ext.ifa_type) → §3 identifier types. */
const IFA_TYPES: Readonly<Record<string, DeviceIdType>> = {
  idfa: 'ifa',
  ifa: 'ifa',
  aaid: 'gaid',
  gaid: 'gaid',
  rida: 'rida',
  tifa: 'tifa',
  lgudid: 'lgudid',
  msai: 'msai',
  afai: 'amazonadvertisingid',
};
/** Without ifa_type, the operating system tells which advertising id it is. */
const OS_IFA_TYPES: Readonly<Record<string, DeviceIdType>> = {
  ios: 'ifa',
  ipados: 'ifa',
  tvos: 'ifa',
  android: 'gaid',
  roku: 'rida',
  tizen: 'tifa',
  webos: 'lgudid',
  'fire os': 'amazonadvertisingid',
  fireos: 'amazonadvertisingid',
  xbox: 'msai',
};

/** The type of the request's advertising id, or undefined when neither ifa_type nor the OS tells. */
export const ifaTypeOf = (request: TBidRequest): DeviceIdType | undefined => {
  const declared = request.device?.ext?.ifa_type?.toLowerCase();
  if (declared !== undefined) return IFA_TYPES[declared];
  const os = request.device?.os?.trim().toLowerCase();
  return os === undefined ? undefined : OS_IFA_TYPES[os];
};

/**
 * Hashes the request's identifiers once per request with the audiences' key (HMAC-SHA256 hex, as uploads
 * store them): the advertising id (lower case, like uploaded UUIDs; none when tracking is limited or the id
 * is all zeros), the bidder's own cookie id (`user.buyeruid`, type web) and the extended ids.
 */
export const requestIdentity = (request: TBidRequest, hmacKey: string): RequestIdentity => {
  const hash = rememberingHasher(hmacKey);
  const types = new Set<DeviceIdType>();
  const identifiers = new Set<string>();
  const ifa = request.device?.lmt === 1 ? null : normalizedDeviceIdentifier(request.device?.ifa ?? '');
  if (ifa !== null) {
    identifiers.add(ifa);
    const type = ifaTypeOf(request);
    if (type !== undefined) types.add(type);
  }
  const buyeruid = request.user?.buyeruid?.trim();
  if (buyeruid !== undefined && buyeruid !== '') {
    identifiers.add(buyeruid);
    types.add('web');
  }
  for (const eid of [...(request.user?.eids ?? []), ...(request.user?.ext?.eids ?? [])]) {
    for (const uid of eid.uids ?? []) {
      const id = uid.id.trim();
      if (id !== '') identifiers.add(UUID.test(id) ? id.toLowerCase() : id);
    }
  }
  const hashes = [...identifiers].map(hash);
  // The advertising id, when there is one, went in first.
  return { types, hashes, device: ifa === null ? '' : (hashes[0] ?? '') };
};

/** Identifier types: `fake` (or none chosen) takes any identifier or none (§3). */
export const checkDeviceIdType = (strategy: CompiledStrategy, identity: RequestIdentity): RuleResult => {
  const targeted = strategy.deviceIdTypes;
  if (targeted.size === 0 || targeted.has('fake')) return PASS;
  return [...identity.types].some((type) => targeted.has(type))
    ? PASS
    : fail('device_id', [...identity.types].join(',') || 'no identifier');
};

/**
 * Audiences (decision 021): none of the excluded, every mandatory one, and one of "at least one of them"
 * when any is listed. A request without identifiers is in no audience.
 */
export const checkAudiences = (audiences: CompiledAudiences, identity: RequestIdentity): RuleResult => {
  const contains = (audience: { hashes: ReadonlySet<string> }) =>
    identity.hashes.some((hash) => audience.hashes.has(hash));
  const excluded = audiences.excluded.find(contains);
  if (excluded !== undefined) return fail('audience_excluded', excluded.id);
  const missing = audiences.mandatory.find((audience) => !contains(audience));
  if (missing !== undefined) return fail('audience_missing', missing.id);
  if (audiences.atLeastOneOf.length > 0 && !audiences.atLeastOneOf.some(contains)) {
    return fail('audience_missing', 'none of at least one of them');
  }
  return PASS;
};

// ---------------------------------------------------------------------------------------------------------
// Creative fit

const sameSize = (a: CompiledSize, w: number | undefined, h: number | undefined): boolean =>
  a.w === w && a.h === h;

const blockedByAttributes = (creative: CompiledCreative, battr: readonly number[] | undefined): boolean =>
  battr !== undefined && creative.attributes.some((attribute) => battr.includes(attribute));

const fitsBanner = (creative: CompiledCreative, imp: TImp): boolean => {
  const banner = imp.banner;
  if (banner === undefined || creative.kind !== 'banner') return false;
  if (blockedByAttributes(creative, banner.battr)) return false;
  const formats = banner.format ?? [];
  if (formats.length > 0) return formats.some((format) => sameSize(creative.size, format.w, format.h));
  return sameSize(creative.size, banner.w, banner.h);
};

const mimesFit = (offered: readonly string[] | undefined, own: readonly string[]): boolean => {
  if (offered === undefined || offered.length === 0) return true;
  const accepted = new Set(offered.map((mime) => mime.trim().toLowerCase()));
  return own.some((mime) => accepted.has(mime.toLowerCase()));
};

const durationFits = (min: number | undefined, max: number | undefined, seconds: number | null): boolean => {
  if (min === undefined && max === undefined) return true;
  if (seconds === null) return false;
  return (min === undefined || seconds >= min) && (max === undefined || max <= 0 || seconds <= max);
};

const ANY_POSITION: ReadonlySet<VideoPosition> = new Set();

/** OpenRTB "Start Delay": 0 pre-roll, > 0 or -1 mid-roll, -2 post-roll; undefined when not said. */
export const videoPositionOf = (startdelay: number | undefined): VideoPosition | undefined => {
  if (startdelay === undefined) return undefined;
  if (startdelay === 0) return 'pre-roll';
  if (startdelay > 0 || startdelay === -1) return 'mid-roll';
  return startdelay === -2 ? 'post-roll' : undefined;
};

const fitsVideo = (creative: CompiledCreative, imp: TImp, positions: ReadonlySet<VideoPosition>): boolean => {
  const video = imp.video;
  if (video === undefined || creative.kind !== 'video') return false;
  if (positions.size > 0) {
    const position = videoPositionOf(video.startdelay);
    if (position === undefined || !positions.has(position)) return false;
  }
  if (blockedByAttributes(creative, video.battr)) return false;
  if (!mimesFit(video.mimes, creative.mimes)) return false;
  if (!durationFits(video.minduration, video.maxduration, creative.durationSeconds)) return false;
  const protocols = video.protocols ?? [];
  return protocols.length === 0 || creative.protocols.some((protocol) => protocols.includes(protocol));
};

const fitsAudio = (creative: CompiledCreative, imp: TImp): boolean => {
  const audio = imp.audio;
  if (audio === undefined || creative.kind !== 'audio') return false;
  if (blockedByAttributes(creative, audio.battr)) return false;
  return (
    mimesFit(audio.mimes, creative.mimes) &&
    durationFits(audio.minduration, audio.maxduration, creative.durationSeconds)
  );
};

/** Native 1.2 image asset types and data asset types the creatives hold. */
const NATIVE_IMAGE_ICON = 1;
const NATIVE_IMAGE_MAIN = 3;
const NATIVE_DATA_SPONSORED = 1;
const NATIVE_DATA_DESCRIPTION = 2;
const NATIVE_DATA_CTA = 12;

const imageFits = (
  image: CompiledSize | null,
  asked: {
    w?: number | undefined;
    h?: number | undefined;
    wmin?: number | undefined;
    hmin?: number | undefined;
  },
): boolean => {
  if (image === null) return false;
  if (asked.wmin !== undefined || asked.hmin !== undefined) {
    return image.w >= (asked.wmin ?? 0) && image.h >= (asked.hmin ?? 0);
  }
  if (asked.w !== undefined && asked.h !== undefined) {
    // Natives are scaled by the app: the same shape (within 2 %) at least as large is served.
    const sameShape = Math.abs(image.w / image.h - asked.w / asked.h) <= 0.02 * (asked.w / asked.h);
    return sameShape && image.w >= asked.w && image.h >= asked.h;
  }
  return true;
};

const textFits = (text: string, len: number | undefined): boolean =>
  text.trim() !== '' && (len === undefined || len <= 0 || text.length <= len);

/** Whether a native creative can fill one asset of the request. */
export const nativeAssetFits = (creative: CompiledNativeCreative, asset: TNativeAsset): boolean => {
  if (asset.title !== undefined) return textFits(creative.title, asset.title.len);
  if (asset.img !== undefined) {
    const image = asset.img.type === NATIVE_IMAGE_ICON ? creative.icon : creative.mainImage;
    if (
      asset.img.type !== undefined &&
      asset.img.type !== NATIVE_IMAGE_ICON &&
      asset.img.type !== NATIVE_IMAGE_MAIN
    )
      return false;
    return imageFits(image, asset.img);
  }
  if (asset.data !== undefined) {
    const text =
      asset.data.type === NATIVE_DATA_SPONSORED
        ? creative.sponsoredBy
        : asset.data.type === NATIVE_DATA_DESCRIPTION
          ? creative.description
          : asset.data.type === NATIVE_DATA_CTA
            ? creative.callToAction
            : '';
    return textFits(text, asset.data.len);
  }
  // A native video asset (or an unknown kind): the creatives hold none.
  return false;
};

const fitsNative = (creative: CompiledCreative, imp: TImp): boolean => {
  if (imp.native === undefined || creative.kind !== 'native') return false;
  if (blockedByAttributes(creative, imp.native.battr)) return false;
  const request = parseNativeRequest(imp.native);
  if (request === undefined) return false;
  return request.assets.every((asset) => asset.required !== 1 || nativeAssetFits(creative, asset));
};

/**
 * The creatives that fit the impression: format, size, MIME, duration, protocol, attributes, and for video
 * the positions the campaign targets (none: any).
 */
export const fittingCreatives = (
  creatives: readonly CompiledCreative[],
  imp: TImp,
  videoPositions: ReadonlySet<VideoPosition> = ANY_POSITION,
): readonly CompiledCreative[] =>
  creatives.filter(
    (creative) =>
      fitsBanner(creative, imp) ||
      fitsVideo(creative, imp, videoPositions) ||
      fitsAudio(creative, imp) ||
      fitsNative(creative, imp),
  );

// ---------------------------------------------------------------------------------------------------------
// All rules

export type EvaluationContext = DealContext & {
  /** The request's identifiers, hashed once per request (`requestIdentity`). */
  readonly identity: RequestIdentity;
};

export type Evaluation =
  | { readonly ok: true; readonly creatives: readonly CompiledCreative[]; readonly deal: MatchedDeal | null }
  | RuleFailure;

type Rule = (
  strategy: CompiledStrategy,
  imp: TImp,
  request: TBidRequest,
  ctx: EvaluationContext,
) => RuleResult;

/** Set lookups on the request, run before the deal is looked for. */
const CHEAP_RULES: readonly Rule[] = [
  (strategy, _imp, request) => checkCampaignTypeSupply(strategy, request),
  (_strategy, _imp, request, ctx) => checkSeat(request, ctx.seat),
  (strategy, _imp, request) => checkDeviceType(strategy, request),
  (strategy, _imp, request) => checkCountry(strategy.geo, request.device?.geo),
  (strategy, _imp, request) => checkBundle(strategy, request),
  (strategy, _imp, request) => checkPublishers(strategy, request),
  (strategy, _imp, request) => checkCategories(strategy, request),
  (strategy, _imp, _request, ctx) => checkDeviceIdType(strategy, ctx.identity),
];
/** Time zones, names, distances and audience lookups, run once the deal is settled. */
const COSTLY_RULES: readonly Rule[] = [
  (strategy, _imp, _request, ctx) => checkSchedule(strategy.schedule, ctx.now),
  (strategy, _imp, request) => checkPlace(strategy.geo, request.device?.geo),
  (strategy, _imp, request) => checkGeolists(strategy.geo, request.device?.geo),
  (strategy, _imp, request, ctx) => checkLocationAudiences(strategy.geo, request.device?.geo, ctx.now),
  (strategy, _imp, _request, ctx) => checkAudiences(strategy.audiences, ctx.identity),
];

/**
 * Runs every rule for one strategy and one impression, cheapest first (set lookups, the deal, then time
 * zones, distances and audiences, then creative fit and the request's badv last), and answers the creatives
 * that fit with the deal the bid goes through, or the first failure.
 */
export const evaluate = (
  strategy: CompiledStrategy,
  imp: TImp,
  request: TBidRequest,
  ctx: EvaluationContext,
): Evaluation => {
  for (const rule of CHEAP_RULES) {
    const result = rule(strategy, imp, request, ctx);
    if (!result.ok) return result;
  }
  const deal = checkDeals(strategy, imp, ctx);
  if (!deal.ok) return deal;
  for (const rule of COSTLY_RULES) {
    const result = rule(strategy, imp, request, ctx);
    if (!result.ok) return result;
  }
  const fitting = fittingCreatives(strategy.creatives, imp, strategy.videoPositions);
  if (fitting.length === 0) return fail('no_fitting_creative');
  const creatives = creativesNotBlocked(fitting, request);
  if (creatives.length === 0) return fail('blocked_advertiser', fitting[0]?.advertiserDomain ?? undefined);
  return { ok: true, creatives, deal: deal.deal };
};
