import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BeaconApp, buildApp } from '../app';
import { loadConfig } from '../config/config';
import { LIST_COUNT_MAX_AGE_MS } from '../lib/list-count-cache';
import { uniqueSuffix } from '../test/factories';
import { bearer, loginAs } from '../test/test-app';
import { PGLITE_TEMPLATE_ENV } from '../test/test-database';
import { createDatabase, type Db } from './database';
import { migrateToLatest } from './migrate';
import { startPGliteWorker } from './pglite-worker-dialect';
import { seedDemo } from './seed/demo';
import { PLAN_PER_VALUES } from './statement-naming.mjs';

/**
 * The embedded database on its own thread (decision 013): values and errors cross it as PGlite gives them,
 * a transaction keeps the single session to itself, close writes everything to disk, and a thread that dies
 * fails every query with the reason. The rest of the suite runs on it too (unless TEST_DATABASE_URL is set);
 * the app test at the end runs on it whatever the environment.
 */

const templateFile = () => process.env[PGLITE_TEMPLATE_ENV];
const template = () => {
  const file = templateFile();
  return file ? new Blob([readFileSync(file)]) : undefined;
};

const inMemory = () => createDatabase({ kind: 'embedded', dataDir: undefined, template: template() });

const temporaryDirectory = () => mkdtempSync(path.join(os.tmpdir(), 'beacon-worker-'));

describe('the embedded database on a worker thread', () => {
  let db: Kysely<unknown>;

  beforeAll(async () => {
    db = (await inMemory()) as unknown as Kysely<unknown>;
    await sql`CREATE TABLE probe (
      id bigint PRIMARY KEY,
      name text NOT NULL CONSTRAINT probe_name_key UNIQUE,
      small integer,
      amount numeric(12, 2),
      flag boolean,
      at timestamptz,
      tags text[],
      doc jsonb
    )`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('leaves this thread free while a statement runs', async () => {
    const started = performance.now();
    const sleeping = sql`SELECT pg_sleep(0.4)`.execute(db);
    const timerFiredAfter = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(performance.now() - started), 20),
    );
    await sleeping;
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(timerFiredAfter).toBeLessThan(300);
  });

  it('answers values as PGlite parses them: bigint as text, dates, arrays, JSON, numbers and booleans', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const inserted = await sql`INSERT INTO probe (id, name, small, amount, flag, at, tags, doc)
      VALUES (${'9007199254740993'}, ${'first'}, ${7}, ${'12.50'}, ${true}, ${at}, ${['a', 'b "c"']},
              ${JSON.stringify({ nested: [1, 'two'] })})`.execute(db);
    expect(inserted.numAffectedRows).toBe(1n);
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM probe WHERE id = ${'9007199254740993'}`.execute(db);
    expect(rows).toEqual([
      {
        id: '9007199254740993',
        name: 'first',
        small: 7,
        amount: '12.50',
        flag: true,
        at,
        tags: ['a', 'b "c"'],
        doc: { nested: [1, 'two'] },
      },
    ]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('plans a statement marked to be planned per values once for each set of values, and keeps values as data', async () => {
    await sql`INSERT INTO probe (id, name, small) VALUES (900, ${"O'Brien"}, 1), (901, 'plain', 2)`.execute(
      db,
    );
    const ask = (name: string, small: number) =>
      sql<{ id: string; name: string }>`${sql.raw(PLAN_PER_VALUES)}
        SELECT id, name FROM probe WHERE name = ${name} AND small >= ${small} ORDER BY id`.execute(db);
    for (let round = 0; round < 3; round += 1) {
      expect((await ask("O'Brien", 1)).rows).toEqual([{ id: '900', name: "O'Brien" }]);
    }
    expect((await ask("x' OR '1' = '1", 0)).rows).toEqual([]);
    const { rows: kept } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
      SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements
      WHERE statement LIKE ${'%FROM probe WHERE name%'} ORDER BY statement`.execute(db);
    // One statement per set of values, each with its values written in and its one plan used every time.
    expect(kept).toHaveLength(2);
    expect(kept[0]?.statement).toContain("WHERE name = 'O''Brien' AND small >= '1'");
    expect(kept[0]).toMatchObject({ generic_plans: 3, custom_plans: 0 });
    expect(kept[1]?.statement).toContain("WHERE name = 'x'' OR ''1'' = ''1' AND small >= '0'");
    await sql`DELETE FROM probe WHERE id IN (900, 901)`.execute(db);
  });

  it('counts the rows a write touched, and none for a write that touched nothing', async () => {
    await sql`INSERT INTO probe (id, name) VALUES (2, 'second'), (3, 'third')`.execute(db);
    const updated = await sql`UPDATE probe SET small = 1 WHERE id IN (2, 3)`.execute(db);
    expect(updated.numAffectedRows).toBe(2n);
    const none = await sql`UPDATE probe SET small = 1 WHERE id = -1`.execute(db);
    expect(none.numAffectedRows ?? 0n).toBe(0n);
  });

  it('hands over PostgreSQL errors with their code, constraint and detail', async () => {
    const duplicate = sql`INSERT INTO probe (id, name) VALUES (4, 'first')`.execute(db);
    await expect(duplicate).rejects.toBeInstanceOf(Error);
    await expect(duplicate).rejects.toMatchObject({
      code: '23505',
      constraint: 'probe_name_key',
      detail: 'Key (name)=(first) already exists.',
      message: 'duplicate key value violates unique constraint "probe_name_key"',
    });
    await expect(sql`SELECT nothing FROM probe`.execute(db)).rejects.toMatchObject({ code: '42703' });
  });

  it('keeps the session to a transaction until it ends: other statements wait instead of seeing its writes', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let insertedInside = () => {};
    const inserted = new Promise<void>((resolve) => {
      insertedInside = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe (id, name) VALUES (10, 'uncommitted')`.execute(trx);
      insertedInside();
      await held;
      throw new Error('changed its mind');
    });
    await inserted;
    let answered = false;
    const outside = sql<{ count: string }>`SELECT count(*) AS count FROM probe WHERE id = 10`
      .execute(db)
      .then((result) => {
        answered = true;
        return result;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('changed its mind');
    expect((await outside).rows).toEqual([{ count: '0' }]);
  });

  it('rolls a transaction back when one of its statements fails, and goes on answering', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe (id, name) VALUES (20, 'inside')`.execute(trx);
      await sql`INSERT INTO probe (id, name) VALUES (21, 'first')`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505', constraint: 'probe_name_key' });
    expect((await sql`SELECT id FROM probe WHERE id IN (20, 21)`.execute(db)).rows).toEqual([]);
    expect((await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db)).rows).toEqual([{ ok: 1 }]);
  });

  it('keeps exactly the committed rows of many concurrent transactions, half of which roll back', async () => {
    await sql`CREATE TABLE race (id integer PRIMARY KEY, step integer NOT NULL)`.execute(db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        db.transaction().execute(async (trx) => {
          await sql`INSERT INTO race (id, step) VALUES (${index}, 1)`.execute(trx);
          // Hand the thread to the other transactions between the statements of this one.
          await new Promise((resolve) => setTimeout(resolve, index % 3));
          await sql`UPDATE race SET step = 2 WHERE id = ${index}`.execute(trx);
          if (index % 2 === 1) throw new Error(`transaction ${index} rolls back`);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(25);
    const { rows } = await sql<{ id: number; step: number }>`SELECT id, step FROM race ORDER BY id`.execute(
      db,
    );
    expect(rows).toEqual(Array.from({ length: 25 }, (_, index) => ({ id: index * 2, step: 2 })));
  });

  it('never runs a statement of another request inside a transaction, nor one transaction inside another', async () => {
    await sql`CREATE TABLE seen (reader integer, count integer)`.execute(db);
    const writers = Array.from({ length: 20 }, (_, index) =>
      db
        .transaction()
        .execute(async (trx) => {
          await sql`INSERT INTO race (id, step) VALUES (${1000 + index}, 1)`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 1));
          throw new Error('rolls back');
        })
        .catch(() => undefined),
    );
    // Statements outside transactions, sent while the writers run: none may count an uncommitted row.
    const readers = Array.from({ length: 40 }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, index % 5));
      const { rows } = await sql<{
        count: string;
      }>`SELECT count(*) AS count FROM race WHERE id >= 1000`.execute(db);
      return Number(rows[0]?.count);
    });
    const [, counts] = await Promise.all([Promise.all(writers), Promise.all(readers)]);
    expect(counts.every((count) => count === 0)).toBe(true);
    expect((await sql`SELECT id FROM race WHERE id >= 1000`.execute(db)).rows).toEqual([]);
  });

  it('answers many statements sent at once, each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        sql<{ value: number }>`SELECT ${index}::int AS value`.execute(db),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]?.value)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('refuses to open a data directory it cannot use, with PGlite’s reason', async () => {
    const dir = temporaryDirectory();
    try {
      const notADirectory = path.join(dir, 'db');
      writeFileSync(notADirectory, 'not a database');
      await expect(createDatabase({ kind: 'embedded', dataDir: notADirectory })).rejects.toThrow(
        `The embedded database in ${notADirectory} could not be opened: ErrnoError (errno 54)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without waiting for the open, answers at once and fails the first statement with the same reason', async () => {
    const dir = temporaryDirectory();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const notADirectory = path.join(dir, 'db');
      writeFileSync(notADirectory, 'not a database');
      const opening = await createDatabase(
        { kind: 'embedded', dataDir: notADirectory },
        { waitUntilOpen: false },
      );
      // The open fails in its thread before any statement is sent: nothing may go unhandled meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await expect(sql`SELECT 1`.execute(opening)).rejects.toThrow(
        `The embedded database in ${notADirectory} could not be opened: ErrnoError (errno 54)`,
      );
      await opening.destroy();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without waiting for the open, runs the statements sent meanwhile once it is open', async () => {
    const opening = await createDatabase({ kind: 'embedded', dataDir: undefined }, { waitUntilOpen: false });
    try {
      const answers = await Promise.all(
        [1, 2, 3].map((value) => sql<{ value: number }>`SELECT ${value}::int AS value`.execute(opening)),
      );
      expect(answers.map((answer) => answer.rows[0]?.value)).toEqual([1, 2, 3]);
    } finally {
      await opening.destroy();
    }
  });
});

describe('closing and crashing', () => {
  it('writes everything to disk when destroyed, so that the next open finds it', async () => {
    const dir = temporaryDirectory();
    try {
      const dataDir = path.join(dir, 'db');
      const first = await createDatabase({ kind: 'embedded', dataDir, templateFile: templateFile() });
      await sql`CREATE TABLE kept (note text)`.execute(first);
      await sql`INSERT INTO kept VALUES ('still here')`.execute(first);
      await first.destroy();
      const reopened = await createDatabase({ kind: 'embedded', dataDir, templateFile: templateFile() });
      expect((await sql<{ note: string }>`SELECT note FROM kept`.execute(reopened)).rows).toEqual([
        { note: 'still here' },
      ]);
      await reopened.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the waiting and every later query with the reason when its thread dies', async () => {
    const dir = temporaryDirectory();
    // The real worker, with one more listener that breaks the thread on a given statement.
    const workerUrl = pathToFileURL(path.join(dir, 'breaking-worker.mjs'));
    writeFileSync(
      workerUrl,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (message) => {
  if (message.sql === 'SELECT 1 AS breaks') throw new Error('the thread broke');
});
await import(${JSON.stringify(new URL('./pglite-worker.mjs', import.meta.url).href)});
`,
    );
    try {
      const dialect = await startPGliteWorker({ dataDir: undefined, workerUrl });
      const db = new Kysely<unknown>({ dialect });
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
      const [breaking, waiting] = await Promise.allSettled([
        sql`SELECT 1 AS breaks`.execute(db),
        sql`SELECT 2 AS waits`.execute(db),
      ]);
      for (const outcome of [breaking, waiting]) {
        expect(outcome).toMatchObject({
          status: 'rejected',
          reason: { message: 'The embedded database stopped: the thread broke' },
        });
      }
      await expect(sql`SELECT 3`.execute(db)).rejects.toThrow(
        'The embedded database stopped: the thread broke',
      );
      await db.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the app on the worker thread', () => {
  let db: Db;
  let app: BeaconApp;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    db = await inMemory();
    await migrateToLatest(db);
    dataDir = temporaryDirectory();
    const config = loadConfig({ PUBLIC_URL: 'http://beacon.test', BEACON_DATA_DIR: dataDir });
    await seedDemo(db, { operatorOrganizationId: config.operatorOrganizationId });
    app = await buildApp({ config, db });
    token = await loginAs(app, 'supervisor');
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const creation = (username: string) => ({
    name: `Worker ${uniqueSuffix()}`,
    country: 'DE',
    currency: 'eur',
    invoicing_currency: 'eur',
    payment_terms: 'net30',
    additional_domains: ['one.example', 'two.example'],
    main_user: {
      name: 'Wanda Worker',
      username,
      email: `${username}@example.com`,
      password: 'Worker-pass-1!',
    },
  });

  it('creates an organization with its owner in one transaction, answering ids, dates and arrays', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/organization',
      headers: bearer(token),
      payload: creation(`worker_${uniqueSuffix()}`),
    });
    expect(response.statusCode).toBe(201);
    const organization = response.json<{ id: number; created_at: string; additional_domains: string[] }>();
    expect(organization.id).toBeGreaterThan(0);
    expect(new Date(organization.created_at).toISOString()).toBe(organization.created_at);
    expect(organization.additional_domains).toEqual(['one.example', 'two.example']);
    const row = await db
      .selectFrom('organizations')
      .select(['id', 'created_at', 'additional_domains'])
      .where('id', '=', String(organization.id))
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(String(organization.id));
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.additional_domains).toEqual(['one.example', 'two.example']);
  });

  it('answers concurrent creations with one username: one 201, one 409, and rolls the loser back', async () => {
    const username = `twice_${uniqueSuffix()}`;
    const before = await db.selectFrom('organizations').select('id').execute();
    const responses = await Promise.all(
      [creation(username), creation(username)].map((payload) =>
        app.inject({ method: 'POST', url: '/api/v2/organization', headers: bearer(token), payload }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
    });
    expect(await db.selectFrom('organizations').select('id').execute()).toHaveLength(before.length + 1);
  });

  it('serves concurrent list requests, each with the page and total it asked for', async () => {
    const ask = (limit: number) =>
      app.inject({
        method: 'GET',
        url: `/api/organizations?limit=${limit}&sort=-created_at`,
        headers: bearer(token),
      });
    const expected = await ask(3);
    const responses = await Promise.all(Array.from({ length: 24 }, (_, index) => ask(1 + (index % 3))));
    for (const [index, response] of responses.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected.json().slice(0, 1 + (index % 3)));
      expect(response.headers['x-total-count']).toBe(expected.headers['x-total-count']);
    }
  });

  it('answers a long list’s remembered total however old, until the list’s table changes', async () => {
    const total = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/organizations?limit=1&sort=-created_at',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return Number(response.headers['x-total-count']);
    };
    const before = await total();
    expect(before).toBeGreaterThan(1);
    // A row the change mark does not see: only a count taken again would answer it.
    await sql`ALTER TABLE organizations DISABLE TRIGGER organizations_changes`.execute(db);
    await sql`INSERT INTO organizations (name, role, parent_id)
      SELECT ${`Unmarked ${uniqueSuffix()}`}, 'regular', id FROM organizations WHERE parent_id IS NULL LIMIT 1`.execute(
      db,
    );
    await sql`ALTER TABLE organizations ENABLE TRIGGER organizations_changes`.execute(db);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      vi.advanceTimersByTime(LIST_COUNT_MAX_AGE_MS * 1000);
      expect(await total()).toBe(before);
      const added = await app.inject({
        method: 'POST',
        url: '/api/v2/organization',
        headers: bearer(token),
        payload: creation(`marked_${uniqueSuffix()}`),
      });
      expect(added.statusCode).toBe(201);
      expect(await total()).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});
