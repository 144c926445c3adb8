// GET /api/campaigns over 100,000 campaigns and 500,000 strategies (its budget), on the embedded database
// and PostgreSQL, and the campaign detail page in headless Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets } from './budgets.mjs';
import { measureOnPostgres } from './postgres.mjs';
import { WARM_UP_REQUESTS } from './warm-up.mjs';

const ADVERTISERS = 400;
const CAMPAIGNS = 100_000;
const DEMO_PASSWORD = 'Beacon-demo-1';

/**
 * 400 advertisers: a quarter inside Demo Agency's subtree (id 2), half of those one level deeper under Demo
 * Advertiser (id 3); five countries, three currencies.
 */
const SEED_ORGANIZATIONS_SQL = `
  INSERT INTO organizations (name, role, country, currency, invoicing_currency, state, parent_id, created_at)
  SELECT 'Bench Advertiser ' || g, 'regular', (ARRAY['ES','GB','US','FR','DE'])[1 + g % 5],
         (ARRAY['usd','eur','gbp'])[1 + g % 3], (ARRAY['usd','eur','gbp'])[1 + g % 3], 'active',
         CASE g % 8 WHEN 1 THEN 2 WHEN 5 THEN 3 ELSE NULL END,
         now() - g * interval '1 day'
  FROM generate_series(1, ${ADVERTISERS}) AS g`;

/**
 * 100,000 campaigns, one created every five minutes going back about a year, over the bench advertisers
 * (so a quarter of them inside Demo Agency's subtree). Organization, type, state and dates vary independently
 * (by `g / 7`, `g / 3`, `g % 20` and `g / 11`), so that each slice of the grid holds its share of every other
 * one: the agency owner finds active campaigns newest first in its subtree as the supervisor does in the
 * whole tree. States: 40 % active, 25 % inactive, 15 % drafts, 10 % deleted, 10 % imported. Flights of 30
 * to 180 days starting up to a year ago or 60 days ahead, a fifth open-ended; lifetime and daily budgets.
 * Each has 1 to 9 strategies (`1 + g % 9`: 5 on average, 500,000 in all), counted in `strategies_count`
 * and `strategies_bidding` as the service keeps them: a campaign in eleven has all of them paused, otherwise
 * strategy `s` is paused when `(g + s) % 4 = 0`.
 */
const SEED_CAMPAIGNS_SQL = `
  WITH advertisers AS (
    SELECT array_agg(id ORDER BY id) AS ids, array_agg(currency ORDER BY id) AS currencies
    FROM organizations WHERE name LIKE 'Bench Advertiser %'
  ), numbered AS (
    SELECT g, 1 + (g / 7) % ${ADVERTISERS} AS o,
           (ARRAY['app-promotion','generic','proximity','smart-tv','dooh','generic'])[1 + (g / 3) % 6] AS type,
           CASE WHEN g % 20 < 8 THEN 'active' WHEN g % 20 < 13 THEN 'inactive' WHEN g % 20 < 16 THEN 'preview'
                WHEN g % 20 < 18 THEN 'deleted' ELSE 'imported' END AS state,
           (current_date - 365 + ((g / 11) * 37) % 425)::date AS start_date,
           1 + g % 9 AS strategies
    FROM generate_series(1, ${CAMPAIGNS}) AS g
  )
  INSERT INTO campaigns (organization_id, name, type, objective, state, currency, start_date, end_date,
                         budget_timespan, budget, daily_limit_type, max_daily_cost_strategy, pricing, price_model,
                         bid, event_optimisation, device_types, device_id_types, targeting, strategies_count,
                         strategies_bidding, spend, created_at, updated_at, deleted_at)
  SELECT a.ids[n.o], 'Bench Campaign ' || n.g, n.type,
         CASE WHEN n.type = 'app-promotion' THEN 'user_acquisition' END,
         n.state, a.currencies[n.o], n.start_date,
         CASE WHEN (n.g / 13) % 5 = 0 THEN NULL ELSE n.start_date + 30 + ((n.g / 13) * 29) % 150 END,
         CASE WHEN n.g % 3 = 0 THEN 'daily' ELSE 'lifetime' END,
         (100 + (n.g * 7919) % 50000)::bigint * 1000000, 'auto', 'automatic',
         CASE WHEN n.type IN ('smart-tv', 'dooh') OR n.g % 2 = 0 THEN 'cpm' ELSE 'cpc' END,
         CASE WHEN n.type IN ('smart-tv', 'dooh') OR n.g % 2 = 0 THEN 'cpm' ELSE 'cpc' END,
         (1 + n.g % 5)::bigint * 500000,
         CASE WHEN n.type = 'app-promotion' THEN 'not_optimizing' END,
         CASE n.type WHEN 'smart-tv' THEN ARRAY['connectedtv'] WHEN 'dooh' THEN ARRAY[]::text[]
                     ELSE ARRAY['phone', 'tablet'] END,
         CASE n.type WHEN 'smart-tv' THEN ARRAY['tifa', 'rida'] WHEN 'dooh' THEN ARRAY[]::text[]
                     ELSE ARRAY['ifa', 'gaid'] END,
         jsonb_build_object('countries', jsonb_build_array((ARRAY['ESP','GBR','USA','FRA','DEU'])[1 + n.g % 5]),
           'regions', '[]'::jsonb, 'cities', '[]'::jsonb,
           'bundle_ids', CASE WHEN n.type = 'app-promotion' THEN '["com.example.game"]'::jsonb ELSE '[]'::jsonb END,
           'iab_categories', '[]'::jsonb, 'app_categories', '[]'::jsonb),
         n.strategies,
         CASE WHEN n.g % 11 = 0 THEN 0
              ELSE (SELECT count(*) FROM generate_series(1, n.strategies) AS s WHERE (n.g + s) % 4 <> 0) END,
         ((n.g::bigint * 104729) % 100000) * 100000,
         now() - n.g * interval '5 minutes', now() - n.g * interval '5 minutes',
         CASE WHEN n.state = 'deleted' THEN now() - n.g * interval '4 minutes' END
  FROM numbered n, advertisers a`;

/** The strategies counted above, within their campaign's flight, sharing its budget equally. */
const SEED_STRATEGIES_SQL = `
  INSERT INTO strategies (campaign_id, name, state, start_date, end_date, budget_share, location, created_at,
                          updated_at)
  SELECT c.id, 'Strategy ' || s,
         CASE WHEN g % 11 = 0 OR (g + s) % 4 = 0 THEN 'paused' ELSE 'bidding' END,
         c.start_date, c.end_date, 100 / c.strategies_count,
         jsonb_build_object('countries', c.targeting->'countries', 'regions', '[]'::jsonb, 'cities', '[]'::jsonb),
         c.created_at + s * interval '1 second', c.created_at + s * interval '1 second'
  FROM (SELECT c.*, substr(c.name, 16)::int AS g FROM campaigns c WHERE c.name LIKE 'Bench Campaign %') AS c,
       generate_series(1, c.strategies_count) AS s`;

export const SEED_SQL = [SEED_ORGANIZATIONS_SQL, SEED_CAMPAIGNS_SQL, SEED_STRATEGIES_SQL];
/**
 * After the bulk insert: statistics for the planner, and the visibility map set, as autovacuum would leave the
 * tables. Without the vacuum, PostgreSQL's autovacuum takes its first pass over the new rows while the load runs.
 * One statement (VACUUM does not run inside a multi-statement string).
 */
export const ANALYZE_SQL = 'VACUUM ANALYZE organizations, campaigns, strategies';

/** What a user of the grid asks most: the active campaigns, newest first (a page of 32). */
const QUERY = '/api/campaigns?limit=32&sort=-created_at&state%5Bis%5D=active';
/** The grid's other usual question: the active campaigns still running, ending soonest first. */
const endingQuery = () =>
  `/api/campaigns?limit=32&sort=end_date&state%5Bis%5D=active&end_date%5BonOrAfter%5D=${new Date().toISOString().slice(0, 10)}`;
/** The same page up to a day not asked before (1, 2… days ago): the server counts its rows afresh. */
const freshQuery = (daysAgo) => {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `${QUERY}&created_at%5BonOrBefore%5D=${day}`;
};
const FRESH_COUNTS = 50;

const login = async (request, port, username) => {
  const response = await request(port, 'POST', '/api/login', {
    body: { username, password: DEMO_PASSWORD },
  });
  return JSON.parse(response.body).token;
};

export const measureList = async ({ label, port, load, request }) => {
  const rows = [];
  for (const username of ['supervisor', 'owner']) {
    const token = await login(request, port, username);
    for (const [question, url] of [
      ['active, newest first', QUERY],
      ['active, ending soonest', endingQuery()],
    ]) {
      const ask = () => request(port, 'GET', url, { token });
      // The page must be a full one: a short page would not exercise the count.
      const probe = await ask();
      const count = probe.status === 200 ? JSON.parse(probe.body).length : 0;
      if (count !== 32) throw new Error(`GET ${url} as ${username} answered ${probe.status}, ${count} rows`);
      // Warm up at the measured concurrency (bench/warm-up.mjs).
      await load({ total: WARM_UP_REQUESTS, concurrency: 8, send: ask });
      const result = await load({ total: 1000, concurrency: 8, send: ask });
      if (result.failures) throw new Error(`GET /api/campaigns failed ${result.failures} times`);
      rows.push({
        name: `GET /api/campaigns p50, ${label}, ${username}, ${question} (${result.requests} req, 8 concurrent)`,
        value: result.p50,
        unit: 'ms',
      });
      rows.push({
        name: `GET /api/campaigns p99, ${label}, ${username}, ${question} (${result.rps} req/s)`,
        value: result.p99,
        unit: 'ms',
        budget: budgets.campaignsListP99Ms,
      });
    }
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
    if (fresh.failures) throw new Error(`GET /api/campaigns failed ${fresh.failures} times`);
    rows.push({
      name: `  active, newest first, a filter not asked before (counted afresh), p50, one at a time`,
      value: fresh.p50,
      unit: 'ms',
    });
  }
  return rows;
};

/** A running campaign of the agency owner's with five strategies, two of them paused, for the detail page. */
export const DETAIL_CAMPAIGN_SQL = `
  SELECT c.id::text AS id, c.name FROM campaigns c JOIN organizations o ON o.id = c.organization_id
  WHERE o.path LIKE '2/%' AND c.state = 'active' AND c.name LIKE 'Bench Campaign %'
    AND c.strategies_count = 5 AND c.strategies_bidding = 3 AND (c.end_date IS NULL OR c.end_date >= current_date)
  ORDER BY c.created_at DESC, c.id DESC LIMIT 1`;

export const measureCampaigns = async ({ root, startServer, stopServer, load, request, port }) => {
  const rows = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-campaigns-'));
  try {
    // Embedded: seed the demo world, then the campaigns straight into the stopped server's data directory.
    const seeding = await startServer(dataDir, port);
    await stopServer(seeding.child);
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    for (const statement of SEED_SQL) await pglite.exec(statement);
    await pglite.exec(ANALYZE_SQL);
    const detail = (await pglite.query(DETAIL_CAMPAIGN_SQL)).rows[0];
    await pglite.close();
    const server = await startServer(dataDir, port);
    try {
      rows.push(...(await measureList({ label: 'embedded', port, load, request })));
      const { measureCampaignPage } = await import('./web.mjs');
      rows.push(...(await measureCampaignPage(root, `http://127.0.0.1:${port}`, detail)));
    } finally {
      await stopServer(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  rows.push(
    ...(await measureOnPostgres({
      startServer,
      stopServer,
      port,
      seed: async (client) => {
        for (const statement of SEED_SQL) await client.query(statement);
        await client.query(ANALYZE_SQL);
      },
      measure: () => measureList({ label: 'PostgreSQL', port, load, request }),
    })),
  );
  return rows;
};
