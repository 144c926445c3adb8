// The PostgreSQL half of a bench part: a fresh database on the local server (BENCH_POSTGRES_URL names another),
// `npm start` on it with the demo world, the part's own rows added straight by SQL, then its measures; the
// database and the server's data folder are removed afterwards. No PostgreSQL: the rows are skipped, said once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `measure(serverProcess)` against a server on a seeded PostgreSQL database and answers its rows.
 * `seed(client)` adds the part's rows with a pg client before measuring (optional).
 */
export const measureOnPostgres = async ({ startServer, stopServer, port, seed, measure }) => {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${adminUrl} is not reachable: the PostgreSQL rows are skipped.`);
    return [];
  }
  const name = `beacon_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-pg-'));
  try {
    const server = await startServer(emptyDir, port, {
      env: { DATABASE_URL: url.toString() },
      args: ['--seed-demo'],
    });
    try {
      if (seed) {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await seed(client);
        } finally {
          await client.end();
        }
      }
      return await measure(server.child);
    } finally {
      await stopServer(server.child);
    }
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};
