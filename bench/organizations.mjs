// GET /api/organizations over 50,000 organizations (its budget), on the embedded database and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets } from './budgets.mjs';
import { measureOnPostgres } from './postgres.mjs';
import { WARM_UP_REQUESTS } from './warm-up.mjs';

const ORGANIZATIONS = 50_000;
const DEMO_PASSWORD = 'Beacon-demo-1';

/**
 * A quarter of them under Demo Agency (id 2), a tenth deleted, five countries, three currencies, one created
 * every ten minutes going back a year. Country, parent and state vary independently (by `g % 5`, `g / 50`
 * and `g / 5`), so that each slice of the grid holds its share of every other one: the owner finds Spanish
 * organizations in its subtree as the supervisor does in the whole tree.
 */
const SEED_SQL = `
  INSERT INTO organizations (name, role, country, currency, invoicing_currency, state, parent_id, created_at)
  SELECT 'Bench Organization ' || g, 'regular', (ARRAY['ES','GB','US','FR','DE'])[1 + g % 5],
         (ARRAY['usd','eur','gbp'])[1 + g % 3], (ARRAY['usd','eur','gbp'])[1 + g % 3],
         CASE WHEN (g / 5) % 10 = 3 THEN 'DELETED' ELSE 'active' END,
         CASE WHEN (g / 50) % 4 = 1 THEN 2 ELSE NULL END,
         now() - g * interval '10 minutes'
  FROM generate_series(1, ${ORGANIZATIONS}) AS g`;

/** Statistics and the visibility map after the bulk insert, as in campaigns.mjs. */
const ANALYZE_SQL = 'VACUUM ANALYZE organizations';

const QUERY = '/api/organizations?limit=32&sort=-created_at&country%5Bis%5D=ES';
/** The same page up to a day not asked before (1, 2… days ago): the server counts its rows afresh. */
const freshQuery = (daysAgo) => {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `${QUERY}&created_at%5BonOrBefore%5D=${day}`;
};
const FRESH_COUNTS = 50;

const measure = async ({ label, port, load, request }) => {
  const rows = [];
  for (const username of ['supervisor', 'owner']) {
    const login = await request(port, 'POST', '/api/login', { body: { username, password: DEMO_PASSWORD } });
    const { token } = JSON.parse(login.body);
    const ask = () => request(port, 'GET', QUERY, { token });
    // Warm up at the measured concurrency (bench/warm-up.mjs).
    await load({ total: WARM_UP_REQUESTS, concurrency: 8, send: ask });
    const result = await load({ total: 1000, concurrency: 8, send: ask });
    if (result.failures) throw new Error(`GET /api/organizations failed ${result.failures} times`);
    rows.push({
      name: `GET /api/organizations p99, ${label}, ${username} (${result.rps} req/s, 8 concurrent)`,
      value: Math.round(result.p99 * 10) / 10,
      unit: 'ms',
      budget: budgets.organizationsListP99Ms,
    });
    // Reported without a budget: what a grid pays when its filter changes (one request at a time).
    let daysAgo = 0;
    const fresh = await load({
      total: FRESH_COUNTS,
      concurrency: 1,
      send: () => {
        daysAgo += 1;
        return request(port, 'GET', freshQuery(daysAgo), { token });
      },
    });
    if (fresh.failures) throw new Error(`GET /api/organizations failed ${fresh.failures} times`);
    rows.push({
      name: `  same, a filter not asked before (counted afresh), p50, one at a time`,
      value: fresh.p50,
      unit: 'ms',
    });
  }
  return rows;
};

export const measureOrganizations = async ({ startServer, stopServer, load, request, port }) => {
  const rows = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-orgs-'));
  try {
    // Embedded: seed the demo world, then the organizations straight into the stopped server's data directory.
    const seeding = await startServer(dataDir, port);
    await stopServer(seeding.child);
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    await pglite.exec(SEED_SQL);
    await pglite.exec(ANALYZE_SQL);
    await pglite.close();
    const server = await startServer(dataDir, port);
    rows.push(...(await measure({ label: 'embedded', port, load, request })));
    await stopServer(server.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  rows.push(
    ...(await measureOnPostgres({
      startServer,
      stopServer,
      port,
      seed: async (client) => {
        await client.query(SEED_SQL);
        await client.query(ANALYZE_SQL);
      },
      measure: () => measure({ label: 'PostgreSQL', port, load, request }),
    })),
  );
  return rows;
};
