/**
 * Where the engine keeps what its processes share (docs/engine.md "Several processes"): in this process by
 * default, or in Redis with `REDIS_URL` (decision 052). Either way the delivery counters write the rollups; with
 * Redis they count events once across processes there, the budgets are spent from floats reserved there, the
 * pacing reads the figures there, and the frequency caps are counted there.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { COUNT_COLUMNS, createDeliveryCounters, type DeliveryCounters } from './delivery-counters';
import type { DeliverySink } from './delivery-sink';
import type { AuctionTicket } from './event-ticket';
import { type FrequencyCapStore, MemoryFrequencyCapStore } from './frequency-caps';
import { RedisFrequencyCapStore } from './redis-frequency-caps';
import { SharedBudgets } from './shared-budgets';
import { redisEventCount } from './shared-events';
import { connectRedis, whenRedisReady } from './shared-store';

export type EngineStores = {
  readonly delivery: DeliveryCounters;
  readonly frequencyCaps: FrequencyCapStore;
  /** What the bidder asks: the counters, or with Redis the counters and the shared budgets. */
  readonly bidderSink: DeliverySink;
  /** Reads the totals and starts the timers (when the app gets ready). */
  readonly start: () => Promise<void>;
  /** Flushes everything and disconnects (when the app closes). */
  readonly stop: () => Promise<void>;
  /**
   * Counts what waits in the shared store and reads the shared figures again, without waiting for the timers
   * (tests; nothing without Redis).
   */
  readonly settle: () => Promise<void>;
  readonly redis: Redis | undefined;
};

export type EngineStoresOptions = {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  readonly flushMs: number;
  /** Rows per statement of a flush (tests make it small to spread a flush over many statements). */
  readonly batchRows?: number;
  /** Redis (REDIS_URL); absent: everything stays in this process. */
  readonly redisUrl?: string | undefined;
  /** Put before every key (BEACON_REDIS_PREFIX). */
  readonly redisKeyPrefix?: string;
};

/** Logs a repeated error at most once a minute (Redis down produces one per command). */
const throttled = (log: (error: unknown) => void): ((error: unknown) => void) => {
  let lastAt = 0;
  return (error) => {
    const now = Date.now();
    if (now - lastAt < 60_000) return;
    lastAt = now;
    log(error);
  };
};

const costOf = (ticket: AuctionTicket): bigint =>
  /^\d{1,18}$/.test(ticket.maxCostMicros) ? BigInt(ticket.maxCostMicros) : 0n;

export const createEngineStores = (options: EngineStoresOptions): EngineStores => {
  const { db, clock, logger, flushMs, redisUrl } = options;
  const batchRows = options.batchRows === undefined ? {} : { batchRows: options.batchRows };
  if (redisUrl === undefined) {
    const delivery = createDeliveryCounters({ db, clock, logger, flushMs, ...batchRows });
    return {
      delivery,
      frequencyCaps: new MemoryFrequencyCapStore(),
      bidderSink: delivery,
      start: () => delivery.start(),
      stop: () => delivery.stop(),
      settle: async () => {},
      redis: undefined,
    };
  }
  const redis = connectRedis(redisUrl, {
    keyPrefix: options.redisKeyPrefix ?? '',
    onError: throttled((error) =>
      logger.error({ err: error }, 'engine: Redis cannot be reached; bidding stops, events wait'),
    ),
  });
  const onError = throttled((error: unknown) =>
    logger.error({ err: error }, 'engine: a shared store operation failed'),
  );
  const delivery = createDeliveryCounters({
    db,
    clock,
    logger,
    flushMs,
    ...batchRows,
    shared: redisEventCount(redis, {
      impressions: COUNT_COLUMNS.indexOf('impressions'),
      clicks: COUNT_COLUMNS.indexOf('clicks'),
    }),
  });
  const frequencyCaps = new RedisFrequencyCapStore({ redis, onError, flushMs: flushMs > 0 ? undefined : 0 });
  const budgets = new SharedBudgets({
    redis,
    clock,
    processId: randomUUID().slice(0, 8),
    seedOf: (key, dayStart) => delivery.totalsOf(key, dayStart),
    onError,
  });
  /** Bids whose cost their float holds already (holdBid), so that recordBid does not take it again. */
  const held = new WeakSet<AuctionTicket>();
  const bidderSink: DeliverySink = {
    recordBid: (ticket, now) => {
      delivery.recordBid(ticket, now);
      if (held.has(ticket)) held.delete(ticket);
      else budgets.charge(ticket.strategyId, costOf(ticket));
    },
    holdBid: (ticket) => {
      held.add(ticket);
      budgets.charge(ticket.strategyId, costOf(ticket));
    },
    releaseBid: (ticket) => {
      if (!held.has(ticket)) return;
      held.delete(ticket);
      budgets.charge(ticket.strategyId, -costOf(ticket));
    },
    strategyStats: (strategyId) => delivery.strategyStats(strategyId),
    // The shared budgets are seeded from the rollups: nothing is bid before this process has read them.
    mayBid: (strategy, now) => delivery.isReady() && budgets.mayBid(strategy, now),
    campaignDay: (strategy, now) => budgets.campaignDay(strategy, now),
  };
  return {
    delivery,
    frequencyCaps,
    bidderSink,
    start: async () => {
      // A start waits a moment for Redis, not for ever: without it the engine fails closed and recovers.
      await whenRedisReady(redis);
      await delivery.start();
      if (flushMs > 0) budgets.start();
    },
    stop: async () => {
      budgets.stop();
      await frequencyCaps.stop();
      try {
        await delivery.stop();
      } finally {
        redis.disconnect();
      }
    },
    settle: async () => {
      await frequencyCaps.flush();
      await budgets.refresh();
      await budgets.idle();
    },
    redis,
  };
};
