import { describe, expect, it } from 'vitest';
import { buildStrategy } from './engine.factories';
import {
  aheadRatio,
  type CampaignDay,
  DAY_MS,
  dayPlanOf,
  dayTargetsOf,
  MIN_PARTICIPATION,
  nextParticipation,
  Pacing,
  TrafficShape,
} from './pacing';
import type { CompiledBudget, CompiledStrategy } from './strategy-index';

const HOUR_MS = 3_600_000;
const DAY0 = Date.parse('2026-11-20T00:00:00Z');

const withBudget = (budget: Partial<CompiledBudget>): CompiledStrategy => {
  const base = buildStrategy();
  return buildStrategy({ budget: { ...base.budget, ...budget } });
};

/** A deterministic random in [0, 1). */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

describe('today’s targets', () => {
  it('are the daily budget, or what is left of a lifetime budget over the days left, bounded by a manual limit', () => {
    expect(
      dayTargetsOf(withBudget({ timespan: 'daily', campaignBudgetMicros: 50_000_000n }), 0n, '2026-11-20'),
    ).toEqual({ spend: 50_000_000n, impressions: null, clicks: null, isAsap: false });
    const lifetime = withBudget({
      timespan: 'lifetime',
      campaignBudgetMicros: 1_000_000_000n,
      campaignEndDay: '2026-11-29',
    });
    // 400 spent before today, 600 left over 10 days (today and the 29th included).
    expect(dayTargetsOf(lifetime, 400_000_000n, '2026-11-20').spend).toBe(60_000_000n);
    expect(dayTargetsOf(lifetime, 1_200_000_000n, '2026-11-20').spend).toBe(0n);
    expect(
      dayTargetsOf(
        { ...lifetime, budget: { ...lifetime.budget, dailyBudgetMicros: 20_000_000n } },
        0n,
        '2026-11-20',
      ).spend,
    ).toBe(20_000_000n);
    // No end date: no even spread (ASAP within the limits).
    expect(
      dayTargetsOf(withBudget({ timespan: 'lifetime', campaignEndDay: null }), 0n, '2026-11-20').spend,
    ).toBeNull();
    expect(
      dayTargetsOf(withBudget({ campaignEndDay: null, dailyImpressions: 5_000 }), 0n, '2026-11-20')
        .impressions,
    ).toBe(5_000);
  });
});

describe('the day’s plan by the max daily cost strategy and the daily limits (§9, decision 054)', () => {
  // $1,000 over 10 days (the 20th to the 29th), $400 spent before today: an even share of $60 a day.
  const lifetime = { timespan: 'lifetime', budgetMicros: 1_000_000_000n, endDay: '2026-11-29' } as const;
  const plan = (changes: Partial<Parameters<typeof dayPlanOf>[0]>) =>
    dayPlanOf({ ...lifetime, dailyBudgetMicros: null, ...changes }, 400_000_000n, '2026-11-20');

  it('automatic: the even share, within a manual limit', () => {
    expect(plan({ maxDailyCostStrategy: 'automatic' })).toEqual({
      target: 60_000_000n,
      limit: null,
      isAsap: false,
    });
    expect(plan({ maxDailyCostStrategy: 'automatic', dailyBudgetMicros: 20_000_000n })).toEqual({
      target: 20_000_000n,
      limit: 20_000_000n,
      isAsap: false,
    });
    // Null strategy and limit type (older campaigns): automatic and manual.
    expect(plan({ dailyBudgetMicros: 80_000_000n }).target).toBe(60_000_000n);
  });

  it('daily: the daily limit every day, evenly; the even share without a limit', () => {
    expect(plan({ maxDailyCostStrategy: 'daily', dailyBudgetMicros: 80_000_000n })).toEqual({
      target: 80_000_000n,
      limit: 80_000_000n,
      isAsap: false,
    });
    expect(plan({ maxDailyCostStrategy: 'daily' }).target).toBe(60_000_000n);
  });

  it('lifetime: as fast as the traffic allows, up to the day’s limit', () => {
    expect(plan({ maxDailyCostStrategy: 'lifetime', dailyBudgetMicros: 80_000_000n })).toEqual({
      target: 80_000_000n,
      limit: 80_000_000n,
      isAsap: true,
    });
    expect(plan({ maxDailyCostStrategy: 'lifetime' })).toEqual({ target: null, limit: null, isAsap: true });
  });

  it('auto daily limits: the even share is the limit, whatever the daily budget field holds', () => {
    expect(
      plan({ dailyLimitType: 'auto', dailyBudgetMicros: 5_000_000n, maxDailyCostStrategy: 'daily' }),
    ).toEqual({
      target: 60_000_000n,
      limit: 60_000_000n,
      isAsap: false,
    });
    expect(plan({ dailyLimitType: 'auto', maxDailyCostStrategy: 'lifetime' })).toEqual({
      target: 60_000_000n,
      limit: 60_000_000n,
      isAsap: true,
    });
  });

  it('a daily budget is its own limit', () => {
    expect(
      dayPlanOf(
        {
          timespan: 'daily',
          budgetMicros: 50_000_000n,
          dailyBudgetMicros: null,
          endDay: null,
          maxDailyCostStrategy: 'lifetime',
        },
        0n,
        '2026-11-20',
      ),
    ).toEqual({ target: 50_000_000n, limit: 50_000_000n, isAsap: true });
  });
});

describe('the traffic curve', () => {
  it('is flat until a whole previous day is known, then follows its hours', () => {
    const shape = new TrafficShape();
    expect(shape.shareBy(DAY0 + DAY_MS, DAY0 + DAY_MS + 6 * HOUR_MS)).toBeCloseTo(0.25);
    // Yesterday: 3 requests an hour from 0:00 to 11:59, 1 an hour after.
    for (let hour = 0; hour < 24; hour += 1) {
      for (let n = 0; n < (hour < 12 ? 3 : 1); n += 1) shape.noteRequest(DAY0 + hour * HOUR_MS + n);
    }
    expect(shape.shareBy(DAY0 + DAY_MS, DAY0 + DAY_MS + 12 * HOUR_MS)).toBeCloseTo(36 / 48);
    expect(shape.shareBy(DAY0 + DAY_MS, DAY0 + DAY_MS + 30 * 60_000)).toBeCloseTo(1.5 / 48);
    expect(shape.shareBy(DAY0 + DAY_MS, DAY0 + 3 * DAY_MS)).toBe(1);
  });
});

describe('the participation', () => {
  it('falls when ahead of the curve, rises when behind, stays within the band, and is whole without a target', () => {
    expect(nextParticipation(0.5, null)).toBe(1);
    expect(nextParticipation(0.5, 1.2)).toBeLessThan(0.5);
    expect(nextParticipation(0.5, 0.8)).toBeGreaterThan(0.5);
    expect(nextParticipation(0.5, 1.01)).toBe(0.5);
    expect(nextParticipation(MIN_PARTICIPATION, 100)).toBe(MIN_PARTICIPATION);
    expect(nextParticipation(0.9, 0.1)).toBe(1);
    expect(
      aheadRatio(
        { spend: 100n, impressions: 1_000, clicks: null },
        {
          spend: 30n,
          impressions: 600,
          clicks: 0,
          spentBeforeToday: 0n,
        },
        0.5,
      ),
    ).toBeCloseTo(1.2);
  });

  it('spreads a day’s budget over a simulated day with 10× the traffic it needs, along the traffic’s curve', () => {
    // A $100 daily budget; each auction it takes part in costs $0.002 (a $2 CPM win); the day offers about
    // 500,000 auctions, 10× the 50,000 it needs, more of them in the afternoon.
    const strategy = withBudget({ timespan: 'daily', campaignBudgetMicros: 100_000_000n });
    const shape = new TrafficShape();
    const perMinute = (minute: number) => (minute >= 12 * 60 && minute < 20 * 60 ? 600 : 230);
    // Yesterday had the same shape (the curve is learnt from it).
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      for (let n = 0; n < perMinute(minute) / 10; n += 1) shape.noteRequest(DAY0 + minute * 60_000);
    }
    let spend = 0n;
    const delivered = (): CampaignDay => ({ spend, impressions: 0, clicks: 0, spentBeforeToday: 0n });
    const pacing = new Pacing({ shape, delivered, random: seeded(7) });
    const hourly: bigint[] = Array.from({ length: 24 }, () => 0n);
    const dayStart = DAY0 + DAY_MS;
    let offered = 0;
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const count = perMinute(minute);
      for (let n = 0; n < count; n += 1) {
        const now = new Date(dayStart + minute * 60_000 + Math.floor((n * 60_000) / count));
        offered += 1;
        if (spend >= 100_000_000n || !pacing.participates(strategy, now)) continue;
        spend += 2_000n;
        hourly[Math.floor(minute / 60)] = (hourly[Math.floor(minute / 60)] ?? 0n) + 2_000n;
      }
    }
    expect(offered).toBeGreaterThan(10 * 50_000 * 0.9);
    expect(Number(spend)).toBeGreaterThanOrEqual(95_000_000);
    expect(Number(spend)).toBeLessThanOrEqual(100_000_000);
    // Each hour's spend against the curve's share of the target for that hour.
    const dayTotal = (24 * 60 - 8 * 60) * 230 + 8 * 60 * 600;
    const deviations = hourly.map((spent, hour) => {
      const expected = (100_000_000 * (60 * perMinute(hour * 60))) / dayTotal;
      return Math.abs(Number(spent) - expected) / expected;
    });
    // Every hour spends its share of the curve within 10 % (measured: within 1 %).
    expect(Math.max(...deviations)).toBeLessThan(0.1);
  });

  it('lets a campaign without a target bid on everything, and stops one whose day is done', () => {
    let spend = 0n;
    const pacing = new Pacing({
      shape: new TrafficShape(),
      delivered: () => ({ spend, impressions: 0, clicks: 0, spentBeforeToday: 0n }),
      random: seeded(3),
    });
    const asap = withBudget({ timespan: 'lifetime', campaignEndDay: null });
    const now = new Date(DAY0 + 10 * HOUR_MS);
    expect(pacing.participates(asap, now)).toBe(true);
    expect(pacing.reading(asap.campaignId)).toEqual({ participation: 1, ratio: null });
    const daily = buildStrategy({
      campaignId: '8',
      budget: { ...asap.budget, timespan: 'daily', campaignBudgetMicros: 1_000_000n },
    });
    spend = 1_000_000n;
    expect(pacing.participates(daily, now)).toBe(false);
    expect(pacing.reading('8')?.participation).toBe(0);
  });

  it('lets a campaign spending its limit as fast as it can bid on everything until the limit is met', () => {
    let spend = 0n;
    const pacing = new Pacing({
      shape: new TrafficShape(),
      delivered: () => ({ spend, impressions: 0, clicks: 0, spentBeforeToday: 0n }),
      random: seeded(5),
    });
    const asap = withBudget({
      timespan: 'daily',
      campaignBudgetMicros: 10_000_000n,
      maxDailyCostStrategy: 'lifetime',
    });
    // At 01:00 with half the day's budget spent, an even pace would hold back; ASAP does not.
    spend = 5_000_000n;
    expect(pacing.participates(asap, new Date(DAY0 + HOUR_MS))).toBe(true);
    expect(pacing.reading(asap.campaignId)?.participation).toBe(1);
    spend = 10_000_000n;
    expect(pacing.participates(asap, new Date(DAY0 + HOUR_MS + 10_000))).toBe(false);
  });
});
