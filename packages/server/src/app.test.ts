import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { createTestDatabase, type TestDatabase } from './test/test-database';

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-app-'));
});
afterAll(async () => {
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('buildApp without getting ready', () => {
  it('reads nothing from the database until the app gets ready (a start migrates meanwhile)', async () => {
    const statements: string[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const config = loadConfig({ PUBLIC_URL: 'http://beacon.test', BEACON_DATA_DIR: dataDir });
    const app = await buildApp({ config, db: database.db.withPlugin(plugin), ready: false });
    try {
      expect(statements).toEqual([]);
      expect(() => app.deps.grantSecret).toThrow('The grant secret is read once the app is ready');
      await app.ready();
      expect(statements.length).toBeGreaterThan(0);
      expect(app.deps.grantSecret).toMatch(/.{32,}/);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
