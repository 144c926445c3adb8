// The benches' HTTP client and server starts: one keep-alive agent on 127.0.0.1, requests that answer their
// status, body and milliseconds, a loop with a fixed number in flight, and a server started detached (its own
// process group, so that a stop ends npm and node alike) with the benches' environment, ready when
// /api/health answers 200.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export const CONCURRENCY = 64;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** Closes the kept-alive sockets (at the end of a run, so that the process can exit). */
export const closeConnections = () => agent.destroy();

/**
 * One request to 127.0.0.1:`port`: `body` is sent as JSON, or `raw` (a Buffer) as `contentType`; `token` as a
 * bearer.
 */
export const request = (
  port,
  method,
  url,
  { body, raw, contentType, token, headers = {}, timeoutMs = 30_000 } = {},
) =>
  new Promise((resolve, reject) => {
    const payload = raw ?? (body ? JSON.stringify(body) : undefined);
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(payload
            ? {
                'content-type': contentType ?? 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout ${method} ${url}`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });

/**
 * A multipart/form-data body: the text `fields`, then `file` ({ filename, content: text or Buffer, type: its
 * content type, text/csv unless given }).
 */
export const multipartBody = (fields, file) => {
  const boundary = `----beaconbench${randomBytes(8).toString('hex')}`;
  const chunks = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  chunks.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
  );
  chunks.push(file.content, `\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))), boundary };
};

/** POSTs a multipart body (`multipartBody`'s answer) with a bearer token; answers as `request` does. */
export const postMultipart = (port, url, token, { body, boundary }, timeoutMs = 60_000) =>
  request(port, 'POST', url, {
    raw: body,
    contentType: `multipart/form-data; boundary=${boundary}`,
    token,
    timeoutMs,
  });

/** Sends `total` requests with `concurrency` in flight, each answer to `onAnswer`; answers the seconds taken. */
export const inFlight = async ({ total, concurrency, send, onAnswer }) => {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      onAnswer(await send());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (performance.now() - started) / 1000;
};

/**
 * Spawns `command args` for a server on `port` without demo traffic or history (they would load the server being
 * measured; a bench sends its own), and answers once /api/health answers 200: the child and the milliseconds.
 */
export const spawnServer = async ({ command, args, cwd, port, env }) => {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BEACON_DEMO_TRAFFIC: '0',
      BEACON_DEMO_HISTORY: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    try {
      if ((await request(port, 'GET', '/api/health')).status === 200)
        return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  await stopServer(child);
  throw new Error(`${args.join(' ')} did not answer /api/health within 60 s`);
};

/**
 * A reference server from a module's source text (`node --input-type=module -e`, run in the repository so that its
 * packages resolve), detached like `spawnServer`'s; answers its child once `isReady()` (asked every 20 ms) is
 * true, within 15 s.
 */
export const spawnScript = async ({ script, cwd, port, isReady }) => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline) {
    try {
      if (await isReady()) return child;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  await stopServer(child);
  throw new Error('a reference server did not answer within 15 s');
};

/** Ends a server's process group and waits for it to exit. */
export const stopServer = async (child) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};
