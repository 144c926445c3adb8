import { parsePublisher } from '@beacon/domain/validation/publisher-file';
import { ZPublisherListCreate } from '@beacon/domain/validation/publisher-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE, DEMO_PUBLISHER_LISTS } from '../../db/seed/demo-publisher-lists';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCataloguePublisher, TPublisherEntry, TPublisherListRow } from './publisher-lists.schemas';

/** The demo publisher lists and catalogue follow the rules and are there after a demo seed. */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp();
  token = await loginAs(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

describe('demo publisher lists', () => {
  it.each(DEMO_PUBLISHER_LISTS.map((list) => [list.name, list] as const))(
    '%s satisfies the rules',
    (_name, list) => {
      expect(
        ZPublisherListCreate.safeParse({ ...list, publishers: [...list.publishers] }).error?.issues ?? [],
      ).toEqual([]);
    },
  );

  it('has a catalogue of recognised publishers, each once', () => {
    for (const entry of DEMO_CATALOGUE)
      expect(parsePublisher(entry.publisher), entry.publisher).toBeDefined();
    expect(new Set(DEMO_CATALOGUE.map((entry) => entry.publisher)).size).toBe(DEMO_CATALOGUE.length);
  });

  it('seeds an allowlist and a blocklist of Demo Agency with their publishers and history', async () => {
    const response = await get('/publisher-lists?sort=name');
    const rows = response.json<TPublisherListRow[]>();
    expect(rows.map((row) => [row.name, row.kind, row.organization_name])).toEqual(
      [...DEMO_PUBLISHER_LISTS]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((list) => [list.name, list.kind, 'Demo Agency']),
    );
    for (const row of rows) {
      const demo = DEMO_PUBLISHER_LISTS.find((list) => list.name === row.name);
      expect(row.publishers_count).toBe(demo?.publishers.length);
      const entries = (await get(`/publisher-list/${row.id}/publishers?limit=100`)).json<TPublisherEntry[]>();
      expect(entries.map((entry) => entry.publisher).sort()).toEqual(
        demo?.publishers.map((value) => parsePublisher(value)?.publisher).sort(),
      );
      const history = (await get(`/publisher-list/${row.id}/history`)).json<{ action: string }[]>();
      expect(history.map((entry) => entry.action)).toEqual(['create']);
    }
  });

  it('lets the search publishers dialog find well-known apps by name', async () => {
    const response = await get('/publishers?search=candy%20crush');
    expect(response.json<TCataloguePublisher[]>().map((row) => [row.publisher, row.platform])).toEqual([
      ['553834731', 'app'],
      ['com.king.candycrushsaga', 'app'],
    ]);
  });
});
