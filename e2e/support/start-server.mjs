#!/usr/bin/env node
// The e2e web server: a fresh embedded database seeded with the demo world, plus the fixtures the suite needs
// that the product does not seed (a user whose password has expired). Test setup only, never product code.
//
//   1. remove the data directory;
//   2. start the server once so that it migrates and seeds the demo world, wait for /api/health, stop it;
//   3. open the database with PGlite and add the fixtures;
//   4. start the real server and hand it SIGTERM/SIGINT, so that Playwright can stop it.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const port = Number(process.env.PORT ?? 8181);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.BEACON_DATA_DIR ?? '.tmp/e2e-data');
const mainJs = path.resolve('packages/server/dist/main.js');
const env = { ...process.env, BEACON_DATA_DIR: dataDir, HOST: host };

/** Fixture: editor of Demo Agency whose password changed 400 days ago (the limit is 180 days). */
const EXPIRED_USER = {
  username: 'expired_user',
  email: 'expired.user@demo.beacon.localhost',
  name: 'Exa Expired',
};

const log = (message) => process.stderr.write(`[e2e server] ${message}\n`);

const startServer = (onPort) =>
  spawn(process.execPath, [mainJs, 'start'], { env: { ...env, PORT: String(onPort) }, stdio: 'inherit' });

/** A free port for the seeding run: Playwright polls the real port's /api/health and must not see it. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });

const exitOf = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const waitForHealth = async (child, onPort, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the seeding server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://${host}:${onPort}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the seeding server did not become healthy in time');
};

const addFixtures = async () => {
  const db = new PGlite(path.join(dataDir, 'db'));
  try {
    const { rows } = await db.query(
      `INSERT INTO users (organization_id, username, email, name, role, password_hash, password_changed_at)
       SELECT organization_id, $1, $2, $3, 'editor', password_hash, now() - interval '400 days'
         FROM users WHERE username = 'editor'
       RETURNING id`,
      [EXPIRED_USER.username, EXPIRED_USER.email, EXPIRED_USER.name],
    );
    if (rows.length !== 1)
      throw new Error('the demo user "editor" was not found: was the demo world seeded?');
  } finally {
    await db.close();
  }
};

rmSync(dataDir, { recursive: true, force: true });

const seedingPort = await freePort();
const seeding = startServer(seedingPort);
try {
  await waitForHealth(seeding, seedingPort);
} catch (error) {
  seeding.kill('SIGTERM');
  throw error;
}
seeding.kill('SIGTERM');
const seedingExit = await exitOf(seeding);
if (seedingExit !== 0) throw new Error(`the seeding server stopped with ${seedingExit}`);
await addFixtures();
log(`fixtures added (${EXPIRED_USER.username})`);

const server = startServer(port);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.kill(signal);
  });
}
const code = await exitOf(server);
process.exit(code ?? 0);
