import { LOCATION_AUDIENCE_MIN_USERS } from '@beacon/domain/dictionary/constants';
import { ZLocationAudienceCreate } from '@beacon/domain/validation/location-audience-form';
import {
  END_BEFORE_START_MESSAGE,
  GEOLIST_RADIUS_MESSAGE,
  geolistCoordinateMessage,
  LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE,
  LOCATION_AUDIENCE_DELETED_MESSAGE,
  LOCATION_AUDIENCE_ORGANIZATION_MESSAGE,
  LOCATION_AUDIENCE_TIMEZONE_MESSAGE,
  minValueMessage,
  REQUIRED_MESSAGE,
  SCHEDULE_RANGE_ORDER_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCATION_AUDIENCES } from '../../db/seed/demo-location-audiences';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type {
  TLocationAudience,
  TLocationAudienceHistoryEntry,
  TLocationAudienceRow,
} from './location-audiences.schemas';

/** Every location audience endpoint and rule through the API (decisions 017 and 039). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const organizations: Record<string, number> = {};

type Details = { path: string; message: string }[];

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const detailsOf = (response: LightMyRequestResponse): Details =>
  response.json<{ details?: Details }>().details ?? [];

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Airport arrivals',
  areas: [
    { latitude: 40.4719, longitude: -3.5626, radius: 900, name: 'Barajas T4' },
    { latitude: 41.2974, longitude: 2.0833 },
  ],
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  max_users: 25_000,
  time_range: { from: '06:00', to: '23:30' },
  timezone: 'Europe/Madrid',
  precision: 'high',
  ...overrides,
});

const create = async (who = 'owner', overrides: Record<string, unknown> = {}): Promise<TLocationAudience> => {
  const response = await call(who, 'POST', '/location-audience', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TLocationAudience>();
};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const who of [
    'owner',
    'editor',
    'viewer',
    'audience_manager',
    'supervisor',
    'data_partner',
    'other_partner',
  ]) {
    tokens[who] = await loginAs(ctx.app, who);
  }
  for (const [key, name] of [
    ['agency', 'Demo Agency'],
    ['advertiser', 'Demo Advertiser'],
    ['northwind', 'Northwind Media'],
    ['otherPartner', 'Other Partner Co'],
  ] as const) {
    organizations[key] = Number(
      (
        await ctx.db
          .selectFrom('organizations')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /location-audience and GET /location-audience/{id}', () => {
  it('creates one in the caller’s organization with its areas in order, and reads it back', async () => {
    const created = await create();
    expect(created).toMatchObject({
      organization: organizations.agency,
      organization_name: 'Demo Agency',
      name: 'Airport arrivals',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      max_users: 25_000,
      time_range: { from: '06:00', to: '23:30' },
      timezone: 'Europe/Madrid',
      precision: 'high',
      state: 'active',
      areas_count: 2,
      version: 1,
      areas: [
        { latitude: 40.4719, longitude: -3.5626, radius: 900, name: 'Barajas T4' },
        { latitude: 41.2974, longitude: 2.0833, radius: 250, name: null },
      ],
    });
    const read = await call('editor', 'GET', `/location-audience/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('fills the whole day, UTC and standard precision when left out', async () => {
    const { time_range: _t, timezone: _z, precision: _p, ...minimal } = body();
    const response = await call('owner', 'POST', '/location-audience', minimal);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      time_range: { from: '00:00', to: '24:00' },
      timezone: 'UTC',
      precision: 'standard',
    });
  });

  it('answers every rule with its message', async () => {
    const cases: [Record<string, unknown>, Details][] = [
      [
        { max_users: LOCATION_AUDIENCE_MIN_USERS - 1 },
        [{ path: 'max_users', message: minValueMessage(LOCATION_AUDIENCE_MIN_USERS) }],
      ],
      [{ areas: [] }, [{ path: 'areas', message: LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE }]],
      [
        { areas: [{ latitude: -91, longitude: 181, radius: 0 }] },
        [
          { path: 'areas.0.latitude', message: geolistCoordinateMessage('latitude', 90) },
          { path: 'areas.0.longitude', message: geolistCoordinateMessage('longitude', 180) },
          { path: 'areas.0.radius', message: GEOLIST_RADIUS_MESSAGE },
        ],
      ],
      [{ end_date: '2026-11-30' }, [{ path: 'end_date', message: END_BEFORE_START_MESSAGE }]],
      [
        { time_range: { from: '12:00', to: '11:00' } },
        [{ path: 'time_range.to', message: SCHEDULE_RANGE_ORDER_MESSAGE }],
      ],
      [{ timezone: 'Europe/Atlantis' }, [{ path: 'timezone', message: LOCATION_AUDIENCE_TIMEZONE_MESSAGE }]],
      [{ name: '  ' }, [{ path: 'name', message: REQUIRED_MESSAGE }]],
    ];
    const before = await ctx.db.selectFrom('location_audiences').select('id').execute();
    for (const [overrides, details] of cases) {
      const response = await call('owner', 'POST', '/location-audience', body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(detailsOf(response), JSON.stringify(overrides)).toEqual(details);
    }
    expect(await ctx.db.selectFrom('location_audiences').select('id').execute()).toHaveLength(before.length);
  });

  it('takes 10,000 areas and refuses 10,001', async () => {
    const areas = Array.from({ length: 10_000 }, (_, index) => ({
      latitude: -80 + (index % 160),
      longitude: -170 + (index % 340),
      radius: 100 + index,
    }));
    const created = await create('owner', { areas });
    expect(created.areas_count).toBe(10_000);
    expect(created.areas).toHaveLength(10_000);
    expect(created.areas[9_999]).toEqual({ ...areas[9_999], name: null });
    const tooMany = await call('owner', 'POST', '/location-audience', body({ areas: [...areas, areas[0]] }));
    expect(tooMany.statusCode).toBe(400);
    expect(detailsOf(tooMany)).toEqual([
      { path: 'areas', message: 'A location audience can have at most 10000 areas' },
    ]);
  });

  it('goes to a child organization in scope when named; another tenant’s is 404', async () => {
    const child = await create('owner', { organization: organizations.advertiser });
    expect(child.organization_name).toBe('Demo Advertiser');
    const foreign = await call(
      'owner',
      'POST',
      '/location-audience',
      body({ organization: organizations.northwind }),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an other-partner organization, which §6 keeps out of resources', async () => {
    const response = await call(
      'supervisor',
      'POST',
      '/location-audience',
      body({ organization: organizations.otherPartner }),
    );
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual([
      { path: 'organization', message: LOCATION_AUDIENCE_ORGANIZATION_MESSAGE },
    ]);
  });

  it('lets the audience manager manage location audiences (decision 038) and keeps others out', async () => {
    const created = await create();
    expect((await call('audience_manager', 'GET', `/location-audience/${created.id}`)).statusCode).toBe(200);
    expect((await call('audience_manager', 'POST', '/location-audience', body())).statusCode).toBe(201);
    expect(
      (await call('audience_manager', 'PUT', `/location-audience/${created.id}`, { version: 1, name: 'x' }))
        .statusCode,
    ).toBe(200);
    expect((await call('viewer', 'GET', `/location-audience/${created.id}`)).statusCode).toBe(403);
    expect((await call('other_partner', 'GET', '/location-audiences')).statusCode).toBe(403);
    expect((await call('data_partner', 'GET', '/location-audiences')).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /location-audience/{id}', () => {
  it('changes fields at the version read, replaces the areas, and refuses a stale version', async () => {
    const created = await create();
    const response = await call('editor', 'PUT', `/location-audience/${created.id}`, {
      version: 1,
      name: 'Airport arrivals (winter)',
      max_users: 40_000,
      time_range: { from: '05:00', to: '24:00' },
      areas: [{ latitude: 48.8566, longitude: 2.3522, radius: 1_000, name: 'Paris' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Airport arrivals (winter)',
      max_users: 40_000,
      time_range: { from: '05:00', to: '24:00' },
      areas_count: 1,
      version: 2,
      areas: [{ latitude: 48.8566, longitude: 2.3522, radius: 1_000, name: 'Paris' }],
      precision: 'high',
    });
    const stale = await call('editor', 'PUT', `/location-audience/${created.id}`, {
      version: 1,
      name: 'Late',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE_VERSION');
    expect((await call('editor', 'GET', `/location-audience/${created.id}`)).json()).toMatchObject({
      name: 'Airport arrivals (winter)',
    });
  });

  it('checks one date sent against the stored other one', async () => {
    const created = await create();
    const response = await call('owner', 'PUT', `/location-audience/${created.id}`, {
      version: 1,
      end_date: '2026-11-01',
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual([{ path: 'end_date', message: END_BEFORE_START_MESSAGE }]);
    const lower = await call('owner', 'PUT', `/location-audience/${created.id}`, {
      version: 1,
      max_users: 9_999,
    });
    expect(detailsOf(lower)).toEqual([{ path: 'max_users', message: 'The minimum value is 10000' }]);
  });

  it('deletes at the version read: kept with history, out of lists unless filtered on state', async () => {
    const created = await create('owner', { name: 'To be deleted' });
    const stale = await call('owner', 'DELETE', `/location-audience/${created.id}?version=2`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE_VERSION');
    expect((await call('owner', 'DELETE', `/location-audience/${created.id}?version=1`)).statusCode).toBe(
      204,
    );
    const read = (await call('owner', 'GET', `/location-audience/${created.id}`)).json<TLocationAudience>();
    expect(read).toMatchObject({ state: 'deleted', version: 2, areas_count: 2 });
    expect(read.areas).toHaveLength(2);
    const listed = (await call('owner', 'GET', '/location-audiences?limit=200')).json<
      TLocationAudienceRow[]
    >();
    expect(listed.some((row) => row.id === created.id)).toBe(false);
    const deleted = (await call('owner', 'GET', '/location-audiences?limit=200&state[is]=deleted')).json<
      TLocationAudienceRow[]
    >();
    expect(deleted.map((row) => row.id)).toContain(created.id);
    expect(deleted.every((row) => row.state === 'deleted')).toBe(true);
    // A write to a deleted location audience is 409 DELETED (decision 039), whatever version it sends.
    for (const refused of [
      await call('owner', 'PUT', `/location-audience/${created.id}`, { version: 2, name: 'x' }),
      await call('owner', 'PUT', `/location-audience/${created.id}`, { version: 1, name: 'x' }),
      await call('owner', 'DELETE', `/location-audience/${created.id}?version=2`),
      await call('owner', 'POST', `/location-audience/${created.id}/duplicate`, {}),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ code: string }>().code).toBe('DELETED');
      expect(detailsOf(refused)).toEqual([{ path: 'state', message: LOCATION_AUDIENCE_DELETED_MESSAGE }]);
    }
  });
});

describe('POST /location-audience/{id}/duplicate and GET /location-audience/{id}/history', () => {
  it('copies every field and area into the same organization', async () => {
    const source = await create('owner', { organization: organizations.advertiser });
    const response = await call('owner', 'POST', `/location-audience/${source.id}/duplicate`, {});
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<TLocationAudience>();
    const { id, name, version, created_at, updated_at, ...same } = source;
    expect(copy).toMatchObject({ ...same, name: 'Airport arrivals (copy)', version: 1 });
    expect(copy.id).not.toBe(id);
    const named = await call('owner', 'POST', `/location-audience/${source.id}/duplicate`, { name: 'Mine' });
    expect(named.json()).toMatchObject({ name: 'Mine' });
    const history = (await call('owner', 'GET', `/location-audience/${copy.id}/history`)).json<
      TLocationAudienceHistoryEntry[]
    >();
    expect(history.map((entry) => entry.action)).toEqual(['duplicate']);
    expect(history[0]?.changes[0]).toEqual({ field: 'duplicated_from', from: null, to: source.id });
    expect(history[0]?.changes).toContainEqual({ field: 'areas_count', from: null, to: 2 });
  });

  it('lists every change newest first, with actor and impersonator', async () => {
    const created = await create('editor');
    await call('editor', 'PUT', `/location-audience/${created.id}`, { version: 1, precision: 'standard' });
    const session = (await call('supervisor', 'GET', '/session')).json<{
      users: { username: string; token: string }[];
    }>();
    const grant = session.users.find((user) => user.username === 'owner')?.token ?? '';
    const simulated = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(tokens.supervisor ?? ''),
      payload: { token: grant },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    const token = simulated.json<{ token: string }>().token;
    expect((await call(token, 'DELETE', `/location-audience/${created.id}?version=2`)).statusCode).toBe(204);
    const history = (await call('owner', 'GET', `/location-audience/${created.id}/history`)).json<
      TLocationAudienceHistoryEntry[]
    >();
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(history[0]).toMatchObject({
      actor: { username: 'owner' },
      impersonator: { username: 'supervisor', name: 'Sam Supervisor' },
      changes: [{ field: 'state', from: 'active', to: 'deleted' }],
    });
    expect(history[1]).toMatchObject({
      actor: { username: 'editor' },
      impersonator: null,
      changes: [{ field: 'precision', from: 'high', to: 'standard' }],
    });
    expect(history[2]?.changes).toContainEqual({ field: 'areas_count', from: null, to: 2 });
  });
});

describe('GET /location-audiences', () => {
  it('follows the list conventions: filters, sort, search, x-total-count, 400 on unknown fields', async () => {
    const unique = `Needle ${Date.now()}`;
    await create('owner', { name: `${unique} A`, max_users: 10_000 });
    await create('owner', { name: `${unique} B`, max_users: 90_000, precision: 'standard' });
    const response = await call(
      'owner',
      'GET',
      `/location-audiences?search=${encodeURIComponent(unique)}&sort=-max_users&precision[is]=standard`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json<TLocationAudienceRow[]>().map((row) => row.name)).toEqual([`${unique} B`]);
    const sorted = (
      await call('owner', 'GET', `/location-audiences?search=${encodeURIComponent(unique)}&sort=max_users`)
    ).json<TLocationAudienceRow[]>();
    expect(sorted.map((row) => row.max_users)).toEqual([10_000, 90_000]);
    expect((await call('owner', 'GET', '/location-audiences?areas[is]=1')).statusCode).toBe(400);
    expect((await call('owner', 'GET', '/location-audiences?precision[is]=exact')).statusCode).toBe(400);
  });

  it('lists the demo location audiences of the tree, each valid for the create schema', async () => {
    const rows = (await call('owner', 'GET', '/location-audiences?limit=200')).json<TLocationAudienceRow[]>();
    for (const demo of DEMO_LOCATION_AUDIENCES) {
      const row = rows.find((candidate) => candidate.name === demo.values.name);
      expect(row, demo.values.name).toBeDefined();
      const full = (await call('owner', 'GET', `/location-audience/${row?.id}`)).json<TLocationAudience>();
      const {
        id: _id,
        organization_name: _o,
        state: _s,
        areas_count: _c,
        version: _v,
        created_at: _a,
        updated_at: _u,
        ...fields
      } = full;
      expect(ZLocationAudienceCreate.safeParse(fields).success, demo.values.name).toBe(true);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every location audience route', async () => {
    const paths = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>().paths;
    expect(Object.keys(paths['/api/location-audiences'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/location-audience'] ?? {})).toContain('post');
    expect(Object.keys(paths['/api/location-audience/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths['/api/location-audience/{id}/duplicate'] ?? {})).toContain('post');
    expect(Object.keys(paths['/api/location-audience/{id}/history'] ?? {})).toContain('get');
  });
});
