import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  it('outlives an idle connection the server ends, and answers again with a new one', async () => {
    const db = await createDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
      const pid = rows[0]?.pid;
      // An administrator (or a restart) ends the pool's idle connection.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect
        .poll(() => warnings.some((text) => text.includes('idle PostgreSQL connection')))
        .toBe(true);

      const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('warning', onWarning);
      await db.destroy();
    }
  });
});
