import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { type PreparingClient, preparingClientOf, statementName } from './prepared-statements';
import { MAX_PREPARED_STATEMENTS, PLAN_PER_VALUES } from './statement-naming.mjs';

/** The statements this session has prepared by name (pg_prepared_statements is per session). */
const preparedNames = async (client: PreparingClient): Promise<string[]> => {
  const { rows } = await (client.query as (text: string) => Promise<{ rows: { name: string }[] }>)(
    'SELECT name FROM pg_prepared_statements ORDER BY name',
  );
  return rows.map((row) => row.name);
};

type Result = { rows: Record<string, unknown>[] };
const ask = (client: PreparingClient, text: string, values?: unknown[]) =>
  (client.query as (text: string, values?: unknown[]) => Promise<Result>)(text, values);

// Named statements are a PostgreSQL server's (the embedded database is reached through its own dialect).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PreparingClient on PostgreSQL', () => {
  let client: PreparingClient;

  beforeAll(async () => {
    client = new (preparingClientOf(pg.Client))({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
  });

  it('prepares a statement with parameters once, by the hash of its text, and answers as before', async () => {
    const text = 'SELECT $1::int + 1 AS next';
    expect((await ask(client, text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await ask(client, text, [41])).rows).toEqual([{ next: 42 }]);
    expect(await preparedNames(client)).toEqual([statementName(text)]);
  });

  it('leaves statements without parameters unnamed, so that scripts of several statements still run', async () => {
    const before = await preparedNames(client);
    expect((await ask(client, 'SELECT 1 AS one; SELECT 2 AS two')) as unknown as Result[]).toHaveLength(2);
    expect((await ask(client, 'SELECT 3 AS three', [])).rows).toEqual([{ three: 3 }]);
    expect(await preparedNames(client)).toEqual(before);
  });

  it('leaves upserts unnamed: a partial unique index is inferred from the values of its predicate', async () => {
    await ask(client, 'CREATE TEMPORARY TABLE queue (key text, state text)');
    await ask(client, "CREATE UNIQUE INDEX queue_key ON queue (key) WHERE state = 'queued'");
    const upsert =
      'INSERT INTO queue (key, state) VALUES ($1, $2) ON CONFLICT (key) WHERE state = $3 DO NOTHING';
    for (const key of ['a', 'a', 'b']) await ask(client, upsert, [key, 'queued', 'queued']);
    expect((await ask(client, 'SELECT count(*)::int AS count FROM queue', [])).rows).toEqual([{ count: 2 }]);
    expect(await preparedNames(client)).not.toContain(statementName(upsert));
  });

  it('prepares a statement marked to be planned per values with its values written in, and keeps its plan', async () => {
    await ask(client, 'CREATE TEMPORARY TABLE people (id int, name text)');
    await ask(client, "INSERT INTO people VALUES (1, 'O''Brien'), (2, 'plain')");
    const text = `${PLAN_PER_VALUES} SELECT id FROM people WHERE name = $1 AND id >= $2 ORDER BY id`;
    const inlined = `${PLAN_PER_VALUES} SELECT id FROM people WHERE name = 'O''Brien' AND id >= '1' ORDER BY id`;
    for (let round = 0; round < 3; round += 1) {
      expect((await ask(client, text, ["O'Brien", 1])).rows).toEqual([{ id: 1 }]);
    }
    expect((await ask(client, text, ["x' OR '1' = '1", 0])).rows).toEqual([]);
    const { rows } = await ask(
      client,
      'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = $1',
      [statementName(inlined)],
    );
    expect(rows).toEqual([{ generic: 3, custom: 0 }]);
    // A value without a plain text form keeps the statement as it is, with its parameters.
    const dated = `${PLAN_PER_VALUES} SELECT $1::timestamptz AS at`;
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect((await ask(client, dated, [at])).rows).toEqual([{ at }]);
    expect(await preparedNames(client)).toContain(statementName(dated));
  });

  it('keeps at most MAX_PREPARED_STATEMENTS per connection and sends the rest unnamed', async () => {
    for (let index = 0; index < MAX_PREPARED_STATEMENTS + 5; index += 1) {
      const { rows } = await ask(client, `SELECT $1::int AS value, ${index} AS variant`, [index]);
      expect(rows).toEqual([{ value: index, variant: index }]);
    }
    expect(await preparedNames(client)).toHaveLength(MAX_PREPARED_STATEMENTS);
    // A text named before the limit was reached is still used by name.
    expect((await ask(client, 'SELECT $1::int + 1 AS next', [2])).rows).toEqual([{ next: 3 }]);
  });

  it('reports an error of a named statement and keeps working', async () => {
    const text = 'SELECT $1::int / 0 AS never';
    await expect(ask(client, text, [1])).rejects.toThrow(/division by zero/);
    await expect(ask(client, text, [2])).rejects.toThrow(/division by zero/);
    expect((await ask(client, 'SELECT $1::text AS word', ['still'])).rows).toEqual([{ word: 'still' }]);
  });

  it("is the pool's client, which plans every call for its values as unnamed statements were", async () => {
    const db = await createDatabase({
      kind: 'postgres',
      url: process.env.TEST_DATABASE_URL ?? '',
      poolSize: 1,
    });
    try {
      const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(db);
      expect(mode.rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
      const text = sql<{ value: number }>`SELECT ${7}::int AS value`;
      expect((await text.execute(db)).rows).toEqual([{ value: 7 }]);
      const names = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(db);
      expect(names.rows.map((row) => row.name)).toContain(statementName('SELECT $1::int AS value'));
    } finally {
      await db.destroy();
    }
  });
});
