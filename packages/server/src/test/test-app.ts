import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VAST_URL_UNREACHABLE_MESSAGE } from '@beacon/domain/validation/creative-vast';
import { type BeaconApp, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import type { Db } from '../db/database';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import type { Clock } from '../lib/clock';
import { createVastSourceCheck, type VastSourceCheck } from '../modules/creatives/vast';
import { createTestDatabase } from './test-database';

/** A clock tests can move forward (session expiry, lockout windows, reset links). */
export type TestClock = Clock & { advanceMinutes: (minutes: number) => void; set: (date: Date) => void };

export const createTestClock = (start = new Date()): TestClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes: (minutes) => {
      current += minutes * 60_000;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
};

export type TestContext = {
  app: BeaconApp;
  db: Db;
  config: Config;
  clock: TestClock;
  close: () => Promise<void>;
};

/** The outside ad servers of the tests: a URL whose host is `unreachable.example` cannot be fetched. */
export const UNREACHABLE_VAST_URL = 'https://unreachable.example/vast.xml';

/**
 * External videos' VAST sources in tests: a pasted document is checked for real; a URL stands for an ad server
 * on the internet, which tests cannot reach, so it answers a VAST 4.x document unless it is unreachable.xml's
 * host (vast.test.ts fetches real URLs from a local server).
 */
export const testVastSourceCheck: VastSourceCheck = async (source) => {
  if (source.vast_xml) return createVastSourceCheck()(source);
  return source.vast_url && new URL(source.vast_url).hostname === 'unreachable.example'
    ? { path: 'vast_url', message: VAST_URL_UNREACHABLE_MESSAGE }
    : null;
};

/** Boots the real app on a fresh database, seeded with the demo world unless told otherwise. */
export const startTestApp = async (
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    clock?: TestClock;
    /** What the app is given instead of the database itself (the concurrency suite's injected faults). */
    appDb?: (db: Db) => Db;
    /** The embedded database on disk, as the server runs it, rather than in memory (timing tests). */
    isDatabaseOnDisk?: boolean;
    /** The delivery counters' flush interval (ms); 0: they flush only when the test asks (or at close). */
    deliveryFlushMs?: number;
    /** Rows per statement of a delivery flush: small, a flush spans many statements. */
    deliveryBatchRows?: number;
  } = {},
): Promise<TestContext> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-test-'));
  const { db, destroy } = await createTestDatabase(
    options.isDatabaseOnDisk ? { embeddedDataDir: path.join(dataDir, 'database') } : {},
  );
  // The session cache is off by default so that tests changing rows directly see the change at once;
  // session-cache.test.ts runs with it on.
  // Pacing is off unless a test turns it on (BEACON_PACING=1): the other tests' few requests bid whatever pace.
  const config = loadConfig({
    PUBLIC_URL: 'http://beacon.test',
    SESSION_CACHE_SECONDS: '0',
    BEACON_PACING: '0',
    BEACON_DATA_DIR: dataDir,
    ...options.env,
  });
  if (options.seed ?? true) await seedDemo(db, { operatorOrganizationId: config.operatorOrganizationId });
  const clock = options.clock ?? createTestClock();
  const app = await buildApp({
    config,
    db: options.appDb ? options.appDb(db) : db,
    clock,
    checkVastSource: testVastSourceCheck,
    ...(options.deliveryFlushMs === undefined ? {} : { deliveryFlushMs: options.deliveryFlushMs }),
    ...(options.deliveryBatchRows === undefined ? {} : { deliveryBatchRows: options.deliveryBatchRows }),
  });
  return {
    app,
    db,
    config,
    clock,
    close: async () => {
      await app.close();
      await destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type LoginResult = { token: string; body: Record<string, unknown> };

/** Logs a demo user in through the real endpoint and returns its bearer token. */
export const loginAs = async (
  app: BeaconApp,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> => {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (response.statusCode !== 200)
    throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Uint8Array };

/** A multipart/form-data body for `app.inject` (what a browser's FormData sends). */
export const multipart = (parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----beacon${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? Buffer.from(part.data) : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The smallest valid PNG (1×1, transparent), for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
