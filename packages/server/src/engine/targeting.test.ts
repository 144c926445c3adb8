import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildStrategy, fixture } from './engine.factories';
import type { TBidRequest, TImp } from './openrtb';
import type {
  CompiledCreative,
  CompiledDeal,
  CompiledNativeCreative,
  CompiledSchedule,
  CompiledStrategy,
  CompiledVideoCreative,
} from './strategy-index';
import {
  checkAudiences,
  checkBundle,
  checkCampaignTypeSupply,
  checkCategories,
  checkCountry,
  checkDeals,
  checkDeviceIdType,
  checkDeviceType,
  checkGeolists,
  checkLocationAudiences,
  checkPlace,
  checkPublishers,
  checkSchedule,
  checkSeat,
  creativesNotBlocked,
  distanceMetres,
  type EvaluationContext,
  evaluate,
  FAILURE_NBR,
  FAILURE_REASONS,
  fittingCreatives,
  localTime,
  type RequestIdentity,
  type RuleResult,
  requestIdentity,
  videoPositionOf,
} from './targeting';

const MONDAY_1030_UTC = new Date('2026-06-15T10:30:00Z');
const KEY = 'test-audience-key';
const hmac = (value: string) => createHmac('sha256', KEY).update(value).digest('hex');
const SEAT = 'beacon';

const reasonOf = (result: RuleResult | { ok: boolean; reason?: string }) =>
  result.ok ? 'pass' : result.reason;
const geoOf = (overrides: Partial<CompiledStrategy['geo']>) => ({ ...buildStrategy().geo, ...overrides });
const supplyOf = (overrides: Partial<CompiledStrategy['supply']>) => ({
  ...buildStrategy().supply,
  ...overrides,
});
const impOf = (request: TBidRequest): TImp => {
  const imp = request.imp[0];
  if (imp === undefined) throw new Error('no impression');
  return imp;
};
const ctxOf = (request: TBidRequest, overrides: Partial<EvaluationContext> = {}): EvaluationContext => ({
  now: MONDAY_1030_UTC,
  seat: SEAT,
  identity: requestIdentity(request, KEY),
  ...overrides,
});

describe('failure reasons', () => {
  it('each name an OpenRTB no-bid code', () => {
    for (const reason of FAILURE_REASONS) expect(FAILURE_NBR[reason]).toBeTypeOf('number');
    expect(FAILURE_NBR.publisher_blocked).toBe(7);
    expect(FAILURE_NBR.audience_missing).toBe(8);
    expect(FAILURE_NBR.not_ctv_supply).toBe(6);
  });
});

describe('schedule in the time zone', () => {
  const schedule = (overrides: Partial<CompiledSchedule>): CompiledSchedule => ({
    ...buildStrategy().schedule,
    ...overrides,
  });

  it('reads the wall clock of the zone', () => {
    expect(localTime(MONDAY_1030_UTC, 'UTC')).toEqual({ day: '2026-06-15', weekday: 'monday', minute: 630 });
    // 10:30 UTC is 19:30 in Tokyo and 06:30 in New York (summer time).
    expect(localTime(MONDAY_1030_UTC, 'Asia/Tokyo')?.minute).toBe(19 * 60 + 30);
    expect(localTime(MONDAY_1030_UTC, 'America/New_York')?.minute).toBe(6 * 60 + 30);
    // Sunday 23:30 UTC is already Monday in Madrid.
    expect(localTime(new Date('2026-06-14T23:30:00Z'), 'Europe/Madrid')?.weekday).toBe('monday');
    expect(localTime(MONDAY_1030_UTC, 'Not/AZone')).toBeUndefined();
  });

  it('passes inside the days and hours, fails outside', () => {
    const workHours = schedule({
      days: new Set(['monday', 'tuesday']),
      ranges: [{ from: 8 * 60, to: 18 * 60 }],
    });
    expect(reasonOf(checkSchedule(workHours, MONDAY_1030_UTC))).toBe('pass');
    expect(reasonOf(checkSchedule({ ...workHours, timeZone: 'America/New_York' }, MONDAY_1030_UTC))).toBe(
      'outside_schedule',
    );
    expect(reasonOf(checkSchedule({ ...workHours, timeZone: 'Asia/Tokyo' }, MONDAY_1030_UTC))).toBe(
      'outside_schedule',
    );
    expect(reasonOf(checkSchedule({ ...workHours, days: new Set(['sunday']) }, MONDAY_1030_UTC))).toBe(
      'outside_schedule',
    );
  });

  it('treats the end of a range as exclusive and 24:00 as the end of the day', () => {
    const until1030 = schedule({ ranges: [{ from: 0, to: 630 }] });
    expect(reasonOf(checkSchedule(until1030, MONDAY_1030_UTC))).toBe('outside_schedule');
    const evening = schedule({ ranges: [{ from: 18 * 60, to: 1440 }] });
    expect(reasonOf(checkSchedule(evening, new Date('2026-06-15T23:59:30Z')))).toBe('pass');
  });

  it('fails outside the flight days, in the zone', () => {
    expect(reasonOf(checkSchedule(schedule({ startDay: '2026-06-16' }), MONDAY_1030_UTC))).toBe(
      'outside_flight',
    );
    expect(reasonOf(checkSchedule(schedule({ endDay: '2026-06-14' }), MONDAY_1030_UTC))).toBe(
      'outside_flight',
    );
    const endsSunday = schedule({ endDay: '2026-06-14', timeZone: 'Europe/Madrid' });
    // 22:30 UTC on Sunday is still Sunday in UTC but already Monday in Madrid.
    expect(reasonOf(checkSchedule(endsSunday, new Date('2026-06-14T22:30:00Z')))).toBe('outside_flight');
    expect(
      reasonOf(checkSchedule({ ...endsSunday, timeZone: 'UTC' }, new Date('2026-06-14T22:30:00Z'))),
    ).toBe('pass');
    expect(
      reasonOf(checkSchedule(schedule({ startDay: '2026-06-15', endDay: '2026-06-15' }), MONDAY_1030_UTC)),
    ).toBe('pass');
  });

  it('never bids in an unknown zone or without days or hours', () => {
    expect(reasonOf(checkSchedule(schedule({ timeZone: 'Mars/Olympus' }), MONDAY_1030_UTC))).toBe(
      'outside_schedule',
    );
    expect(reasonOf(checkSchedule(schedule({ days: new Set() }), MONDAY_1030_UTC))).toBe('outside_schedule');
    expect(reasonOf(checkSchedule(schedule({ ranges: [] }), MONDAY_1030_UTC))).toBe('outside_schedule');
  });
});

describe('country, region and city', () => {
  const malaga = fixture('simple-banner').device?.geo;

  it('matches alpha-3 countries', () => {
    expect(reasonOf(checkCountry(geoOf({}), malaga))).toBe('pass');
    expect(reasonOf(checkCountry(geoOf({ countries: new Set(['ESP', 'PRT']) }), malaga))).toBe('pass');
    expect(reasonOf(checkCountry(geoOf({ countries: new Set(['FRA']) }), malaga))).toBe('country');
    expect(reasonOf(checkCountry(geoOf({ countries: new Set(['ESP']) }), undefined))).toBe('country');
  });

  it('matches a region sent with or without its country prefix', () => {
    const andalusia = geoOf({ regions: new Set(['ES-AN']) });
    expect(reasonOf(checkPlace(andalusia, malaga))).toBe('pass');
    expect(reasonOf(checkPlace(andalusia, { country: 'ESP', region: 'ES-AN' }))).toBe('pass');
    expect(reasonOf(checkPlace(andalusia, { country: 'ESP', region: 'MD' }))).toBe('place');
    expect(reasonOf(checkPlace(andalusia, { country: 'FRA', region: 'AN' }))).toBe('place');
    expect(reasonOf(checkPlace(andalusia, undefined))).toBe('place');
  });

  it('matches a city by country and name without case or accents, regions or cities either', () => {
    const cities = geoOf({
      regions: new Set(['ES-MD']),
      cities: [{ countryIso2: 'ES', region: 'AN', name: 'malaga' }],
    });
    expect(reasonOf(checkPlace(cities, malaga))).toBe('pass');
    expect(reasonOf(checkPlace(cities, { country: 'ESP', city: 'MALAGA' }))).toBe('pass');
    expect(reasonOf(checkPlace(cities, { country: 'ESP', region: 'MD', city: 'Madrid' }))).toBe('pass');
    expect(reasonOf(checkPlace(cities, { country: 'ESP', region: 'CT', city: 'Málaga' }))).toBe('place');
    expect(reasonOf(checkPlace(cities, { country: 'ESP', city: 'Sevilla' }))).toBe('place');
  });
});

describe('geolists and location audiences', () => {
  // Málaga cathedral and a point about 1.1 km east of it.
  const cathedral = { lat: 36.7201, lon: -4.4197 };
  const east = { lat: 36.7201, lon: -4.4074 };

  it('measures great-circle distance in metres', () => {
    expect(distanceMetres(cathedral.lat, cathedral.lon, cathedral.lat, cathedral.lon)).toBe(0);
    expect(Math.round(distanceMetres(cathedral.lat, cathedral.lon, east.lat, east.lon) / 10)).toBe(110);
    // Madrid to Barcelona is about 505 km.
    expect(Math.round(distanceMetres(40.4168, -3.7038, 41.3874, 2.1686) / 1000)).toBe(505);
  });

  it('passes within an area and fails outside or without coordinates', () => {
    const geo = geoOf({ areas: [{ ...cathedral, radiusMetres: 250 }] });
    expect(reasonOf(checkGeolists(geo, { lat: 36.7205, lon: -4.42 }))).toBe('pass');
    expect(reasonOf(checkGeolists(geo, east))).toBe('geolist');
    expect(reasonOf(checkGeolists(geo, { country: 'ESP' }))).toBe('geolist');
    expect(reasonOf(checkGeolists(geoOf({}), undefined))).toBe('pass');
  });

  it('counts a location audience only on its days and hours', () => {
    const audience = {
      id: '40',
      areas: [{ ...cathedral, radiusMetres: 500 }],
      startDay: '2026-06-01',
      endDay: '2026-06-30',
      hours: { from: 9 * 60, to: 12 * 60 },
      timeZone: 'UTC',
    };
    const geo = geoOf({ locationAudiences: [audience] });
    expect(reasonOf(checkLocationAudiences(geo, cathedral, MONDAY_1030_UTC))).toBe('pass');
    expect(reasonOf(checkLocationAudiences(geo, east, MONDAY_1030_UTC))).toBe('location_audience');
    const tokyo = geoOf({ locationAudiences: [{ ...audience, timeZone: 'Asia/Tokyo' }] });
    expect(reasonOf(checkLocationAudiences(tokyo, cathedral, MONDAY_1030_UTC))).toBe('location_audience');
    const july = geoOf({
      locationAudiences: [{ ...audience, startDay: '2026-07-01', endDay: '2026-07-31' }],
    });
    expect(reasonOf(checkLocationAudiences(july, cathedral, MONDAY_1030_UTC))).toBe('location_audience');
  });
});

describe('device types and campaign types', () => {
  const withDeviceType = (devicetype: number | undefined): TBidRequest => ({
    ...fixture('simple-banner'),
    device: { devicetype },
  });

  it('maps OpenRTB device types to the §3 ones', () => {
    const phones = buildStrategy({ deviceTypes: new Set(['phone']) });
    expect(reasonOf(checkDeviceType(phones, withDeviceType(4)))).toBe('pass');
    expect(reasonOf(checkDeviceType(phones, withDeviceType(1)))).toBe('pass');
    expect(reasonOf(checkDeviceType(phones, withDeviceType(5)))).toBe('device_type');
    expect(reasonOf(checkDeviceType(phones, withDeviceType(2)))).toBe('device_type');
    expect(reasonOf(checkDeviceType(phones, withDeviceType(undefined)))).toBe('device_type');
    const tv = buildStrategy({ deviceTypes: new Set(['connectedtv']) });
    expect(reasonOf(checkDeviceType(tv, withDeviceType(7)))).toBe('pass');
    expect(reasonOf(checkDeviceType(tv, withDeviceType(6)))).toBe('device_type');
    expect(reasonOf(checkDeviceType(buildStrategy(), withDeviceType(undefined)))).toBe('pass');
  });

  it('lets Connected TV campaigns buy only connected-TV supply', () => {
    const ctv = buildStrategy({ campaignType: 'smart-tv' });
    expect(reasonOf(checkCampaignTypeSupply(ctv, withDeviceType(3)))).toBe('pass');
    expect(reasonOf(checkCampaignTypeSupply(ctv, withDeviceType(7)))).toBe('pass');
    expect(reasonOf(checkCampaignTypeSupply(ctv, withDeviceType(4)))).toBe('not_ctv_supply');
  });

  it('lets only DOOH campaigns buy screens, and DOOH campaigns nothing else', () => {
    const screen: TBidRequest = { ...fixture('simple-banner'), site: undefined, dooh: { id: 'screen-1' } };
    expect(reasonOf(checkCampaignTypeSupply(buildStrategy({ campaignType: 'dooh' }), screen))).toBe('pass');
    expect(
      reasonOf(checkCampaignTypeSupply(buildStrategy({ campaignType: 'dooh' }), fixture('simple-banner'))),
    ).toBe('not_dooh_supply');
    expect(reasonOf(checkCampaignTypeSupply(buildStrategy(), screen))).toBe('dooh_supply');
    expect(reasonOf(checkCampaignTypeSupply(buildStrategy(), fixture('simple-banner')))).toBe('pass');
  });
});

describe('bundles, categories and publishers', () => {
  const app = fixture('mobile-app');
  const site = fixture('simple-banner');

  it('matches bundle ids in any case, and no app is no bundle', () => {
    const strategy = buildStrategy({
      supply: supplyOf({ bundleIds: new Set(['com.example.pocketweather']) }),
    });
    expect(reasonOf(checkBundle(strategy, app))).toBe('pass');
    expect(reasonOf(checkBundle(strategy, { ...app, app: { bundle: 'COM.EXAMPLE.POCKETWEATHER' } }))).toBe(
      'pass',
    );
    expect(reasonOf(checkBundle(strategy, { ...app, app: { bundle: 'com.other' } }))).toBe('bundle');
    expect(reasonOf(checkBundle(strategy, site))).toBe('bundle');
  });

  it('lets a tier-1 IAB category cover its tier 2, not the reverse', () => {
    const gardening = buildStrategy({ supply: supplyOf({ iabCategories: new Set(['IAB10']) }) });
    expect(reasonOf(checkCategories(gardening, site))).toBe('pass');
    const weather = buildStrategy({ supply: supplyOf({ iabCategories: new Set(['IAB15-10']) }) });
    expect(reasonOf(checkCategories(weather, app))).toBe('pass');
    expect(reasonOf(checkCategories(weather, { ...app, app: { cat: ['IAB15'] } }))).toBe('iab_category');
    expect(reasonOf(checkCategories(gardening, app))).toBe('iab_category');
  });

  it('matches app categories by id or name on apps only', () => {
    const gaming = buildStrategy({ supply: supplyOf({ appCategories: new Set(['8', 'gaming']) }) });
    expect(reasonOf(checkCategories(gaming, { ...app, app: { cat: ['Gaming'] } }))).toBe('pass');
    expect(reasonOf(checkCategories(gaming, { ...app, app: { cat: ['8'] } }))).toBe('pass');
    expect(reasonOf(checkCategories(gaming, app))).toBe('app_category');
    expect(reasonOf(checkCategories(gaming, site))).toBe('app_category');
  });

  it('blocks by publisher id, bundle or domain, www. and case aside', () => {
    const block = (entry: string) =>
      buildStrategy({ supply: supplyOf({ publishers: { allow: null, block: new Set([entry]) } }) });
    expect(reasonOf(checkPublishers(block('dailygardening.example'), site))).toBe('publisher_blocked');
    expect(reasonOf(checkPublishers(block('pub-1188'), site))).toBe('publisher_blocked');
    expect(reasonOf(checkPublishers(block('com.example.pocketweather'), app))).toBe('publisher_blocked');
    expect(reasonOf(checkPublishers(block('other.example'), site))).toBe('pass');
  });

  it('allows only listed publishers, and a block wins over an allow', () => {
    const allow = new Set(['gardenmedia.example']);
    expect(
      reasonOf(
        checkPublishers(
          buildStrategy({ supply: supplyOf({ publishers: { allow, block: new Set() } }) }),
          site,
        ),
      ),
    ).toBe('pass');
    expect(
      reasonOf(
        checkPublishers(
          buildStrategy({ supply: supplyOf({ publishers: { allow, block: new Set() } }) }),
          app,
        ),
      ),
    ).toBe('publisher_not_allowed');
    const both = buildStrategy({ supply: supplyOf({ publishers: { allow, block: allow } }) });
    expect(reasonOf(checkPublishers(both, site))).toBe('publisher_blocked');
    const emptyAllowlist = buildStrategy({
      supply: supplyOf({ publishers: { allow: new Set(), block: new Set() } }),
    });
    expect(reasonOf(checkPublishers(emptyAllowlist, site))).toBe('publisher_not_allowed');
  });
});

describe('seats, blocked categories and advertisers', () => {
  const app = fixture('mobile-app');

  it('honours wseat and bseat', () => {
    expect(reasonOf(checkSeat(app, SEAT))).toBe('pass');
    expect(reasonOf(checkSeat({ ...app, wseat: ['beacon', 'x'] }, SEAT))).toBe('pass');
    expect(reasonOf(checkSeat({ ...app, wseat: ['x'] }, SEAT))).toBe('seat_not_allowed');
    expect(reasonOf(checkSeat({ ...app, bseat: ['beacon'] }, SEAT))).toBe('seat_not_allowed');
  });

  it('leaves out the creatives whose advertiser domain badv blocks, subdomains included', () => {
    // The fixture's badv: competitor.example and blocked-brand.example.
    const banner = (id: string, advertiserDomain: string | null): CompiledCreative => ({
      id,
      kind: 'banner',
      size: { w: 320, h: 50 },
      attributes: [],
      advertiserDomain,
    });
    const creatives = [
      banner('1', 'competitor.example'),
      banner('2', 'shop.competitor.example'),
      banner('3', 'notcompetitor.example'),
      banner('4', null),
      banner('5', 'blocked-brand.example.org'),
    ];
    expect(creativesNotBlocked(creatives, app).map((creative) => creative.id)).toEqual(['3', '4', '5']);
    // badv entries compare like domains: case and `www.` do not matter.
    const shouting = { ...app, badv: ['WWW.NotCompetitor.Example', ' '] };
    expect(creativesNotBlocked(creatives, shouting).map((creative) => creative.id)).toEqual([
      '1',
      '2',
      '4',
      '5',
    ]);
    // Without badv nothing is left out.
    expect(creativesNotBlocked(creatives, { ...app, badv: [] })).toBe(creatives);
    const { badv: _badv, ...withoutBadv } = app;
    expect(creativesNotBlocked(creatives, withoutBadv)).toBe(creatives);
  });

  it('fails blocked_advertiser only when every fitting creative is blocked', () => {
    const imp = impOf(app);
    const banner = (id: string, advertiserDomain: string, w = 320, h = 50): CompiledCreative => ({
      id,
      kind: 'banner',
      size: { w, h },
      attributes: [],
      advertiserDomain,
    });
    const mixed = buildStrategy({
      creatives: [banner('1', 'competitor.example'), banner('2', 'shop.example')],
    });
    const result = evaluate(mixed, imp, app, ctxOf(app));
    expect(result.ok && result.creatives.map((creative) => creative.id)).toEqual(['2']);
    const blocked = buildStrategy({
      creatives: [banner('1', 'competitor.example'), banner('2', 'www.blocked-brand.example')],
    });
    expect(evaluate(blocked, imp, app, ctxOf(app))).toMatchObject({
      ok: false,
      reason: 'blocked_advertiser',
      nbr: 0,
    });
    // A blocked creative that would not fit anyway: the creatives are what does not fit.
    const elsewhere = buildStrategy({
      creatives: [banner('1', 'competitor.example', 300, 250)],
    });
    expect(reasonOf(evaluate(elsewhere, imp, app, ctxOf(app)))).toBe('no_fitting_creative');
  });

  it('holds no ad category against bcat (none is stored)', () => {
    // The fixture's bcat blocks IAB25, IAB26 and IAB7-39: the strategy still bids.
    const strategy = buildStrategy({
      creatives: [{ id: '1', kind: 'banner', size: { w: 320, h: 50 }, attributes: [] }],
    });
    expect(reasonOf(evaluate(strategy, impOf(app), app, ctxOf(app)))).toBe('pass');
  });
});

describe('deals', () => {
  const request = fixture('pmp-direct-deal');
  const imp = impOf(request);
  const deal = (overrides: Partial<CompiledDeal> = {}): CompiledDeal => ({
    id: '90',
    externalId: 'DEAL-BEACON-0001',
    supplyPartner: 'magnite',
    type: 'private_auction',
    floorMicros: 3_000_000n,
    currency: 'usd',
    startDay: '2026-01-01',
    endDay: null,
    ...overrides,
  });
  const ctx = { now: MONDAY_1030_UTC, seat: SEAT, supplyPartner: 'magnite' };

  it('keeps strategies without deals out of private auctions', () => {
    expect(reasonOf(checkDeals(buildStrategy(), imp, ctx))).toBe('private_auction');
    const open: TImp = { ...imp, pmp: { private_auction: 0, deals: imp.pmp?.deals } };
    expect(checkDeals(buildStrategy(), open, ctx)).toEqual({ ok: true, deal: null });
    expect(checkDeals(buildStrategy(), impOf(fixture('simple-banner')), ctx)).toEqual({
      ok: true,
      deal: null,
    });
  });

  it('buys through a targeted deal the impression lists for our seat', () => {
    const result = checkDeals(buildStrategy({ deals: [deal()] }), imp, ctx);
    expect(result.ok && result.deal?.requestDeal.bidfloor).toBe(3.5);
  });

  it('refuses deals of other seats, other exchanges, out of their days, or not listed', () => {
    expect(
      reasonOf(checkDeals(buildStrategy({ deals: [deal({ externalId: 'DEAL-OTHER-0002' })] }), imp, ctx)),
    ).toBe('deal_required');
    expect(
      reasonOf(checkDeals(buildStrategy({ deals: [deal({ supplyPartner: 'pubmatic' })] }), imp, ctx)),
    ).toBe('deal_required');
    expect(reasonOf(checkDeals(buildStrategy({ deals: [deal({ endDay: '2026-06-14' })] }), imp, ctx))).toBe(
      'deal_required',
    );
    expect(reasonOf(checkDeals(buildStrategy({ deals: [deal({ startDay: '2026-06-16' })] }), imp, ctx))).toBe(
      'deal_required',
    );
    expect(
      reasonOf(checkDeals(buildStrategy({ deals: [deal()] }), impOf(fixture('simple-banner')), ctx)),
    ).toBe('deal_required');
  });
});

describe('identity, identifier types and audiences', () => {
  const app = fixture('mobile-app');
  const IFA = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

  it('hashes the advertising id lower-cased, like uploads, typed by ifa_type or OS', () => {
    const identity = requestIdentity(app, KEY);
    expect(identity.hashes).toEqual([hmac(IFA)]);
    expect([...identity.types]).toEqual(['gaid']);
    const ios = requestIdentity(fixture('native'), KEY);
    expect([...ios.types]).toEqual(['ifa']);
    const roku = requestIdentity({ ...app, device: { ifa: IFA, ext: { ifa_type: 'rida' } } }, KEY);
    expect([...roku.types]).toEqual(['rida']);
  });

  it('takes no advertising id when tracking is limited or the id is all zeros', () => {
    expect(requestIdentity({ ...app, device: { ...app.device, lmt: 1 } }, KEY).hashes).toEqual([]);
    const zeros = { ...app, device: { ...app.device, ifa: '00000000-0000-0000-0000-000000000000' } };
    expect(requestIdentity(zeros, KEY).hashes).toEqual([]);
  });

  it('hashes the cookie id as web and the extended ids', () => {
    const identity = requestIdentity(fixture('simple-banner'), KEY);
    expect([...identity.types]).toEqual(['web']);
    expect(identity.hashes).toEqual([hmac('bcn-3f9a1d')]);
    expect(requestIdentity(fixture('native'), KEY).hashes).toContain(hmac('E-55AA-001'));
  });

  it('checks identifier types, fake taking any identifier or none', () => {
    const none: RequestIdentity = { types: new Set(), hashes: [], device: '' };
    const gaid = requestIdentity(app, KEY);
    expect(reasonOf(checkDeviceIdType(buildStrategy({ deviceIdTypes: new Set(['gaid']) }), gaid))).toBe(
      'pass',
    );
    expect(reasonOf(checkDeviceIdType(buildStrategy({ deviceIdTypes: new Set(['ifa']) }), gaid))).toBe(
      'device_id',
    );
    expect(reasonOf(checkDeviceIdType(buildStrategy({ deviceIdTypes: new Set(['ifa']) }), none))).toBe(
      'device_id',
    );
    expect(
      reasonOf(checkDeviceIdType(buildStrategy({ deviceIdTypes: new Set(['ifa', 'fake']) }), none)),
    ).toBe('pass');
    expect(reasonOf(checkDeviceIdType(buildStrategy(), none))).toBe('pass');
  });

  it('applies excluded, mandatory and at-least-one-of audiences', () => {
    const identity = requestIdentity(app, KEY);
    const holding = { id: '1', hashes: new Set([hmac(IFA)]) };
    const other = { id: '2', hashes: new Set([hmac('someone-else')]) };
    const audiences = (a: Partial<CompiledStrategy['audiences']>) => ({
      atLeastOneOf: [],
      mandatory: [],
      excluded: [],
      ...a,
    });
    expect(reasonOf(checkAudiences(audiences({}), identity))).toBe('pass');
    expect(reasonOf(checkAudiences(audiences({ atLeastOneOf: [other, holding] }), identity))).toBe('pass');
    expect(reasonOf(checkAudiences(audiences({ atLeastOneOf: [other] }), identity))).toBe('audience_missing');
    expect(reasonOf(checkAudiences(audiences({ mandatory: [holding, other] }), identity))).toBe(
      'audience_missing',
    );
    expect(reasonOf(checkAudiences(audiences({ mandatory: [holding] }), identity))).toBe('pass');
    expect(reasonOf(checkAudiences(audiences({ excluded: [holding] }), identity))).toBe('audience_excluded');
    expect(reasonOf(checkAudiences(audiences({ excluded: [other] }), identity))).toBe('pass');
    const anonymous: RequestIdentity = { types: new Set(), hashes: [], device: '' };
    expect(reasonOf(checkAudiences(audiences({ atLeastOneOf: [holding] }), anonymous))).toBe(
      'audience_missing',
    );
    expect(reasonOf(checkAudiences(audiences({ excluded: [holding] }), anonymous))).toBe('pass');
  });
});

describe('creative fit', () => {
  const video = (overrides: Partial<CompiledVideoCreative> = {}): CompiledVideoCreative => ({
    id: '601',
    kind: 'video',
    attributes: [],
    mimes: ['video/mp4'],
    durationSeconds: 15,
    protocols: [2, 3, 7],
    companion: null,
    ...overrides,
  });
  const native = (overrides: Partial<CompiledNativeCreative> = {}): CompiledNativeCreative => ({
    id: '701',
    kind: 'native',
    attributes: [],
    title: 'Fresh tomatoes all summer',
    description: 'Seeds, soil and advice',
    callToAction: 'Shop now',
    sponsoredBy: 'Garden Shop',
    mainImage: { w: 1200, h: 627 },
    icon: { w: 80, h: 80 },
    ...overrides,
  });
  const ids = (creatives: readonly { id: string }[]) => creatives.map((creative) => creative.id);

  it('fits banners by format list or size, and honours battr', () => {
    const imp = impOf(fixture('simple-banner'));
    const banner = (w: number, h: number, attributes: (0 | 9 | 10 | 14)[] = []) => ({
      id: `${w}x${h}-${attributes.join('')}`,
      kind: 'banner' as const,
      size: { w, h },
      attributes,
    });
    expect(ids(fittingCreatives([banner(336, 280), banner(728, 90), banner(300, 250, [9])], imp))).toEqual([
      '336x280-',
    ]);
    const appImp = impOf(fixture('mobile-app'));
    expect(ids(fittingCreatives([banner(320, 50), banner(300, 250)], appImp))).toEqual(['320x50-']);
    expect(fittingCreatives([banner(300, 250)], { id: '1', banner: {} })).toEqual([]);
  });

  it('fits video by MIME, duration, protocol and attributes', () => {
    const imp = impOf(fixture('video-companions'));
    expect(ids(fittingCreatives([video()], imp))).toEqual(['601']);
    expect(fittingCreatives([video({ mimes: ['video/quicktime'] })], imp)).toEqual([]);
    expect(fittingCreatives([video({ durationSeconds: 31 })], imp)).toEqual([]);
    expect(fittingCreatives([video({ durationSeconds: 4 })], imp)).toEqual([]);
    expect(fittingCreatives([video({ durationSeconds: null })], imp)).toEqual([]);
    expect(fittingCreatives([video({ protocols: [8] })], imp)).toEqual([]);
    expect(fittingCreatives([video({ attributes: [13] })], imp)).toEqual([]);
    // A banner never fills a video impression.
    expect(fittingCreatives(buildStrategy().creatives, imp)).toEqual([]);
  });

  it('fits video only in the positions the campaign targets', () => {
    const imp = impOf(fixture('video-companions'));
    expect(videoPositionOf(0)).toBe('pre-roll');
    expect(videoPositionOf(10)).toBe('mid-roll');
    expect(videoPositionOf(-1)).toBe('mid-roll');
    expect(videoPositionOf(-2)).toBe('post-roll');
    expect(videoPositionOf(undefined)).toBeUndefined();
    // The fixture's startdelay 0 is a pre-roll.
    expect(ids(fittingCreatives([video()], imp, new Set(['pre-roll'])))).toEqual(['601']);
    expect(fittingCreatives([video()], imp, new Set(['mid-roll', 'post-roll']))).toEqual([]);
    const unsaid: TImp = { ...imp, video: { ...imp.video, startdelay: undefined } };
    expect(fittingCreatives([video()], unsaid, new Set(['pre-roll']))).toEqual([]);
    expect(ids(fittingCreatives([video()], unsaid))).toEqual(['601']);
  });

  it('fits audio by MIME and duration', () => {
    const audio = {
      id: '801',
      kind: 'audio' as const,
      attributes: [],
      mimes: ['audio/mpeg'],
      durationSeconds: 20,
    };
    const imp: TImp = {
      id: '1',
      audio: { mimes: ['audio/mpeg', 'audio/mp4'], minduration: 10, maxduration: 30 },
    };
    expect(ids(fittingCreatives([audio], imp))).toEqual(['801']);
    expect(fittingCreatives([{ ...audio, mimes: ['audio/wav'] }], imp)).toEqual([]);
    expect(fittingCreatives([{ ...audio, durationSeconds: 45 }], imp)).toEqual([]);
  });

  it('fits natives that fill every required asset of the Native 1.2 request', () => {
    const imp = impOf(fixture('native'));
    expect(ids(fittingCreatives([native()], imp))).toEqual(['701']);
    // Title of 91 characters for a len of 90; sponsored text over 25; no main image; a square main image.
    expect(fittingCreatives([native({ title: 'x'.repeat(91) })], imp)).toEqual([]);
    expect(fittingCreatives([native({ sponsoredBy: 'A sponsor name much too long' })], imp)).toEqual([]);
    expect(fittingCreatives([native({ mainImage: null })], imp)).toEqual([]);
    expect(fittingCreatives([native({ mainImage: { w: 1200, h: 1200 } })], imp)).toEqual([]);
    // Optional assets (icon, description, CTA, video) may be missing.
    expect(ids(fittingCreatives([native({ icon: null, description: '', callToAction: '' })], imp))).toEqual([
      '701',
    ]);
    expect(fittingCreatives([native({ attributes: [9] })], imp)).toEqual([]);
    expect(fittingCreatives([native()], { id: '1', native: { request: 'not json' } })).toEqual([]);
  });

  it('refuses a native asking a required asset no creative holds', () => {
    const request = JSON.stringify({ assets: [{ id: 1, required: 1, data: { type: 3 } }] });
    expect(fittingCreatives([native()], { id: '1', native: { request } })).toEqual([]);
    const video = JSON.stringify({ assets: [{ id: 1, required: 1, video: { mimes: ['video/mp4'] } }] });
    expect(fittingCreatives([native()], { id: '1', native: { request: video } })).toEqual([]);
  });
});

describe('evaluate', () => {
  it('answers the fitting creatives when every rule passes', () => {
    const request = fixture('simple-banner');
    const strategy = buildStrategy({
      geo: geoOf({ countries: new Set(['ESP']), regions: new Set(['ES-AN']) }),
      deviceTypes: new Set(['desktop']),
      supply: supplyOf({ iabCategories: new Set(['IAB10']) }),
    });
    const result = evaluate(strategy, impOf(request), request, ctxOf(request));
    expect(result).toMatchObject({ ok: true, deal: null });
    expect(result.ok && result.creatives.map((creative) => creative.id)).toEqual(['501']);
  });

  it('answers the first failure, cheap rules before costly ones', () => {
    const request = fixture('simple-banner');
    // Wrong country and outside the schedule: the country (a set lookup) is reported.
    const strategy = buildStrategy({
      geo: geoOf({ countries: new Set(['FRA']) }),
      schedule: { ...buildStrategy().schedule, days: new Set(['sunday']) },
    });
    expect(evaluate(strategy, impOf(request), request, ctxOf(request))).toMatchObject({
      ok: false,
      reason: 'country',
      nbr: 0,
    });
    const blocked = buildStrategy({
      supply: supplyOf({ publishers: { allow: null, block: new Set(['pub-1188']) } }),
    });
    expect(evaluate(blocked, impOf(request), request, ctxOf(request))).toMatchObject({
      reason: 'publisher_blocked',
      nbr: 7,
    });
  });

  it('reports the schedule, audiences and creatives once the cheap rules pass', () => {
    const request = fixture('simple-banner');
    const sunday = buildStrategy({ schedule: { ...buildStrategy().schedule, days: new Set(['sunday']) } });
    expect(reasonOf(evaluate(sunday, impOf(request), request, ctxOf(request)))).toBe('outside_schedule');
    const audience = buildStrategy({
      audiences: { atLeastOneOf: [{ id: '1', hashes: new Set(['nobody']) }], mandatory: [], excluded: [] },
    });
    expect(reasonOf(evaluate(audience, impOf(request), request, ctxOf(request)))).toBe('audience_missing');
    const noFit = buildStrategy({
      creatives: [{ id: '9', kind: 'banner', size: { w: 728, h: 90 }, attributes: [] }],
    });
    expect(evaluate(noFit, impOf(request), request, ctxOf(request))).toMatchObject({
      reason: 'no_fitting_creative',
    });
  });

  it('answers the deal a private auction is bought through', () => {
    const request = fixture('pmp-direct-deal');
    const strategy = buildStrategy({
      deals: [
        {
          id: '90',
          externalId: 'DEAL-BEACON-0001',
          supplyPartner: 'magnite',
          type: 'private_auction',
          floorMicros: 3_000_000n,
          currency: 'usd',
          startDay: '2026-01-01',
          endDay: null,
        },
      ],
    });
    const result = evaluate(strategy, impOf(request), request, ctxOf(request, { supplyPartner: 'magnite' }));
    expect(result.ok && result.deal?.deal.id).toBe('90');
  });
});
