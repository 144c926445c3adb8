import { ORGANIZATION_STATES, type OrganizationState } from '@beacon/domain/dictionary/organizations';
import { ORGANIZATION_ROLES } from '@beacon/domain/dictionary/roles';
import {
  type ListQuery,
  type ListSpec,
  parseListQuery,
  type RawListParams,
} from '@beacon/domain/validation/list-query';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { createOrganization } from '../modules/organizations/organizations.service';
import { registerErrorHandling } from '../plugins/errors';
import { SEED_ACTOR } from '../test/factories';
import { startTestApp, type TestContext } from '../test/test-app';
import { LIST_COUNT_MAX_AGE_MS } from './list-count-cache';
import { asText, selectedNames } from './list-page-json';
import { listPage, rememberedCountMaxAge } from './list-query';
import { describeListQuery, sendList, ZListQuery } from './list-route';
import { applyListQuery, countListQuery, escapeLike, type ListSource } from './list-sql';
import { organizationPathInScope } from './tenant-scope';

/**
 * The list mechanism against the real `organizations` table (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * every operator of every field type, search, order, paging, LIKE escaping, and the 400 answer of a route.
 */

const SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    country: { type: 'text' },
    version: { type: 'number' },
    /** A nullable number, to check the empty operators. */
    rank: { type: 'number', sortable: false },
    created_at: { type: 'date' },
    /** A nullable date. */
    closed_at: { type: 'date', sortable: false },
    state: { type: 'enum', values: ORGANIZATION_STATES },
    role: { type: 'enum', values: ORGANIZATION_ROLES },
    hide_docs: { type: 'boolean' },
  },
  defaultSort: 'name',
  searchable: true,
} as const satisfies ListSpec;

const SOURCE = {
  spec: SPEC,
  columns: {
    id: 'o.id',
    name: 'o.name',
    country: 'o.country',
    version: 'o.version',
    rank: sql`nullif(o.version, 20)`,
    created_at: 'o.created_at',
    closed_at: sql`CASE WHEN o.hide_docs THEN o.created_at END`,
    state: 'o.state',
    role: 'o.role',
    hide_docs: 'o.hide_docs',
  },
  searchColumns: ['o.name', 'o.country'],
  idColumn: 'o.id',
} as const;

type Row = {
  name: string;
  country: string | null;
  version: number;
  state: OrganizationState;
  hide_docs: boolean;
  created_at: string;
};

/** Seven organizations under one root; names sort the same under any collation once lower-cased. */
const ROWS: Row[] = [
  {
    name: 'alpha',
    country: 'ES',
    version: 1,
    state: 'active',
    hide_docs: false,
    created_at: '2024-01-10T08:00:00Z',
  },
  {
    name: 'bravo',
    country: 'FR',
    version: 2,
    state: 'active',
    hide_docs: true,
    created_at: '2024-01-10T23:59:59Z',
  },
  {
    name: 'charlie',
    country: null,
    version: 3,
    state: 'DELETED',
    hide_docs: false,
    created_at: '2024-01-11T00:00:00Z',
  },
  {
    name: 'delta',
    country: '',
    version: 10,
    state: 'active',
    hide_docs: false,
    created_at: '2024-02-01T12:00:00Z',
  },
  {
    name: 'echo',
    country: 'es',
    version: 20,
    state: 'active',
    hide_docs: true,
    created_at: '2024-03-01T00:00:00Z',
  },
  {
    name: 'Foxtrot',
    country: 'DE',
    version: 5,
    state: 'active',
    hide_docs: false,
    created_at: '2023-12-31T23:59:59Z',
  },
  {
    name: 'golf',
    country: 'ES',
    version: 7,
    state: 'active',
    hide_docs: false,
    created_at: '2024-01-09T00:00:00Z',
  },
];

/** Names that a LIKE pattern would confuse if `%`, `_` or `\` were not escaped. */
const TRICKY_NAMES = ['delta 100%', 'delta 1000', 'echo_1', 'echo21', 'back\\slash', 'backslash'];

let ctx: TestContext;
let mainRoot: { id: string; path: string };
let trickyRoot: { id: string; path: string };

const baseQuery = (db: Db, root: { id: string; path: string }) =>
  db
    .selectFrom('organizations as o')
    .where((eb) =>
      organizationPathInScope(
        { kind: 'subtree', organizationId: root.id, path: root.path },
        eb.ref('o.path'),
      ),
    )
    .where('o.id', '<>', root.id);

const query = (raw: RawListParams): ListQuery => {
  const result = parseListQuery(raw, SPEC);
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return result.query;
};

const listNames = async (raw: RawListParams, root = mainRoot): Promise<string[]> => {
  const rows = await applyListQuery(baseQuery(ctx.db, root).select('o.name'), query(raw), SOURCE).execute();
  return rows.map((row) => row.name);
};

/** Names of a filter's matches in name order: each case names only what it expects. */
const matches = async (key: string, value: string): Promise<string[]> =>
  listNames({ [key]: value, limit: '200' });

beforeAll(async () => {
  ctx = await startTestApp();
  const main = await createOrganization(ctx.db, { name: 'List root', role: 'regular' }, SEED_ACTOR);
  const tricky = await createOrganization(ctx.db, { name: 'Tricky root', role: 'regular' }, SEED_ACTOR);
  mainRoot = { id: main.id, path: main.path };
  trickyRoot = { id: tricky.id, path: tricky.path };
  await ctx.db
    .insertInto('organizations')
    .values(ROWS.map((row) => ({ ...row, role: 'regular' as const, parent_id: main.id })))
    .execute();
  await ctx.db
    .insertInto('organizations')
    .values(TRICKY_NAMES.map((name) => ({ name, role: 'regular' as const, parent_id: tricky.id })))
    .execute();
});

afterAll(async () => {
  await ctx?.close();
});

describe('applyListQuery text filters', () => {
  it.each([
    ['name[is]', 'GOLF', ['golf']],
    ['country[is]', 'es', ['alpha', 'echo', 'golf']],
    ['country[isnt]', 'ES', ['bravo', 'charlie', 'delta', 'Foxtrot']],
    ['name[contains]', 'R', ['bravo', 'charlie', 'Foxtrot']],
    ['name[starts]', 'fo', ['Foxtrot']],
    ['name[ends]', 'O', ['bravo', 'echo']],
    ['name[any]', 'alpha,GOLF,zulu', ['alpha', 'golf']],
    ['country[empty]', '', ['charlie', 'delta']],
    ['country[notEmpty]', '', ['alpha', 'bravo', 'echo', 'Foxtrot', 'golf']],
  ])('%s=%s', async (key, value, expected) => {
    expect(await matches(key, value)).toEqual(expected);
  });
});

describe('applyListQuery number filters', () => {
  it.each([
    ['version[is]', '10', ['delta']],
    ['version[isnt]', '10', ['alpha', 'bravo', 'charlie', 'echo', 'Foxtrot', 'golf']],
    ['version[gt]', '5', ['delta', 'echo', 'golf']],
    ['version[gte]', '5', ['delta', 'echo', 'Foxtrot', 'golf']],
    ['version[lt]', '3', ['alpha', 'bravo']],
    ['version[lte]', '3', ['alpha', 'bravo', 'charlie']],
    ['version[any]', '1,20', ['alpha', 'echo']],
    ['version[gt]', '2.5', ['charlie', 'delta', 'echo', 'Foxtrot', 'golf']],
    ['version[is]', '1.5', []],
    ['version[lt]', '99999999999', ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf']],
    ['rank[empty]', '', ['echo']],
    ['rank[notEmpty]', '', ['alpha', 'bravo', 'charlie', 'delta', 'Foxtrot', 'golf']],
    ['rank[isnt]', '1', ['bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf']],
  ])('%s=%s', async (key, value, expected) => {
    expect(await matches(key, value)).toEqual(expected);
  });

  it('filters a bigint id', async () => {
    const [alpha] = await baseQuery(ctx.db, mainRoot).select('o.id').where('o.name', '=', 'alpha').execute();
    expect(await matches('id[is]', String(alpha?.id))).toEqual(['alpha']);
    expect(await matches('id[lt]', String(alpha?.id))).toEqual([]);
  });
});

describe('applyListQuery date filters', () => {
  it.each([
    // A day is the whole UTC day.
    ['created_at[is]', '2024-01-10', ['alpha', 'bravo']],
    ['created_at[after]', '2024-01-10', ['charlie', 'delta', 'echo']],
    ['created_at[before]', '2024-01-10', ['Foxtrot', 'golf']],
    ['created_at[onOrAfter]', '2024-01-10', ['alpha', 'bravo', 'charlie', 'delta', 'echo']],
    ['created_at[onOrBefore]', '2024-01-10', ['alpha', 'bravo', 'Foxtrot', 'golf']],
    // An instant compares as it is.
    ['created_at[is]', '2024-01-10T08:00:00Z', ['alpha']],
    ['created_at[is]', '2024-01-10T09:00:00+01:00', ['alpha']],
    ['created_at[after]', '2024-01-10T08:00:00Z', ['bravo', 'charlie', 'delta', 'echo']],
    ['created_at[onOrAfter]', '2024-01-10T08:00:00Z', ['alpha', 'bravo', 'charlie', 'delta', 'echo']],
    ['created_at[before]', '2024-01-11T00:00:00Z', ['alpha', 'bravo', 'Foxtrot', 'golf']],
    ['created_at[onOrBefore]', '2024-01-11T00:00:00Z', ['alpha', 'bravo', 'charlie', 'Foxtrot', 'golf']],
    ['closed_at[empty]', '', ['alpha', 'charlie', 'delta', 'Foxtrot', 'golf']],
    ['closed_at[notEmpty]', '', ['bravo', 'echo']],
  ])('%s=%s', async (key, value, expected) => {
    expect(await matches(key, value)).toEqual(expected);
  });
});

describe('applyListQuery enum and boolean filters', () => {
  it.each([
    ['state[is]', 'DELETED', ['charlie']],
    ['state[isnt]', 'DELETED', ['alpha', 'bravo', 'delta', 'echo', 'Foxtrot', 'golf']],
    ['state[any]', 'active,DELETED', ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf']],
    ['state[empty]', '', []],
    ['state[notEmpty]', '', ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf']],
    ['role[is]', 'customized', []],
    ['hide_docs[is]', 'true', ['bravo', 'echo']],
    ['hide_docs[is]', 'false', ['alpha', 'charlie', 'delta', 'Foxtrot', 'golf']],
  ])('%s=%s', async (key, value, expected) => {
    expect(await matches(key, value)).toEqual(expected);
  });

  it('applies every filter together', async () => {
    expect(
      await listNames({
        'state[is]': 'active',
        'country[any]': 'es,fr',
        'version[lt]': '20',
        'name[contains]': 'a',
      }),
    ).toEqual(['alpha', 'bravo']);
  });
});

describe('applyListQuery search', () => {
  it('looks in every search column, ignoring case', async () => {
    expect(await listNames({ search: 'es' })).toEqual(['alpha', 'echo', 'golf']);
    expect(await listNames({ search: 'O' })).toEqual(['bravo', 'echo', 'Foxtrot', 'golf']);
    expect(await listNames({ search: 'zzz' })).toEqual([]);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(escapeLike('100%_\\')).toBe('100\\%\\_\\\\');
    expect(await listNames({ search: '100%' }, trickyRoot)).toEqual(['delta 100%']);
    expect(await listNames({ search: 'o_' }, trickyRoot)).toEqual(['echo_1']);
    expect(await listNames({ 'name[contains]': '_1' }, trickyRoot)).toEqual(['echo_1']);
    expect(await listNames({ 'name[is]': 'echo_1' }, trickyRoot)).toEqual(['echo_1']);
    expect(await listNames({ 'name[starts]': 'back\\' }, trickyRoot)).toEqual(['back\\slash']);
    expect(await listNames({ 'name[ends]': '0%' }, trickyRoot)).toEqual(['delta 100%']);
    expect(await listNames({ 'name[any]': 'delta 100%,echo_1' }, trickyRoot)).toEqual([
      'delta 100%',
      'echo_1',
    ]);
  });
});

describe('applyListQuery order and pages', () => {
  it('sorts text ignoring case, both ways', async () => {
    const ascending = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf'];
    expect(await listNames({ sort: 'name' })).toEqual(ascending);
    expect(await listNames({ sort: '-name' })).toEqual([...ascending].reverse());
  });

  it('sorts numbers, dates and booleans both ways', async () => {
    expect(await listNames({ sort: 'version' })).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'Foxtrot',
      'golf',
      'delta',
      'echo',
    ]);
    expect(await listNames({ sort: '-created_at' })).toEqual([
      'echo',
      'delta',
      'charlie',
      'bravo',
      'alpha',
      'golf',
      'Foxtrot',
    ]);
    expect((await listNames({ sort: '-hide_docs' })).slice(0, 2)).toEqual(['echo', 'bravo']);
  });

  it('breaks ties with the id, so pages neither overlap nor skip a row', async () => {
    for (const sort of ['country', '-country', 'hide_docs', '-hide_docs', 'state', '-state']) {
      const all = await listNames({ sort });
      const pages: string[] = [];
      for (const page of ['1', '2', '3', '4']) pages.push(...(await listNames({ sort, page, limit: '2' })));
      expect(pages).toEqual(all);
      expect(new Set(pages).size).toBe(ROWS.length);
    }
    // Among equal values the id decides, in the sort's direction.
    const hidden = ROWS.filter((row) => row.hide_docs).map((row) => row.name);
    const shown = ROWS.filter((row) => !row.hide_docs).map((row) => row.name);
    expect(await listNames({ sort: 'hide_docs' })).toEqual([...shown, ...hidden]);
    expect(await listNames({ sort: '-hide_docs' })).toEqual([...hidden.reverse(), ...shown.reverse()]);
  });

  it('answers one page and counts every row that matches', async () => {
    const list = query({ page: '2', limit: '3', sort: 'name', 'state[is]': 'active' });
    const rows = await applyListQuery(
      baseQuery(ctx.db, mainRoot).select(['o.id', 'o.name']),
      list,
      SOURCE,
    ).execute();
    expect(rows.map((row) => row.name)).toEqual(['echo', 'Foxtrot', 'golf']);
    expect(await countListQuery(baseQuery(ctx.db, mainRoot).select('o.name'), list, SOURCE)).toBe(6);
    const beyond = query({ page: '9', limit: '3' });
    expect(
      await applyListQuery(baseQuery(ctx.db, mainRoot).selectAll('o'), beyond, SOURCE).execute(),
    ).toEqual([]);
    expect(await countListQuery(baseQuery(ctx.db, mainRoot), beyond, SOURCE)).toBe(ROWS.length);
    expect(await countListQuery(baseQuery(ctx.db, mainRoot), query({ search: 'es' }), SOURCE)).toBe(3);
  });

  it('asks for a column for every field of the spec', () => {
    const { rank: _rank, ...columns } = SOURCE.columns;
    const incomplete: ListSource<Database & { o: Database['organizations'] }, 'o', keyof typeof SPEC.fields> =
      {
        spec: SPEC,
        // @ts-expect-error: the column of `rank` is missing.
        columns,
        idColumn: 'o.id',
      };
    expect(incomplete.spec).toBe(SPEC);
  });
});

describe('listPage', () => {
  const MARKED_SOURCE = { ...SOURCE, changeSequence: 'organizations_changes' } as const;
  let countRoot: { id: string; path: string };

  /**
   * The database seen through a plugin that tallies the count queries it runs, and fails the next one when
   * `failing.next` is set.
   */
  const watched = () => {
    const seen = { counts: 0 };
    const failing = { next: false };
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const [row] = args.result.rows;
        if (args.result.rows.length === 1 && row && Object.keys(row).join() === 'count') {
          seen.counts += 1;
          if (failing.next) {
            failing.next = false;
            throw new Error('count failed');
          }
        }
        return args.result;
      },
    };
    return { db: ctx.db.withPlugin(plugin), seen, failing };
  };

  const addRow = (name: string) =>
    ctx.db
      .insertInto('organizations')
      .values({ name, role: 'regular', parent_id: countRoot.id })
      .returning('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    const root = await createOrganization(ctx.db, { name: 'Count root', role: 'regular' }, SEED_ACTOR);
    countRoot = { id: root.id, path: root.path };
    for (const name of ['c1', 'c2', 'c3', 'c4', 'c5']) await addRow(name);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the total from a page that is not full, without counting', async () => {
    const { db, seen } = watched();
    const page = await listPage(db, baseQuery(db, countRoot).select('o.name'), query({}), MARKED_SOURCE);
    expect(page).toEqual({
      rows: [{ name: 'c1' }, { name: 'c2' }, { name: 'c3' }, { name: 'c4' }, { name: 'c5' }],
      total: 5,
    });
    const last = await listPage(
      db,
      baseQuery(db, countRoot).select('o.name'),
      query({ page: '3', limit: '2' }),
      MARKED_SOURCE,
    );
    expect(last).toEqual({ rows: [{ name: 'c5' }], total: 5 });
    expect(seen.counts).toBe(0);
    // Past the end the page says nothing about the total: it is counted.
    const beyond = await listPage(
      db,
      baseQuery(db, countRoot).select('o.name'),
      query({ page: '9', limit: '2' }),
      MARKED_SOURCE,
    );
    expect(beyond).toEqual({ rows: [], total: 5 });
    expect(seen.counts).toBe(1);
  });

  it('remembers the count of full pages across pages and orders until the table changes', async () => {
    const { db, seen } = watched();
    const names = (raw: RawListParams) =>
      listPage(db, baseQuery(db, countRoot).select(['o.id', 'o.name']), query(raw), MARKED_SOURCE);
    const first = await names({ limit: '2' });
    expect(first.total).toBe(5);
    // The change mark the page reads along never reaches the rows.
    expect(first.rows.map((row) => Object.keys(row))).toEqual([
      ['id', 'name'],
      ['id', 'name'],
    ]);
    expect((await names({ limit: '2', page: '2' })).total).toBe(5);
    expect((await names({ limit: '2', sort: '-name' })).total).toBe(5);
    expect(seen.counts).toBe(1);
    // Another filter is another count.
    expect((await names({ limit: '2', 'name[starts]': 'c' })).total).toBe(5);
    expect(seen.counts).toBe(2);

    const added = await addRow('c6');
    expect((await names({ limit: '2' })).total).toBe(6);
    expect(seen.counts).toBe(3);
    await ctx.db.updateTable('organizations').set({ state: 'DELETED' }).where('id', '=', added.id).execute();
    expect((await names({ limit: '2', 'state[is]': 'active' })).total).toBe(5);
    await ctx.db.deleteFrom('organizations').where('id', '=', added.id).execute();
    expect((await names({ limit: '2' })).total).toBe(5);
    expect(seen.counts).toBe(5);
  });

  it('runs one count for requests that ask for it at the same time', async () => {
    const { db, seen } = watched();
    const page = () =>
      listPage(db, baseQuery(db, countRoot).select('o.name'), query({ limit: '3' }), MARKED_SOURCE);
    const pages = await Promise.all([page(), page(), page()]);
    expect(pages.map((result) => result.total)).toEqual([5, 5, 5]);
    expect(seen.counts).toBe(1);
  });

  it('on PostgreSQL counts again in the background once a remembered count is LIST_COUNT_MAX_AGE_MS old; the embedded database, one session, keeps it until the table changes', async () => {
    const { db, seen } = watched();
    const oneSession = !process.env.TEST_DATABASE_URL;
    expect(rememberedCountMaxAge(db)).toBe(oneSession ? Number.POSITIVE_INFINITY : LIST_COUNT_MAX_AGE_MS);
    vi.useFakeTimers({ toFake: ['performance'] });
    const page = () =>
      listPage(db, baseQuery(db, countRoot).select('o.name'), query({ limit: '1' }), MARKED_SOURCE);
    await page();
    vi.advanceTimersByTime(LIST_COUNT_MAX_AGE_MS - 1);
    await page();
    expect(seen.counts).toBe(1);
    // A row the change mark does not see, as a write that commits while a count runs: only a new count finds it.
    await sql`ALTER TABLE organizations DISABLE TRIGGER organizations_changes`.execute(ctx.db);
    const unmarked = await addRow('c6');
    await sql`ALTER TABLE organizations ENABLE TRIGGER organizations_changes`.execute(ctx.db);
    try {
      vi.advanceTimersByTime(1);
      // The remembered total is answered at once while the count is taken again.
      expect((await page()).total).toBe(5);
      if (oneSession) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seen.counts).toBe(1);
        expect((await page()).total).toBe(5);
      } else {
        await vi.waitFor(() => expect(seen.counts).toBe(2));
        expect((await page()).total).toBe(6);
        expect(seen.counts).toBe(2);
      }
      vi.advanceTimersByTime(24 * 60 * 60 * 1000);
      await page();
      if (!oneSession) await vi.waitFor(() => expect(seen.counts).toBe(3));
      expect(seen.counts).toBe(oneSession ? 1 : 3);
    } finally {
      await ctx.db.deleteFrom('organizations').where('id', '=', unmarked.id).execute();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL keeps answering a remembered count whose new count fails, and tries again on the next request',
    async () => {
      const { db, seen, failing } = watched();
      expect(rememberedCountMaxAge(db)).toBe(LIST_COUNT_MAX_AGE_MS);
      vi.useFakeTimers({ toFake: ['performance'] });
      const page = () =>
        listPage(db, baseQuery(db, countRoot).select('o.name'), query({ limit: '2' }), MARKED_SOURCE);
      expect((await page()).total).toBe(5);
      failing.next = true;
      vi.advanceTimersByTime(LIST_COUNT_MAX_AGE_MS);
      expect((await page()).total).toBe(5);
      await vi.waitFor(() => expect(seen.counts).toBe(2));
      expect((await page()).total).toBe(5);
      await vi.waitFor(() => expect(seen.counts).toBe(3));
      expect((await page()).total).toBe(5);
      expect(seen.counts).toBe(3);
    },
  );

  it('counts every time inside a transaction, whose own writes the count includes', async () => {
    const { db, seen } = watched();
    const rollback = new Error('roll back');
    const totals: number[] = [];
    await expect(
      db.transaction().execute(async (trx) => {
        const page = () =>
          listPage(trx, baseQuery(trx, countRoot).select('o.name'), query({ limit: '1' }), MARKED_SOURCE);
        totals.push((await page()).total, (await page()).total);
        await trx
          .insertInto('organizations')
          .values({ name: 'c7', role: 'regular', parent_id: countRoot.id })
          .execute();
        totals.push((await page()).total);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(totals).toEqual([5, 5, 6]);
    expect(seen.counts).toBe(3);
  });

  describe('read as JSON (decision 026)', () => {
    const JSON_SOURCE = {
      ...MARKED_SOURCE,
      readAsJson: { timestamps: ['created_at', 'updated_at'] },
    } as const;
    /** Every kind of value a list answers: bigints as text, text, numbers, booleans, arrays, timestamps. */
    const selectRow = (db: Db) =>
      baseQuery(db, countRoot).select([
        asText('o.id').as('id'),
        asText('o.parent_id').as('parent_id'),
        'o.name',
        'o.country',
        'o.version',
        'o.hide_docs',
        'o.whitelabel_hosts',
        asText('o.prepayment_amount').as('prepayment_amount'),
        'o.created_at',
        'o.updated_at',
      ]);

    it('answers the same rows, in the same order, as the page read column by column', async () => {
      // An amount past 2^53 keeps every digit; a timestamp with microseconds reads as the driver reads it.
      await ctx.db
        .updateTable('organizations')
        .set({
          prepayment_amount: '9007199254740993',
          whitelabel_hosts: ['a.example', 'b"quoted\\'],
          country: 'ÑÉ "x"',
        })
        .where('name', '=', 'c2')
        .where('parent_id', '=', countRoot.id)
        .execute();
      await sql`UPDATE organizations SET created_at = '2024-05-06T07:08:09.123456Z'
                WHERE name = 'c2' AND parent_id = ${countRoot.id}`.execute(ctx.db);
      for (const raw of [{}, { sort: '-name', limit: '2' }, { sort: 'created_at', page: '2', limit: '2' }]) {
        const json = await listPage(ctx.db, selectRow(ctx.db), query(raw), JSON_SOURCE);
        const columns = await listPage(ctx.db, selectRow(ctx.db), query(raw), MARKED_SOURCE);
        expect(json, JSON.stringify(raw)).toEqual(columns);
      }
      const all = await listPage(ctx.db, selectRow(ctx.db), query({}), JSON_SOURCE);
      expect(all.rows.map((row) => row.name)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
      const c2 = all.rows[1];
      expect(c2?.prepayment_amount).toBe('9007199254740993');
      expect(c2?.created_at).toEqual(new Date('2024-05-06T07:08:09.123Z'));
      expect(typeof c2?.id).toBe('string');
    });

    it('answers an empty page, and remembers counts as the column read does', async () => {
      const { db, seen } = watched();
      const names = (raw: RawListParams) =>
        listPage(db, baseQuery(db, countRoot).select('o.name'), query(raw), JSON_SOURCE);
      expect(await names({ 'name[is]': 'nobody' })).toEqual({ rows: [], total: 0 });
      expect((await names({ limit: '2' })).total).toBe(5);
      expect((await names({ limit: '2', page: '2' })).total).toBe(5);
      expect(seen.counts).toBe(1);
      const added = await addRow('c6');
      expect((await names({ limit: '2' })).total).toBe(6);
      expect(seen.counts).toBe(2);
      await ctx.db.deleteFrom('organizations').where('id', '=', added.id).execute();
    });
  });

  it('counts every full page of a list without a change sequence', async () => {
    const { db, seen } = watched();
    for (const page of ['1', '2']) {
      const result = await listPage(
        db,
        baseQuery(db, countRoot).select('o.name'),
        query({ limit: '2', page }),
        SOURCE,
      );
      expect(result.total).toBe(5);
    }
    expect(seen.counts).toBe(2);
  });
});

describe('selectedNames', () => {
  it('names a column by its name and anything else by its alias, in the select’s order', () => {
    const query = ctx.db
      .selectFrom('organizations as o')
      .select(['o.name', 'o.id as organization_id', asText('o.id').as('id_text'), 'state']);
    expect(selectedNames(query)).toEqual(['name', 'organization_id', 'id_text', 'state']);
  });

  it('refuses a select-all, whose columns it cannot name', () => {
    expect(() => selectedNames(ctx.db.selectFrom('organizations').selectAll())).toThrow(
      'A page read as JSON names each column it selects',
    );
  });
});

describe('text equality and the indexes of migration 0006', () => {
  /** The plan of a list query with sequential scans priced out, so that a usable index is used. */
  const planOf = async (raw: RawListParams): Promise<string> => {
    // Unscoped: in a table this small the scope's own index would be the better way in.
    const base = ctx.db.selectFrom('organizations as o').select('o.name');
    const compiled = applyListQuery(base, query(raw), SOURCE).compile();
    return ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery(
        CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => Object.values(row ?? {}).join(' ')).join('\n');
    });
  };

  it.each([
    [{ 'country[is]': 'es' }],
    [{ 'country[any]': 'es,FR' }],
    [{ 'country[is]': 'ES', sort: '-created_at' }],
  ])('finds %o through the lower(country) index', async (raw) => {
    expect(await planOf(raw)).toContain('organizations_country_created_idx');
  });

  it('finds a name through the lower(name) index', async () => {
    expect(await planOf({ 'name[is]': 'GOLF', sort: 'country' })).toContain('organizations_name_idx');
  });
});

describe('ZListQuery and sendList in a route', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: { info: { title: 'test', version: '1' } },
      transform: jsonSchemaTransform,
    });
    registerErrorHandling(app);
    app.withTypeProvider<ZodTypeProvider>().get('/organizations', {
      schema: {
        description: describeListQuery(SPEC),
        querystring: ZListQuery(SPEC),
        response: { 200: z.array(z.object({ name: z.string() })) },
      },
      handler: async (request, reply) => {
        const base = baseQuery(ctx.db, mainRoot);
        const [rows, total] = await Promise.all([
          applyListQuery(base.select('o.name'), request.query, SOURCE).execute(),
          countListQuery(base, request.query, SOURCE),
        ]);
        return sendList(reply, rows, total);
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers the page with the total in x-total-count, exposed to other origins', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/organizations?page=1&limit=2&sort=-version&name%5Bcontains%5D=a&state[any]=active,DELETED',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ name: 'delta' }, { name: 'charlie' }]);
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.headers['access-control-expose-headers']).toBe('x-total-count');
  });

  it('reads a repeated filter as two filters that both apply', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/organizations?name[contains]=a&name[contains]=l',
    });
    expect(response.json()).toEqual([{ name: 'alpha' }, { name: 'charlie' }, { name: 'delta' }]);
    expect(response.headers['x-total-count']).toBe('3');
  });

  it('answers 400 with a detail on each parameter that is not understood', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/organizations?page=0&limit=500&sort=rank&nope=1&name[gt]=a&color[is]=red&version[is]=ten&state[is]=paused&name[like]=x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'The minimum value is 1',
      details: [
        { path: 'page', message: 'The minimum value is 1' },
        { path: 'limit', message: 'The maximum value is 200' },
        { path: 'sort', message: 'The field "rank" cannot be sorted' },
        { path: 'nope', message: 'Unknown parameter "nope"' },
        { path: 'name[gt]', message: 'The operator "gt" does not apply to name (a text field)' },
        { path: 'color[is]', message: 'Unknown filter field "color"' },
        { path: 'version[is]', message: 'Invalid format' },
        { path: 'state[is]', message: 'The value "paused" is not one of: active, DELETED' },
        { path: 'name[like]', message: 'Unknown filter operator "like"' },
      ],
    });
  });

  it('documents page, limit, search and sort in the OpenAPI document, and the filters in the description', () => {
    const document = app.swagger();
    const operation = document.paths?.['/organizations']?.get;
    const parameters = (operation?.parameters ?? []).flatMap((parameter) =>
      'name' in parameter ? [parameter.name] : [],
    );
    expect(parameters).toEqual(['page', 'limit', 'search', 'sort']);
    expect(operation?.description).toContain(
      '- `state` enum (values: active, DELETED): is, isnt, any, empty, notEmpty',
    );
  });

  it('keeps a route-level expose-headers list and adds the total to it', async () => {
    const local = Fastify({ logger: false });
    local.get('/', async (_request, reply) => {
      reply.header('access-control-expose-headers', 'x-request-id');
      return sendList(reply, [], 0);
    });
    const response = await local.inject({ method: 'GET', url: '/' });
    expect(response.headers['access-control-expose-headers']).toBe('x-request-id, x-total-count');
    expect(response.headers['x-total-count']).toBe('0');
    await local.close();
  });
});
