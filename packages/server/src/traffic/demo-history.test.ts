import { toMicros } from '@beacon/domain/dictionary/currencies';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { startTestApp, type TestContext } from '../test/test-app';
import {
  completedDemoHistory,
  type DemoHistoryPlan,
  demoHistoryEnabled,
  demoHistoryPlanAt,
  pendingDemoHistory,
  recordDemoHistoryPlan,
  requestsInHour,
  runDemoHistory,
} from './demo-history';

/**
 * The demo history (docs/engine.md "Demo history") on a short span: two simulated days of the demo world,
 * through the real bidder, tickets, event intake, counters and attribution, on PGlite or PostgreSQL.
 */

const DAILY_BUDGET = toMicros('0.02');
/** The most one impression of the capped campaign can cost: its CPM bid (1.90) ÷ 1000, no fee in the demo. */
const ONE_IMPRESSION = toMicros('1.9') / 1000n;
const CLICK_RATES = { web_banner: 0.3, app_banner: 0.3 };
const CONVERSION_RATES = { afterClick: 1, afterImpression: 0.05, secondEvent: 0.5 };

/** The demo world with a budget small enough to be reached, and a measurement tool that sends postbacks. */
const prepare = async (db: Db): Promise<void> => {
  await db
    .updateTable('campaigns')
    .set({ budget: DAILY_BUDGET.toString(), tracking_tool: 'appsflyer' })
    .where('name', '=', 'Always-On Prospecting')
    .execute();
};

type Row = Record<string, string | number>;

/** What the rollups hold, row by row, without the ids that differ between installations. */
const snapshot = async (db: Db): Promise<Row[]> => {
  const { rows } =
    await sql<Row>`SELECT hour::text AS hour, campaign_id::text AS campaign, strategy_id::text AS strategy,
      creative_id::text AS creative, country, region, device_type, os, size, deal_id::text AS deal,
      bids::text AS bids, wins::text AS wins, impressions::text AS impressions, clicks::text AS clicks,
      video_starts::text AS video_starts, video_completes::text AS video_completes,
      conversions_1::text AS conversions_1, conversions_2::text AS conversions_2,
      media_cost_micros::text AS media_cost, spend_micros::text AS spend
    FROM delivery_hourly ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(db);
  return rows;
};

const totals = async (db: Db) => {
  const { rows } = await sql<{ bids: string; impressions: string; clicks: string; spend: string }>`SELECT
      coalesce(sum(bids), 0)::text AS bids, coalesce(sum(impressions), 0)::text AS impressions,
      coalesce(sum(clicks), 0)::text AS clicks, coalesce(sum(spend_micros), 0)::text AS spend
    FROM delivery_hourly`.execute(db);
  return rows[0];
};

let ctx: TestContext;
let plan: DemoHistoryPlan;
let first: Row[];

beforeAll(async () => {
  ctx = await startTestApp({ deliveryFlushMs: 0 });
  await prepare(ctx.db);
  // Two days to yesterday 18:30 UTC: an evening, a whole day and most of one, whatever the time of the run.
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const until = new Date(today - 86_400_000 + 18.5 * 3_600_000);
  plan = demoHistoryPlanAt(until, { days: 2, seed: 20261127, peakRequestsPerHour: 60 });
  await recordDemoHistoryPlan(ctx.db, plan);
  const summary = await runDemoHistory({
    deps: ctx.app.deps,
    plan,
    clickRates: CLICK_RATES,
    conversionRates: CONVERSION_RATES,
  }).done;
  expect(summary).toBeDefined();
  first = await snapshot(ctx.db);
}, 300_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the demo history', () => {
  it('writes delivery for every simulated day, through the counters only', async () => {
    const { rows } = await sql<{ day: string; bids: string; impressions: string }>`SELECT
        to_char(hour, 'YYYY-MM-DD') AS day, sum(bids)::text AS bids, sum(impressions)::text AS impressions
      FROM delivery_hourly GROUP BY 1 ORDER BY 1`.execute(ctx.db);
    const days = new Set<string>();
    for (let at = plan.from.getTime(); at < plan.until.getTime(); at += 3_600_000)
      days.add(new Date(at).toISOString().slice(0, 10));
    expect(rows.map((row) => row.day)).toEqual([...days]);
    for (const row of rows) expect(Number(row.impressions)).toBeGreaterThan(0);
    // Every hour written lies in the plan.
    const hours = first.map((row) => new Date(String(row.hour)).getTime());
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(plan.from.getTime());
    expect(Math.max(...hours)).toBeLessThan(plan.until.getTime());
    // The daily publisher rollup counts the same events as the hourly one.
    const { rows: daily } = await sql<{ impressions: string; spend: string }>`SELECT
        sum(impressions)::text AS impressions, sum(spend_micros)::text AS spend FROM delivery_daily_publishers`.execute(
      ctx.db,
    );
    const hourly = await totals(ctx.db);
    expect(daily[0]?.impressions).toBe(hourly?.impressions);
    expect(daily[0]?.spend).toBe(hourly?.spend);
  });

  it('keeps every row consistent: clicks ≤ impressions ≤ wins ≤ bids, cost only with wins', () => {
    expect(first.length).toBeGreaterThan(0);
    for (const row of first) {
      expect(Number(row.clicks)).toBeLessThanOrEqual(Number(row.impressions));
      expect(Number(row.impressions)).toBeLessThanOrEqual(Number(row.wins));
      expect(Number(row.wins)).toBeLessThanOrEqual(Number(row.bids));
      if (Number(row.wins) === 0) expect(row.spend).toBe('0');
      expect(BigInt(String(row.media_cost))).toBeLessThanOrEqual(BigInt(String(row.spend)));
    }
  });

  it('stops spending at the daily budget, as the live bidder does', async () => {
    const { rows } = await sql<{ day: string; spend: string; hours: string }>`SELECT
        to_char(h.hour, 'YYYY-MM-DD') AS day, sum(h.spend_micros)::text AS spend,
        count(DISTINCT h.hour)::text AS hours
      FROM delivery_hourly h JOIN campaigns c ON c.id = h.campaign_id
      WHERE c.name = 'Always-On Prospecting' GROUP BY 1 ORDER BY 1`.execute(ctx.db);
    expect(rows.length).toBeGreaterThan(0);
    // At most the bid that reached it is spent beyond the budget.
    for (const row of rows) expect(BigInt(row.spend)).toBeLessThanOrEqual(DAILY_BUDGET + ONE_IMPRESSION);
    // The whole simulated day in the middle reaches it.
    const full = rows.find(
      (row) => row.day === new Date(plan.from.getTime() + 86_400_000).toISOString().slice(0, 10),
    );
    expect(BigInt(full?.spend ?? '0')).toBeGreaterThanOrEqual(DAILY_BUDGET);
  });

  it('attributes the measurement tool’s postbacks to the devices’ touches', async () => {
    const { rows } = await sql<{ conversions: string }>`SELECT
        coalesce(sum(conversions_1 + conversions_2), 0)::text AS conversions FROM delivery_hourly`.execute(
      ctx.db,
    );
    const stored = await ctx.db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(rows[0]?.conversions)).toBeGreaterThan(0);
    // Each postback is counted at most once (an impression-only device may fall outside the window).
    expect(Number(rows[0]?.conversions)).toBeLessThanOrEqual(Number(stored.count));
    // Conversions count only on the rows of the campaign that uses the tool.
    const { rows: elsewhere } = await sql<{ conversions: string }>`SELECT
        coalesce(sum(h.conversions_1 + h.conversions_2), 0)::text AS conversions
      FROM delivery_hourly h JOIN campaigns c ON c.id = h.campaign_id
      WHERE c.tracking_tool <> 'appsflyer'`.execute(ctx.db);
    expect(elsewhere[0]?.conversions).toBe('0');
  });

  it('is recorded as done with the figures of the rollups, and a second run adds nothing', async () => {
    const summary = await completedDemoHistory(ctx.db);
    const sums = await totals(ctx.db);
    expect(summary?.impressions).toBe(Number(sums?.impressions));
    expect(summary?.bids).toBe(Number(sums?.bids));
    expect(summary?.spend.USD).toBe(sums?.spend);
    expect(await pendingDemoHistory(ctx.db)).toBeUndefined();
    const again = await runDemoHistory({
      deps: ctx.app.deps,
      plan,
      clickRates: CLICK_RATES,
      conversionRates: CONVERSION_RATES,
    }).done;
    expect(again?.impressions).toBe(summary?.impressions);
    expect(await snapshot(ctx.db)).toEqual(first);
  });

  it('resumes a stopped run where it stopped, to the same history', async () => {
    const other = await startTestApp({ deliveryFlushMs: 0 });
    try {
      await prepare(other.db);
      await recordDemoHistoryPlan(other.db, plan);
      const options = {
        deps: other.app.deps,
        plan,
        clickRates: CLICK_RATES,
        conversionRates: CONVERSION_RATES,
      };
      expect(await runDemoHistory({ ...options, maxHours: 7 }).done).toBeUndefined();
      expect(await pendingDemoHistory(other.db)).toEqual(plan);
      const partial = await snapshot(other.db);
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(first.length);
      // Stopped in the middle of an hour: that hour is not written, and the next run plays it again.
      const stopped = runDemoHistory(options);
      await stopped.stop();
      expect(await stopped.done).toBeUndefined();
      expect(await snapshot(other.db)).toEqual(partial);
      expect(await pendingDemoHistory(other.db)).toEqual(plan);
      expect(await runDemoHistory(options).done).toBeDefined();
      expect(await snapshot(other.db)).toEqual(first);
    } finally {
      await other.close();
    }
  }, 300_000);
});

describe('the plan', () => {
  it('keeps the first plan of an installation', async () => {
    await recordDemoHistoryPlan(ctx.db, demoHistoryPlanAt(new Date(), { days: 5 }));
    expect(await completedDemoHistory(ctx.db)).toBeDefined();
    expect(await pendingDemoHistory(ctx.db)).toBeUndefined();
  });

  it('spans the days before the start of the hour, to the moment of the seed', () => {
    const now = new Date('2026-11-27T16:42:10Z');
    const made = demoHistoryPlanAt(now, { seed: 1 });
    expect(made.from.toISOString()).toBe('2026-10-28T16:00:00.000Z');
    expect(made.until).toEqual(now);
  });

  it('sends fewer requests at night than in the evening of the markets', () => {
    const night = requestsInHour(new Date('2026-11-27T03:00:00Z'), 300, ['ESP', 'GBR']);
    const evening = requestsInHour(new Date('2026-11-27T19:00:00Z'), 300, ['ESP', 'GBR']);
    expect(night).toBeLessThan(evening / 4);
    expect(evening).toBeLessThanOrEqual(300);
  });

  it('reads BEACON_DEMO_HISTORY', () => {
    expect(demoHistoryEnabled({})).toBe(true);
    expect(demoHistoryEnabled({ BEACON_DEMO_HISTORY: '1' })).toBe(true);
    expect(demoHistoryEnabled({ BEACON_DEMO_HISTORY: '0' })).toBe(false);
    expect(demoHistoryEnabled({ BEACON_DEMO_HISTORY: 'off' })).toBe(false);
    expect(() => demoHistoryEnabled({ BEACON_DEMO_HISTORY: 'sometimes' })).toThrow(/BEACON_DEMO_HISTORY/);
  });
});
