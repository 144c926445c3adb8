import { type BeaconApp, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import type { Db } from '../db/database';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import type { Clock } from '../lib/clock';
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

/** Boots the real app on a fresh database, seeded with the demo world unless told otherwise. */
export const startTestApp = async (
  options: { seed?: boolean; env?: Record<string, string>; clock?: TestClock } = {},
): Promise<TestContext> => {
  const { db, destroy } = await createTestDatabase();
  // The session cache is off by default so that tests changing rows directly see the change at once;
  // session-cache.test.ts runs with it on.
  const config = loadConfig({ PUBLIC_URL: 'http://beacon.test', SESSION_CACHE_SECONDS: '0', ...options.env });
  if (options.seed ?? true) await seedDemo(db, { operatorOrganizationId: config.operatorOrganizationId });
  const clock = options.clock ?? createTestClock();
  const app = await buildApp({ config, db, clock });
  return {
    app,
    db,
    config,
    clock,
    close: async () => {
      await app.close();
      await destroy();
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
