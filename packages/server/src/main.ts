#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { ZEmail, ZPassword, ZUsername } from '@beacon/domain/validation/account';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { writeClusterTemplate } from './db/cluster-template';
import { createDatabase, type Db, databaseTargetFromConfig } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_PASSWORD, DEMO_USERNAMES, seedDemo } from './db/seed/demo';
import { createFirstSupervisor } from './db/seed/first-supervisor';
import { HEARTBEAT_INTERVAL_MS } from './engine/bidder-state';
import { AppError } from './lib/app-error';
import { serializeRequest } from './lib/log-redaction';
import { type ProcessPart, parseParts, partsRefusal, runsEveryPart } from './lib/process-parts';
import { isDatabaseEmpty } from './modules/organizations/organizations.service';
import {
  DEMO_HISTORY_DAYS,
  DEMO_TRAFFIC_AFTER_HISTORY_MS,
  type DemoHistoryRun,
  demoHistoryEnabled,
  demoHistoryPlanAt,
  formatDemoHistory,
  pendingDemoHistory,
  recordDemoHistoryPlan,
  runDemoHistory,
} from './traffic/demo-history';
import type { Simulator } from './traffic/simulator';
import {
  demoTrafficRate,
  readDemoTrafficSetup,
  runTrafficCommand,
  startDemoTraffic,
  TRAFFIC_USAGE,
} from './traffic/traffic-command';

const USAGE = `Usage: beacon [command] [options]

Commands:
  start                 migrate, then serve the console and API (default)
    --seed-demo         with DATABASE_URL: seed the demo world into an empty database
    --only PARTS        with DATABASE_URL: run only these parts, a comma list of
                        api (console, /api, job worker), bidder (POST /rtb/{exchange}),
                        events (/ev/*, /vast); default: all (docs/operations.md "Scaling out the engine")
  migrate               apply database migrations and exit
  prepare-cluster       write the migrated empty embedded cluster a first start copies (npm run build does it)
  create-supervisor     create the operator organization and its first supervisor on an empty database
    --username NAME --email EMAIL --name "Full Name" [--organization "Operator name"]
    (password from BEACON_SUPERVISOR_PASSWORD)
${TRAFFIC_USAGE}`;

const fail = (message: string): never => {
  process.stderr.write(`beacon: ${message}\n`);
  process.exit(1);
};

/** How often the job worker looks for due jobs queued by other processes (its own wake it at once). */
const JOB_POLL_MS = 5000;

/** Written next to the bundle by `npm run build` (scripts/build.mjs). */
const CLUSTER_TEMPLATE = fileURLToPath(new URL('./pglite-cluster.tar', import.meta.url));

const openDatabase = async (config: ReturnType<typeof loadConfig>): Promise<Db> => {
  const db = await createDatabase(databaseTargetFromConfig(config, CLUSTER_TEMPLATE));
  await migrateToLatest(db);
  return db;
};

/**
 * A serving process allocates each request's objects afresh and drops them within milliseconds. V8's
 * pretenuring sees a page's objects survive a scavenge and then sends every later one straight to the old
 * generation. That generation fills at tens of MB/s, and a full collection stops every request every few
 * seconds (decision 030). The flag is process-wide: the embedded database's thread gets it too.
 */
const NO_PRETENURING = '--no-allocation-site-pretenuring';

const start = async (seedDemoFlag: boolean, parts: readonly ProcessPart[]): Promise<void> => {
  const startedAt = Date.now();
  v8.setFlagsFromString(NO_PRETENURING);
  const config = loadConfig();
  const refusal = partsRefusal(parts, !config.databaseUrl);
  if (refusal !== undefined) fail(refusal);
  const isControlPlane = parts.includes('api');
  if (seedDemoFlag && !isControlPlane)
    fail('--seed-demo refused: seed the demo from a process that runs api.');
  const db = await createDatabase(databaseTargetFromConfig(config, CLUSTER_TEMPLATE), {
    waitUntilOpen: false,
  });
  // The app is built on this thread while the embedded database opens in its own (decision 031). Building it
  // reads nothing from the database; it gets ready (grant secret, job worker) when it listens, after the
  // migrations and the seed.
  const webRoot = process.env.BEACON_WEB_ROOT || fileURLToPath(new URL('../../web/dist', import.meta.url));
  const building = buildApp({
    config,
    db,
    logger: { level: config.logLevel, serializers: { req: serializeRequest } },
    webRoot,
    jobWorker: { pollMs: JOB_POLL_MS },
    bidderPolling: true,
    parts,
    heartbeat: { intervalMs: HEARTBEAT_INTERVAL_MS },
    ready: false,
  });
  // Its failure is answered where it is awaited, below; not as an unhandled rejection meanwhile.
  building.catch(() => undefined);
  await migrateToLatest(db);
  const isEmbedded = !config.databaseUrl;
  // The embedded demo plays its own exchange (docs/engine.md "Traffic simulator"); BEACON_DEMO_TRAFFIC=0 stops it.
  const trafficRate = isEmbedded ? demoTrafficRate(process.env) : 0;
  // The demo's 30-day history, made by the engine on a simulated clock (docs/engine.md "Demo history");
  // BEACON_DEMO_HISTORY=0 leaves it out.
  const isHistoryEnabled = isControlPlane && demoHistoryEnabled(process.env);
  const isEmpty = await isDatabaseEmpty(db);
  if (seedDemoFlag && !isEmpty) {
    await db.destroy();
    fail(
      '--seed-demo refused: the database already holds data. Demo data is only seeded into an empty database.',
    );
  }
  const shouldSeed = isEmpty && (isEmbedded || seedDemoFlag);
  if (shouldSeed) {
    await seedDemo(db, { operatorOrganizationId: config.operatorOrganizationId });
    if (isHistoryEnabled) await recordDemoHistoryPlan(db, demoHistoryPlanAt(new Date()));
  }
  const app = await building;
  let demoTraffic: Simulator | undefined;
  let demoHistory: DemoHistoryRun | undefined;
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    isShuttingDown = true;
    await demoHistory?.stop();
    await demoTraffic?.stop();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const trafficSetup = trafficRate > 0 ? await readDemoTrafficSetup(db) : undefined;
  const startTraffic = () => {
    if (trafficSetup === undefined || isShuttingDown) return;
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    demoTraffic = startDemoTraffic({
      target: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      rate: trafficRate,
      setup: trafficSetup,
      log: app.log,
    });
  };
  // A history left unfinished (the process stopped) resumes on the embedded database, which one process owns.
  const historyPlan =
    isHistoryEnabled && (shouldSeed || isEmbedded) ? await pendingDemoHistory(db) : undefined;
  if (historyPlan === undefined) {
    startTraffic();
  } else {
    // In the background, after the server is ready: the first start answers within its budget. The live
    // traffic starts once the history ends (its clock continues where the history's stops) and the app's
    // counters have read the history's totals, so the live bidder's budgets count them.
    const historyStartedAt = Date.now();
    demoHistory = runDemoHistory({ deps: app.deps, plan: historyPlan });
    demoHistory.done.then(
      (summary) => {
        if (summary === undefined) return;
        app.log.info(
          { demoHistory: summary },
          `demo history: ${formatDemoHistory(summary, Date.now() - historyStartedAt)}`,
        );
        setTimeout(startTraffic, DEMO_TRAFFIC_AFTER_HISTORY_MS).unref();
      },
      (error: unknown) => {
        // The plan stays pending: the next start resumes it. No live traffic meanwhile, so that its hours
        // stay the history's.
        app.log.error({ err: error }, 'demo history failed; it resumes at the next start');
      },
    );
  }
  const lines = [
    '',
    `  Beacon is running at ${config.publicUrl}  (ready in ${Date.now() - startedAt} ms)`,
    `  Database: ${isEmbedded ? `embedded (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (!runsEveryPart(parts)) lines.push(`  Parts: ${parts.join(', ')} (--only)`);
  if (demoHistory !== undefined) {
    lines.push(
      `  Demo history: the last ${DEMO_HISTORY_DAYS} days are being made in the background (about a minute; BEACON_DEMO_HISTORY=0 turns it off).`,
    );
  }
  if (trafficSetup !== undefined) {
    lines.push(
      `  Demo traffic: ${trafficRate} bid requests/s on the demo exchange${demoHistory === undefined ? '' : ' once the history is made'} (BEACON_DEMO_TRAFFIC=0 turns it off).`,
    );
  }
  if (shouldSeed || (isEmbedded && !isEmpty)) {
    lines.push(
      `  Log in as any demo user with the password ${DEMO_PASSWORD}, for example "supervisor" or "owner".`,
      `  Demo users: ${DEMO_USERNAMES.join(', ')}`,
    );
  } else if (isEmpty) {
    lines.push(
      '  The database is empty: create the first user with `beacon create-supervisor` (see README).',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
};

const createSupervisor = async (
  values: Record<string, string | boolean | string[] | undefined>,
): Promise<void> => {
  const text = (name: string) => (typeof values[name] === 'string' ? String(values[name]) : undefined);
  const username = ZUsername.safeParse(text('username'));
  const email = ZEmail.safeParse(text('email'));
  const password = ZPassword.safeParse(process.env.BEACON_SUPERVISOR_PASSWORD);
  const name = text('name');
  if (!username.success) fail(`--username: ${username.error?.issues[0]?.message}`);
  if (!email.success) fail(`--email: ${email.error?.issues[0]?.message}`);
  if (!name) fail('--name: This field is required');
  if (!password.success) fail(`BEACON_SUPERVISOR_PASSWORD: ${password.error?.issues[0]?.message}`);
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await createFirstSupervisor(
      db,
      {
        organizationName: text('organization') ?? 'Operations',
        username: username.data ?? '',
        email: email.data ?? '',
        name: name ?? '',
        password: password.data ?? '',
      },
      { operatorOrganizationId: config.operatorOrganizationId },
    );
    process.stdout.write(`Supervisor "${username.data}" created. Start Beacon and log in.\n`);
  } finally {
    await db.destroy();
  }
};

const main = async (): Promise<void> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'seed-demo': { type: 'boolean' },
      only: { type: 'string' },
      username: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      organization: { type: 'string' },
      target: { type: 'string' },
      exchange: { type: 'string' },
      token: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      seed: { type: 'string' },
      clock: { type: 'string' },
      deal: { type: 'string', multiple: true },
      currency: { type: 'string' },
      auction: { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] ?? 'start';
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'start') return start(values['seed-demo'] === true, parseParts(values.only));
  if (command === 'migrate') {
    const config = loadConfig();
    const db = await createDatabase(databaseTargetFromConfig(config));
    const applied = await migrateToLatest(db);
    await db.destroy();
    process.stdout.write(
      applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n',
    );
    return;
  }
  if (command === 'create-supervisor') return createSupervisor(values);
  if (command === 'prepare-cluster') return writeClusterTemplate(CLUSTER_TEMPLATE);
  if (command === 'traffic') return runTrafficCommand(values);
  fail(`unknown command "${command}"\n\n${USAGE}`);
};

main().catch((error: unknown) => {
  fail(error instanceof AppError || error instanceof Error ? error.message : String(error));
});
