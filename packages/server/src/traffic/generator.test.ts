import { toIso2 } from '@beacon/domain/dictionary/countries';
import { City, State } from 'country-state-city';
import { describe, expect, it } from 'vitest';
import { parseBidRequest, parseNativeRequest, type TBidRequest } from '../engine/openrtb';
import { COUNTRIES } from './catalog';
import { createRequestGenerator, type GeneratorOptions, TRAFFIC_KINDS, type TrafficKind } from './generator';
import { createRandom } from './random';

const OPTIONS: GeneratorOptions = {
  currency: 'USD',
  auctionType: 1,
  deals: [{ id: 'ADX-PMP-204117', floor: 4.5 }, { id: 'MGN-88213' }],
};
const AT = new Date('2026-11-27T12:00:00Z');

const draw = (seed: number, count: number, options = OPTIONS) => {
  const generator = createRequestGenerator(createRandom(seed), options);
  return Array.from({ length: count }, () => generator.next(AT));
};

describe('the request generator', () => {
  it('sends the same requests for the same seed, other requests for another seed', () => {
    expect(JSON.stringify(draw(7, 300))).toBe(JSON.stringify(draw(7, 300)));
    expect(JSON.stringify(draw(8, 300))).not.toBe(JSON.stringify(draw(7, 300)));
  });

  it('sends only requests from the countries it is given, every country without (or with none it knows)', () => {
    const countriesOf = (options: GeneratorOptions) =>
      new Set(draw(3, 500, options).map(({ request }) => request.device?.geo?.country));
    expect(countriesOf({ ...OPTIONS, countries: ['ESP', 'GBR'] })).toEqual(new Set(['ESP', 'GBR']));
    expect(countriesOf({ ...OPTIONS, countries: ['XXX'] }).size).toBeGreaterThan(5);
    expect(countriesOf(OPTIONS).size).toBeGreaterThan(5);
  });

  it('writes only requests the bidder parses, with valid native requests', () => {
    for (const { request } of draw(1, 3000)) {
      const parsed = parseBidRequest(JSON.stringify(request));
      expect(parsed, JSON.stringify(request)).toEqual({ ok: true, request: expect.anything() });
      const native = request.imp[0]?.native;
      if (native !== undefined) {
        const assets = parseNativeRequest(native)?.assets ?? [];
        expect(assets.map((asset) => asset.id)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(assets.find((asset) => asset.img?.type === 3)?.required).toBe(1);
      }
    }
  });

  it('covers every kind of supply, banner size, device type and deal in a few thousand requests', () => {
    const requests = draw(2, 4000);
    const kinds = new Set<TrafficKind>(requests.map(({ kind }) => kind));
    expect([...kinds].sort()).toEqual([...TRAFFIC_KINDS].sort());
    const imps = requests.map(({ request }) => request.imp[0]);
    const sizes = new Set(
      imps
        .filter((imp) => imp?.banner !== undefined && !imp.qty)
        .map((imp) => `${imp?.banner?.w}x${imp?.banner?.h}`),
    );
    expect([...sizes].sort()).toEqual(['300x250', '300x600', '320x480', '320x50', '728x90']);
    const deviceTypes = new Set(requests.map(({ request }) => request.device?.devicetype));
    for (const type of [1, 2, 3, 4, 5, 7]) expect(deviceTypes).toContain(type);
    const dealIds = new Set(imps.flatMap((imp) => imp?.pmp?.deals?.map((deal) => deal.id) ?? []));
    expect(dealIds).toContain('ADX-PMP-204117');
    expect(dealIds).toContain('MGN-88213');
    const withDeals = imps.filter((imp) => imp?.pmp !== undefined).length;
    expect(withDeals / imps.length).toBeGreaterThan(0.08);
    expect(withDeals / imps.length).toBeLessThan(0.16);
  });

  it('shapes each kind as an exchange does', () => {
    const drawn = draw(3, 3000);
    const byKind = (kind: TrafficKind): TBidRequest[] =>
      drawn.filter((entry) => entry.kind === kind).map((entry) => entry.request);
    for (const request of byKind('dooh')) {
      expect(request.dooh?.venuetype?.[0]).toMatch(/^[a-z_]+\.[a-z_.]+$/);
      expect(request.imp[0]?.qty?.multiplier).toBeGreaterThan(0);
      expect(request.site ?? request.app).toBeUndefined();
      expect(request.device?.ifa).toBeUndefined();
    }
    for (const request of byKind('ctv')) {
      expect([3, 7]).toContain(request.device?.devicetype);
      expect(request.imp[0]?.video?.protocols).toContain(7);
      expect(request.device?.ext?.ifa_type).toMatch(/^(rida|tifa|lgudid|afai|idfa)$/);
    }
    for (const request of byKind('audio')) expect(request.imp[0]?.audio?.mimes).toContain('audio/mpeg');
    for (const request of byKind('video')) {
      const video = request.imp[0]?.video;
      expect(video?.maxduration).toBeGreaterThanOrEqual(15);
      expect([0, -1, -2].includes(video?.startdelay ?? 0) || (video?.startdelay ?? 0) > 0).toBe(true);
    }
    for (const request of byKind('app_banner')) {
      expect(request.app?.bundle).toBeTruthy();
      const device = request.device;
      if (device?.lmt === 1) expect(device.ifa).toBe('00000000-0000-0000-0000-000000000000');
      else
        expect(device?.ifa).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const all = drawn.map((entry) => entry.request);
    for (const request of all) {
      expect(request.cur).toEqual(['USD']);
      expect(request.at).toBe(1);
      expect(request.tmax).toBeGreaterThan(0);
    }
    expect(all.some((request) => request.device?.lmt === 1)).toBe(true);
    expect(
      all.filter((request) => request.imp[0]?.bidfloor !== undefined).length / all.length,
    ).toBeGreaterThan(0.75);
  });

  it('locates devices in real regions and cities of alpha-3 countries, near the city', () => {
    for (const { request } of draw(4, 1500)) {
      const geo = request.device?.geo;
      const iso2 = toIso2(geo?.country ?? '');
      expect(iso2, geo?.country).toBeDefined();
      const region = State.getStateByCodeAndCountry(geo?.region ?? '', iso2 ?? '');
      expect(region, `${iso2}-${geo?.region}`).toBeDefined();
      const city = COUNTRIES.flatMap((country) => country.cities).find((entry) => entry.name === geo?.city);
      expect(Math.abs((geo?.lat ?? 0) - (city?.lat ?? 99))).toBeLessThan(1);
      expect(Math.abs((geo?.lon ?? 0) - (city?.lon ?? 999))).toBeLessThan(1);
    }
  });

  it("names cities as the console's place dataset does, so city targeting matches", () => {
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();
    for (const country of COUNTRIES) {
      const iso2 = toIso2(country.code) ?? '';
      for (const city of country.cities) {
        const names = City.getCitiesOfState(iso2, city.region).map((entry) => fold(entry.name));
        expect(names, `${iso2}-${city.region}-${city.name}`).toContain(fold(city.name));
      }
    }
  });

  it('shifts the mix by the local hour: more connected TV in the evening than in the morning', () => {
    const share = (at: Date) => {
      const generator = createRequestGenerator(createRandom(5), { ...OPTIONS, deals: [] });
      const kinds = Array.from({ length: 3000 }, () => generator.next(at).kind);
      return kinds.filter((kind) => kind === 'ctv').length / kinds.length;
    };
    // 21:00 in London and Madrid, afternoon in New York; 09:00 in Europe, night in the Americas.
    expect(share(new Date('2026-11-27T20:00:00Z'))).toBeGreaterThan(
      share(new Date('2026-11-27T08:00:00Z')) * 1.3,
    );
  });
});
