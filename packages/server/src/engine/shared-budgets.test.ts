import { afterEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../test/test-app';
import { describeWithRedis, testRedisClient, testRedisUrl } from '../test/test-redis';
import { buildStrategy } from './engine.factories';
import {
  budgetLimitsOf,
  FLOAT_LEASE_MS,
  FLOAT_USE_MS,
  floatSizeOf,
  NOTHING_DELIVERED,
  type SeedTotals,
  SharedBudgets,
  STALE_MS,
} from './shared-budgets';
import { redisEventCount } from './shared-events';
import { connectRedis, whenRedisReady } from './shared-store';
import type { CompiledStrategy } from './strategy-index';

/**
 * Budgets shared through Redis by several bidder processes (decision 052): floats reserved atomically, spend
 * counted by the event processes, seeding from the rollups, failing closed without Redis.
 */

const NOTHING = NOTHING_DELIVERED;
const COLUMNS = { impressions: 2, clicks: 3 };

/** A $10 daily budget (campaign 7, strategy 11). */
const dailyStrategy = (overrides: Partial<CompiledStrategy['budget']> = {}) =>
  buildStrategy({
    budget: {
      timespan: 'daily',
      campaignBudgetMicros: 10_000_000n,
      dailyBudgetMicros: null,
      dailyImpressions: null,
      dailyClicks: null,
      budgetSharePercent: 100,
      campaignEndDay: null,
      ...overrides,
    },
  });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const world = async (seed: (key: string) => SeedTotals | undefined = () => NOTHING) => {
  const { redis, prefix, cleanup } = testRedisClient();
  cleanups.push(cleanup);
  const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
  const clients = [0, 1].map(() => connectRedis(testRedisUrl as string, { keyPrefix: prefix }));
  await Promise.all(clients.map((client) => whenRedisReady(client)));
  for (const client of clients) cleanups.push(async () => client.disconnect());
  let next = 0;
  const process = (name: string) => {
    const client = clients[next++ % clients.length] as (typeof clients)[number];
    return new SharedBudgets({ redis: client, clock, processId: name, seedOf: (key) => seed(key) });
  };
  return { redis, clock, process, events: redisEventCount(redis, COLUMNS) };
};

describe('budget limits and float sizes', () => {
  it('limits a day by the daily budget and the daily limit, all time by a lifetime budget, shares by strategy', () => {
    expect(
      budgetLimitsOf(dailyStrategy({ dailyBudgetMicros: 8_000_000n, budgetSharePercent: 50 }), {
        campaign: 0n,
        strategy: 0n,
      }),
    ).toEqual([8_000_000n, null, 4_000_000n, null]);
    const lifetime = buildStrategy({
      budget: {
        ...dailyStrategy().budget,
        timespan: 'lifetime',
        campaignBudgetMicros: 100_000_000n,
        budgetSharePercent: 25,
      },
    });
    // Spend before the budget's reset does not count against it: the all-time limit is raised by it.
    expect(budgetLimitsOf(lifetime, { campaign: 5_000_000n, strategy: 1_000_000n })).toEqual([
      null,
      105_000_000n,
      null,
      26_000_000n,
    ]);
  });

  it('makes a float a two-hundredth of the smallest budget, within its bounds', () => {
    expect(floatSizeOf([10_000_000n, null, 5_000_000n, null])).toBe(25_000n);
    expect(floatSizeOf([1_000n])).toBe(10_000n);
    expect(floatSizeOf([100_000_000_000n])).toBe(50_000_000n);
  });
});

describeWithRedis('shared budgets in Redis', () => {
  it('lets two processes spend a daily budget, over it by at most one float each', async () => {
    const { clock, process, events } = await world();
    const processes = [process('p1'), process('p2')];
    const strategy = dailyStrategy();
    const float = floatSizeOf([10_000_000n]);
    let spent = 0n;
    let sequence = 0;
    // Each bid may cost 2,000 micros; half win and cost 1,600. Events are counted 100 ms after their bid.
    let waiting: { at: number; spend: bigint; id: string }[] = [];
    for (let step = 0; step < 20_000; step += 1) {
      const now = clock.now();
      await Promise.all(processes.map((budgets) => budgets.refresh()));
      for (const budgets of processes) {
        for (let i = 0; i < 5; i += 1) {
          if (!budgets.mayBid(strategy, now)) continue;
          budgets.charge(strategy.strategyId, 2_000n);
          sequence += 1;
          if (sequence % 2 === 0)
            waiting.push({ at: now.getTime() + 100, spend: 1_600n, id: `a${sequence}` });
        }
        await budgets.idle();
      }
      const due = waiting.filter((event) => event.at <= now.getTime());
      waiting = waiting.filter((event) => event.at > now.getTime());
      const answers = await events.count(
        due.map((event) => ({
          auctionId: event.id,
          kind: 'billing',
          seenAt: now,
          timeZone: 'UTC',
          hourly: { campaign_id: '7', strategy_id: '11' },
          spendMicros: event.spend,
          column: null,
        })),
      );
      spent += due.reduce((sum, event, i) => (answers[i] ? sum + event.spend : sum), 0n);
      if (spent >= 10_000_000n && waiting.length === 0) break;
      clock.set(new Date(now.getTime() + 50));
    }
    expect(spent).toBeGreaterThanOrEqual(9_500_000n);
    expect(spent).toBeLessThanOrEqual(10_000_000n + 2n * float);
  });

  it('stops at once when the budget is spent, and bids again the next local day', async () => {
    const { clock, process, events } = await world();
    const budgets = process('p1');
    const strategy = dailyStrategy();
    await budgets.refresh();
    expect(budgets.mayBid(strategy, clock.now())).toBe(false); // no float yet: asked for now
    await budgets.idle();
    expect(budgets.mayBid(strategy, clock.now())).toBe(true);
    await events.count([
      {
        auctionId: 'big',
        kind: 'billing',
        seenAt: clock.now(),
        timeZone: 'UTC',
        hourly: { campaign_id: '7', strategy_id: '11' },
        spendMicros: 10_000_000n,
        column: null,
      },
    ]);
    // The float in hand runs out (each bid takes its most possible cost), and no new one is granted.
    for (let i = 0; i < 100; i += 1) budgets.charge('11', 2_000n);
    clock.set(new Date(clock.now().getTime() + 100));
    await budgets.refresh();
    expect(budgets.mayBid(strategy, clock.now())).toBe(false);
    await budgets.idle();
    expect(budgets.mayBid(strategy, clock.now())).toBe(false);
    expect(budgets.campaignDay(strategy, clock.now()).spend).toBe(10_000_000n);
    clock.set(new Date('2026-11-28T00:00:01Z'));
    await budgets.refresh();
    budgets.mayBid(strategy, clock.now());
    await budgets.idle();
    expect(budgets.mayBid(strategy, clock.now())).toBe(true);
    expect(budgets.campaignDay(strategy, clock.now()).spend).toBe(0n);
  });

  it('seeds a new budget hash from the rollups once, and grants only what they leave', async () => {
    const spentToday = { ...NOTHING, daySpend: 9_990_000n, allTimeSpend: 50_000_000n };
    const { clock, process, redis } = await world(() => spentToday);
    const budgets = process('p1');
    const strategy = dailyStrategy();
    await budgets.refresh();
    budgets.mayBid(strategy, clock.now());
    await budgets.idle();
    expect(budgets.campaignDay(strategy, clock.now()).spend).toBe(9_990_000n);
    const dayKey = (await redis.keys('*b:c7:d*')).find((key) => !key.endsWith('x') && !key.endsWith('a'));
    expect(dayKey).toBeDefined();
    // 10,000 micros were left, less than a float: that is what was granted.
    const out = await redis.hget((dayKey as string).slice((dayKey as string).indexOf('beacon:')), 'out');
    expect(out).toBe('10000');
  });

  it('lets a grant go back to the budget when its lease ends', async () => {
    const { clock, process } = await world();
    const a = process('p1');
    const b = process('p2');
    const strategy = dailyStrategy({ dailyBudgetMicros: null });
    const tiny = buildStrategy({
      ...strategy,
      budget: { ...strategy.budget, campaignBudgetMicros: 10_000n },
    });
    await a.refresh();
    a.mayBid(tiny, clock.now());
    await a.idle();
    expect(a.mayBid(tiny, clock.now())).toBe(true);
    // The whole budget is A's float: B is refused…
    await b.refresh();
    b.mayBid(tiny, clock.now());
    await b.idle();
    expect(b.mayBid(tiny, clock.now())).toBe(false);
    // …until A's lease ends unused.
    clock.set(new Date(clock.now().getTime() + FLOAT_LEASE_MS + 1));
    await b.refresh();
    b.mayBid(tiny, clock.now());
    await b.idle();
    expect(b.mayBid(tiny, clock.now())).toBe(true);
    expect(FLOAT_USE_MS).toBeLessThan(FLOAT_LEASE_MS);
  });

  it('bids nothing while Redis cannot be reached, and again by itself once it is back', async () => {
    const { clock, process } = await world();
    const budgets = process('p1');
    const strategy = dailyStrategy();
    await budgets.refresh();
    budgets.mayBid(strategy, clock.now());
    await budgets.idle();
    expect(budgets.mayBid(strategy, clock.now())).toBe(true);
    const down = new SharedBudgets({
      redis: connectRedis('redis://127.0.0.1:1', { onError: () => undefined }),
      clock,
      processId: 'down',
      seedOf: () => NOTHING,
    });
    await down.refresh();
    down.mayBid(strategy, clock.now());
    await down.idle();
    expect(down.mayBid(strategy, clock.now())).toBe(false);
    // The figures of the first process grow old without a read: it stops too, then reads again.
    clock.set(new Date(clock.now().getTime() + STALE_MS + 1));
    expect(budgets.mayBid(strategy, clock.now())).toBe(false);
    await budgets.refresh();
    budgets.mayBid(strategy, clock.now());
    await budgets.idle();
    expect(budgets.mayBid(strategy, clock.now())).toBe(true);
  });

  it('counts an event once across processes', async () => {
    const { events, process, clock } = await world();
    const event = {
      auctionId: 'x1',
      kind: 'impression',
      seenAt: clock.now(),
      timeZone: 'UTC',
      hourly: { campaign_id: '7', strategy_id: '11' },
      spendMicros: 0n,
      column: COLUMNS.impressions,
    };
    const budgets = process('p1');
    const strategy = dailyStrategy();
    await budgets.refresh();
    budgets.mayBid(strategy, clock.now());
    await budgets.idle();
    expect(await events.count([event, { ...event, auctionId: 'x2' }])).toEqual([true, true]);
    expect(await events.count([event])).toEqual([false]);
    await budgets.refresh();
    expect(budgets.campaignDay(strategy, clock.now()).impressions).toBe(2);
  });
});
