// GET /api/creatives over 200,000 creatives (its budget), on the embedded database and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets } from './budgets.mjs';
import { measureOnPostgres } from './postgres.mjs';
import { WARM_UP_REQUESTS } from './warm-up.mjs';

const ADVERTISERS = 400;
const CREATIVES = 200_000;
const DEMO_PASSWORD = 'Beacon-demo-1';

/** 400 advertisers: a quarter inside Demo Agency's subtree (id 2), half of those under Demo Advertiser (id 3). */
const SEED_ORGANIZATIONS_SQL = `
  INSERT INTO organizations (name, role, country, currency, invoicing_currency, state, parent_id, created_at)
  SELECT 'Bench Advertiser ' || g, 'regular', (ARRAY['ES','GB','US','FR','DE'])[1 + g % 5],
         (ARRAY['usd','eur','gbp'])[1 + g % 3], (ARRAY['usd','eur','gbp'])[1 + g % 3], 'active',
         CASE g % 8 WHEN 1 THEN 2 WHEN 5 THEN 3 ELSE NULL END,
         now() - g * interval '1 day'
  FROM generate_series(1, ${ADVERTISERS}) AS g`;

/**
 * 200,000 creatives, one created every two minutes going back about nine months, over the bench advertisers
 * (a quarter inside Demo Agency's subtree). Organization, type and state vary independently (by `g / 7`,
 * `g / 3` and `g % 20`): 60 % approved, 30 % pending approval, 10 % rejected; one in twenty deleted. Images
 * and tags carry one of the image sizes; images and videos a thumbnail; videos a processing state; 0 to 3
 * campaign links counted in `campaigns_count` as the service keeps it.
 */
const SEED_CREATIVES_SQL = `
  WITH advertisers AS (
    SELECT array_agg(id ORDER BY id) AS ids FROM organizations WHERE name LIKE 'Bench Advertiser %'
  ), numbered AS (
    SELECT g, 1 + (g / 7) % ${ADVERTISERS} AS o,
           (ARRAY['image','tag','video','image','native','external_video','rich_media','audio','tag'])[1 + (g / 3) % 9]
             AS type,
           CASE WHEN g % 20 < 12 THEN 'active' WHEN g % 20 < 18 THEN 'pending-approval' ELSE 'rejected' END AS state,
           (ARRAY[300, 728, 320, 160, 300])[1 + g % 5] AS width,
           (ARRAY[250, 90, 50, 600, 600])[1 + g % 5] AS height
    FROM generate_series(1, ${CREATIVES}) AS g
  )
  INSERT INTO creatives (organization_id, name, type, technical_type, state, audit_status, rejection_reason,
                         click_url, impression_pixels, html_markup, vast_url, width, height, tag_creation_mode,
                         transcoding_status, thumbnail_url, campaigns_count, created_at, updated_at, deleted_at)
  SELECT a.ids[n.o], 'Bench Creative ' || n.g, n.type,
         CASE n.type WHEN 'image' THEN 'banner' WHEN 'tag' THEN 'third_party' WHEN 'rich_media' THEN 'third_party'
                     WHEN 'video' THEN 'vast' WHEN 'external_video' THEN 'vast-wrapper' ELSE n.type END,
         n.state,
         CASE n.state WHEN 'active' THEN 'audited' WHEN 'rejected' THEN 'rejected' ELSE 'pending' END,
         CASE WHEN n.state = 'rejected' THEN 'Misleading landing page' END,
         CASE WHEN n.type <> 'external_video' THEN 'https://shop.example.com/p/' || n.g END,
         '["https://pixel.example.com/imp"]'::jsonb,
         CASE WHEN n.type IN ('tag', 'rich_media') THEN '<div><a href="{click_url}">Offer ' || n.g || '</a></div>' END,
         CASE WHEN n.type = 'external_video' THEN 'https://ads.example.com/vast/' || n.g || '.xml' END,
         CASE WHEN n.type IN ('image', 'tag', 'rich_media') THEN n.width END,
         CASE WHEN n.type IN ('image', 'tag', 'rich_media') THEN n.height END,
         CASE WHEN n.type = 'tag' THEN 'single' END,
         CASE WHEN n.type = 'video' THEN (ARRAY['success','success','pending','error'])[1 + n.g % 4] END,
         CASE WHEN n.type IN ('image', 'video') THEN '/api/files/bench-thumb-' || n.g || '.png' END,
         n.g % 4,
         now() - n.g * interval '2 minutes', now() - n.g * interval '2 minutes',
         CASE WHEN n.g % 20 = 7 THEN now() - n.g * interval '1 minute' END
  FROM numbered n, advertisers a`;

export const SEED_SQL = [SEED_ORGANIZATIONS_SQL, SEED_CREATIVES_SQL];
/** Statistics and the visibility map after the bulk insert, as in campaigns.mjs (no autovacuum pass during the load). */
export const ANALYZE_SQL = 'VACUUM ANALYZE organizations, creatives';

/** The library's questions: newest first (its default), the images newest first, and by name. */
const QUESTIONS = [
  ['newest first', '/api/creatives?limit=32'],
  ['images, newest first', '/api/creatives?limit=32&type%5Bis%5D=image'],
  ['by name', '/api/creatives?limit=32&sort=name'],
];

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
    for (const [question, url] of QUESTIONS) {
      const ask = () => request(port, 'GET', url, { token });
      const probe = await ask();
      const count = probe.status === 200 ? JSON.parse(probe.body).length : 0;
      if (count !== 32) throw new Error(`GET ${url} as ${username} answered ${probe.status}, ${count} rows`);
      // Warm up at the measured concurrency (bench/warm-up.mjs).
      await load({ total: WARM_UP_REQUESTS, concurrency: 8, send: ask });
      const result = await load({ total: 1000, concurrency: 8, send: ask });
      if (result.failures) throw new Error(`GET /api/creatives failed ${result.failures} times`);
      rows.push({
        name: `GET /api/creatives p50, ${label}, ${username}, ${question} (${result.requests} req, 8 concurrent)`,
        value: result.p50,
        unit: 'ms',
      });
      rows.push({
        name: `GET /api/creatives p99, ${label}, ${username}, ${question} (${result.rps} req/s)`,
        value: result.p99,
        unit: 'ms',
        budget: budgets.creativesListP99Ms,
      });
    }
  }
  return rows;
};

export const measureCreatives = async ({ startServer, stopServer, load, request, port }) => {
  const rows = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-creatives-'));
  try {
    // Embedded: seed the demo world, then the creatives straight into the stopped server's data directory.
    const seeding = await startServer(dataDir, port);
    await stopServer(seeding.child);
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    for (const statement of SEED_SQL) await pglite.exec(statement);
    await pglite.exec(ANALYZE_SQL);
    await pglite.close();
    const server = await startServer(dataDir, port);
    try {
      rows.push(...(await measureList({ label: 'embedded', port, load, request })));
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
