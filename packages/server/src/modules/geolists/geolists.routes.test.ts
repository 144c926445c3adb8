import {
  GEOLIST_AREA_MESSAGE,
  GEOLIST_CITY_REGION_MESSAGE,
  GEOLIST_COLUMNS_MESSAGE,
  GEOLIST_DELETED_MESSAGE,
  GEOLIST_EMPTY_FILE_MESSAGE,
  GEOLIST_FILE_REQUIRED_MESSAGE,
  GEOLIST_INVALID_CSV_MESSAGE,
  GEOLIST_INVALID_FILE_MESSAGE,
  GEOLIST_RADIUS_MESSAGE,
  GEOLIST_REGION_COUNTRY_MESSAGE,
  GEOLIST_UNCLOSED_QUOTE_MESSAGE,
  GEOLIST_WRONG_AREAS_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpStagedSets } from '../../lib/staged-sets';
import { bearer, loginAs, multipart, startTestApp, type TestContext, TINY_PNG } from '../../test/test-app';
import type { TGeolist, TGeolistHistoryEntry, TGeolistRow } from './geolists.schemas';

/** Every geolist endpoint and rule through the API (decision 015). */

const LATITUDE = 'The latitude must be a number between -90 and 90';
const LONGITUDE = 'The longitude must be a number between -180 and 180';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let agencyId: string;
let advertiserId: string;

type Detail = { path: string; message: string; line?: number };

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

/** A multipart upload: the fields as JSON in `data` and the file in `file`. */
const upload = (
  method: 'POST' | 'PUT',
  url: string,
  file: { filename: string; content: string | Uint8Array } | undefined,
  data?: Record<string, unknown>,
  who = 'editor',
): Promise<LightMyRequestResponse> => {
  const { payload, headers } = multipart([
    ...(data === undefined ? [] : [{ name: 'data', value: JSON.stringify(data) }]),
    ...(file === undefined
      ? []
      : [
          {
            name: 'file',
            filename: file.filename,
            contentType: 'application/octet-stream',
            data: typeof file.content === 'string' ? Buffer.from(file.content) : file.content,
          },
        ]),
  ]);
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(tokens[who] ?? who), ...headers },
    payload,
  });
};

const detailsOf = (response: LightMyRequestResponse): Detail[] =>
  response.json<{ details?: Detail[] }>().details ?? [];

const counts = async () => ({
  geolists: Number(
    (
      await ctx.db
        .selectFrom('geolists')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  areas: Number(
    (
      await ctx.db
        .selectFrom('geolist_areas')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  history: Number(
    (
      await ctx.db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('entity', '=', 'geolist')
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

/** The geolist with its areas, as GET /geolist/{id} answers it. */
const read = async (id: number, who = 'editor'): Promise<TGeolist> => {
  const response = await call(who, 'GET', `/geolist/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TGeolist>();
};

/** Creates through POST /geolist, which answers the geolist without its areas, and reads it back whole. */
const createJson = async (body: Record<string, unknown>, who = 'editor'): Promise<TGeolist> => {
  const response = await call(who, 'POST', '/geolist', body);
  expect(response.statusCode, response.body).toBe(201);
  const row = response.json<TGeolistRow>();
  expect(row).not.toHaveProperty('areas');
  const whole = await read(row.id, who);
  const { areas: _areas, ...rest } = whole;
  expect(rest).toEqual(row);
  return whole;
};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const who of ['owner', 'editor', 'support', 'supervisor', 'reseller']) {
    tokens[who] = await loginAs(ctx.app, who);
  }
  const id = async (name: string) =>
    (await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  agencyId = await id('Demo Agency');
  advertiserId = await id('Demo Advertiser');
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /geolist with JSON', () => {
  it('creates a geolist in the caller’s organization with the defaults and its areas', async () => {
    const created = await createJson({
      name: '  Madrid stores ',
      country: 'ESP',
      areas: [
        { latitude: 40.4168, longitude: -3.7038, radius: 500, name: 'Sol' },
        { latitude: 40.45, longitude: -3.69 },
      ],
    });
    expect(created).toMatchObject({
      name: 'Madrid stores',
      organization: Number(agencyId),
      organization_name: 'Demo Agency',
      country: 'ESP',
      region: null,
      city: null,
      radius: 250,
      precision: 'standard',
      state: 'active',
      areas_count: 2,
      version: 1,
    });
    expect(created.areas).toEqual([
      { latitude: 40.4168, longitude: -3.7038, radius: 500, name: 'Sol' },
      { latitude: 40.45, longitude: -3.69, radius: 250, name: null },
    ]);
  });

  it('creates one in a child organization in scope, and 404 outside it', async () => {
    const created = await createJson({
      name: 'Child list',
      organization: Number(advertiserId),
      region: 'ES-MD',
      precision: 'high',
      radius: 120.5,
    });
    expect(created).toMatchObject({ organization: Number(advertiserId), region: 'ES-MD', precision: 'high' });
    expect(created.radius).toBe(120.5);
    const northwind = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Northwind Media')
      .executeTakeFirstOrThrow();
    const outside = await call('editor', 'POST', '/geolist', {
      name: 'x',
      organization: Number(northwind.id),
    });
    expect(outside.statusCode).toBe(404);
  });

  it('answers every rule with its message and path', async () => {
    const before = await counts();
    const response = await call('editor', 'POST', '/geolist', {
      name: ' ',
      country: 'XXX',
      radius: 0,
      precision: 'medium',
      areas: [
        { latitude: 91, longitude: -181, radius: -1 },
        { latitude: 'a', longitude: 2, name: 3 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: REQUIRED_MESSAGE },
        { path: 'country', message: INVALID_FORMAT_MESSAGE },
        { path: 'radius', message: GEOLIST_RADIUS_MESSAGE },
        { path: 'precision', message: INVALID_FORMAT_MESSAGE },
        { path: 'areas.0.latitude', message: LATITUDE },
        { path: 'areas.0.longitude', message: LONGITUDE },
        { path: 'areas.0.radius', message: GEOLIST_RADIUS_MESSAGE },
        { path: 'areas.1.latitude', message: LATITUDE },
        { path: 'areas.1.name', message: 'The name must be text' },
      ]),
    );
    const unknown = await call('editor', 'POST', '/geolist', { name: 'x', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('keeps the place narrowing from country to region to city, with known ids only', async () => {
    const outsideCountry = await call('editor', 'POST', '/geolist', {
      name: 'x',
      country: 'FRA',
      region: 'ES-MD',
    });
    expect(detailsOf(outsideCountry)).toEqual([{ path: 'region', message: GEOLIST_REGION_COUNTRY_MESSAGE }]);
    const cityOutsideRegion = await call('editor', 'POST', '/geolist', {
      name: 'x',
      region: 'ES-MD',
      city: 'ES-CT-Barcelona',
    });
    expect(detailsOf(cityOutsideRegion)).toEqual([{ path: 'city', message: GEOLIST_CITY_REGION_MESSAGE }]);
    const unknownRegion = await call('editor', 'POST', '/geolist', { name: 'x', region: 'ES-ZZ' });
    expect(unknownRegion.statusCode).toBe(400);
    expect(detailsOf(unknownRegion)).toEqual([{ path: 'region', message: INVALID_FORMAT_MESSAGE }]);
  });
});

describe('POST /geolist with a file', () => {
  it('reads a CSV (header, default radius) and a JSON file', async () => {
    const csv = await upload(
      'POST',
      '/geolist',
      {
        filename: 'stores.csv',
        content: 'latitude,longitude,radius,name\n40.4,-3.7,,Madrid\n41.4,2.2,300\n',
      },
      { name: 'From CSV' },
    );
    expect(csv.statusCode, csv.body).toBe(201);
    expect((await read(csv.json<TGeolistRow>().id)).areas).toEqual([
      { latitude: 40.4, longitude: -3.7, radius: 250, name: 'Madrid' },
      { latitude: 41.4, longitude: 2.2, radius: 300, name: null },
    ]);
    const json = await upload(
      'POST',
      '/geolist',
      { filename: 'stores.JSON', content: JSON.stringify({ areas: [{ lat: 1, lng: 2, radius: 10 }] }) },
      { name: 'From JSON', precision: 'high' },
    );
    expect(json.statusCode, json.body).toBe(201);
    expect(await read(json.json<TGeolistRow>().id)).toMatchObject({
      precision: 'high',
      areas_count: 1,
      areas: [{ latitude: 1, longitude: 2, radius: 10, name: null }],
    });
  });

  const rejected: {
    case: string;
    file: { filename: string; content: string | Uint8Array };
    message: string;
    error: string;
    lines: { line: number; message: string }[];
  }[] = [
    {
      case: 'another extension',
      file: { filename: 'stores.xlsx', content: '40.4,-3.7' },
      message: GEOLIST_INVALID_FILE_MESSAGE,
      error: 'invalid_file',
      lines: [],
    },
    {
      case: 'a binary file named .csv',
      file: { filename: 'stores.csv', content: TINY_PNG },
      message: GEOLIST_INVALID_FILE_MESSAGE,
      error: 'invalid_file',
      lines: [],
    },
    {
      case: 'JSON that does not parse',
      file: { filename: 'stores.json', content: '{"areas": [' },
      message: GEOLIST_INVALID_FILE_MESSAGE,
      error: 'invalid_file',
      lines: [],
    },
    {
      case: 'an empty file',
      file: { filename: 'stores.csv', content: '' },
      message: GEOLIST_EMPTY_FILE_MESSAGE,
      error: 'empty_file',
      lines: [],
    },
    {
      case: 'a header without rows',
      file: { filename: 'stores.csv', content: 'latitude,longitude,radius,name\n\n' },
      message: GEOLIST_EMPTY_FILE_MESSAGE,
      error: 'empty_file',
      lines: [],
    },
    {
      case: 'an empty JSON list',
      file: { filename: 'stores.json', content: '[]' },
      message: GEOLIST_EMPTY_FILE_MESSAGE,
      error: 'empty_file',
      lines: [],
    },
    {
      case: 'a CSV with the wrong columns',
      file: { filename: 'stores.csv', content: '40.4,-3.7,250,Madrid\n40.5\n1,2,3,a,b\n91,2\n' },
      message: GEOLIST_INVALID_CSV_MESSAGE,
      error: 'invalid_csv',
      lines: [
        { line: 2, message: GEOLIST_COLUMNS_MESSAGE },
        { line: 3, message: GEOLIST_COLUMNS_MESSAGE },
        { line: 4, message: LATITUDE },
      ],
    },
    {
      case: 'a CSV with an unclosed quote',
      file: { filename: 'stores.csv', content: '40.4,-3.7,250,Madrid\n1,2,3,"open\n' },
      message: GEOLIST_INVALID_CSV_MESSAGE,
      error: 'invalid_csv',
      lines: [{ line: 2, message: GEOLIST_UNCLOSED_QUOTE_MESSAGE }],
    },
    {
      case: 'a CSV with wrong areas',
      file: {
        filename: 'stores.csv',
        content: 'lat,lng,radius,name\n40.4,-3.7,250,ok\n95,-3.7,250,a\n40,200,0,b\n40,3,x,c\n',
      },
      message: GEOLIST_WRONG_AREAS_MESSAGE,
      error: 'wrong_areas',
      lines: [
        { line: 3, message: LATITUDE },
        { line: 4, message: LONGITUDE },
        { line: 4, message: GEOLIST_RADIUS_MESSAGE },
        { line: 5, message: GEOLIST_RADIUS_MESSAGE },
      ],
    },
    {
      case: 'a JSON file with wrong areas',
      file: { filename: 'stores.json', content: '[[40,3],"x",{"latitude":40,"longitude":-190}]' },
      message: GEOLIST_WRONG_AREAS_MESSAGE,
      error: 'wrong_areas',
      lines: [
        { line: 2, message: GEOLIST_AREA_MESSAGE },
        { line: 3, message: LONGITUDE },
      ],
    },
  ];

  for (const item of rejected) {
    it(`rejects ${item.case} with its message, every bad line, and stores nothing`, async () => {
      const before = await counts();
      const response = await upload('POST', '/geolist', item.file, { name: 'Rejected' });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ message: string; file_error: string; details: Detail[] }>();
      expect(body.message).toBe(item.message);
      expect(body.file_error).toBe(item.error);
      expect(body.details).toEqual([
        { path: 'file', message: item.message },
        ...item.lines.map((line) => ({ path: `file.${line.line}`, ...line })),
      ]);
      expect(await counts()).toEqual(before);
    });
  }

  it('refuses another file field and a missing name in data', async () => {
    const { payload, headers } = multipart([
      { name: 'data', value: '{"name":"x"}' },
      { name: 'logo', filename: 'a.csv', contentType: 'text/csv', data: Buffer.from('1,2') },
    ]);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/geolist',
      headers: { ...bearer(tokens.editor ?? ''), ...headers },
      payload,
    });
    expect(other.statusCode).toBe(400);
    expect(detailsOf(other)).toEqual([{ path: 'logo', message: 'This file is not expected here' }]);
    const badData = await upload('POST', '/geolist', { filename: 'a.csv', content: '1,2' });
    expect(badData.statusCode).toBe(400);
    expect(detailsOf(badData)).toEqual([{ path: 'name', message: REQUIRED_MESSAGE }]);
    const broken = multipart([{ name: 'data', value: '{"name":' }]);
    const brokenResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/geolist',
      headers: { ...bearer(tokens.editor ?? ''), ...broken.headers },
      payload: broken.payload,
    });
    expect(detailsOf(brokenResponse)).toEqual([{ path: 'data', message: 'The fields are not valid JSON' }]);
  });

  it('accepts 50,000 rows in batches', async () => {
    const rows = Array.from(
      { length: 50_000 },
      (_, index) =>
        `${(index % 170) - 85}.${index},${(index % 350) - 175}.5,${100 + (index % 900)},Store ${index}`,
    );
    const response = await upload(
      'POST',
      '/geolist',
      { filename: 'big.csv', content: `latitude,longitude,radius,name\n${rows.join('\n')}\n` },
      { name: 'Big' },
    );
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    const created = await read(response.json<TGeolistRow>().id);
    expect(created.areas_count).toBe(50_000);
    expect(created.areas).toHaveLength(50_000);
    expect(created.areas[49_999]).toEqual({
      latitude: Number(`${(49_999 % 170) - 85}.49999`),
      longitude: (49_999 % 350) - 175 + 0.5,
      radius: 100 + (49_999 % 900),
      name: 'Store 49999',
    });

    // Replaced and duplicated in batches (decision 033): the old set goes with the cleanup job.
    const csv = `latitude,longitude,radius,name\n${rows.slice(0, 20_000).join('\n')}\n`;
    const replaced = await upload(
      'PUT',
      `/geolist/${created.id}/areas`,
      { filename: 'less.csv', content: csv },
      {
        version: created.version,
      },
    );
    expect(replaced.statusCode, replaced.body.slice(0, 500)).toBe(200);
    expect(replaced.json<TGeolistRow>().areas_count).toBe(20_000);
    const copy = await call('editor', 'POST', `/geolist/${created.id}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await read(copy.json<TGeolistRow>().id)).areas).toEqual((await read(created.id)).areas);
    await cleanUpStagedSets(ctx.db, ctx.clock);
    const sets = await ctx.db
      .selectFrom('geolist_areas')
      .select(['set_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('geolist_id', '=', String(created.id))
      .groupBy('set_id')
      .execute();
    expect(sets.map((set) => Number(set.n))).toEqual([20_000]);
    expect(await ctx.db.selectFrom('staged_sets').selectAll().execute()).toEqual([]);
  }, 60_000);
});

describe('reads', () => {
  it('lists with x-total-count, search, filters and sorts; deleted ones only when filtering on state', async () => {
    const a = await createJson({ name: 'Zeta list', country: 'FRA' });
    const b = await createJson({ name: 'Alpha list', country: 'FRA' });
    const list = await call('editor', 'GET', '/geolists?country[is]=FRA&sort=name');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<TGeolistRow[]>().map((row) => row.name)).toEqual(['Alpha list', 'Zeta list']);
    const search = await call('editor', 'GET', '/geolists?search=zeta');
    expect(search.json<TGeolistRow[]>().map((row) => row.id)).toEqual([a.id]);
    const deleted = await call('editor', 'DELETE', `/geolist/${b.id}?version=${b.version}`);
    expect(deleted.statusCode).toBe(204);
    const after = await call('editor', 'GET', '/geolists?country[is]=FRA');
    expect(after.json<TGeolistRow[]>().map((row) => row.id)).toEqual([a.id]);
    const withDeleted = await call('editor', 'GET', '/geolists?country[is]=FRA&state[is]=deleted');
    expect(withDeleted.json<TGeolistRow[]>().map((row) => row.id)).toEqual([b.id]);
    expect((await call('editor', 'GET', `/geolist/${b.id}`)).json()).toMatchObject({ state: 'deleted' });
    const bad = await call('editor', 'GET', '/geolists?sort=colour');
    expect(bad.statusCode).toBe(400);
  });
});

describe('writes', () => {
  it('updates at the version read (409 when stale) and records history with the actor', async () => {
    const created = await createJson({ name: 'Versioned', areas: [{ latitude: 1, longitude: 1 }] });
    const updated = await call('editor', 'PUT', `/geolist/${created.id}`, {
      version: 1,
      name: 'Renamed',
      country: 'ESP',
      areas: [
        { latitude: 2, longitude: 2, radius: 10 },
        { latitude: 3, longitude: 3, name: 'c' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<TGeolistRow>()).toMatchObject({ name: 'Renamed', version: 2, areas_count: 2 });
    expect((await read(created.id)).areas).toEqual([
      { latitude: 2, longitude: 2, radius: 10, name: null },
      { latitude: 3, longitude: 3, radius: 250, name: 'c' },
    ]);
    const stale = await call('owner', 'PUT', `/geolist/${created.id}`, { version: 1, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    const cleared = await call('owner', 'PUT', `/geolist/${created.id}`, { version: 2, country: null });
    expect(cleared.json<TGeolistRow>()).toMatchObject({ country: null, version: 3, areas_count: 2 });

    const history = (await call('editor', 'GET', `/geolist/${created.id}/history`)).json<
      TGeolistHistoryEntry[]
    >();
    expect(history.map((entry) => [entry.action, entry.actor?.username])).toEqual([
      ['update', 'owner'],
      ['update', 'editor'],
      ['create', 'editor'],
    ]);
    expect(history[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Versioned', to: 'Renamed' },
        { field: 'areas', from: 1, to: 2 },
      ]),
    );
    expect(history[0]?.impersonator).toBeNull();
  });

  it('replaces the areas by upload; a rejected file leaves the geolist as it was', async () => {
    const created = await createJson({ name: 'Replace me', areas: [{ latitude: 1, longitude: 1 }] });
    const before = await counts();
    const rejected = await upload(
      'PUT',
      `/geolist/${created.id}/areas`,
      { filename: 'x.csv', content: '1,2\n100,2\n' },
      { version: 1 },
    );
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toMatchObject({ message: GEOLIST_WRONG_AREAS_MESSAGE });
    expect(detailsOf(rejected)).toContainEqual({ path: 'file.2', line: 2, message: LATITUDE });
    expect(await counts()).toEqual(before);
    expect(await read(created.id)).toEqual(created);

    const missing = await upload('PUT', `/geolist/${created.id}/areas`, undefined, { version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(detailsOf(missing)).toEqual([{ path: 'file', message: GEOLIST_FILE_REQUIRED_MESSAGE }]);

    const replaced = await upload(
      'PUT',
      `/geolist/${created.id}/areas`,
      { filename: 'x.csv', content: '5,6,70,a\n7,8\n' },
      { version: 1 },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<TGeolistRow>()).toMatchObject({ version: 2, areas_count: 2 });
    expect(await read(created.id)).toMatchObject({
      areas: [
        { latitude: 5, longitude: 6, radius: 70, name: 'a' },
        { latitude: 7, longitude: 8, radius: 250, name: null },
      ],
    });
    const stale = await upload(
      'PUT',
      `/geolist/${created.id}/areas`,
      { filename: 'x.csv', content: '5,6' },
      { version: 1 },
    );
    expect(stale.statusCode).toBe(409);
    // The version is checked before the file is looked at (decision 039).
    const staleAndBad = await upload(
      'PUT',
      `/geolist/${created.id}/areas`,
      { filename: 'x.csv', content: '1,2\n100,2\n' },
      { version: 1 },
    );
    expect(staleAndBad.statusCode).toBe(409);
    expect(staleAndBad.json()).toMatchObject({ code: 'STALE_VERSION' });
    const history = (await call('editor', 'GET', `/geolist/${created.id}/history`)).json<
      TGeolistHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'areas',
      changes: [
        { field: 'areas', from: 1, to: 2 },
        { field: 'file', from: null, to: 'x.csv' },
      ],
    });
  });

  it('deletes at the version read; a deleted geolist cannot change', async () => {
    const created = await createJson({ name: 'Delete me' });
    expect((await call('editor', 'DELETE', `/geolist/${created.id}?version=9`)).statusCode).toBe(409);
    expect((await call('editor', 'DELETE', `/geolist/${created.id}?version=1`)).statusCode).toBe(204);
    // A write to a deleted geolist is a conflict with its state (decision 039), whatever the version sent.
    const deleted = { code: 'DELETED', message: GEOLIST_DELETED_MESSAGE };
    const state = [{ path: 'state', message: GEOLIST_DELETED_MESSAGE }];
    const update = await call('editor', 'PUT', `/geolist/${created.id}`, { version: 2, name: 'x' });
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject(deleted);
    expect(detailsOf(update)).toEqual(state);
    const replace = await upload(
      'PUT',
      `/geolist/${created.id}/areas`,
      { filename: 'x.csv', content: '5,6' },
      { version: 2 },
    );
    expect(replace.json()).toMatchObject(deleted);
    const again = await call('editor', 'DELETE', `/geolist/${created.id}?version=2`);
    expect(again.json()).toMatchObject(deleted);
    const duplicate = await call('editor', 'POST', `/geolist/${created.id}/duplicate`, {});
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject(deleted);
    const history = (await call('editor', 'GET', `/geolist/${created.id}/history`)).json<
      TGeolistHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'delete',
      changes: [{ field: 'state', from: 'active', to: 'deleted' }],
    });
  });

  it('duplicates with every field and area', async () => {
    const source = await createJson({
      name: 'Original',
      country: 'ESP',
      region: 'ES-MD',
      precision: 'high',
      radius: 300,
      areas: [
        { latitude: 1, longitude: 2, radius: 3, name: 'a' },
        { latitude: 4, longitude: 5 },
      ],
    });
    const copy = await call('editor', 'POST', `/geolist/${source.id}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    const body = await read(copy.json<TGeolistRow>().id);
    expect(body.id).not.toBe(source.id);
    expect(body).toMatchObject({
      name: 'Original (copy)',
      country: 'ESP',
      region: 'ES-MD',
      precision: 'high',
      radius: 300,
      version: 1,
      areas: source.areas,
    });
    const named = await call('owner', 'POST', `/geolist/${source.id}/duplicate`, { name: 'Second' });
    expect(named.json<TGeolistRow>().name).toBe('Second');
    const history = (await call('editor', 'GET', `/geolist/${body.id}/history`)).json<
      TGeolistHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({ action: 'duplicate' });
    expect(history[0]?.changes[0]).toEqual({ field: 'duplicated_from', from: null, to: source.id });
  });
});

describe('OpenAPI', () => {
  it('documents every geolist route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/geolists'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/geolist'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/geolist/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    for (const path of [
      '/api/geolist/{id}/areas',
      '/api/geolist/{id}/duplicate',
      '/api/geolist/{id}/history',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});
