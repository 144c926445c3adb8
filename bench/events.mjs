// The event intake (docs/engine.md "Events"): impressions through GET /ev/impression with the server's CPU per
// event (goal: ≥ 20,000 events a second per process, so at most 50 µs; the load generator shares the machine, so
// its events per second are reported too), and the time from an event's answer until the rollups show it (the
// counters flush every 5 s), on the embedded database and on PostgreSQL. A bare Node HTTP server answering the
// same requests with the pixel, measured by the same load generator in the same run, shows what this machine
// gives any Node server at the time (docs/engine.md "What is measured").

import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets } from './budgets.mjs';
import { importFromSource } from './bundle.mjs';
import { spawnScript, stopServer } from './http.mjs';
import { measureOnPostgres } from './postgres.mjs';
import { WARM_UP_REQUESTS } from './warm-up.mjs';

const EVENTS = 40_000;
const CONCURRENCY = 64;
const SECRET_KEY = 'event_ticket_secret';

/**
 * engine/event-ticket.ts itself (`encodeTicket`), bundled on the fly as bench/bidder.mjs bundles the traffic
 * generator: the bench signs what the bidder would sign, with no second copy of the ticket's fields.
 */
const loadTicketModule = () =>
  importFromSource('packages/server/src/engine', "export { encodeTicket } from './event-ticket';\n");
/** Set by loadEncodeTicket before any ticket is made. */
let encodeTicket;
const loadEncodeTicket = async () => {
  encodeTicket ??= (await loadTicketModule()).encodeTicket;
};

const SECRET_SQL = `INSERT INTO platform_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`;
const READ_SECRET_SQL = 'SELECT value FROM platform_settings WHERE key = $1';
const STRATEGY_SQL = `SELECT s.id::text AS strategy_id, c.id::text AS campaign_id,
    c.organization_id::text AS organization_id,
    coalesce((SELECT cc.creative_id::text FROM campaign_creatives cc WHERE cc.campaign_id = c.id LIMIT 1), '0')
      AS creative_id
  FROM strategies s JOIN campaigns c ON c.id = s.campaign_id ORDER BY s.id LIMIT 1`;

/**
 * The installation's ticket secret (stored first if the server has not yet) and a demo strategy's ids; loads the
 * ticket module for `ticketOf`.
 */
export const readWorld = async (query) => {
  await loadEncodeTicket();
  await query(SECRET_SQL, [SECRET_KEY, createHmac('sha256', String(Math.random())).digest('base64url')]);
  const secret = (await query(READ_SECRET_SQL, [SECRET_KEY]))[0].value;
  const strategy = (await query(STRATEGY_SQL, []))[0] ?? {
    strategy_id: '1',
    campaign_id: '1',
    organization_id: '1',
    creative_id: '0',
  };
  return { secret, strategy };
};

let sequence = 0;
/** A fresh impression's ticket for the world `readWorld` answered (`tag` goes into its auction id). */
export const ticketOf = ({ secret, strategy }, tag) => {
  sequence += 1;
  return encodeTicket(secret, {
    auctionId: `9:bench-${tag}-${process.pid}-${sequence}:1`,
    issuedAt: Date.now(),
    organizationId: strategy.organization_id,
    campaignId: strategy.campaign_id,
    strategyId: strategy.strategy_id,
    creativeId: strategy.creative_id,
    exchangeId: '9',
    dealId: '0',
    currency: 'USD',
    priceMicros: '2500000',
    campaignCurrency: 'USD',
    maxCostMicros: '2500',
    country: ['ESP', 'GBR', 'USA', 'FRA'][sequence % 4],
    region: '',
    deviceType: ['phone', 'tablet', 'desktop'][sequence % 3],
    os: ['android', 'ios'][sequence % 2],
    size: '300x250',
    venueType: '',
    publisher: `pub-${sequence % 500}`,
    bundle: `com.bench.app${sequence % 200}`,
    // The hashed advertising id: most requests carry one, so the flush also writes the devices' touches.
    device: sequence % 4 === 0 ? '' : `bench-device-${sequence % 20_000}`,
  });
};

/**
 * CPU seconds (user + system) used so far by the processes of the server's process group (`npm start` and the
 * node server it runs, with the embedded database's worker thread), from /proc; null where there is none.
 */
export const serverCpuSeconds = (groupId) => {
  if (!existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces): state is 3rd, pgrp 5th, utime 14th, stime 15th.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').at(-1).split(' ');
      if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
};

/**
 * Warms the server up, then sends the impressions and reads the server's CPU around them (`settleMs` after the last
 * answer, so that a flush of these events is counted): the rate, p99 and CPU per event (null where /proc has none).
 */
const measureImpressions = async ({ load, send, pid, settleMs }) => {
  await load({ total: WARM_UP_REQUESTS, concurrency: CONCURRENCY, send });
  const cpuBefore = serverCpuSeconds(pid);
  const result = await load({ total: EVENTS, concurrency: CONCURRENCY, send });
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  const cpuAfter = serverCpuSeconds(pid);
  const cpuMicros =
    cpuBefore === null || cpuAfter === null
      ? null
      : Math.round(((cpuAfter - cpuBefore) * 1_000_000 * 10) / EVENTS) / 10;
  return { result, cpuMicros };
};

const throughput = async ({ load, request, port, world, label, server }) => {
  const send = () => request(port, 'GET', `/ev/impression?t=${ticketOf(world, label)}`);
  // The last flush of these events (every 5 s) is part of their cost.
  const { result, cpuMicros } = await measureImpressions({ load, send, pid: server.pid, settleMs: 6_000 });
  if (result.failures > 0) throw new Error(`${result.failures} impressions were not answered 200 (${label})`);
  const rows = [
    {
      name: `GET /ev/impression, ${CONCURRENCY} in flight (${label}): events per second`,
      value: result.rps,
      unit: '/s',
    },
    { name: `GET /ev/impression (${label}): p99`, value: result.p99, unit: 'ms' },
  ];
  if (cpuMicros !== null) {
    // The load generator shares the machine: the server's own CPU per event is what bounds one process.
    rows.unshift({
      // On PostgreSQL the database's own processes are not the server's: their CPU is not in this figure.
      name: `GET /ev/impression (${label}): server CPU per event, flushes included`,
      value: cpuMicros,
      unit: 'µs',
      budget: budgets.eventMicros,
    });
  }
  return rows;
};

const BARE_PIXEL_SERVER = `
import http from 'node:http';
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
http
  .createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'image/gif', 'content-length': pixel.length, 'cache-control': 'no-store' });
    response.end(pixel);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The bare server's rate and CPU per request for the same impressions (tickets of a made-up world). */
const bareReference = async ({ load, request, port }) => {
  const world = {
    secret: 'bare',
    strategy: { strategy_id: '1', campaign_id: '1', organization_id: '1', creative_id: '0' },
  };
  const send = () => request(port, 'GET', `/ev/impression?t=${ticketOf(world, 'bare')}`);
  const child = await spawnScript({
    script: BARE_PIXEL_SERVER,
    cwd: process.cwd(),
    port,
    isReady: async () => (await send()).status === 200,
  });
  try {
    const { result, cpuMicros } = await measureImpressions({ load, send, pid: child.pid, settleMs: 0 });
    const rows = [
      {
        name: `bare Node HTTP server answering the pixel, same load generator: requests per second, ${CONCURRENCY} in flight`,
        value: result.rps,
        unit: '/s',
      },
    ];
    if (cpuMicros !== null) {
      rows.push({ name: '  bare Node HTTP server: server CPU per request', value: cpuMicros, unit: 'µs' });
    }
    return rows;
  } finally {
    await stopServer(child);
  }
};

/** Sends one click of a fresh strategy row and polls the rollup until it shows (PostgreSQL only). */
const visibility = async ({ request, port, world, client }) => {
  const before = await client.query(
    'SELECT coalesce(sum(clicks), 0)::int AS clicks FROM delivery_hourly WHERE strategy_id = $1',
    [world.strategy.strategy_id],
  );
  const answered = await request(port, 'GET', `/ev/click?t=${ticketOf(world, 'visible')}`);
  if (answered.status >= 400) throw new Error(`the click was answered ${answered.status}`);
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    const { rows } = await client.query(
      'SELECT coalesce(sum(clicks), 0)::int AS clicks FROM delivery_hourly WHERE strategy_id = $1',
      [world.strategy.strategy_id],
    );
    if (rows[0].clicks > before.rows[0].clicks) {
      return {
        name: 'an event until the rollups show it (PostgreSQL)',
        value: Math.round(performance.now() - started),
        unit: 'ms',
        budget: budgets.eventVisibleMs,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the click did not reach delivery_hourly within 30 s');
};

export const measureEvents = async ({ startServer, stopServer, load, request, port }) => {
  await loadEncodeTicket();
  const rows = [...(await bareReference({ load, request, port: port + 1 }))];

  // Embedded: the database belongs to the server while it runs, so the secret is read between two starts.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-events-'));
  try {
    const first = await startServer(dataDir, port);
    await stopServer(first.child);
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create(path.join(dataDir, 'db'));
    const world = await readWorld(async (text, values) => (await pglite.query(text, values)).rows);
    await pglite.close();
    const server = await startServer(dataDir, port);
    try {
      rows.push(
        ...(await throughput({ load, request, port, world, label: 'embedded', server: server.child })),
      );
    } finally {
      await stopServer(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // PostgreSQL: the bench reads the database while the server runs, so it also measures visibility.
  let world;
  let visible;
  rows.push(
    ...(await measureOnPostgres({
      startServer,
      stopServer,
      port,
      seed: async (client) => {
        world = await readWorld(async (text, values) => (await client.query(text, values)).rows);
        visible = await visibility({ request, port, world, client });
      },
      measure: async (server) => [
        visible,
        ...(await throughput({ load, request, port, world, label: 'PostgreSQL', server })),
      ],
    })),
  );
  return rows;
};
