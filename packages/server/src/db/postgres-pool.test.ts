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

  it('outlives a connection ended inside a transaction: that transaction fails, the next statement answers', async () => {
    const db = await createDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const tag = `beacon-pool-test-${process.pid}-${Date.now()}`;
      // Inside a transaction, the connection is still out of the pool when its end is heard.
      const running = db
        .transaction()
        .execute((trx) => sql.raw(`SELECT pg_sleep(30) /* ${tag} */`).execute(trx));
      const failed = expect(running).rejects.toThrow(/terminat/i);
      await expect
        .poll(async () => {
          const { rows } = await admin.query(
            `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
              WHERE query = $1 AND pid <> pg_backend_pid()`,
            [`SELECT pg_sleep(30) /* ${tag} */`],
          );
          return rows.length;
        })
        .toBe(1);
      await failed;
      await expect.poll(() => warnings.some((text) => text.includes('during a statement'))).toBe(true);

      const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('warning', onWarning);
      await admin.end();
      await db.destroy();
    }
  });
});
