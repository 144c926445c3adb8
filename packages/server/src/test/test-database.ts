import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** Where the global setup leaves a migrated PGlite data directory, so each test file skips initdb. */
export const PGLITE_TEMPLATE_ENV = 'BEACON_PGLITE_TEMPLATE';

export type TestDatabase = { db: Db; destroy: () => Promise<void> };

const uniqueName = () =>
  `beacon_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (CI), dropped afterwards.
 */
export const createTestDatabase = async (
  options: {
    /** PGlite in this folder rather than in memory: memory-backed files are copied as they grow (decision 033). */
    embeddedDataDir?: string;
  } = {},
): Promise<TestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = uniqueName();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    await migrateToLatest(db);
    return {
      db,
      destroy: async () => {
        await db.destroy();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        // pg's pool.end() resolves before the server has closed its connections; dropping WITH (FORCE) then
        // kills them, and their ending client throws an uncaught 57P01. Give them a moment to go first.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const { rows } = await dropper.query<{ count: number }>(
            'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.count === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const templatePath = process.env[PGLITE_TEMPLATE_ENV];
  const template = templatePath ? new Blob([readFileSync(templatePath)]) : undefined;
  const db = await createDatabase({
    kind: 'embedded',
    dataDir: options.embeddedDataDir,
    ...(template ? { template } : {}),
  });
  await migrateToLatest(db);
  return { db, destroy: () => db.destroy() };
};
