#!/usr/bin/env node
// An A/B of server builds on the bidder: `node bench/ab.mjs <main.js> <main.js> …` (each a built server bundle,
// e.g. a copy of packages/server/dist kept as packages/server/dist-a before a change, and the new
// packages/server/dist). On a fresh PostgreSQL database seeded as `npm run bench -- bidder` seeds it (1,000 live
// campaigns × 3 strategies), each round starts each build in turn, warms it, sends REQUESTS (20,000) of the
// simulator's banner requests with 64 in flight and reads the server's CPU per request. Rounds (ROUNDS, 3)
// interleave the builds, so that a drift of this shared machine falls on all of them (docs/engine.md "What is
// measured"). A bundle given as `path?NAME=value&…` runs with those environment variables.
// `AB_PART=events` measures the event intake instead: REQUESTS impressions through GET /ev/impression (as
// `npm run bench -- events` sends them), their flush included.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_SQL } from './bidder.mjs';
import { importFromSource } from './bundle.mjs';
import { readWorld, serverCpuSeconds, ticketOf } from './events.mjs';
import { CONCURRENCY, inFlight, request, sleep, spawnServer, stopServer } from './http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const variants = process.argv.slice(2);
if (variants.length === 0) {
  console.error('usage: node bench/ab.mjs <server main.js>[?ENV=value&…] …');
  process.exit(2);
}
const EVENTS_PART = process.env.AB_PART === 'events';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const REQUESTS = Number(process.env.REQUESTS ?? 20_000);
const WARM_UP = 3_000;
const PORT = Number(process.env.AB_PORT ?? 4711);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `npm start`'s server, run from the bundle itself with no demo traffic or history (as the benches run it). */
const start = async (variant, databaseUrl, args = []) => {
  const [bundle, query = ''] = variant.split('?');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-ab-'));
  try {
    const { child } = await spawnServer({
      command: process.execPath,
      args: [path.resolve(root, bundle), 'start', ...args],
      cwd: root,
      port: PORT,
      env: {
        ...Object.fromEntries(new URLSearchParams(query)),
        DATABASE_URL: databaseUrl,
        BEACON_DATA_DIR: dataDir,
      },
    });
    return {
      child,
      stop: async () => {
        await stopServer(child);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
};

const { createRequestGenerator, createRandom } = await importFromSource(
  'packages/server/src/traffic',
  "export { createRequestGenerator } from './generator';\nexport { createRandom } from './random';\n",
);
const generator = createRequestGenerator(createRandom(20_261_127), {
  currency: 'USD',
  auctionType: 1,
  deals: [],
});
const pool = [];
while (pool.length < 5_000) {
  const { kind, request: bidRequest } = generator.next(new Date());
  if (kind === 'web_banner' || kind === 'app_banner') pool.push(bidRequest);
}
let sequence = 0;
const sendBid = () => {
  sequence += 1;
  const base = pool[sequence % pool.length];
  return request(PORT, 'POST', '/rtb/demo', { body: { ...base, id: `${base.id}-${sequence}` } });
};
/** The event world (secret and strategy), read once the database is seeded. */
let world;
const sendImpression = () => request(PORT, 'GET', `/ev/impression?t=${ticketOf(world, 'ab')}`);
const send = () => (EVENTS_PART ? sendImpression() : sendBid());
/** `total` bid requests with 64 in flight; answers the bids and the rate. */
const load = async (total) => {
  let bids = 0;
  const seconds = await inFlight({
    total,
    concurrency: CONCURRENCY,
    send,
    onAnswer: (response) => {
      if (EVENTS_PART) {
        if (response.status !== 200) throw new Error(`an impression was answered ${response.status}`);
      } else if (response.status === 200) bids += 1;
      else if (response.status !== 204) throw new Error(`a bid request was answered ${response.status}`);
    },
  });
  return { bids, rate: Math.round(total / seconds) };
};

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const name = `beacon_ab_${Date.now()}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const results = new Map(variants.map((variant) => [variant, []]));
try {
  const first = await start(variants[0], databaseUrl, ['--seed-demo']);
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const statement of SEED_SQL) await client.query(statement);
    await client.query('VACUUM ANALYZE organizations, campaigns, strategies, creatives, campaign_creatives');
    world = await readWorld(async (text, values) => (await client.query(text, values)).rows);
    await client.end();
  } finally {
    await first.stop();
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const variant of variants) {
      const server = await start(variant, databaseUrl);
      try {
        // The index is read at start; a bench campaign's bid says it holds the seed.
        let ready = EVENTS_PART;
        for (let i = 0; i < 600 && !ready; i += 1) {
          const response = await send();
          ready = response.status === 200 && response.body.includes('Bench ad');
          if (!ready) await sleep(50);
        }
        if (!ready) throw new Error(`${variant}: no bench campaign bid within 30 s`);
        await load(WARM_UP);
        const before = serverCpuSeconds(server.child.pid);
        const { bids, rate } = await load(REQUESTS);
        // The flush of these events (every 5 s) is part of their cost.
        if (EVENTS_PART) await sleep(6_000);
        const after = serverCpuSeconds(server.child.pid);
        const micros = Math.round(((after - before) * 1_000_000) / REQUESTS);
        results.get(variant).push(micros);
        console.log(
          `round ${round}, ${variant}: ${micros} µs of server CPU per request, ${rate}/s${EVENTS_PART ? '' : `, ${bids} bids`}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
for (const [variant, values] of results) {
  const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${variant}: ${values.join(', ')} µs; median ${median} µs`);
}
