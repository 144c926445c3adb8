/**
 * Events counted once across N processes in Redis (docs/engine.md "Several processes", decision 052): each event
 * sets its de-duplication key (kept DEDUP_TTL_SECONDS) and, when new, adds its spend, impressions and clicks to
 * the shared budget hashes of its campaign and strategy (shared-budgets.ts), in one script run per batch.
 */
import type { Redis } from 'ioredis';
import { localDayStart } from './local-day';
import { ALL_TIME_TTL_SECONDS, budgetKeysOf } from './shared-budgets';
import { COUNT_EVENTS_LUA, KEY_PREFIX, RedisScript } from './shared-store';

/**
 * How long an event's de-duplication key is kept: a repeat within two days of the first counts nothing. A ticket
 * is accepted for 30 days (a late click); a repeat of an event after two days would count again. Two days keep
 * the store's memory to about 100 bytes per event of the last two days (decision 052).
 */
export const DEDUP_TTL_SECONDS = 2 * 86_400;

/** What the shared store needs of one event. */
export type SharedEvent = {
  readonly auctionId: string;
  readonly kind: string;
  readonly seenAt: Date;
  readonly timeZone: string;
  readonly hourly: { readonly campaign_id: string; readonly strategy_id: string };
  readonly spendMicros: bigint;
  /** The rollup count column it adds to (delivery-counters.ts COUNT_COLUMNS index), or null. */
  readonly column: number | null;
};

export type SharedEventCount = {
  /** Counts each event once across the processes: answers, per event, whether it was new. */
  readonly count: (events: readonly SharedEvent[]) => Promise<boolean[]>;
};

const SCRIPT = new RedisScript(COUNT_EVENTS_LUA);

export const dedupKeyOf = (kind: string, auctionId: string): string => `${KEY_PREFIX}e:${kind}:${auctionId}`;

/** The shared counting of events in Redis; `impressionColumn`/`clickColumn` name the rollup columns. */
export const redisEventCount = (
  redis: Redis,
  columns: { readonly impressions: number; readonly clicks: number },
): SharedEventCount => ({
  count: async (events) => {
    if (events.length === 0) return [];
    const keys: string[] = [];
    const args: (string | number)[] = [DEDUP_TTL_SECONDS, ALL_TIME_TTL_SECONDS];
    for (const event of events) {
      keys.push(dedupKeyOf(event.kind, event.auctionId));
      const imps = event.column === columns.impressions ? 1 : 0;
      const clicks = event.column === columns.clicks ? 1 : 0;
      if (imps === 0 && clicks === 0 && event.spendMicros === 0n) {
        args.push(0, '0', '0', '0');
        continue;
      }
      const dayStart = localDayStart(event.seenAt, event.timeZone).start.getTime();
      const budgets = budgetKeysOf(event.hourly.campaign_id, event.hourly.strategy_id, dayStart);
      keys.push(...budgets);
      args.push(budgets.length, event.spendMicros.toString(), String(imps), String(clicks));
    }
    const answers = (await SCRIPT.run(redis, keys, args)) as number[];
    return answers.map((answer) => answer === 1);
  },
});
