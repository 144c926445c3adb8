import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppInstance, Deps } from './app-types';
import { type Config, mapTilesImageSource } from './config/config';
import type { Db } from './db/database';
import { type Bidder, createBidder } from './engine/bidder';
import { writeHeartbeat } from './engine/bidder-state';
import { DEFAULT_FLUSH_MS } from './engine/delivery-counters';
import { createEngineStores, type EngineStores } from './engine/engine-stores';
import { type Clock, systemClock } from './lib/clock';
import { createLocalFileStore } from './lib/file-store';
import { idleJobWorker, type JobDefinition, startJobWorker } from './lib/jobs';
import { createMailer } from './lib/mailer';
import { PROCESS_PARTS, type ProcessPart, registerPartsNotRun } from './lib/process-parts';
import { requestIdOf } from './lib/request-id';
import { stagedSetJobs } from './lib/staged-sets';
import { accessRoutes } from './modules/access/access.routes';
import { audienceJobs } from './modules/audiences/audiences.jobs';
import { audiencesRoutes } from './modules/audiences/audiences.routes';
import { biddingRoutes } from './modules/bidding/bidding.routes';
import { biddingDiagnosticsRoutes } from './modules/bidding-diagnostics/bidding-diagnostics.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { creativeJobs } from './modules/creatives/creative-files.jobs';
import { creativeFilesRoutes } from './modules/creatives/creative-files.routes';
import { creativesRoutes } from './modules/creatives/creatives.routes';
import { createVastSourceCheck, type VastSourceCheck } from './modules/creatives/vast';
import { dealsRoutes } from './modules/deals/deals.routes';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes';
import { createEventFastPath } from './modules/events/events.fast-path';
import { eventsRoutes } from './modules/events/events.routes';
import { createEventIntake } from './modules/events/events.service';
import { exchangesRoutes } from './modules/exchanges/exchanges.routes';
import { filesRoutes } from './modules/files/files.routes';
import { geolistsRoutes } from './modules/geolists/geolists.routes';
import { goalRatesRoutes } from './modules/goal-rates/goal-rates.routes';
import { healthRoutes } from './modules/health/health.routes';
import { locationAudiencesRoutes } from './modules/location-audiences/location-audiences.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { plannerMapRoutes } from './modules/planner-map/planner-map.routes';
import { publisherListsRoutes } from './modules/publisher-lists/publisher-lists.routes';
import { createBidFastPath } from './modules/rtb/rtb.fast-path';
import { createQpsCounter, rtbRoutes } from './modules/rtb/rtb.routes';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { loadGrantSecret } from './modules/session/session.service';
import { createSessionCache } from './modules/session/session-cache';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { usersRoutes } from './modules/users/users.routes';
import { vastServingRoutes } from './modules/vast-serving/vast-serving.routes';
import { whitelabelRoutes } from './modules/whitelabel/whitelabel.routes';
import { type RegisteredRoute, registerAccessControl } from './plugins/access';
import { registerConsole } from './plugins/console';
import { registerDemoNames } from './plugins/demo-names';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerStorableTextGuard } from './plugins/storable-text';
import { registerUploads } from './plugins/uploads';

export type BuildOptions = {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built console (packages/web/dist); absent serves the API only. */
  webRoot?: string;
  /** Run the job worker in this process (main.ts does; tests run jobs by hand with runDueJobs). */
  jobWorker?: { pollMs: number };
  /** How VAST URLs are checked; the installation fetches them (tests stand in for the ad servers). */
  checkVastSource?: VastSourceCheck;
  /** How often the delivery counters flush to the rollups (ms); 0: only when the app closes or a test asks. */
  deliveryFlushMs?: number;
  /** Rows per statement of a delivery flush (tests spread a flush over many statements); default 250. */
  deliveryBatchRows?: number;
  /**
   * Keep the bidder's strategy index and state polling in this process (main.ts does); otherwise the bidder
   * reads them only when `app.bidder.refresh()` is called (tests), and bids nothing before.
   */
  bidderPolling?: boolean;
  /**
   * The parts this process runs (lib/process-parts.ts, docs/operations.md "Scaling out the engine"); default:
   * all of them. A process without `api` serves no console and no `/api` route but `/api/health`, runs no job
   * worker, and its bidder bids only while the control plane's heartbeat is fresh.
   */
  parts?: readonly ProcessPart[];
  /**
   * Write the control plane's heartbeat when ready and then every `intervalMs`, if the process runs `api`
   * (main.ts does; tests write it by hand).
   */
  heartbeat?: { intervalMs: number };
  /**
   * Get the app ready before answering (the default). main.ts builds it while the database opens and leaves
   * that to `listen`, after the migrations: the ready hooks read the grant secret and start the job worker.
   */
  ready?: boolean;
};

/**
 * Every request is answered, or its connection closed, within a bound (decision 036). A socket idle this long
 * is closed (a client that stops sending mid-body); a request must arrive whole within REQUEST_TIMEOUT_MS,
 * enough for the largest upload (MAX_IDENTIFIER_FILE_BYTES, 200 MB) at about 400 KB/s; and whatever the app
 * has not answered by HANDLER_TIMEOUT_MS (reading the upload included) is answered 503.
 */
export const CONNECTION_TIMEOUT_MS = 120_000;
/** The request body limit of every route (Fastify's `bodyLimit`), which the bidder's fast path keeps too. */
const BODY_LIMIT = 1024 * 1024;
export const REQUEST_TIMEOUT_MS = 600_000;
export const HANDLER_TIMEOUT_MS = 660_000;

/** Every kind of durable job the worker runs (decision 019). */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [...audienceJobs, ...creativeJobs, ...stagedSetJobs];

export type BeaconApp = AppInstance & {
  registeredRoutes: RegisteredRoute[];
  bidder: Bidder;
  /** The engine's stores (in this process, or shared through Redis). */
  engine: EngineStores;
};

/** Builds the whole API; main.ts listens with it and tests call it through `inject`. */
export const buildApp = async ({
  config,
  db,
  clock = systemClock,
  logger = false,
  webRoot,
  jobWorker,
  checkVastSource = createVastSourceCheck(),
  deliveryFlushMs = DEFAULT_FLUSH_MS,
  deliveryBatchRows,
  bidderPolling = false,
  parts = PROCESS_PARTS,
  heartbeat,
  ready = true,
}: BuildOptions): Promise<BeaconApp> => {
  const isControlPlane = parts.includes('api');
  // The engine's common requests are answered before Fastify (decision 053); the rest goes to Fastify.
  const fastPaths: ((request: IncomingMessage, response: ServerResponse) => boolean)[] = [];
  let fastifyHandler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: true },
    serverFactory: (handler) => {
      fastifyHandler = handler;
      const server = createServer((request, response) => {
        for (const fastPath of fastPaths) if (fastPath(request, response)) return;
        handler(request, response);
      });
      // What Fastify sets on a server it makes itself (these options are its defaults but the two timeouts).
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      server.setTimeout(CONNECTION_TIMEOUT_MS);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route answers within HANDLER_TIMEOUT_MS (decision 036) but the engine's: they answer from memory, and
  // the timer, abort signal and close listener Fastify sets up for it cost a bid request a tenth of its time.
  app.addHook('onRoute', (route) => {
    if (route.config?.engine !== true) route.handlerTimeout ??= HANDLER_TIMEOUT_MS;
  });

  // Building the app reads nothing from the database, so that a start can build it while the database opens
  // and its migrations run (decision 031); the grant secret is read when the app gets ready, before any request.
  let grantSecret: string | undefined;
  // In this process, or shared through Redis with REDIS_URL (docs/engine.md "Several processes").
  const engineStores = createEngineStores({
    db,
    clock,
    logger: app.log,
    flushMs: deliveryFlushMs,
    ...(deliveryBatchRows === undefined ? {} : { batchRows: deliveryBatchRows }),
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  const deps: Deps = {
    db,
    config,
    clock,
    logger: app.log,
    mailer: createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log }),
    get grantSecret() {
      if (grantSecret === undefined) throw new Error('The grant secret is read once the app is ready');
      return grantSecret;
    },
    sessionCache: createSessionCache(config.session.cacheSeconds * 1000),
    files: createLocalFileStore(path.join(config.dataDir, 'files')),
    jobs: idleJobWorker,
    checkVastSource,
    delivery: engineStores.delivery,
    frequencyCaps: engineStores.frequencyCaps,
  };
  app.decorate('deps', deps);
  app.addHook('onReady', async () => {
    grantSecret = await loadGrantSecret({ db });
  });
  // The counters load their totals when the app gets ready (the bidder does not bid before) and write what
  // they hold when it closes (docs/engine.md "Counters").
  app.addHook('onReady', async () => {
    await engineStores.start();
  });
  app.addHook('onClose', async () => {
    await engineStores.stop().catch((error: unknown) => {
      app.log.error({ err: error }, 'delivery counters: the last flush failed; its counts are lost');
    });
  });
  // The bidder answers from memory (docs/engine.md "Bidding"): its index and state poll from the app's start.
  const bidder = createBidder({
    db,
    clock,
    publicUrl: config.publicUrl,
    sink: () => engineStores.bidderSink,
    caps: () => deps.frequencyCaps,
    pacing: config.pacing,
    // A process that is its own control plane needs no heartbeat to bid (docs/operations.md).
    requireHeartbeat: !isControlPlane,
    onHeartbeat: (isFresh) => {
      if (isFresh) app.log.info("bidder: the control plane's heartbeat is fresh again; bidding");
      else
        app.log.error("bidder: the control plane's heartbeat is older than 60 s; not bidding until it moves");
    },
    onError: (error) =>
      app.log.error({ err: error }, 'bidder: a poll failed; not bidding until one succeeds'),
  });
  if (bidderPolling && parts.includes('bidder')) {
    app.addHook('onReady', async () => {
      await bidder.start();
    });
  }
  app.addHook('onClose', async () => {
    bidder.stop();
  });
  if (heartbeat && isControlPlane) {
    // The dead-man switch of the bidder processes (docs/operations.md "Scaling out the engine").
    let beating: ReturnType<typeof setInterval> | undefined;
    const beat = () =>
      writeHeartbeat(db, clock.now()).catch((error: unknown) => {
        app.log.error({ err: error }, 'control plane: the heartbeat write failed');
      });
    app.addHook('onReady', async () => {
      await beat();
      beating = setInterval(() => void beat(), heartbeat.intervalMs);
      beating.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(beating);
    });
  }
  if (jobWorker && isControlPlane) {
    app.addHook('onReady', async () => {
      deps.jobs = startJobWorker(
        { db, clock, logger: app.log, files: deps.files },
        JOB_DEFINITIONS,
        jobWorker,
      );
    });
  }
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
  });

  // The first hook of every request: it also reads once whether the route is the engine's, for which the
  // console's hooks below return at once (docs/engine.md "Events").
  app.decorateRequest('isEngineRoute', false);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (request.routeOptions.config.engine === true) request.isEngineRoute = true;
    done();
  });

  const tileSource = mapTilesImageSource(config.mapTiles);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The street map's tiles come from the configured tile server (BEACON_MAP_TILES), if any.
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileSource ? [tileSource] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Self-hosted installs may serve plain HTTP inside a LAN: upgrading requests would break every asset.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerSecurityHeaders(app, headers);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Beacon API',
        version: '0.1.0',
        description: 'Beacon console API. Send `Authorization: Bearer <token>`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandling(app);
  const registeredRoutes: RegisteredRoute[] = [];
  registerAccessControl(app, deps, registeredRoutes);
  registerStorableTextGuard(app);
  registerDemoNames(app);
  await registerUploads(app);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(healthRoutes);
      if (!isControlPlane) return;
      await typed.register(sessionRoutes);
      await typed.register(accessRoutes);
      await typed.register(whitelabelRoutes);
      await typed.register(dictionaryRoutes);
      await typed.register(outboxRoutes);
      await typed.register(exchangesRoutes);
      await typed.register(biddingRoutes);
      await typed.register(organizationsRoutes);
      await typed.register(usersRoutes);
      await typed.register(campaignsRoutes);
      await typed.register(biddingDiagnosticsRoutes, { bidder });
      await typed.register(goalRatesRoutes);
      await typed.register(creativesRoutes);
      await typed.register(dealsRoutes);
      await typed.register(geolistsRoutes);
      await typed.register(locationAudiencesRoutes);
      await typed.register(audiencesRoutes);
      await typed.register(plannerMapRoutes);
      await typed.register(publisherListsRoutes);
      await typed.register(trackingRoutes);
      await typed.register(filesRoutes);
      await typed.register(creativeFilesRoutes);
      await typed.register(savedViewsRoutes);
      typed.get('/openapi.json', {
        config: { access: 'public' },
        schema: { hide: true },
        handler: async () => app.swagger(),
      });
    },
    { prefix: '/api' },
  );

  if (parts.includes('bidder')) {
    const withinQps = createQpsCounter();
    await app.register(rtbRoutes, { bidder, withinQps });
    // Behind a proxy the client's address is in a header Fastify reads: those requests keep the route.
    if (!config.trustProxy) {
      fastPaths.push(
        createBidFastPath({
          bidder,
          withinQps,
          clock,
          headers,
          bodyLimit: BODY_LIMIT,
          onError: (error) => app.log.error({ err: error }, 'bidder: a request failed'),
        }),
      );
    }
  }
  if (parts.includes('events')) {
    const intake = createEventIntake(deps);
    await app.register(eventsRoutes, { intake });
    fastPaths.push(
      createEventFastPath(intake, headers, (request, response) => fastifyHandler?.(request, response)),
    );
    await app.register(vastServingRoutes);
  }
  registerPartsNotRun(app, parts);
  if (isControlPlane) await registerConsole(app, webRoot);

  if (ready) await app.ready();
  return Object.assign(app, { registeredRoutes, bidder, engine: engineStores });
};
