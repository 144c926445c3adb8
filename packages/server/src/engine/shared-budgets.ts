/**
 * Budgets shared by N bidder processes through Redis (docs/engine.md "Several processes", decision 052).
 *
 * The event processes add each counted event's spend, impressions and clicks to the budget hashes of its campaign
 * and strategy (its local day and all time, shared-store.ts). A bidder bids a strategy only while it holds a
 * *float* for it: a small amount of the budgets reserved atomically from what none of them has spent or holds
 * (RESERVE_FLOAT_LUA). Each bid takes its most possible cost (the ticket's `maxCostMicros`) from the float; an
 * empty or old float is exchanged for a new one, the old one settled to what its bids may still cost. A grant
 * counts against the budgets until its lease ends, by when its bids' events have been counted, so N processes can
 * overspend a budget by at most N floats (and a float by one bid).
 *
 * The same hashes are the delivered figures pacing reads (`campaignDay`), read every second for the strategies
 * being asked about. A process that cannot reach Redis, or whose figures are older than STALE_MS, bids nothing
 * (fail closed), and starts again by itself.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock';
import { localDayStart } from './local-day';
import type { CampaignDay } from './pacing';
import { KEY_PREFIX, RESERVE_FLOAT_LUA, RedisScript, SEED_BUDGET_LUA } from './shared-store';
import type { CompiledStrategy } from './strategy-index';

/** What the rollups (and this process) say a campaign or strategy delivered, to seed a new budget hash. */
export type SeedTotals = {
  readonly daySpend: bigint;
  readonly dayImpressions: number;
  readonly dayClicks: number;
  readonly allTimeSpend: bigint;
  readonly impressions: number;
  readonly clicks: number;
  /** Spend before the campaign's budget reset: a lifetime budget counts what came after. */
  readonly spendBeforeReset: bigint;
};

/** What a campaign or strategy that has delivered nothing is seeded with. */
export const NOTHING_DELIVERED: SeedTotals = {
  daySpend: 0n,
  dayImpressions: 0,
  dayClicks: 0,
  allTimeSpend: 0n,
  impressions: 0,
  clicks: 0,
  spendBeforeReset: 0n,
};

/** How long a float may be bid from after its grant. */
export const FLOAT_USE_MS = 10_000;
/** How long a grant counts against the budgets: its use, then a minute for its bids' events to be counted. */
export const FLOAT_LEASE_MS = FLOAT_USE_MS + 60_000;
/** A float is this share of the smallest budget it is reserved from (1/200: 0.5 %), within the bounds below. */
export const FLOAT_SHARE_DIVISOR = 200n;
export const MIN_FLOAT_MICROS = 10_000n;
export const MAX_FLOAT_MICROS = 50_000_000n;
/** Figures older than this are not trusted: the strategy does not bid. */
export const STALE_MS = 3_000;
/** How often the figures of the strategies being asked about are read. */
export const REFRESH_MS = 1_000;
/** A strategy not asked about for this long is no longer read. */
const FORGET_MS = 60_000;
/** After a refused grant (nothing left), the next ask waits this long. */
const REFUSED_WAIT_MS = 1_000;
/** Day hashes live three days; all-time hashes 40 days after their last use. */
export const DAY_TTL_SECONDS = 3 * 86_400;
export const ALL_TIME_TTL_SECONDS = 40 * 86_400;

/** The budget hash keys of a campaign or strategy id (`c12`, `s34`). */
export const dayBudgetKey = (id: string, dayStart: number): string => `${KEY_PREFIX}b:${id}:d${dayStart}`;
export const allTimeBudgetKey = (id: string): string => `${KEY_PREFIX}b:${id}:l`;

/** The four budget hashes an event or bid of a strategy counts in: campaign and strategy, local day and all time. */
export const budgetKeysOf = (campaignId: string, strategyId: string, dayStart: number): string[] => [
  dayBudgetKey(`c${campaignId}`, dayStart),
  allTimeBudgetKey(`c${campaignId}`),
  dayBudgetKey(`s${strategyId}`, dayStart),
  allTimeBudgetKey(`s${strategyId}`),
];

const minOf = (values: readonly (bigint | null)[]): bigint | null => {
  let least: bigint | null = null;
  for (const value of values) if (value !== null && (least === null || value < least)) least = value;
  return least;
};

const shareOf = (amount: bigint | null, percent: number): bigint | null =>
  amount === null ? null : (amount * BigInt(percent)) / 100n;

/** A budget hash's figures as read. */
type Figures = { spent: bigint; imps: number; clicks: number };

type Float = {
  grantId: string;
  amount: bigint;
  used: bigint;
  dayStart: number;
  usableUntil: number;
};

type StrategyBudget = {
  strategy: CompiledStrategy;
  askedAt: number;
  float: Float | null;
  renewing: boolean;
  refusedUntil: number;
  grants: number;
};

export type SharedBudgetsOptions = {
  readonly redis: Redis;
  readonly clock: Clock;
  /** Names this process's grants (unique among the processes sharing the Redis). */
  readonly processId: string;
  /** What this process knows from the rollups; undefined until it has read them (nothing is seeded before). */
  readonly seedOf: (key: string, dayStart: number) => SeedTotals | undefined;
  readonly onError?: (error: unknown) => void;
};

const RESERVE = new RedisScript(RESERVE_FLOAT_LUA);
const SEED = new RedisScript(SEED_BUDGET_LUA);

/** The limits of a strategy's four hashes (budgetKeysOf order), micros; null: none. */
export const budgetLimitsOf = (
  strategy: CompiledStrategy,
  spendBeforeReset: { readonly campaign: bigint; readonly strategy: bigint },
): (bigint | null)[] => {
  const { budget } = strategy;
  const isDaily = budget.timespan === 'daily';
  const isLifetime = budget.timespan === 'lifetime';
  const campaignDay = minOf([budget.dailyBudgetMicros, isDaily ? budget.campaignBudgetMicros : null]);
  const campaignAll = isLifetime ? budget.campaignBudgetMicros : null;
  const share = budget.budgetSharePercent;
  return [
    campaignDay,
    campaignAll === null ? null : campaignAll + spendBeforeReset.campaign,
    shareOf(campaignDay, share),
    campaignAll === null ? null : (shareOf(campaignAll, share) ?? 0n) + spendBeforeReset.strategy,
  ];
};

/** A float's size: a two-hundredth of the smallest budget it comes from (a day's, else the lifetime's). */
export const floatSizeOf = (limits: readonly (bigint | null)[]): bigint => {
  const smallest = minOf(limits);
  if (smallest === null) return MAX_FLOAT_MICROS;
  const size = smallest / FLOAT_SHARE_DIVISOR;
  return size < MIN_FLOAT_MICROS ? MIN_FLOAT_MICROS : size > MAX_FLOAT_MICROS ? MAX_FLOAT_MICROS : size;
};

const isUsable = (float: Float, dayStart: number, at: number): boolean =>
  float.dayStart === dayStart && at < float.usableUntil && float.used < float.amount;

export class SharedBudgets {
  readonly #options: SharedBudgetsOptions;
  readonly #strategies = new Map<string, StrategyBudget>();
  /** Figures by budget hash key, from the last read. */
  #figures = new Map<string, Figures>();
  #readAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  #reading: Promise<void> | null = null;
  /** Floats being asked for. */
  readonly #renewals = new Set<Promise<void>>();

  constructor(options: SharedBudgetsOptions) {
    this.#options = options;
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => {
      void this.refresh();
    }, REFRESH_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Whether the figures were read recently enough to bid on. */
  isFresh(now: number): boolean {
    return now - this.#readAt <= STALE_MS;
  }

  /**
   * The budget gate of a strategy (DeliverySink.mayBid): the figures are fresh, its campaign's daily impression
   * and click limits are not reached, and it holds a float with something left (asked for when it does not).
   */
  mayBid(strategy: CompiledStrategy, now: Date): boolean {
    const at = now.getTime();
    const entry = this.#entryOf(strategy, at);
    const dayStart = localDayStart(now, strategy.schedule.timeZone).start.getTime();
    const float = entry.float;
    const usable = float !== null && isUsable(float, dayStart, at);
    if (!entry.renewing && at >= entry.refusedUntil) {
      // Ask for the next float before this one runs out, so that bidding does not pause while it comes.
      const isRunningOut =
        float !== null && (float.used * 4n >= float.amount * 3n || at > float.usableUntil - 2_000);
      if (!usable || isRunningOut) this.#track(this.#renew(entry, dayStart));
    }
    if (!usable || !this.isFresh(at)) return false;
    const campaignDay = this.#figures.get(dayBudgetKey(`c${strategy.campaignId}`, dayStart));
    if (campaignDay === undefined) return false;
    const { dailyImpressions, dailyClicks } = strategy.budget;
    if (dailyImpressions !== null && campaignDay.imps >= dailyImpressions) return false;
    if (dailyClicks !== null && campaignDay.clicks >= dailyClicks) return false;
    return true;
  }

  /** Settles once the reads and the floats asked for so far have come back (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#renewals.size > 0 || this.#reading !== null) {
      await Promise.all([...this.#renewals, this.#reading]);
    }
  }

  #track(renewal: Promise<void>): void {
    this.#renewals.add(renewal);
    void renewal.finally(() => this.#renewals.delete(renewal));
  }

  /** A bid was made: its most possible cost is taken from its strategy's float (a negative cost gives it back). */
  charge(strategyId: string, maxCostMicros: bigint): void {
    const float = this.#strategies.get(strategyId)?.float;
    if (float) float.used += maxCostMicros;
  }

  /** What the strategy's campaign delivered today and before (pacing reads it), from the shared figures. */
  campaignDay(strategy: CompiledStrategy, now: Date): CampaignDay {
    const at = now.getTime();
    this.#entryOf(strategy, at);
    const dayStart = localDayStart(now, strategy.schedule.timeZone).start.getTime();
    const day = this.#figures.get(dayBudgetKey(`c${strategy.campaignId}`, dayStart));
    const all = this.#figures.get(allTimeBudgetKey(`c${strategy.campaignId}`));
    const base = this.#options.seedOf(`c${strategy.campaignId}`, dayStart)?.spendBeforeReset ?? 0n;
    if (day === undefined) return { spend: 0n, impressions: 0, clicks: 0, spentBeforeToday: 0n };
    const before = all === undefined ? 0n : all.spent - base - day.spent;
    return {
      spend: day.spent,
      impressions: day.imps,
      clicks: day.clicks,
      spentBeforeToday: before > 0n ? before : 0n,
    };
  }

  /** Reads the figures of the strategies asked about lately, seeding the hashes that do not exist yet. */
  refresh(): Promise<void> {
    this.#reading ??= this.#read().finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  #entryOf(strategy: CompiledStrategy, at: number): StrategyBudget {
    let entry = this.#strategies.get(strategy.strategyId);
    if (entry === undefined) {
      entry = { strategy, askedAt: at, float: null, renewing: false, refusedUntil: 0, grants: 0 };
      this.#strategies.set(strategy.strategyId, entry);
      // A strategy asked about for the first time is read at once rather than at the next tick.
      void this.refresh();
    } else {
      entry.strategy = strategy;
      entry.askedAt = at;
    }
    return entry;
  }

  #keysOf(strategy: CompiledStrategy, dayStart: number): string[] {
    return budgetKeysOf(strategy.campaignId, strategy.strategyId, dayStart);
  }

  async #read(): Promise<void> {
    const now = this.#options.clock.now();
    const at = now.getTime();
    const wanted = new Map<string, { id: string; dayStart: number }>();
    for (const [strategyId, entry] of this.#strategies) {
      if (at - entry.askedAt > FORGET_MS) {
        this.#strategies.delete(strategyId);
        continue;
      }
      const { strategy } = entry;
      const dayStart = localDayStart(now, strategy.schedule.timeZone).start.getTime();
      const keys = this.#keysOf(strategy, dayStart);
      const ids = [`c${strategy.campaignId}`, `c${strategy.campaignId}`, `s${strategyId}`, `s${strategyId}`];
      keys.forEach((key, i) => {
        wanted.set(key, { id: ids[i] as string, dayStart });
      });
    }
    try {
      const keys = [...wanted.keys()];
      const pipeline = this.#options.redis.pipeline();
      for (const key of keys) pipeline.hmget(key, 'seeded', 'spent', 'imps', 'clicks');
      const answers = keys.length === 0 ? [] : ((await pipeline.exec()) ?? []);
      const figures = new Map<string, Figures>();
      const unseeded: string[] = [];
      answers.forEach(([error, value], i) => {
        if (error) throw error;
        const key = keys[i] as string;
        const [seeded, spent, imps, clicks] = value as (string | null)[];
        if (seeded === null) unseeded.push(key);
        else
          figures.set(key, {
            spent: BigInt(spent ?? '0'),
            imps: Number(imps ?? 0),
            clicks: Number(clicks ?? 0),
          });
      });
      for (const key of unseeded) {
        const target = wanted.get(key);
        if (target === undefined) continue;
        const seeded = await this.#seed(key, target.id, target.dayStart);
        if (seeded !== undefined) figures.set(key, seeded);
      }
      // Fresh only when every hash asked about could be read (a hash that cannot be seeded leaves it stale).
      this.#figures = figures;
      if (figures.size === keys.length) this.#readAt = at;
    } catch (error) {
      this.#options.onError?.(error);
    }
  }

  /** Seeds a hash from the rollups and reads it back; undefined when this process has not read them yet. */
  async #seed(key: string, id: string, dayStart: number): Promise<Figures | undefined> {
    const totals = this.#options.seedOf(id, dayStart);
    if (totals === undefined) return undefined;
    const isDay = !key.endsWith(':l');
    const spent = isDay ? totals.daySpend : totals.allTimeSpend;
    const imps = isDay ? totals.dayImpressions : totals.impressions;
    const clicks = isDay ? totals.dayClicks : totals.clicks;
    const redis = this.#options.redis;
    await SEED.run(
      redis,
      [key],
      [spent.toString(), imps, clicks, isDay ? DAY_TTL_SECONDS : ALL_TIME_TTL_SECONDS],
    );
    const [seeded, read, readImps, readClicks] = await redis.hmget(key, 'seeded', 'spent', 'imps', 'clicks');
    return seeded === null
      ? undefined
      : { spent: BigInt(read ?? '0'), imps: Number(readImps ?? 0), clicks: Number(readClicks ?? 0) };
  }

  async #renew(entry: StrategyBudget, dayStart: number): Promise<void> {
    entry.renewing = true;
    const { strategy } = entry;
    const redis = this.#options.redis;
    try {
      const campaignBase = this.#options.seedOf(`c${strategy.campaignId}`, dayStart);
      const strategyBase = this.#options.seedOf(`s${strategy.strategyId}`, dayStart);
      if (campaignBase === undefined || strategyBase === undefined) return;
      const limits = budgetLimitsOf(strategy, {
        campaign: campaignBase.spendBeforeReset,
        strategy: strategyBase.spendBeforeReset,
      });
      const ids = [
        `c${strategy.campaignId}`,
        `c${strategy.campaignId}`,
        `s${strategy.strategyId}`,
        `s${strategy.strategyId}`,
      ];
      const limited = this.#keysOf(strategy, dayStart).flatMap((key, i) => {
        const limit = limits[i];
        return limit === null || limit === undefined ? [] : [{ key, id: ids[i] as string, limit }];
      });
      const now = this.#options.clock.now().getTime();
      if (limited.length === 0) {
        // No money limit: nothing to reserve; the float only says the figures allow it.
        entry.float = {
          grantId: '',
          amount: MAX_FLOAT_MICROS,
          used: 0n,
          dayStart,
          usableUntil: now + FLOAT_USE_MS,
        };
        return;
      }
      // A float still in use keeps its whole grant until its lease ends (bids may still be taken from it until
      // the new one comes); one no longer in use is settled to what its bids may cost.
      const previous = entry.float;
      const settled =
        previous === null ? 0n : isUsable(previous, dayStart, now) ? previous.amount : previous.used;
      entry.grants += 1;
      const grantId = `${this.#options.processId}:${strategy.strategyId}:${entry.grants}`;
      const args = [
        now,
        now + FLOAT_LEASE_MS,
        floatSizeOf(limited.map((item) => item.limit)).toString(),
        grantId,
        previous?.grantId ?? '',
        settled.toString(),
        ALL_TIME_TTL_SECONDS,
        ...limited.map((item) => item.limit.toString()),
      ];
      const hashKeys = limited.flatMap(({ key }) => [key, `${key}:gx`, `${key}:ga`]);
      let answer = (await RESERVE.run(redis, hashKeys, args)) as number[];
      if (answer[0] === -1) {
        // A hash is new (a new day, a flushed Redis): seed it from the rollups, then ask again once.
        for (const index of answer.slice(1)) {
          const item = limited[index - 1];
          if (item) await this.#seed(item.key, item.id, dayStart);
        }
        answer = (await RESERVE.run(redis, hashKeys, args)) as number[];
      }
      const granted = answer[0] ?? 0;
      if (granted > 0) {
        entry.float = {
          grantId,
          amount: BigInt(granted),
          used: 0n,
          dayStart,
          usableUntil: now + FLOAT_USE_MS,
        };
        if (previous !== null && settled !== previous.used) {
          // The old float, held whole while the new one came, is no longer bid from: what its bids may cost is
          // final, and the rest goes back to the budgets now (a reservation of nothing that only settles).
          await RESERVE.run(redis, hashKeys, [
            now,
            now,
            '0',
            '',
            previous.grantId,
            previous.used.toString(),
            ...args.slice(6),
          ]);
        }
      } else {
        // Nothing left (or not seeded): the previous float is settled; bid nothing for a moment.
        entry.float = null;
        entry.refusedUntil = now + REFUSED_WAIT_MS;
      }
    } catch (error) {
      entry.refusedUntil = this.#options.clock.now().getTime() + REFUSED_WAIT_MS;
      this.#options.onError?.(error);
    } finally {
      entry.renewing = false;
    }
  }
}
