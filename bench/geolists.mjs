// POST /api/geolist with a 50,000-row CSV (budget: accepted within 5 s), on the embedded database and
// on PostgreSQL: the time from the first byte sent to the 201, as a user sees the upload finish.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets } from './budgets.mjs';
import { multipartBody, postMultipart } from './http.mjs';
import { measureOnPostgres } from './postgres.mjs';

const ROWS = 50_000;
const RUNS = 3;
const DEMO_PASSWORD = 'Beacon-demo-1';

/** Stores spread over Europe: latitude, longitude, radius, name (with a header, as spreadsheets save it). */
export const geolistCsv = (rows = ROWS) => {
  const lines = ['latitude,longitude,radius,name'];
  for (let index = 0; index < rows; index += 1) {
    const latitude = (36 + ((index * 7919) % 2000000) / 100000).toFixed(6);
    const longitude = (-9 + ((index * 104729) % 3000000) / 100000).toFixed(6);
    lines.push(`${latitude},${longitude},${100 + (index % 900)},Store ${index + 1}`);
  }
  return `${lines.join('\n')}\n`;
};

const measureUpload = async ({ label, port, request }) => {
  const login = await request(port, 'POST', '/api/login', {
    body: { username: 'owner', password: DEMO_PASSWORD },
  });
  const { token } = JSON.parse(login.body);
  const csv = geolistCsv();
  const times = [];
  // One warm-up upload: the first pays for JIT compilation and the first writes to the new tables.
  for (let run = 0; run <= RUNS; run += 1) {
    const multipart = multipartBody(
      { data: JSON.stringify({ name: `Bench geolist ${run}`, country: 'ESP' }) },
      { filename: 'stores.csv', content: csv },
    );
    const response = await postMultipart(port, '/api/geolist', token, multipart);
    if (response.status !== 201) {
      throw new Error(`POST /api/geolist answered ${response.status}: ${response.body.slice(0, 300)}`);
    }
    const { areas_count: count } = JSON.parse(response.body);
    if (count !== ROWS) throw new Error(`POST /api/geolist stored ${count} areas, not ${ROWS}`);
    if (run > 0) times.push(response.ms);
  }
  const worst = Math.round(Math.max(...times));
  return [
    {
      name: `POST /api/geolist, ${ROWS.toLocaleString('en')}-row CSV (${(Buffer.byteLength(csv) / 2 ** 20).toFixed(1)} MB), ${label}, worst of ${RUNS}`,
      value: worst,
      unit: 'ms',
      budget: budgets.geolistUploadMs,
    },
  ];
};

export const measureGeolists = async ({ startServer, stopServer, request, port }) => {
  const rows = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-geolists-'));
  try {
    const server = await startServer(dataDir, port);
    try {
      rows.push(...(await measureUpload({ label: 'embedded', port, request })));
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
      measure: () => measureUpload({ label: 'PostgreSQL', port, request }),
    })),
  );
  return rows;
};
