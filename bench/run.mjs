#!/usr/bin/env node
// `npm run bench`: measures what the issues set budgets for, prints a table and writes bench/results.json.
// `npm run bench -- organizations` (or `foundation`, `campaigns`) measures only that part.
// Traffic goes only to a server this script starts on 127.0.0.1; every loop is bounded in count and time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgets } from './budgets.mjs';
import { closeConnections, inFlight, request, spawnServer, stopServer } from './http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_PASSWORD = 'Beacon-demo-1';

/**
 * Start, login, dictionary and console; the organizations list; the campaigns list and the campaign detail
 * page; uploads, geolists, audiences and creatives.
 */
const PARTS = [
  'foundation',
  'organizations',
  'campaigns',
  'geolists',
  'audiences',
  'creatives',
  'creative-video',
  'uploads',
  'events',
  'bidder',
  'pacing',
];
const selected = process.argv.slice(2);
const unknownParts = selected.filter((part) => !PARTS.includes(part));
if (unknownParts.length) {
  console.error(`Unknown bench part: ${unknownParts.join(', ')} (parts: ${PARTS.join(', ')})`);
  process.exit(2);
}
const isSelected = (part) => selected.length === 0 || selected.includes(part);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;

/** Starts `npm start` on `port` and answers the child and the milliseconds until /api/health first answered 200. */
const startServer = (dataDir, port, { env = {}, args = [] } = {}) =>
  spawnServer({
    command: 'npm',
    args: ['start', '--silent', ...(args.length ? ['--', ...args] : [])],
    cwd: root,
    port,
    env: { BEACON_DATA_DIR: dataDir, ...env },
  });

/** Runs `total` requests with `concurrency` in flight and returns latency percentiles. */
const load = async ({ total, concurrency, send }) => {
  const latencies = [];
  let failures = 0;
  const seconds = await inFlight({
    total,
    concurrency,
    send,
    onAnswer: (response) => {
      if (response.status !== 200) failures += 1;
      latencies.push(response.ms);
    },
  });
  return {
    requests: total,
    concurrency,
    failures,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    rps: Math.round(total / seconds),
  };
};

const results = [];
const record = (name, value, unit, budget) => {
  const ok = budget === undefined ? null : value <= budget;
  results.push({ name, value, unit, budget: budget ?? null, ok });
};

// Budgets hold "after build": build first so that no start below pays for a rebuild.
console.log('Building…');
await new Promise((resolve, reject) =>
  spawn('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).on('exit', (code) =>
    code === 0 ? resolve() : reject(new Error('build failed')),
  ),
);

const port = 18_000 + Math.floor(Math.random() * 1000);

const measureFoundation = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-'));
  try {
    const first = await startServer(dataDir, port);
    record(
      'start → /api/health 200, first start (empty data dir, seeds demo)',
      round(first.ms),
      'ms',
      budgets.firstStartMs,
    );
    await stopServer(first.child);

    const restarts = [];
    let server;
    for (let i = 0; i < 3; i += 1) {
      if (server) await stopServer(server.child);
      server = await startServer(dataDir, port);
      restarts.push(server.ms);
    }
    record(
      'start → /api/health 200, restart (median of 3)',
      round(percentile(restarts, 50)),
      'ms',
      budgets.startMs,
    );

    const login = await load({
      total: 200,
      concurrency: 8,
      send: () =>
        request(port, 'POST', '/api/login', { body: { username: 'owner', password: DEMO_PASSWORD } }),
    });
    record(`POST /api/login p50 (${login.requests} req, ${login.concurrency} concurrent)`, login.p50, 'ms');
    record(
      `POST /api/login p99 (${login.rps} req/s, ${login.failures} failed)`,
      login.p99,
      'ms',
      budgets.loginP99Ms,
    );

    const token = JSON.parse(
      (await request(port, 'POST', '/api/login', { body: { username: 'owner', password: DEMO_PASSWORD } }))
        .body,
    ).token;
    // As the console asks for it: gzip accepted, no cached copy yet (a full body every time).
    const askDictionary = () =>
      request(port, 'GET', '/api/dictionary', { token, headers: { 'accept-encoding': 'gzip' } });
    await load({ total: 100, concurrency: 4, send: askDictionary });
    const dictionary = await load({ total: 3000, concurrency: 16, send: askDictionary });
    record(
      `GET /api/dictionary p50 (${dictionary.requests} req, ${dictionary.concurrency} concurrent)`,
      dictionary.p50,
      'ms',
    );
    record(
      `GET /api/dictionary p99 (${dictionary.rps} req/s, ${dictionary.failures} failed)`,
      dictionary.p99,
      'ms',
      budgets.dictionaryP99Ms,
    );
    if (login.failures || dictionary.failures) throw new Error('requests failed under load');

    const { measureWeb } = await import('./web.mjs');
    for (const row of await measureWeb(root, `http://127.0.0.1:${port}`))
      record(row.name, row.value, row.unit, row.budget);
    await stopServer(server.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
if (isSelected('foundation')) await measureFoundation();

// GET /organizations (a page of 32, a filter and a sort) over 50,000 organizations, on the embedded
// database and on PostgreSQL (BENCH_POSTGRES_URL, default the local server), as operator staff (all rows) and
// as an agency owner (its subtree).
if (isSelected('organizations')) {
  const { measureOrganizations } = await import('./organizations.mjs');
  for (const row of await measureOrganizations({ startServer, stopServer, load, request, port, record }))
    record(row.name, row.value, row.unit, row.budget);
}

// GET /campaigns (a page of 32, a filter and a sort) over 100,000 campaigns and 500,000 strategies,
// embedded and PostgreSQL, supervisor (all) and agency owner (its subtree); the campaign detail page in
// headless Chromium on the embedded database with that seed.
if (isSelected('campaigns')) {
  const { measureCampaigns } = await import('./campaigns.mjs');
  for (const row of await measureCampaigns({ root, startServer, stopServer, load, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// POST /geolist with a 50,000-row CSV until the 201, embedded and PostgreSQL (worst of 3).
if (isSelected('geolists')) {
  const { measureGeolists } = await import('./geolists.mjs');
  for (const row of await measureGeolists({ startServer, stopServer, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// 1,000,000 device identifiers (≈ 40 MB) uploaded until the audience shows its count, with the
// server's peak RSS, embedded and PostgreSQL.
if (isSelected('audiences')) {
  const { measureAudiences } = await import('./audiences.mjs');
  for (const row of await measureAudiences({ request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// GET /creatives (a page of 32: newest first, a type filter, by name) over 200,000 creatives,
// embedded and PostgreSQL, supervisor (all) and agency owner (its subtree).
if (isSelected('creatives')) {
  const { measureCreatives } = await import('./creatives.mjs');
  for (const row of await measureCreatives({ startServer, stopServer, load, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// a 2 MB, 30 s MP4 from upload to processed, approved and served as VAST (embedded database).
if (isSelected('creative-video')) {
  const { measureCreativeVideo } = await import('./creative-video.mjs');
  for (const row of await measureCreativeVideo({ startServer, stopServer, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// Decision 033: other requests' p99 while a 1,000,000-line publisher list file is uploaded, embedded and
// PostgreSQL.
if (isSelected('uploads')) {
  const { measureUploads } = await import('./uploads.mjs');
  for (const row of await measureUploads({ startServer, stopServer, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// The event intake: impressions per second through GET /ev/impression, and an event until the rollups show
// it, embedded and PostgreSQL.
if (isSelected('events')) {
  const { measureEvents } = await import('./events.mjs');
  for (const row of await measureEvents({ startServer, stopServer, load, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// The bidder: bid requests per second with 1,000 live campaigns × 3 strategies next to a bare Fastify route's,
// and its p99 at 2,000 requests a second, embedded and PostgreSQL.
if (isSelected('bidder')) {
  const { measureBidderPart } = await import('./bidder.mjs');
  for (const row of await measureBidderPart({ startServer, stopServer, load, request, port }))
    record(row.name, row.value, row.unit, row.budget);
}

// Pacing and frequency caps: simulated days through the engine's own pacing and cap store (no server).
if (isSelected('pacing')) {
  const { measurePacing } = await import('./pacing.mjs');
  for (const row of await measurePacing()) record(row.name, row.value, row.unit, row.budget);
}

closeConnections();

const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
writeFileSync(
  path.join(root, 'bench/results.json'),
  `${JSON.stringify({ at: new Date().toISOString(), machine, parts: selected.length ? selected : PARTS, results }, null, 2)}\n`,
);

const width = Math.max(...results.map((row) => row.name.length));
console.log(`\nBeacon bench — ${machine}\n`);
console.log(`${'measure'.padEnd(width)}  ${'value'.padStart(10)}  ${'budget'.padStart(10)}  verdict`);
for (const row of results) {
  const verdict = row.ok === null ? '' : row.ok ? 'ok' : 'OVER BUDGET';
  console.log(
    `${row.name.padEnd(width)}  ${`${row.value} ${row.unit}`.padStart(10)}  ${row.budget === null ? '' : `${row.budget} ${row.unit}`.padStart(10)}  ${verdict}`,
  );
}
process.exit(results.every((row) => row.ok !== false) ? 0 : 1);
