import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

/**
 * End-to-end suite: the built console served by the real server on a fresh embedded database, driven in the
 * system Chromium (no browser downloads). `npm run build` must have run (npm test does it).
 * e2e/support/start-server.mjs empties the data directory, lets the server seed the demo world, adds the
 * suite's fixtures (a user whose password has expired) and then serves.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
// A second suite on another E2E_PORT gets its own data and output directories.
const suffix = process.env.E2E_PORT ? `-${port}` : '';
const dataDir = `.tmp/e2e-data${suffix}`;

export default defineConfig({
  testDir: 'e2e',
  // A CI machine of 2 shared cores runs the server, its database worker and Chromium together; a test that
  // takes 20 s there takes 8 s on a desk. The limits stop a hung test, not a slow one.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: `.tmp/e2e-output${suffix}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        // The white-label spec opens the console on Northwind's host; the server listens on IPv4 loopback only.
        '--host-resolver-rules=MAP northwind.localhost 127.0.0.1',
      ],
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BEACON_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // No street tiles: the suite never reaches the internet, its maps show the bundled outlines only.
      BEACON_MAP_TILES: 'off',
      // No demo traffic and no demo history: the suite's figures and lists stay as the seed left them.
      BEACON_DEMO_TRAFFIC: '0',
      BEACON_DEMO_HISTORY: '0',
      // No pacing: the delivery spec's few seconds of simulated traffic would be held back or not depending on
      // the hour it runs at (pacing is tested through the real app in modules/rtb/pacing.test.ts).
      BEACON_PACING: '0',
    },
  },
});
