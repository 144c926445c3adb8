import { publisherFileTooManyMessage } from '@beacon/domain/validation/messages';
import { MAX_LIST_PUBLISHERS } from '@beacon/domain/validation/publisher-file';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpStagedSets } from '../../lib/staged-sets';
import { bearer, loginAs, multipart, startTestApp, type TestContext } from '../../test/test-app';
import type { TPublisherListRow } from './publisher-lists.schemas';

/**
 * Large uploads in short batches (decision 033): other requests keep being answered during a big upload, and a
 * rejected, failed or outraced upload leaves nothing visible and, once cleaned up, no staged rows.
 */

let ctx: TestContext;
let token: string;

/** `count` distinct web domains, one per line, from `from`. */
const domains = (count: number, from = 0, prefix = 'site'): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}-${from + index}.example.com`);

const fileOf = (lines: readonly string[]) => `${lines.join('\n')}\n`;

const upload = (
  url: string,
  content: string,
  data: Record<string, unknown>,
): Promise<LightMyRequestResponse> => {
  const { payload, headers } = multipart([
    { name: 'data', value: JSON.stringify(data) },
    { name: 'file', filename: 'publishers.txt', contentType: 'text/plain', data: Buffer.from(content) },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
};

const createList = async (name: string, lines: readonly string[]): Promise<TPublisherListRow> => {
  const response = await upload('/publisher-list', fileOf(lines), { name, kind: 'allow' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TPublisherListRow>();
};

const listOf = async (id: number): Promise<TPublisherListRow> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/publisher-list/${id}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPublisherListRow>();
};

/** Rows of the list's entries by set, and the sets not current. */
const storedOf = async (id: number) => {
  const sets = await ctx.db
    .selectFrom('publisher_list_entries')
    .select(['set_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('list_id', '=', String(id))
    .groupBy('set_id')
    .execute();
  const staged = await ctx.db
    .selectFrom('staged_sets')
    .selectAll()
    .where('parent_id', '=', String(id))
    .execute();
  return { sets: sets.map((set) => ({ set: set.set_id, rows: Number(set.n) })), staged: staged.length };
};

const currentSetOf = async (id: number) =>
  (
    await ctx.db
      .selectFrom('publisher_lists')
      .select('entry_set')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow()
  ).entry_set;

beforeAll(async () => {
  // On disk, as the server runs it: PGlite's in-memory files are copied whole as they grow, which pauses it.
  ctx = await startTestApp({ isDatabaseOnDisk: true });
  token = await loginAs(ctx.app, 'editor');
});
afterAll(async () => {
  await ctx.close();
});

/** Budget for the p99 of other requests during a big upload (decision 033). */
const OTHER_REQUESTS_P99_MS = 100;

const p99Of = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
};

/** The health check and a small list, asked together, answered: how long the pair took. */
const askOthers = async (): Promise<number> => {
  const asked = performance.now();
  const [health, lists] = await Promise.all([
    ctx.app.inject({ method: 'GET', url: '/api/health' }),
    ctx.app.inject({ method: 'GET', url: '/api/publisher-lists?limit=5', headers: bearer(token) }),
  ]);
  const ms = performance.now() - asked;
  expect(health.statusCode).toBe(200);
  expect(lists.statusCode, lists.body).toBe(200);
  return ms;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a large upload', () => {
  it('leaves other requests answered within the budget while it writes (p99 under 100 ms)', async () => {
    const list = await createList('Responsive', domains(10));
    // The same loop without an upload: on a machine shared with other work its tail is not the upload's.
    const quiet: number[] = [];
    for (let index = 0; index < 200; index += 1) {
      quiet.push(await askOthers());
      await pause(5);
    }
    const content = fileOf(domains(250_000, 0, 'big'));
    let isUploading = true;
    const started = performance.now();
    const uploading = upload(`/publisher-list/${list.id}/publishers`, content, {
      mode: 'replace',
      version: list.version,
    }).finally(() => {
      isUploading = false;
    });
    const during: number[] = [];
    while (isUploading) {
      during.push(await askOthers());
      await pause(5);
    }
    const response = await uploading;
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TPublisherListRow>().publishers_count).toBe(250_000);
    console.info(
      `250,000-line upload: ${seconds.toFixed(1)} s; other requests p99 ${p99Of(during).toFixed(1)} ms over ${during.length} (without the upload ${p99Of(quiet).toFixed(1)} ms)`,
    );
    expect(during.length).toBeGreaterThan(20);
    // What the upload adds to the tail stays within the budget.
    expect(p99Of(during)).toBeLessThan(OTHER_REQUESTS_P99_MS + p99Of(quiet));

    // The replaced set is deleted by the cleanup job, in batches.
    await cleanUpStagedSets(ctx.db, ctx.clock);
    expect(await storedOf(list.id)).toEqual({
      sets: [{ set: await currentSetOf(list.id), rows: 250_000 }],
      staged: 0,
    });
  }, 180_000);
});

describe('an upload that does not end well stores nothing visible', () => {
  it('a bad line at the end of a large file: 400, the list unchanged, nothing staged', async () => {
    const list = await createList('Bad last line', domains(5));
    const response = await upload(
      `/publisher-list/${list.id}/publishers`,
      fileOf([...domains(40_000, 0, 'bad'), 'not a publisher!']),
      { mode: 'replace', version: list.version },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { line?: number }[] }>().details.at(-1)?.line).toBe(40_001);
    expect(await listOf(list.id)).toMatchObject({ version: list.version, publishers_count: 5 });
    expect(await storedOf(list.id)).toEqual({
      sets: [{ set: await currentSetOf(list.id), rows: 5 }],
      staged: 0,
    });
  });

  it('more distinct publishers than a list holds: refused with the limit message, nothing written', async () => {
    const list = await createList('Over the limit', domains(3));
    // Repeats are kept once, so they do not count: the file passes the limit only at its last line.
    const lines = [
      ...domains(MAX_LIST_PUBLISHERS, 0, 'p'),
      ...domains(1_000, 0, 'p'),
      'one-more.example.com',
    ];
    const response = await upload(`/publisher-list/${list.id}/publishers`, fileOf(lines), {
      mode: 'replace',
      version: list.version,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      publisherFileTooManyMessage(MAX_LIST_PUBLISHERS),
    );
    expect(await listOf(list.id)).toMatchObject({ version: list.version, publishers_count: 3 });
    expect(await storedOf(list.id)).toEqual({
      sets: [{ set: await currentSetOf(list.id), rows: 3 }],
      staged: 0,
    });
  }, 120_000);

  it('a failure midway: the list unchanged, and the staged rows gone after cleanup', async () => {
    const list = await createList('Fails midway', domains(7));
    // The database refuses one publisher in the middle of the file, after many batches were written.
    await sql
      .raw(`
        CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.publisher = 'boom.example.com' THEN RAISE EXCEPTION 'injected failure'; END IF;
          RETURN NEW;
        END $$
      `)
      .execute(ctx.db);
    await sql
      .raw(`
        CREATE TRIGGER refuse_boom BEFORE INSERT ON publisher_list_entries
        FOR EACH ROW EXECUTE FUNCTION refuse_boom()
      `)
      .execute(ctx.db);
    try {
      const lines = [...domains(20_000, 0, 'mid'), 'boom.example.com', ...domains(20_000, 20_000, 'mid')];
      const response = await upload(`/publisher-list/${list.id}/publishers`, fileOf(lines), {
        mode: 'append',
        version: list.version,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await sql.raw('DROP TRIGGER refuse_boom ON publisher_list_entries').execute(ctx.db);
      await sql.raw('DROP FUNCTION refuse_boom()').execute(ctx.db);
    }
    expect(await listOf(list.id)).toMatchObject({ version: list.version, publishers_count: 7 });
    const entries = await ctx.app.inject({
      method: 'GET',
      url: `/api/publisher-list/${list.id}/publishers?limit=100`,
      headers: bearer(token),
    });
    expect(entries.json<unknown[]>()).toHaveLength(7);
    const before = await storedOf(list.id);
    expect(before.staged).toBe(1);
    expect(before.sets.reduce((sum, set) => sum + set.rows, 0)).toBeGreaterThan(7);

    await cleanUpStagedSets(ctx.db, ctx.clock);
    expect(await storedOf(list.id)).toEqual({
      sets: [{ set: await currentSetOf(list.id), rows: 7 }],
      staged: 0,
    });
  });
});

describe('uploads that meet', () => {
  it('two uploads to the same list at once: one wins, the other answers 409, the list is consistent', async () => {
    const list = await createList('Raced', domains(4));
    const [first, second] = await Promise.all([
      upload(`/publisher-list/${list.id}/publishers`, fileOf(domains(15_000, 0, 'one')), {
        mode: 'replace',
        version: list.version,
      }),
      upload(`/publisher-list/${list.id}/publishers`, fileOf(domains(12_000, 0, 'two')), {
        mode: 'append',
        version: list.version,
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? first : second;
    const expected = first.statusCode === 200 ? 15_000 : 12_004;
    expect(winner.json<TPublisherListRow>()).toMatchObject({
      version: list.version + 1,
      publishers_count: expected,
    });
    await cleanUpStagedSets(ctx.db, ctx.clock);
    expect(await storedOf(list.id)).toEqual({
      sets: [{ set: await currentSetOf(list.id), rows: expected }],
      staged: 0,
    });
  }, 60_000);

  it('an append copies the current entries page by page and keeps each publisher once', async () => {
    const list = await createList('Appended', domains(6_000));
    const response = await upload(`/publisher-list/${list.id}/publishers`, fileOf(domains(3_000, 5_000)), {
      mode: 'append',
      version: list.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TPublisherListRow>().publishers_count).toBe(8_000);
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/api/publisher-list/${list.id}/publishers?search=site-7999.`,
      headers: bearer(token),
    });
    expect(search.json<{ publisher: string }[]>().map((entry) => entry.publisher)).toEqual([
      'site-7999.example.com',
    ]);
  });

  it('a duplicate copies the current entries of a large list', async () => {
    const list = await createList('Copied', domains(4_500));
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/publisher-list/${list.id}/duplicate`,
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<TPublisherListRow>();
    expect(copy.publishers_count).toBe(4_500);
    expect(await storedOf(copy.id)).toEqual({
      sets: [{ set: await currentSetOf(copy.id), rows: 4_500 }],
      staged: 0,
    });
  });
});
