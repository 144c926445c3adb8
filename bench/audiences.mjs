// POST /api/audience/{id}/identifiers with 1,000,000 device identifiers (≈ 40 MB) until GET /api/audience/{id}
// shows the count (budget: ≤ 60 s on PostgreSQL with the server under 300 MB RSS), on the embedded
// database and on PostgreSQL. The server's resident memory is sampled every 100 ms from the upload's first
// byte to the count. The server is the built bundle run by node itself: `npm start` may rebuild the console and
// the server inside its own process when sources changed since the build, which would be measured as the upload's.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgets } from './budgets.mjs';
import { multipartBody, postMultipart, spawnServer, stopServer } from './http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const IDENTIFIERS = 1_000_000;
class SkipEmbedded extends Error {}
const DEMO_PASSWORD = 'Beacon-demo-1';

/** Distinct version-4-shaped UUIDs with their type, one per line: 41 bytes a line. */
export const identifiersFile = (count = IDENTIFIERS) => {
  const lines = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const hex = (index * 2654435761 + 12345).toString(16).padStart(12, '0').slice(-12);
    const serial = index.toString(16).padStart(8, '0');
    lines[index] = `${serial}-${hex.slice(0, 4)}-4${hex.slice(4, 7)}-8${hex.slice(7, 10)}-${hex},ifa`;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};

/** The resident set (MB) of a process. */
const rssMb = (pid) =>
  new Promise((resolve) => {
    execFile('ps', ['-o', 'rss=', '-p', String(pid)], (error, stdout) => {
      resolve(error ? 0 : (Number(stdout.trim()) || 0) / 1024);
    });
  });

/** `node packages/server/dist/main.js` (built by run.mjs) until /api/health answers. */
const startBundle = async (dataDir, port, { env = {}, args = [] } = {}) =>
  (
    await spawnServer({
      command: process.execPath,
      args: [path.join(root, 'packages/server/dist/main.js'), 'start', ...args],
      cwd: root,
      port,
      env: { BEACON_DATA_DIR: dataDir, ...env },
    })
  ).child;

/** The budgets are PostgreSQL's; the embedded run is reported without one. */
const measureUpload = async ({ label, port, request, child, budgetMs, rssBudgetMb }) => {
  const login = await request(port, 'POST', '/api/login', {
    body: { username: 'owner', password: DEMO_PASSWORD },
  });
  const { token } = JSON.parse(login.body);
  const created = await request(port, 'POST', '/api/audience', {
    token,
    body: { name: `Bench audience ${label}`, type: 'private' },
  });
  if (created.status !== 201)
    throw new Error(`POST /api/audience answered ${created.status}: ${created.body}`);
  const { id } = JSON.parse(created.body);
  const file = identifiersFile();
  const multipart = multipartBody(
    { data: JSON.stringify({ commits_not_to_rebuild: true }) },
    { filename: 'identifiers.csv', content: file },
  );

  const idleMb = await rssMb(child.pid);
  let peakMb = idleMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakMb = Math.max(peakMb, await rssMb(child.pid));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const started = performance.now();
  const response = await postMultipart(port, `/api/audience/${id}/identifiers`, token, multipart, 300_000);
  if (response.status !== 202) {
    sampling = false;
    throw new Error(
      `POST /api/audience/${id}/identifiers answered ${response.status}: ${response.body.slice(0, 300)}`,
    );
  }
  const uploadedMs = performance.now() - started;
  let count = null;
  const deadline = started + 600_000;
  while (count === null && performance.now() < deadline) {
    const audience = await request(port, 'GET', `/api/audience/${id}`, { token });
    count = JSON.parse(audience.body).users_count;
    if (count === null) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const countedMs = performance.now() - started;
  sampling = false;
  await sampler;
  if (count !== IDENTIFIERS) throw new Error(`the audience counts ${count} users, not ${IDENTIFIERS}`);
  const size = `${(file.byteLength / 2 ** 20).toFixed(1)} MB`;
  return [
    {
      name: `Audience upload, ${IDENTIFIERS.toLocaleString('en')} identifiers (${size}), ${label}: upload answered`,
      value: Math.round(uploadedMs),
      unit: 'ms',
    },
    {
      name: `Audience upload, ${IDENTIFIERS.toLocaleString('en')} identifiers (${size}), ${label}: until the count is shown`,
      value: Math.round(countedMs),
      unit: 'ms',
      budget: budgetMs,
    },
    {
      name: `Audience upload, ${label}: server peak RSS (${Math.round(idleMb)} MB before the upload)`,
      value: Math.round(peakMb),
      unit: 'MB',
      budget: rssBudgetMb,
    },
  ];
};

/** PostgreSQL only: `BENCH_AUDIENCES_EMBEDDED=0` skips the embedded run (about five minutes on two cores). */
export const measureAudiences = async ({ request, port }) => {
  const rows = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-audiences-'));
  try {
    if (process.env.BENCH_AUDIENCES_EMBEDDED === '0') throw new SkipEmbedded();
    const child = await startBundle(dataDir, port);
    try {
      rows.push(...(await measureUpload({ label: 'embedded', port, request, child })));
    } finally {
      await stopServer(child);
    }
  } catch (error) {
    if (!(error instanceof SkipEmbedded)) throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${adminUrl} is not reachable: the PostgreSQL rows are skipped.`);
    return rows;
  }
  const name = `beacon_bench_audiences_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-pg-'));
  try {
    const child = await startBundle(emptyDir, port, {
      env: { DATABASE_URL: url.toString() },
      args: ['--seed-demo'],
    });
    try {
      rows.push(
        ...(await measureUpload({
          label: 'PostgreSQL',
          port,
          request,
          child,
          budgetMs: budgets.audienceUploadMs,
        })),
      );
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
};
