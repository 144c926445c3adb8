import {
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
  PUBLISHER_FILE_COLUMNS_MESSAGE,
  PUBLISHER_FILE_EMPTY_MESSAGE,
  PUBLISHER_FILE_INVALID_MESSAGE,
  PUBLISHER_FILE_REQUIRED_MESSAGE,
  PUBLISHER_FILE_WRONG_MESSAGE,
  PUBLISHER_LINE_COLUMNS_MESSAGE,
  PUBLISHER_LIST_DELETED_MESSAGE,
  PUBLISHER_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { PUBLISHER_LIST_NAME_MAX_LENGTH } from '@beacon/domain/validation/publisher-list';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, multipart, startTestApp, type TestContext, TINY_PNG } from '../../test/test-app';
import type {
  TCataloguePublisher,
  TPublisherEntry,
  TPublisherListHistoryEntry,
  TPublisherListRow,
} from './publisher-lists.schemas';

/** Every publisher list endpoint and its rules through the API (decision 018). */

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
            contentType: 'text/plain',
            data: typeof file.content === 'string' ? Buffer.from(file.content) : file.content,
          },
        ]),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...bearer(tokens[who] ?? who), ...headers },
    payload,
  });
};

const detailsOf = (response: LightMyRequestResponse): Detail[] =>
  response.json<{ details?: Detail[] }>().details ?? [];

const countOf = async (table: 'publisher_lists' | 'publisher_list_entries' | 'publishers' | 'history') => {
  const query = ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
  const row =
    table === 'history'
      ? await ctx.db
          .selectFrom('history')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('entity', '=', 'publisher_list')
          .executeTakeFirstOrThrow()
      : await query.executeTakeFirstOrThrow();
  return Number(row.n);
};
const counts = async () => ({
  lists: await countOf('publisher_lists'),
  entries: await countOf('publisher_list_entries'),
  catalogue: await countOf('publishers'),
  history: await countOf('history'),
});

const create = async (body: Record<string, unknown>, who = 'editor'): Promise<TPublisherListRow> => {
  const response = await call(who, 'POST', '/publisher-list', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TPublisherListRow>();
};

const publishersOf = async (id: number, query = ''): Promise<string[]> => {
  const response = await call('editor', 'GET', `/publisher-list/${id}/publishers${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPublisherEntry[]>().map((entry) => entry.publisher);
};

beforeAll(async () => {
  ctx = await startTestApp();
  const id = async (name: string) =>
    (await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  agencyId = await id('Demo Agency');
  advertiserId = await id('Demo Advertiser');
  for (const username of ['owner', 'editor', 'viewer', 'supervisor', 'audience_manager', 'data_partner']) {
    tokens[username] = await loginAs(ctx.app, username);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /publisher-list', () => {
  it('creates a list from JSON publishers, normalised and kept once, with its history and catalogue rows', async () => {
    const list = await create({
      name: ' Safe news ',
      kind: 'allow',
      publishers: ['News.Example.org', 'news.example.org', 'com.example.reader', 'id389801252'],
    });
    expect(list).toEqual({
      id: expect.any(Number),
      organization_id: Number(agencyId),
      organization_name: 'Demo Agency',
      name: 'Safe news',
      kind: 'allow',
      state: 'active',
      publishers_count: 3,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
    });
    expect(await publishersOf(list.id)).toEqual(['com.example.reader', 'id389801252', 'news.example.org']);
    const catalogue = await call('editor', 'GET', '/publishers?search=example.reader');
    expect(catalogue.json<TCataloguePublisher[]>()).toEqual([
      { id: expect.any(Number), publisher: 'com.example.reader', platform: 'app', name: null },
    ]);
    const history = (await call('editor', 'GET', `/publisher-list/${list.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', actor: { username: 'editor' }, impersonator: null });
    expect(history[0]?.changes).toContainEqual({ field: 'publishers_count', from: null, to: 3 });
  });

  it('creates a list for a child organization in scope', async () => {
    const list = await create({ organization: Number(advertiserId), name: 'Child block', kind: 'block' });
    expect(list).toMatchObject({ organization_id: Number(advertiserId), publishers_count: 0 });
  });

  it('creates a list from an uploaded file, streamed line by line', async () => {
    const response = await upload(
      '/publisher-list',
      {
        filename: 'block.csv',
        content: 'publisher\r\nbad-site.example\r\n\r\ncom.spam.app\r\nbad-site.example\r\n',
      },
      { name: 'Uploaded block', kind: 'block' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const list = response.json<TPublisherListRow>();
    expect(list.publishers_count).toBe(2);
    expect(await publishersOf(list.id)).toEqual(['bad-site.example', 'com.spam.app']);
    const history = (await call('editor', 'GET', `/publisher-list/${list.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history[0]?.changes).toContainEqual({ field: 'file', from: null, to: 'block.csv' });
  });

  it('answers the §5 messages for the fields', async () => {
    const response = await call('editor', 'POST', '/publisher-list', {
      name: 'x'.repeat(PUBLISHER_LIST_NAME_MAX_LENGTH + 1),
      kind: 'maybe',
      publishers: ['fine.com', 'not a publisher'],
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: maxLengthMessage(PUBLISHER_LIST_NAME_MAX_LENGTH) },
        { path: 'kind', message: INVALID_FORMAT_MESSAGE },
        { path: 'publishers.1', message: PUBLISHER_MESSAGE },
      ]),
    );
    const missing = await call('editor', 'POST', '/publisher-list', {});
    expect(detailsOf(missing)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: REQUIRED_MESSAGE },
        { path: 'kind', message: REQUIRED_MESSAGE },
      ]),
    );
  });

  it.each([
    [
      'a bad line',
      'good.com\nnot a publisher\ncom.example.app\nhttp://x.com\n',
      'wrong_publishers',
      PUBLISHER_FILE_WRONG_MESSAGE,
      [
        { path: 'file.2', line: 2, message: PUBLISHER_MESSAGE },
        { path: 'file.4', line: 4, message: PUBLISHER_MESSAGE },
      ],
    ],
    [
      'two columns',
      'good.com,Good\nother.com\n',
      'multiple_columns',
      PUBLISHER_FILE_COLUMNS_MESSAGE,
      [{ path: 'file.1', line: 1, message: PUBLISHER_LINE_COLUMNS_MESSAGE }],
    ],
    ['an empty file', '\n \n', 'empty_file', PUBLISHER_FILE_EMPTY_MESSAGE, []],
  ])(
    'rejects %s with its message and lines, storing nothing',
    async (_case, content, error, message, lines) => {
      const before = await counts();
      const response = await upload(
        '/publisher-list',
        { filename: 'list.txt', content },
        { name: 'Rejected', kind: 'allow' },
      );
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ message: string; file_error: string; more_lines: number }>();
      expect(body).toMatchObject({ message, file_error: error, more_lines: 0 });
      expect(detailsOf(response)).toEqual([{ path: 'file', message }, ...lines]);
      expect(await counts()).toEqual(before);
    },
  );

  it('rejects a binary file and one that is not UTF-8 as not text', async () => {
    const before = await counts();
    for (const content of [TINY_PNG, Buffer.from([0x65, 0x78, 0xff, 0xfe, 0x2e, 0x63, 0x6f, 0x6d])]) {
      const response = await upload(
        '/publisher-list',
        { filename: 'list.txt', content },
        { name: 'Bin', kind: 'allow' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: PUBLISHER_FILE_INVALID_MESSAGE,
        file_error: 'invalid_file',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('reads a large file (30,000 lines, over many chunks) and keeps each publisher once', async () => {
    const lines = Array.from({ length: 30_000 }, (_, index) => `site-${index % 20_000}.example.com`);
    const response = await upload(
      '/publisher-list',
      { filename: 'big.txt', content: `${lines.join('\r\n')}\r\n` },
      { name: 'Big', kind: 'block' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TPublisherListRow>().publishers_count).toBe(20_000);
  });

  it('answers 403 to a role without edit rights and 404 for an organization out of scope', async () => {
    expect((await call('viewer', 'POST', '/publisher-list', { name: 'a', kind: 'allow' })).statusCode).toBe(
      403,
    );
    const northwind = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Northwind Media')
      .executeTakeFirstOrThrow();
    const response = await call('editor', 'POST', '/publisher-list', {
      organization: Number(northwind.id),
      name: 'a',
      kind: 'allow',
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/publisher-list', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /publisher-lists and GET /publisher-list/{id}', () => {
  it('lists the lists in scope with the list conventions', async () => {
    await create({ name: 'Zeta conventions', kind: 'block', publishers: ['a.com', 'b.com'] });
    const response = await call('editor', 'GET', '/publisher-lists?search=zeta%20conv&kind[is]=block');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json<TPublisherListRow[]>()[0]).toMatchObject({
      name: 'Zeta conventions',
      publishers_count: 2,
      organization_name: 'Demo Agency',
    });
    const sorted = await call('editor', 'GET', '/publisher-lists?sort=-publishers_count&limit=1');
    expect(sorted.json<TPublisherListRow[]>()[0]?.name).toBe('Big');
    expect((await call('editor', 'GET', '/publisher-lists?owner[is]=1')).statusCode).toBe(400);
  });

  it('reads one list, and 404 for an absent one', async () => {
    const list = await create({ name: 'Readable', kind: 'allow' });
    const response = await call('editor', 'GET', `/publisher-list/${list.id}`);
    expect(response.json<TPublisherListRow>()).toEqual(list);
    expect((await call('editor', 'GET', '/publisher-list/987654321')).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /publisher-list/{id}, duplicate', () => {
  it('renames and changes the kind at the version read; a stale version answers 409', async () => {
    const list = await create({ name: 'Before', kind: 'allow' });
    const response = await call('editor', 'PUT', `/publisher-list/${list.id}`, {
      version: 1,
      name: 'After',
      kind: 'block',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TPublisherListRow>()).toMatchObject({ name: 'After', kind: 'block', version: 2 });
    const stale = await call('editor', 'PUT', `/publisher-list/${list.id}`, { version: 1, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    const history = (await call('editor', 'GET', `/publisher-list/${list.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: [
        { field: 'name', from: 'Before', to: 'After' },
        { field: 'kind', from: 'allow', to: 'block' },
      ],
    });
    expect((await call('editor', 'PUT', `/publisher-list/${list.id}`, { name: 'x' })).statusCode).toBe(400);
  });

  it('deletes as state deleted, kept in history and listed only when filtering on state', async () => {
    const list = await create({ name: 'To delete', kind: 'block', publishers: ['gone.com'] });
    expect((await call('editor', 'DELETE', `/publisher-list/${list.id}?version=2`)).statusCode).toBe(409);
    const response = await call('editor', 'DELETE', `/publisher-list/${list.id}?version=1`);
    expect(response.statusCode, response.body).toBe(204);
    const read = (await call('editor', 'GET', `/publisher-list/${list.id}`)).json<TPublisherListRow>();
    expect(read).toMatchObject({ state: 'deleted', publishers_count: 1 });
    expect(await publishersOf(list.id)).toEqual(['gone.com']);
    const listed = await call('editor', 'GET', '/publisher-lists?search=To%20delete');
    expect(listed.json<TPublisherListRow[]>()).toEqual([]);
    const withDeleted = await call('editor', 'GET', '/publisher-lists?search=To%20delete&state[is]=deleted');
    expect(withDeleted.json<TPublisherListRow[]>()).toHaveLength(1);
    const history = (await call('editor', 'GET', `/publisher-list/${list.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'delete',
      changes: [{ field: 'state', from: 'active', to: 'deleted' }],
    });
    // A deleted list is not written any more: a conflict with its state (decision 039), whatever the version.
    const deleted = { code: 'DELETED', message: PUBLISHER_LIST_DELETED_MESSAGE };
    const update = await call('editor', 'PUT', `/publisher-list/${list.id}`, { version: 2, name: 'x' });
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject(deleted);
    expect(detailsOf(update)).toEqual([{ path: 'state', message: PUBLISHER_LIST_DELETED_MESSAGE }]);
    const change = await call('editor', 'PUT', `/publisher-list/${list.id}/publishers`, {
      version: 2,
      add: ['x.com'],
    });
    expect(change.json()).toMatchObject(deleted);
    const again = await call('editor', 'DELETE', `/publisher-list/${list.id}?version=2`);
    expect(again.json()).toMatchObject(deleted);
    const duplicate = await call('editor', 'POST', `/publisher-list/${list.id}/duplicate`, {});
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject(deleted);
  });

  it('duplicates a list with its kind and publishers', async () => {
    const list = await create({ name: 'Source', kind: 'block', publishers: ['one.com', 'com.two.app'] });
    const response = await call('editor', 'POST', `/publisher-list/${list.id}/duplicate`, {});
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<TPublisherListRow>();
    expect(copy).toMatchObject({ name: 'Source (copy)', kind: 'block', publishers_count: 2, version: 1 });
    expect(await publishersOf(copy.id)).toEqual(['com.two.app', 'one.com']);
    const named = await call('editor', 'POST', `/publisher-list/${list.id}/duplicate`, {
      name: 'Named copy',
    });
    expect(named.json<TPublisherListRow>().name).toBe('Named copy');
    const history = (await call('editor', 'GET', `/publisher-list/${copy.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({ action: 'duplicate' });
    expect(history[0]?.changes).toContainEqual({ field: 'duplicated_from', from: null, to: list.id });
  });
});

describe('the publishers of a list', () => {
  it('pages and searches them, with platform and catalogue name', async () => {
    const list = await create({
      name: 'Entries',
      kind: 'allow',
      publishers: ['alpha.com', 'beta.org', 'com.gamma.app', 'delta.net'],
    });
    const page = await call('editor', 'GET', `/publisher-list/${list.id}/publishers?limit=2&page=2`);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json<TPublisherEntry[]>()).toEqual([
      { publisher: 'com.gamma.app', platform: 'app', name: null },
      { publisher: 'delta.net', platform: 'web', name: null },
    ]);
    expect(await publishersOf(list.id, 'search=GAMMA')).toEqual(['com.gamma.app']);
    expect(await publishersOf(list.id, 'platform[is]=app')).toEqual(['com.gamma.app']);
    expect(await publishersOf(list.id, 'sort=-publisher&limit=1')).toEqual(['delta.net']);
  });

  it('appends or replaces by an uploaded file at the version read', async () => {
    const list = await create({ name: 'Uploads', kind: 'block', publishers: ['keep.com'] });
    const append = await upload(
      `/publisher-list/${list.id}/publishers`,
      { filename: 'more.txt', content: 'keep.com\nnew.com\n' },
      { version: 1, mode: 'append' },
    );
    expect(append.statusCode, append.body).toBe(200);
    expect(append.json<TPublisherListRow>()).toMatchObject({ publishers_count: 2, version: 2 });
    expect(await publishersOf(list.id)).toEqual(['keep.com', 'new.com']);

    const stale = await upload(
      `/publisher-list/${list.id}/publishers`,
      { filename: 'x.txt', content: 'x.com\n' },
      { version: 1, mode: 'append' },
    );
    expect(stale.statusCode).toBe(409);
    // The version is checked before the file is read (decision 039).
    const staleAndBad = await upload(
      `/publisher-list/${list.id}/publishers`,
      { filename: 'bad.txt', content: 'fresh.com\nnope\n' },
      { version: 1, mode: 'append' },
    );
    expect(staleAndBad.statusCode).toBe(409);
    expect(staleAndBad.json()).toMatchObject({ code: 'STALE_VERSION' });

    const before = await counts();
    const rejected = await upload(
      `/publisher-list/${list.id}/publishers`,
      { filename: 'bad.txt', content: 'fresh.com\nnope\n' },
      { version: 2, mode: 'replace' },
    );
    expect(rejected.statusCode).toBe(400);
    expect(detailsOf(rejected)[1]).toEqual({ path: 'file.2', line: 2, message: PUBLISHER_MESSAGE });
    expect(await counts()).toEqual(before);
    expect(await publishersOf(list.id)).toEqual(['keep.com', 'new.com']);

    const replace = await upload(
      `/publisher-list/${list.id}/publishers`,
      { filename: 'fresh.txt', content: 'fresh.com\n' },
      { version: 2, mode: 'replace' },
    );
    expect(replace.statusCode, replace.body).toBe(200);
    expect(replace.json<TPublisherListRow>()).toMatchObject({ publishers_count: 1, version: 3 });
    expect(await publishersOf(list.id)).toEqual(['fresh.com']);
    const history = (await call('editor', 'GET', `/publisher-list/${list.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history.map((entry) => entry.action)).toEqual([
      'replace_publishers',
      'append_publishers',
      'create',
    ]);
    expect(history[0]?.changes).toEqual([
      { field: 'publishers_count', from: 2, to: 1 },
      { field: 'file', from: null, to: 'fresh.txt' },
    ]);
  });

  it('needs a file and a mode to upload', async () => {
    const list = await create({ name: 'Needs file', kind: 'block' });
    const noFile = await upload(`/publisher-list/${list.id}/publishers`, undefined, {
      version: 1,
      mode: 'append',
    });
    expect(noFile.statusCode).toBe(400);
    expect(detailsOf(noFile)).toEqual([{ path: 'file', message: PUBLISHER_FILE_REQUIRED_MESSAGE }]);
    const noMode = await upload(
      `/publisher-list/${list.id}/publishers`,
      { filename: 'a.txt', content: 'a.com' },
      {
        version: 1,
      },
    );
    expect(detailsOf(noMode)).toEqual([{ path: 'mode', message: REQUIRED_MESSAGE }]);
  });

  it('adds and removes named publishers at the version read, with history', async () => {
    const list = await create({ name: 'Named', kind: 'allow', publishers: ['one.com', 'two.com'] });
    const response = await call('editor', 'PUT', `/publisher-list/${list.id}/publishers`, {
      version: 1,
      add: ['three.com', 'ONE.com'],
      remove: ['two.com'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TPublisherListRow>()).toMatchObject({ publishers_count: 2, version: 2 });
    expect(await publishersOf(list.id)).toEqual(['one.com', 'three.com']);
    const history = (await call('editor', 'GET', `/publisher-list/${list.id}/history`)).json<
      TPublisherListHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'publishers',
      changes: [
        { field: 'publishers_count', from: 2, to: 2 },
        { field: 'added', from: null, to: ['three.com', 'one.com'] },
        { field: 'removed', from: ['two.com'], to: null },
      ],
    });
    const bad = await call('editor', 'PUT', `/publisher-list/${list.id}/publishers`, {
      version: 2,
      add: ['x'],
    });
    expect(detailsOf(bad)).toEqual([{ path: 'add.0', message: PUBLISHER_MESSAGE }]);
    const stale = await call('editor', 'PUT', `/publisher-list/${list.id}/publishers`, {
      version: 1,
      add: [],
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('GET /publishers', () => {
  it('searches the catalogue by publisher and name, with the list conventions', async () => {
    await ctx.db
      .insertInto('publishers')
      .values([
        { publisher: 'com.zz.weather', platform: 'app', name: 'Zz Weather Radar' },
        { publisher: 'zzweather.example', platform: 'web', name: null },
      ])
      .execute();
    const response = await call('editor', 'GET', '/publishers?search=zz%20weather');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TCataloguePublisher[]>().map((row) => row.publisher)).toEqual(['com.zz.weather']);
    const byPublisher = await call('editor', 'GET', '/publishers?search=zzweather&platform[is]=web');
    expect(byPublisher.json<TCataloguePublisher[]>()).toEqual([
      { id: expect.any(Number), publisher: 'zzweather.example', platform: 'web', name: null },
    ]);
    expect(byPublisher.headers['x-total-count']).toBe('1');
  });

  it('answers 403 to the roles and organization roles §6 keeps from publishers', async () => {
    for (const who of ['viewer', 'audience_manager', 'data_partner']) {
      expect((await call(who, 'GET', '/publishers?search=a')).statusCode, who).toBe(403);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every publisher list route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/publisher-lists'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/publisher-list'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/publisher-list/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths['/api/publisher-list/{id}/publishers'] ?? {}).sort()).toEqual([
      'get',
      'post',
      'put',
    ]);
    for (const path of [
      '/api/publisher-list/{id}/duplicate',
      '/api/publisher-list/{id}/history',
      '/api/publishers',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});
