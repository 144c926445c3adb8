import { CURRENCIES } from '@beacon/domain/dictionary/currencies';
import { USER_ROLES } from '@beacon/domain/dictionary/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { getDictionary } from './dictionary.service';

/** The dictionary calls of spec §7: GET /dictionary, cities, regions, contexts and currency-rate. */

type City = {
  id: string;
  name: string;
  country: string;
  region: string;
  latitude: number;
  longitude: number;
};
type Region = { id: string; code: string; name: string; country: string };
type Context = { id: string; name: string; type: 'iab' | 'app'; parent: string | null };

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await startTestApp();
  token = await loginAs(ctx.app, 'viewer');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

const json = async <T>(url: string): Promise<T> => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('GET /api/dictionary', () => {
  it('needs a session', async () => {
    for (const url of [
      '/api/dictionary',
      '/api/dictionary/cities?country=ES',
      '/api/dictionary/regions?country=ES',
      '/api/dictionary/contexts',
      '/api/dictionary/currency-rate?from=usd&to=eur',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    }
  });

  it('returns every enumeration as JSON lists of {value, label}', async () => {
    const response = await get('/api/dictionary');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const dictionary = response.json();
    for (const key of [
      'userRoles',
      'organizationRoles',
      'currencies',
      'campaignTypes',
      'paymentTerms',
      'countries',
    ]) {
      expect(dictionary[key], key).toEqual(expect.any(Array));
      expect(dictionary[key].length, key).toBeGreaterThan(0);
    }
    expect(dictionary.userRoles.map((role: { value: string }) => role.value)).toEqual([...USER_ROLES]);
    expect(dictionary.userRoles).toContainEqual({ value: 'admin', label: 'Controller' });
    expect(dictionary.currencies.map((currency: { value: string }) => currency.value)).toEqual([
      ...CURRENCIES,
    ]);
    expect(dictionary.campaignTypes).toContainEqual(
      expect.objectContaining({ value: 'smart-tv', label: 'Connected TV' }),
    );
  });
});

describe('GET /api/dictionary settings', () => {
  it('tells the console the map tiles and that no planner map is configured (defaults)', async () => {
    const dictionary = await json<{ settings: unknown }>('/api/dictionary');
    expect(dictionary.settings).toEqual({
      mapTiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
      plannerMap: false,
    });
  });

  it('follows the configuration: tiles off, a planner map set; each configuration has its own ETag', () => {
    const configured = getDictionary(
      loadConfig({ BEACON_MAP_TILES: 'off', PLANNER_MAP_URL: 'https://planner.example.com/map' }),
    );
    expect(configured.body.settings).toEqual({ mapTiles: null, plannerMap: true });
    expect(JSON.parse(configured.json).settings).toEqual({ mapTiles: null, plannerMap: true });
    expect(
      getDictionary(loadConfig({ PLANNER_MAP_URL: 'mailto:planner@example.com' })).body.settings,
    ).toEqual(expect.objectContaining({ plannerMap: false }));
    expect(configured.etag).not.toBe(getDictionary(ctx.config).etag);
  });
});

describe('GET /api/dictionary/cities', () => {
  it('finds a city by name within a country', async () => {
    const cities = await json<City[]>('/api/dictionary/cities?country=ES&search=madrid');
    expect(cities[0]).toMatchObject({ name: 'Madrid', country: 'ES', region: 'MD' });
    expect(cities[0]?.latitude).toBeCloseTo(40.4, 0);
    expect(cities.every((city) => city.country === 'ES')).toBe(true);
  });

  it('matches without accents and case ("malaga" finds "Málaga")', async () => {
    const cities = await json<City[]>('/api/dictionary/cities?country=es&search=MALAGA');
    expect(cities.map((city) => city.name)).toContain('Málaga');
    expect(cities[0]?.name).toBe('Málaga');
  });

  it('filters by region, as a code or as country-code', async () => {
    const names = async (region: string) =>
      (await json<City[]>(`/api/dictionary/cities?country=ES&region=${region}&search=malaga`)).map(
        (city) => city.name,
      );
    const andalusia = await names('AN');
    expect(andalusia).toContain('Málaga');
    expect(andalusia).not.toContain('Málaga del Fresno');
    expect(await names('ES-AN')).toEqual(andalusia);
    const castilla = await names('CM');
    expect(castilla).toEqual(['Málaga del Fresno']);
  });

  it('searches several countries joined by commas and honours limit', async () => {
    const cities = await json<City[]>('/api/dictionary/cities?country=ES,FR&search=par&limit=200');
    const countries = new Set(cities.map((city) => city.country));
    expect(countries).toEqual(new Set(['ES', 'FR']));
    expect(cities.map((city) => city.name)).toContain('Paris');
    expect(await json<City[]>('/api/dictionary/cities?country=ES&limit=3')).toHaveLength(3);
  });

  it('reports a missing country with the spec message', async () => {
    const response = await get('/api/dictionary/cities?search=m');
    expect(response.json().details).toEqual([{ path: 'country', message: 'This field is required' }]);
  });

  it('searches every country by name without a country, best matches first (the map’s place search)', async () => {
    const cities = await json<City[]>('/api/dictionary/cities?search=madrid&limit=10');
    expect(cities).toHaveLength(10);
    expect(cities[0]).toMatchObject({ name: 'Madrid', country: 'ES' });
    expect(new Set(cities.map((city) => city.country)).size).toBeGreaterThan(1);
    const paris = await json<City[]>('/api/dictionary/cities?search=paris&limit=5');
    expect(paris.every((city) => city.name === 'Paris')).toBe(true);
    expect(paris.map((city) => city.country)).toContain('FR');
  });

  it('needs 2 characters or more to search without a country, and no region', async () => {
    for (const url of [
      '/api/dictionary/cities',
      '/api/dictionary/cities?search=m',
      '/api/dictionary/cities?search=%20m%20',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toEqual([{ path: 'country', message: 'This field is required' }]);
    }
    const regionOnly = await get('/api/dictionary/cities?search=malaga&region=AN');
    expect(regionOnly.statusCode).toBe(400);
    expect(regionOnly.json().details).toEqual([expect.objectContaining({ path: 'region' })]);
    expect((await get('/api/dictionary/cities?search=ma&limit=201')).statusCode).toBe(400);
    expect(await json<City[]>('/api/dictionary/cities?search=ma&limit=3')).toHaveLength(3);
  });

  it('rejects a missing or unknown country with 400', async () => {
    for (const url of [
      '/api/dictionary/cities?search=m',
      '/api/dictionary/cities?country=XX',
      '/api/dictionary/cities?country=',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: 'country' })],
      });
    }
  });

  it('rejects a limit outside 1..200', async () => {
    expect((await get('/api/dictionary/cities?country=ES&limit=0')).statusCode).toBe(400);
    expect((await get('/api/dictionary/cities?country=ES&limit=201')).statusCode).toBe(400);
  });
});

describe('GET /api/dictionary/regions', () => {
  it('lists the regions of a country', async () => {
    const regions = await json<Region[]>('/api/dictionary/regions?country=ES&limit=200');
    expect(regions.length).toBeGreaterThan(10);
    expect(regions).toContainEqual({ id: 'ES-AN', code: 'AN', name: 'Andalusia', country: 'ES' });
    expect(regions.every((region) => region.country === 'ES')).toBe(true);
  });

  it('searches regions without accents', async () => {
    const regions = await json<Region[]>('/api/dictionary/regions?country=ES&search=leon');
    expect(regions.map((region) => region.name)).toEqual(
      expect.arrayContaining(['Castile and León', 'Léon']),
    );
  });

  it('rejects a missing country with 400', async () => {
    expect((await get('/api/dictionary/regions')).statusCode).toBe(400);
  });
});

describe('GET /api/dictionary/contexts', () => {
  it('finds IAB content categories by name ("sports" finds IAB17)', async () => {
    const contexts = await json<Context[]>('/api/dictionary/contexts?search=sports');
    expect(contexts).toContainEqual({ id: 'IAB17', name: 'Sports', type: 'iab', parent: null });
    expect(contexts.some((context) => context.parent === 'IAB17')).toBe(false);
  });

  it('finds by id and filters by type', async () => {
    const byId = await json<Context[]>('/api/dictionary/contexts?search=IAB17-&type=iab&limit=200');
    expect(byId.length).toBeGreaterThan(10);
    expect(byId.every((context) => context.parent === 'IAB17')).toBe(true);
    const apps = await json<Context[]>('/api/dictionary/contexts?search=sports&type=app');
    expect(apps.length).toBeGreaterThan(0);
    expect(apps.every((context) => context.type === 'app')).toBe(true);
  });

  it('rejects an unknown type', async () => {
    expect((await get('/api/dictionary/contexts?type=tv')).statusCode).toBe(400);
  });
});

describe('GET /api/dictionary/currency-rate', () => {
  it('returns how many `to` one `from` buys, case-insensitively', async () => {
    const rate = await json<{ amount: number; as_of: string }>(
      '/api/dictionary/currency-rate?from=usd&to=eur',
    );
    expect(rate.amount).toBeCloseTo(0.865, 6);
    expect(rate.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await json<{ amount: number }>('/api/dictionary/currency-rate?from=USD&to=EUR')).amount).toBe(
      rate.amount,
    );
  });

  it('gives the inverse rate the other way round', async () => {
    const there = await json<{ amount: number }>('/api/dictionary/currency-rate?from=usd&to=eur');
    const back = await json<{ amount: number }>('/api/dictionary/currency-rate?from=eur&to=usd');
    expect(Math.abs(there.amount * back.amount - 1)).toBeLessThan(1e-6);
  });

  it('keeps enough precision for every pair to round-trip within 1e-6', async () => {
    for (const from of CURRENCIES) {
      for (const to of CURRENCIES) {
        if (from >= to) continue;
        const there = await json<{ amount: number }>(`/api/dictionary/currency-rate?from=${from}&to=${to}`);
        const back = await json<{ amount: number }>(`/api/dictionary/currency-rate?from=${to}&to=${from}`);
        expect(Math.abs(there.amount * back.amount - 1), `${from}/${to}`).toBeLessThan(1e-6);
      }
    }
  });

  it('crosses two non-USD currencies through USD', async () => {
    const rate = await json<{ amount: number }>('/api/dictionary/currency-rate?from=eur&to=gbp');
    expect(rate.amount).toBeCloseTo(0.761 / 0.865, 6);
  });

  it('answers 1 for the same currency', async () => {
    expect(await json<{ amount: number }>('/api/dictionary/currency-rate?from=gbp&to=gbp')).toMatchObject({
      amount: 1,
    });
  });

  it('reports a missing currency with the spec message', async () => {
    const response = await get('/api/dictionary/currency-rate?from=usd');
    expect(response.json().details).toEqual([{ path: 'to', message: 'This field is required' }]);
  });

  it('rejects an unknown or missing currency with 400', async () => {
    for (const url of [
      '/api/dictionary/currency-rate?from=usd&to=xyz',
      '/api/dictionary/currency-rate?from=btc&to=usd',
      '/api/dictionary/currency-rate?from=usd',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
