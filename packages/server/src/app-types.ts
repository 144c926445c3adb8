import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AccessResource } from '@beacon/domain/access/resources';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Db } from './db/database';
import type { SessionPurpose } from './db/schema';
import type { DeliveryCounters } from './engine/delivery-counters';
import type { FrequencyCapStore } from './engine/frequency-caps';
import type { Clock } from './lib/clock';
import type { FileStore } from './lib/file-store';
import type { JobWorker } from './lib/jobs';
import type { Mailer } from './lib/mailer';
import type { VastSourceCheck } from './modules/creatives/vast';
import type { SessionCache } from './modules/session/session-cache';

/** What every service needs from the outside world, built once per app. */
export type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Key that signs simulation grants; generated once per installation and kept in the database. */
  grantSecret: string;
  sessionCache: SessionCache;
  /** Uploaded files (docs/architecture.md): `<dataDir>/files` by default. */
  files: FileStore;
  /** The in-process job worker (decision 019): `wake` after queuing a job runs it without waiting to poll. */
  jobs: JobWorker;
  /**
   * Checks an external video's VAST source as VAST 4.x when a creative is created or edited (decision 023): a
   * pasted document is parsed, a URL fetched from a public address. Tests answer for the outside ad servers.
   */
  checkVastSource: VastSourceCheck;
  /**
   * The delivery counters (engine/delivery-counters.ts): the bidder's DeliverySink and the event intake's
   * writer of the delivery rollups, flushed every few seconds and when the app closes.
   */
  delivery: DeliveryCounters;
  /**
   * The frequency caps' counts (engine/frequency-caps.ts, docs/engine.md "Frequency caps"): the event intake
   * records impressions, the bidder reads them. In this process.
   */
  frequencyCaps: FrequencyCapStore;
};

/** The authenticated caller of a request. */
export type Principal = {
  sessionId: string;
  userId: string;
  username: string;
  role: UserRole;
  organizationId: string;
  organizationRole: OrganizationRole;
  organizationPath: string;
  purpose: SessionPurpose;
  /** Set while simulating: the real user behind this session. */
  impersonatorUserId: string | null;
  realRole: UserRole | null;
  /** The real user's own session a simulation hangs from (also for simulations started inside one). */
  rootSessionId: string;
  /** The operator's own staff see every organization (docs/architecture.md). */
  isOperatorStaff: boolean;
  /**
   * Organization paths of the advertisers a user without `view_all_campaigns` is limited to for campaigns;
   * null when it sees every campaign of its scope (decision 014).
   */
  campaignAdvertiserPaths: readonly string[] | null;
};

/** Route access declaration: a §6 resource, or `public` for routes that need no session. */
export type RouteAccess = AccessResource | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The caller sent `x-demo: 1` and its role may use demo mode. */
    isDemo: boolean;
    /** The route declares `config.engine`: the console's global hooks return at once (set first, app.ts). */
    isEngineRoute: boolean;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The restricted session of an expired password may call this route (password change, logout). */
    allowPasswordChangeSession?: boolean;
    /** A write that stays allowed in demo mode (it changes only the caller's own session). */
    allowInDemo?: boolean;
    /** A download a browser opens in a new tab: `?token=` (and `?demo=1`) may stand in for the headers (§7). */
    allowQueryToken?: boolean;
    /**
     * A route of the buying engine (exchanges, players and browsers call it, thousands of times a second, never
     * the console): the console's global hooks (session, demo mode, storable text, uploads) do nothing for it.
     */
    engine?: boolean;
    /**
     * Answers servers, never a browser (an exchange's bid requests): of the security headers it carries only
     * `x-content-type-options` (`machineHeaders`, decision 057).
     */
    machine?: boolean;
  }
  interface FastifyInstance {
    deps: Deps;
  }
}

export type AppInstance = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
