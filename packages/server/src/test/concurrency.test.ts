import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  TableNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { readBiddingEnabled } from '../engine/bidder-state';
import { imageOf } from '../modules/creatives/creative-media.factories';
import { dayFromToday, uniqueSuffix } from './factories';
import { bearer, loginAs, multipart, startTestApp, type TestContext } from './test-app';

/**
 * Integrity under concurrency (decision 032): the API's multi-statement writes — creations, duplicates, bulk
 * updates, uploads, the back office's exchanges and platform bidding switch — run many at a time while a share of their database writes fail, on the database under test
 * (PGlite by default, PostgreSQL with TEST_DATABASE_URL). Afterwards nothing half-written may remain: every
 * table holds exactly the rows of the acknowledged writes, each with its history, and nothing of a failed one.
 */

/** A database failure in a share of the writes (INSERT, UPDATE, DELETE) sent while it is armed. */
class InjectedFaults implements KyselyPlugin {
  rate = 0;
  injected = 0;
  #seed = 20261127;

  /** A small deterministic generator, so a failing run can be repeated. */
  #random(): number {
    this.#seed = (this.#seed * 1103515245 + 12345) % 2147483648;
    return this.#seed / 2147483648;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.rate > 0 && isWrite(node) && this.#random() < this.rate) {
      this.injected += 1;
      throw new Error('Injected database failure');
    }
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** Sessions and login attempts are left alone: a failed sign-in is not what this suite is about. */
const SPARED_TABLES = /^(sessions|login_attempts|jobs)$/;

const isWrite = (node: RootOperationNode): boolean => {
  switch (node.kind) {
    case 'InsertQueryNode':
      return !SPARED_TABLES.test(node.into?.table.identifier.name ?? '');
    case 'UpdateQueryNode': {
      const { table } = node;
      return !(table && TableNode.is(table) && SPARED_TABLES.test(table.table.identifier.name));
    }
    case 'DeleteQueryNode':
      return true;
    case 'RawNode':
      return (
        /^\s*(insert|update|delete)\b/i.test(node.sqlFragments.join(' ')) &&
        !/\bsessions\b/.test(node.sqlFragments.join(' '))
      );
    default:
      return false;
  }
};

type Created = { table: string; id: string; source?: string };
type Operation = {
  name: string;
  run: () => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  /** The rows an acknowledged call created, from its answer. */
  created?: (answer: Record<string, unknown>) => Created[];
};

const ENTITY_TABLES: Record<string, string> = {
  organizations: 'organization',
  users: 'user',
  campaigns: 'campaign',
  strategies: 'strategy',
  creatives: 'creative',
  deals: 'deal',
  geolists: 'geolist',
  publisher_lists: 'publisher_list',
  audiences: 'audience',
  location_audiences: 'location_audience',
  exchanges: 'exchange',
};

/** Runs `tasks` with at most `width` in flight. */
const inParallel = async <T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> => {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
};

describe('concurrent writes with injected database failures', () => {
  const faults = new InjectedFaults();
  let ctx: TestContext;
  let owner: string;
  let supervisor: string;
  let agencyId: string;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as object });

  const maxIdOf = async (table: string): Promise<string> => {
    const { rows } = await sql<{ id: string }>`
      SELECT coalesce(max(id), 0)::text AS id FROM ${sql.table(table)}`.execute(ctx.db);
    return rows[0]?.id ?? '0';
  };

  beforeAll(async () => {
    ctx = await startTestApp({ appDb: (db: Db) => db.withPlugin(faults) });
    owner = await loginAs(ctx.app, 'owner');
    supervisor = await loginAs(ctx.app, 'supervisor');
    agencyId = (
      await ctx.db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', 'Demo Agency')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 50 concurrent creations with one main username: one organization, with its user and history', async () => {
    const username = `race_${uniqueSuffix()}`;
    const before = await maxIdOf('organizations');
    const responses = await inParallel(
      Array.from(
        { length: 50 },
        (_, index) => () =>
          call(supervisor, 'POST', '/v2/organization', {
            name: `Race ${index} ${uniqueSuffix()}`,
            country: 'DE',
            currency: 'eur',
            invoicing_currency: 'eur',
            payment_terms: 'net30',
            main_user: {
              name: 'Rita Race',
              username,
              email: `${username}@example.com`,
              password: 'Race-pass-1!',
            },
          }),
      ),
      16,
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const created = await ctx.db.selectFrom('organizations').select('id').where('id', '>', before).execute();
    expect(created).toHaveLength(1);
    const id = created[0]?.id ?? '';
    const users = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('organization_id', '=', id)
      .execute();
    expect(users).toEqual([{ username }]);
    const history = await ctx.db
      .selectFrom('history')
      .select('action')
      .where('entity', '=', 'organization')
      .where('entity_id', '=', id)
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 20 concurrent stops of platform bidding with one switch: one history entry, one email', async () => {
    const started = await call(supervisor, 'PUT', '/backoffice/bidding', { enabled: true });
    expect(started.statusCode, started.body).toBe(200);
    const history = await maxIdOf('history');
    const outbox = await maxIdOf('outbox');
    const responses = await inParallel(
      Array.from(
        { length: 20 },
        () => () => call(supervisor, 'PUT', '/backoffice/bidding', { enabled: false }),
      ),
      16,
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await readBiddingEnabled(ctx.db)).toBe(false);
    const entries = await ctx.db
      .selectFrom('history')
      .select(['action', 'changes'])
      .where('id', '>', history)
      .where('entity', '=', 'bidding')
      .execute();
    expect(entries).toEqual([{ action: 'stop', changes: [{ field: 'enabled', from: true, to: false }] }]);
    const emails = await ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('id', '>', outbox)
      .where('subject', 'like', 'Beacon: platform bidding %')
      .execute();
    expect(emails).toEqual([{ subject: 'Beacon: platform bidding stopped' }]);
  });

  it('leaves exactly the acknowledged writes, each whole, when a share of the database writes fail', async () => {
    // What the operations start from, made before any failure is injected.
    const campaign = (
      await ctx.db
        .selectFrom('campaigns as c')
        .innerJoin('strategies as s', 's.campaign_id', 'c.id')
        .select(['c.id', (eb) => eb.fn.countAll<string>().as('strategies')])
        .where('c.organization_id', '=', agencyId)
        .where('c.deleted_at', 'is', null)
        .where('s.deleted_at', 'is', null)
        .groupBy('c.id')
        .orderBy('strategies', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const created = async (url: string, body: unknown, token = owner): Promise<string> => {
      const response = await call(token, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(201);
      return String(response.json<{ id: number }>().id);
    };
    const geolist = await created('/geolist', {
      name: 'Storm areas',
      areas: [
        { latitude: 40.4, longitude: -3.7 },
        { latitude: 41.3, longitude: 2.1 },
      ],
    });
    const publisherList = await created('/publisher-list', {
      name: 'Storm publishers',
      kind: 'allow',
      publishers: ['one.example.com', 'two.example.com', 'com.example.storm'],
    });
    const audience = await created('/audience', { name: 'Storm audience', type: 'private' });
    const deal = await created('/deal', {
      external_id: `STORM-${uniqueSuffix()}`,
      name: 'Storm deal',
      supply_partner: 'google_adx',
      type: 'private_auction',
      floor_price: '4.5',
      start_date: dayFromToday(ctx, 1),
      end_date: dayFromToday(ctx, 31),
    });
    // Campaigns that may be switched between active and inactive: live ones with strategies.
    const bulkCampaigns = (
      await ctx.db
        .selectFrom('campaigns as c')
        .select('c.id')
        .where('c.organization_id', '=', agencyId)
        .where('c.state', 'in', ['active', 'inactive'])
        .where('c.id', '!=', campaign)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('strategies as s')
              .select('s.id')
              .whereRef('s.campaign_id', '=', 'c.id')
              .where('s.deleted_at', 'is', null),
          ),
        )
        .orderBy('c.id')
        .limit(3)
        .execute()
    ).map((row) => row.id);
    expect(bulkCampaigns).toHaveLength(3);
    const strategyHome = await call(owner, 'POST', '/campaign', {
      name: 'Storm strategies',
      type: 'generic',
      state: 'preview',
      start_date: dayFromToday(ctx, 1),
    });
    const home = strategyHome.json<{ id: number; start_date: string }>();
    // Exchanges (back office): one that updates and token rotations race on, and one apiece for the deletions
    // (one per round, and one each for the runs before and after the storm).
    const newExchange = () => ({
      name: `Storm ${uniqueSuffix()}`,
      key: `storm-${uniqueSuffix()}`.toLowerCase(),
    });
    const contested = await created('/backoffice/exchanges', newExchange(), supervisor);
    const rounds = 12;
    const doomed: string[] = [];
    for (let index = 0; index < rounds + 2; index += 1) {
      doomed.push(await created('/backoffice/exchanges', newExchange(), supervisor));
    }
    const deletions: { id: string; statusCode: number }[] = [];
    const banner = await imageOf('png', 300, 250);
    const idOf = (table: string) => (answer: Record<string, unknown>) => [{ table, id: String(answer.id) }];
    const identifiers = (count: number) =>
      Array.from(
        { length: count },
        (_, index) =>
          `00000000-0000-4000-8000-${String(index + Math.floor(Math.random() * 1e6)).padStart(12, '0')}`,
      ).join('\n');
    const operations: Operation[] = [
      {
        name: 'POST /v2/organization',
        run: () => {
          const username = `storm_${uniqueSuffix()}`;
          return call(supervisor, 'POST', '/v2/organization', {
            name: `Storm ${uniqueSuffix()}`,
            country: 'DE',
            currency: 'eur',
            invoicing_currency: 'eur',
            payment_terms: 'net30',
            main_user: {
              name: 'Sam Storm',
              username,
              email: `${username}@example.com`,
              password: 'Storm-pass-1!',
            },
          });
        },
        created: (answer) => [{ table: 'organizations', id: String(answer.id) }],
      },
      {
        name: 'POST /campaign',
        run: () =>
          call(owner, 'POST', '/campaign', {
            name: `Storm ${uniqueSuffix()}`,
            type: 'generic',
            state: 'preview',
          }),
        created: idOf('campaigns'),
      },
      {
        name: 'POST /campaign/{id}/duplicate',
        run: () => call(owner, 'POST', `/campaign/${campaign}/duplicate`, { with_strategies: true }),
        created: (answer) => [{ table: 'campaigns', id: String(answer.id), source: campaign }],
      },
      {
        name: 'POST /campaign/{id}/strategies',
        run: () =>
          call(owner, 'POST', `/campaign/${home.id}/strategies`, {
            name: `Storm ${uniqueSuffix()}`,
            start_date: home.start_date,
            budget_share: 1,
            bid: '2',
          }),
        created: idOf('strategies'),
      },
      {
        name: 'PUT /campaigns',
        run: () =>
          call(owner, 'PUT', '/campaigns', {
            ids: bulkCampaigns.map(Number),
            changes: { state: Math.random() < 0.5 ? 'active' : 'inactive' },
          }),
      },
      {
        name: 'POST /geolist/{id}/duplicate',
        run: () => call(owner, 'POST', `/geolist/${geolist}/duplicate`, {}),
        created: (answer) => [{ table: 'geolists', id: String(answer.id), source: geolist }],
      },
      {
        name: 'POST /publisher-list/{id}/duplicate',
        run: () => call(owner, 'POST', `/publisher-list/${publisherList}/duplicate`, {}),
        created: (answer) => [{ table: 'publisher_lists', id: String(answer.id), source: publisherList }],
      },
      {
        name: 'POST /publisher-list',
        run: () =>
          call(owner, 'POST', '/publisher-list', {
            name: `Storm ${uniqueSuffix()}`,
            kind: 'block',
            publishers: Array.from({ length: 50 }, (_, index) => `p${index}-${uniqueSuffix()}.example.com`),
          }),
        created: idOf('publisher_lists'),
      },
      {
        name: 'POST /audience/{id}/duplicate',
        run: () => call(owner, 'POST', `/audience/${audience}/duplicate`, {}),
        created: idOf('audiences'),
      },
      {
        name: 'POST /audience/{id}/identifiers',
        run: () => {
          const { payload, headers } = multipart([
            {
              name: 'data',
              value: JSON.stringify({ identifier_type: 'ifa', commits_not_to_rebuild: true }),
            },
            {
              name: 'file',
              filename: 'ids.txt',
              contentType: 'text/plain',
              data: Buffer.from(identifiers(200)),
            },
          ]);
          return ctx.app.inject({
            method: 'POST',
            url: `/api/audience/${audience}/identifiers`,
            headers: { ...bearer(owner), ...headers },
            payload,
          });
        },
      },
      {
        name: 'POST /deal/{id}/duplicate',
        run: () => call(owner, 'POST', `/deal/${deal}/duplicate`, { external_id: `STORM-${uniqueSuffix()}` }),
        created: idOf('deals'),
      },
      {
        name: 'POST /location-audience',
        run: () =>
          call(owner, 'POST', '/location-audience', {
            name: `Storm ${uniqueSuffix()}`,
            areas: [{ latitude: 40.47, longitude: -3.56, radius: 900 }],
            start_date: '2026-12-01',
            end_date: '2026-12-31',
            max_users: 25_000,
            time_range: { from: '06:00', to: '23:30' },
            timezone: 'Europe/Madrid',
            precision: 'high',
          }),
        created: idOf('location_audiences'),
      },
      {
        name: 'POST /creative',
        run: () =>
          call(owner, 'POST', '/creative', {
            type: 'tag',
            name: `Storm ${uniqueSuffix()}`,
            html_markup: '<div>ad</div>',
            width: 300,
            height: 250,
          }),
        created: idOf('creatives'),
      },
      {
        // A creative and its file in one request: the file, the history and the creative stand or fall together.
        name: 'POST /creative (multipart, with its image)',
        run: () => {
          const { payload, headers } = multipart([
            {
              name: 'data',
              value: JSON.stringify({
                type: 'image',
                name: `Storm ${uniqueSuffix()}`,
                click_url: 'https://example.com',
              }),
            },
            { name: 'file', filename: 'banner.png', contentType: 'image/png', data: banner },
          ]);
          return ctx.app.inject({
            method: 'POST',
            url: '/api/creative',
            headers: { ...bearer(owner), ...headers },
            payload,
          });
        },
        created: idOf('creatives'),
      },
      {
        name: 'POST /backoffice/exchanges',
        run: () => call(supervisor, 'POST', '/backoffice/exchanges', newExchange()),
        created: idOf('exchanges'),
      },
      {
        // At the version last read: a concurrent write makes it 409, never a change without its history.
        name: 'PUT /backoffice/exchanges/{id}',
        run: async () => {
          const { version } = (await call(supervisor, 'GET', `/backoffice/exchanges/${contested}`)).json<{
            version: number;
          }>();
          return call(supervisor, 'PUT', `/backoffice/exchanges/${contested}`, {
            version,
            name: `Storm ${uniqueSuffix()}`,
            qps_limit: 1000 + Math.floor(Math.random() * 1000),
          });
        },
      },
      {
        name: 'POST /backoffice/exchanges/{id}/token',
        run: () => call(supervisor, 'POST', `/backoffice/exchanges/${contested}/token`),
      },
      {
        name: 'DELETE /backoffice/exchanges/{id}',
        run: async () => {
          const id = doomed.shift() ?? '0';
          const response = await call(supervisor, 'DELETE', `/backoffice/exchanges/${id}?version=1`);
          deletions.push({ id, statusCode: response.statusCode });
          return response;
        },
      },
      {
        // The platform switch: its state, its history and the tech team's email stand or fall together.
        name: 'PUT /backoffice/bidding',
        run: async () => {
          // The other way than it was last read: nearly every call switches.
          const { enabled } = (await call(supervisor, 'GET', '/backoffice/bidding')).json<{
            enabled: boolean;
          }>();
          return call(supervisor, 'PUT', '/backoffice/bidding', { enabled: !enabled });
        },
      },
    ];

    // Each operation works without failures before the storm: a broken payload would prove nothing.
    for (const operation of operations) {
      const response = await operation.run();
      expect(response.statusCode, `${operation.name}: ${response.body}`).toBeLessThan(300);
    }

    const tables = [...Object.keys(ENTITY_TABLES), 'history', 'outbox'];
    const before: Record<string, string> = {};
    for (const table of tables) before[table] = await maxIdOf(table);
    const strategiesOfSource = Number(
      (
        await ctx.db
          .selectFrom('strategies')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('campaign_id', '=', campaign)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).count,
    );

    const biddingBefore = await readBiddingEnabled(ctx.db);
    faults.rate = 0.2;
    const tasks = Array.from({ length: rounds }, () => operations).flat();
    const answers = await inParallel(
      tasks.map((operation) => async () => ({ operation, response: await operation.run() })),
      16,
    );
    faults.rate = 0;
    expect(faults.injected).toBeGreaterThan(20);

    const acknowledged = answers.filter(({ response }) => response.statusCode < 300);
    const failed = answers.filter(({ response }) => response.statusCode >= 500);
    expect(acknowledged.length).toBeGreaterThan(tasks.length / 5);
    expect(failed.length).toBeGreaterThan(0);
    // A failure answers the generic message, never the database's words.
    for (const { response } of failed) expect(response.body).not.toContain('Injected');

    const rowsCreated = acknowledged.flatMap(({ operation, response }) =>
      operation.created ? operation.created(response.json() as Record<string, unknown>) : [],
    );
    for (const table of Object.keys(ENTITY_TABLES)) {
      if (table === 'users' || table === 'strategies') continue;
      const expected = rowsCreated
        .filter((row) => row.table === table)
        .map((row) => row.id)
        .sort();
      const actual = (
        await sql<{
          id: string;
        }>`SELECT id::text AS id FROM ${sql.table(table)} WHERE id > ${before[table]}`.execute(ctx.db)
      ).rows
        .map((row) => row.id)
        .sort();
      expect(actual, `rows of ${table}`).toEqual(expected);
    }

    // Every row written during the storm has its history, and no history speaks of a row that is not there.
    for (const [table, entity] of Object.entries(ENTITY_TABLES)) {
      const { rows: withoutHistory } = await sql<{ id: string }>`
        SELECT t.id::text AS id FROM ${sql.table(table)} t
        WHERE t.id > ${before[table]}
          AND NOT EXISTS (SELECT 1 FROM history h WHERE h.entity = ${entity} AND h.entity_id = t.id::text)`.execute(
        ctx.db,
      );
      expect(withoutHistory, `${table} without history`).toEqual([]);
      const { rows: historyOfNothing } = await sql<{ entity_id: string }>`
        SELECT h.entity_id FROM history h
        WHERE h.id > ${before.history} AND h.entity = ${entity}
          AND NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.id::text = h.entity_id)`.execute(
        ctx.db,
      );
      expect(historyOfNothing, `history of ${entity} rows that do not exist`).toEqual([]);
    }

    // Organizations have their main user; copies have all of their source's parts.
    const { rows: organizationsWithoutUser } = await sql<{ id: string }>`
      SELECT o.id FROM organizations o WHERE o.id > ${before.organizations}
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.organization_id = o.id)`.execute(ctx.db);
    expect(organizationsWithoutUser).toEqual([]);
    for (const row of rowsCreated.filter((row) => row.table === 'campaigns' && row.source)) {
      const strategies = Number(
        (
          await ctx.db
            .selectFrom('strategies')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('campaign_id', '=', row.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
      expect(strategies, `strategies of the copy ${row.id}`).toBeGreaterThanOrEqual(strategiesOfSource);
    }
    const sourceAreas = await ctx.db
      .selectFrom('geolist_areas')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('geolist_id', '=', geolist)
      .executeTakeFirstOrThrow();
    for (const row of rowsCreated.filter((row) => row.table === 'geolists' && row.source)) {
      const areas = await ctx.db
        .selectFrom('geolist_areas')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('geolist_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(areas.count, `areas of the copy ${row.id}`).toBe(sourceAreas.count);
    }
    const sourceEntries = await ctx.db
      .selectFrom('publisher_list_entries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('list_id', '=', publisherList)
      .executeTakeFirstOrThrow();
    for (const row of rowsCreated.filter((row) => row.table === 'publisher_lists' && row.source)) {
      const entries = await ctx.db
        .selectFrom('publisher_list_entries')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('list_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(entries.count, `publishers of the copy ${row.id}`).toBe(sourceEntries.count);
    }

    // An image creative created with its file never stands without it.
    const { rows: imagesWithoutFile } = await sql<{ id: string }>`
      SELECT id FROM creatives WHERE id > ${before.creatives} AND type = 'image' AND asset IS NULL`.execute(
      ctx.db,
    );
    expect(imagesWithoutFile).toEqual([]);

    // A bulk state change writes each campaign's new state with its history, or nothing.
    for (const id of bulkCampaigns) {
      const { version } = await ctx.db
        .selectFrom('campaigns')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { count } = await ctx.db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('entity', '=', 'campaign')
        .where('entity_id', '=', id)
        .where('action', 'in', ['activate', 'deactivate'])
        .executeTakeFirstOrThrow();
      expect(Number(version) - 1, `versions of campaign ${id}`).toBe(Number(count));
    }

    // The contested exchange: each version after the first has its history entry, the storm's acknowledged
    // updates and rotations each one, and the row is what the last acknowledged write answered (its token too).
    const exchangeAnswers = acknowledged
      .filter(
        ({ operation }) =>
          operation.name.startsWith('PUT /backoffice/exchanges') || operation.name.endsWith('/token'),
      )
      .map(({ operation, response }) => ({
        operation: operation.name,
        ...(response.json() as { version: number; token: string; name: string; qps_limit: number }),
      }));
    const exchange = await ctx.db
      .selectFrom('exchanges')
      .select(['version', 'token', 'name', 'qps_limit'])
      .where('id', '=', contested)
      .executeTakeFirstOrThrow();
    const exchangeHistory = await ctx.db
      .selectFrom('history')
      .select(['id', 'action'])
      .where('entity', '=', 'exchange')
      .where('entity_id', '=', contested)
      .where('action', '!=', 'create')
      .execute();
    expect(exchange.version - 1, 'versions of the contested exchange').toBe(exchangeHistory.length);
    const stormHistory = exchangeHistory.filter((entry) => Number(entry.id) > Number(before.history));
    expect(stormHistory.filter((entry) => entry.action === 'rotate_token')).toHaveLength(
      exchangeAnswers.filter((answer) => answer.operation.endsWith('/token')).length,
    );
    expect(stormHistory.filter((entry) => entry.action === 'update')).toHaveLength(
      exchangeAnswers.filter((answer) => answer.operation.startsWith('PUT')).length,
    );
    const last = exchangeAnswers.reduce<(typeof exchangeAnswers)[number] | undefined>(
      (latest, answer) => (latest === undefined || answer.version > latest.version ? answer : latest),
      undefined,
    );
    if (last) {
      expect(exchange).toEqual({
        version: last.version,
        token: last.token,
        name: last.name,
        qps_limit: last.qps_limit,
      });
    }

    // A deleted exchange has its one `delete` entry; one whose deletion failed is live, without any.
    expect(deletions.length).toBe(rounds + 1);
    for (const { id, statusCode } of deletions) {
      const row = await ctx.db
        .selectFrom('exchanges')
        .select('deleted_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { count } = await ctx.db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('entity', '=', 'exchange')
        .where('entity_id', '=', id)
        .where('action', '=', 'delete')
        .executeTakeFirstOrThrow();
      const deleted = statusCode < 300;
      expect(row.deleted_at !== null, `exchange ${id} deleted (answered ${statusCode})`).toBe(deleted);
      expect(Number(count), `delete entries of exchange ${id}`).toBe(deleted ? 1 : 0);
    }

    // Platform bidding: each switch of the storm has its history entry, in a chain (each from the state the one
    // before left), the setting is where the chain ends, and each switch emailed the tech team, in the same order.
    const switches = await ctx.db
      .selectFrom('history')
      .select(['action', 'changes'])
      .where('id', '>', before.history ?? '0')
      .where('entity', '=', 'bidding')
      .orderBy('id')
      .execute();
    let state = biddingBefore;
    for (const entry of switches) {
      expect(entry.changes, `bidding ${entry.action}`).toEqual([
        { field: 'enabled', from: state, to: !state },
      ]);
      expect(entry.action).toBe(state ? 'stop' : 'start');
      state = !state;
    }
    expect(await readBiddingEnabled(ctx.db), 'bidding where its history ends').toBe(state);
    const emails = await ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('id', '>', before.outbox ?? '0')
      .where('subject', 'like', 'Beacon: platform bidding %')
      .orderBy('id')
      .execute();
    expect(
      emails.map((email) => email.subject),
      'emails of the bidding switches',
    ).toEqual(
      switches.map((entry) => `Beacon: platform bidding ${entry.action === 'stop' ? 'stopped' : 'started'}`),
    );

    // And with the failures gone the same operations all succeed again.
    for (const operation of operations) {
      const response = await operation.run();
      expect(response.statusCode, `${operation.name}: ${response.body}`).toBeLessThan(300);
    }
  }, 180_000);
});
