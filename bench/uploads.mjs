// Other users during a big upload (decision 033): a 1,000,000-line publisher file replaces a list's publishers
// while another client asks GET /api/health and a small GET /api/publisher-lists in a loop; the p99 of those
// requests has a 100 ms budget, on the embedded database (whose one session every request shares) and on
// PostgreSQL. The upload's own duration is reported without a budget.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets } from './budgets.mjs';
import { multipartBody, postMultipart } from './http.mjs';
import { measureOnPostgres } from './postgres.mjs';

const LINES = 1_000_000;
const DEMO_PASSWORD = 'Beacon-demo-1';

const publisherFile = () => {
  const lines = ['publisher'];
  for (let index = 0; index < LINES; index += 1) lines.push(`site-${index}.example.com`);
  return `${lines.join('\n')}\n`;
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const measureUpload = async ({ label, port, request }) => {
  const login = await request(port, 'POST', '/api/login', {
    body: { username: 'owner', password: DEMO_PASSWORD },
  });
  const { token } = JSON.parse(login.body);
  const created = await request(port, 'POST', '/api/publisher-list', {
    token,
    body: { name: 'Bench uploads', kind: 'allow', publishers: ['example.com'] },
  });
  if (created.status !== 201) throw new Error(`POST /api/publisher-list answered ${created.status}`);
  const list = JSON.parse(created.body);
  const content = publisherFile();
  const multipart = multipartBody(
    { data: JSON.stringify({ mode: 'replace', version: list.version }) },
    { filename: 'publishers.txt', content },
  );

  const others = async (until) => {
    const latencies = [];
    let failures = 0;
    while (!until()) {
      for (const response of await Promise.all([
        request(port, 'GET', '/api/health'),
        request(port, 'GET', '/api/publisher-lists?limit=5', { token }),
      ])) {
        if (response.status !== 200) failures += 1;
        latencies.push(response.ms);
      }
      await sleep(10);
    }
    return { latencies, failures };
  };

  // The same loop for 5 s without an upload: what the machine gives anyway.
  const quietUntil = performance.now() + 5_000;
  const quiet = await others(() => performance.now() > quietUntil);

  let isDone = false;
  const uploading = postMultipart(
    port,
    `/api/publisher-list/${list.id}/publishers`,
    token,
    multipart,
    600_000,
  ).finally(() => {
    isDone = true;
  });
  const during = await others(() => isDone);
  const uploaded = await uploading;
  if (uploaded.status !== 200) {
    throw new Error(`the upload answered ${uploaded.status}: ${uploaded.body.slice(0, 300)}`);
  }
  const count = JSON.parse(uploaded.body).publishers_count;
  if (count !== LINES) throw new Error(`the upload stored ${count} publishers, not ${LINES}`);
  if (during.failures || quiet.failures) throw new Error('other requests failed during the upload');
  const size = `${(Buffer.byteLength(content) / 2 ** 20).toFixed(1)} MB`;
  return [
    {
      name: `POST publisher list file, ${LINES.toLocaleString('en')} lines (${size}), ${label}: until answered`,
      value: Math.round(uploaded.ms),
      unit: 'ms',
    },
    {
      name: `GET /api/health + small list during that upload, ${label}: p99 of ${during.latencies.length}`,
      value: round(percentile(during.latencies, 99)),
      unit: 'ms',
      budget: budgets.otherRequestsDuringUploadP99Ms,
    },
    {
      name: `the same requests without an upload, ${label}: p99 of ${quiet.latencies.length}`,
      value: round(percentile(quiet.latencies, 99)),
      unit: 'ms',
    },
  ];
};

export const measureUploads = async ({ startServer, stopServer, request, port }) => {
  const rows = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-bench-uploads-'));
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
