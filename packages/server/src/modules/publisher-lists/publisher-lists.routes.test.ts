import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TPublisherList } from './publisher-lists.schemas';

/**
 * §7 `GET /v2/organization/{id}/publishers-lists`: the list conventions of §4 (page, limit, search, sort,
 * filters, x-total-count) over an organization's own lists, the `resources-publishers` resource of §6 and the
 * tenant scope. The writes are tested in publisher-lists.writes.test.ts; the rows here are inserted directly.
 */

let ctx: TestContext;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const ORGANIZATIONS = {
  agency: 'Demo Agency',
  advertiser: 'Demo Advertiser',
  northwind: 'Northwind Media',
  dataPartner: 'Data Partner Co',
  otherPartner: 'Other Partner Co',
} as const;
type OrganizationKey = keyof typeof ORGANIZATIONS;

const CALLERS = [
  'owner',
  'editor',
  'viewer',
  'audience_manager',
  'reseller',
  'data_partner',
  'other_partner',
  'supervisor',
  'support',
];

const idOf = (key: OrganizationKey): string => {
  const id = ids[key];
  if (!id) throw new Error(`no organization ${key}`);
  return id;
};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [key, name] of Object.entries(ORGANIZATIONS)) {
    const row = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
  // The demo lists (publisher-lists.seed.test.ts) make way for this file's own.
  await ctx.db.deleteFrom('publisher_list_entries').execute();
  await ctx.db.deleteFrom('publisher_lists').execute();
  const lists = [
    { organization: 'agency', name: 'Alpha premium apps', kind: 'allow', state: 'active', count: 3 },
    { organization: 'agency', name: 'beta fraud', kind: 'block', state: 'active', count: 120 },
    { organization: 'agency', name: 'Gamma old', kind: 'block', state: 'deleted', count: 7 },
    { organization: 'agency', name: 'delta news_sites', kind: 'allow', state: 'active', count: 40 },
    { organization: 'advertiser', name: 'Child brand safety', kind: 'block', state: 'active', count: 2 },
    { organization: 'northwind', name: 'Northwind allowlist', kind: 'allow', state: 'active', count: 9 },
    { organization: 'dataPartner', name: 'Partner list', kind: 'allow', state: 'active', count: 1 },
  ] as const;
  for (const list of lists) {
    const row = await ctx.db
      .insertInto('publisher_lists')
      .values({
        organization_id: idOf(list.organization),
        name: list.name,
        kind: list.kind,
        state: list.state,
        publishers_count: list.count,
        created_at: '2024-03-01T10:00:00Z',
        updated_at: '2024-03-02T10:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('publisher_list_entries')
      .values([
        { list_id: row.id, publisher: 'com.example.app' },
        { list_id: row.id, publisher: 'news.example.org' },
      ])
      .execute();
  }
  for (const username of CALLERS) tokens[username] = await loginAs(ctx.app, username);
});
afterAll(async () => {
  await ctx.close();
});

const get = (username: string, url: string): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[username] ?? '') });

const listsUrl = (key: OrganizationKey, query = '') =>
  `/api/v2/organization/${idOf(key)}/publishers-lists${query ? `?${query}` : ''}`;

const names = async (username: string, url: string): Promise<string[]> => {
  const response = await get(username, url);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<TPublisherList[]>();
  expect(response.headers['x-total-count']).toBeDefined();
  return rows.map((list) => list.name);
};

describe('GET /api/v2/organization/:id/publishers-lists', () => {
  it('answers the organization’s own lists by name, with the total, leaving deleted ones out', async () => {
    const response = await get('owner', listsUrl('agency'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const rows = response.json<TPublisherList[]>();
    expect(rows.map((list) => list.name)).toEqual(['Alpha premium apps', 'beta fraud', 'delta news_sites']);
    expect(rows[1]).toEqual({
      id: expect.any(Number),
      organization_id: Number(idOf('agency')),
      name: 'beta fraud',
      kind: 'block',
      state: 'active',
      publishers_count: 120,
      created_at: '2024-03-01T10:00:00.000Z',
      updated_at: '2024-03-02T10:00:00.000Z',
      version: 1,
    });
  });

  it.each([
    ['kind[is]=block', ['beta fraud']],
    ['kind[is]=allow&publishers_count[gte]=10', ['delta news_sites']],
    ['state[is]=deleted', ['Gamma old']],
    ['state[any]=active,deleted&kind[is]=block', ['beta fraud', 'Gamma old']],
    ['search=FRAUD', ['beta fraud']],
    // `_` is a literal character, not a LIKE wildcard.
    ['search=s_s', ['delta news_sites']],
    ['name[starts]=a', ['Alpha premium apps']],
    ['sort=-publishers_count', ['beta fraud', 'delta news_sites', 'Alpha premium apps']],
    ['created_at[is]=2024-03-01', ['Alpha premium apps', 'beta fraud', 'delta news_sites']],
    ['updated_at[after]=2024-03-02', []],
  ])('filters and sorts %s', async (query, expected) => {
    const response = await get('owner', listsUrl('agency', query));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TPublisherList[]>().map((list) => list.name)).toEqual(expected);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
  });

  it('pages, with the total of every page', async () => {
    const response = await get('owner', listsUrl('agency', 'limit=1&page=2&sort=name'));
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json<TPublisherList[]>().map((list) => list.name)).toEqual(['beta fraud']);
  });

  it('answers 400 with details for an unknown parameter, filter or value', async () => {
    const response = await get(
      'owner',
      listsUrl('agency', 'organization_id[is]=2&kind[is]=maybe&sort=owner'),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((detail) => detail.path).sort()).toEqual([
      'kind[is]',
      'organization_id[is]',
      'sort',
    ]);
  });

  it('lists a child organization’s lists for the parent’s users, never the parent’s lists mixed in', async () => {
    expect(await names('owner', listsUrl('advertiser'))).toEqual(['Child brand safety']);
  });

  it('answers 404 for an organization out of scope or absent, never its lists', async () => {
    for (const [caller, key] of [
      ['owner', 'northwind'],
      ['owner', 'dataPartner'],
      ['reseller', 'agency'],
      ['reseller', 'advertiser'],
    ] as const) {
      const response = await get(caller, listsUrl(key));
      expect(response.statusCode, `${caller} → ${key}`).toBe(404);
      expect(response.body).not.toMatch(/Northwind allowlist|Alpha premium apps|Child brand safety/);
    }
    expect((await get('supervisor', '/api/v2/organization/987654321/publishers-lists')).statusCode).toBe(404);
  });

  it('answers the operator’s staff for any organization', async () => {
    expect(await names('supervisor', listsUrl('northwind'))).toEqual(['Northwind allowlist']);
    expect(await names('support', listsUrl('agency'))).toEqual([
      'Alpha premium apps',
      'beta fraud',
      'delta news_sites',
    ]);
    expect(await names('reseller', listsUrl('northwind'))).toEqual(['Northwind allowlist']);
    expect(await names('editor', listsUrl('agency'))).toHaveLength(3);
  });

  it('answers 403 to the roles and organization roles §6 keeps from publisher lists', async () => {
    // data-partner and other-partner organizations are excluded, even from their own lists.
    expect((await get('data_partner', listsUrl('dataPartner'))).statusCode).toBe(403);
    expect((await get('other_partner', listsUrl('otherPartner'))).statusCode).toBe(403);
    expect((await get('viewer', listsUrl('agency'))).statusCode).toBe(403);
    expect((await get('audience_manager', listsUrl('agency'))).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: listsUrl('agency') });
    expect(response.statusCode).toBe(401);
  });
});
