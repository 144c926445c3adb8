import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { type DeliveryCounts, insertDelivery } from '../test/factories';
import { createTestClock } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { goalCounts } from './engine.factories';
import {
  GoalRates,
  goalRateSnapshotOf,
  LEARNING_WINDOW_DAYS,
  learningSince,
  placementOf,
  readGoalCounts,
} from './goal-rates';
import { NOTHING_LEARNT } from './price';

/** The learnt goal rates read from the rollups (decision 051), through the real database. */

const NOW = new Date('2026-11-27T15:30:00Z');
const DAY_MS = 86_400_000;

let testDb: TestDatabase;
let db: Db;

/** Delivery of a strategy of campaign 7, in both rollups as the counters' flush writes them. */
const delivered = (
  strategyId: string,
  at: Date,
  counts: DeliveryCounts,
  where: { publisher?: string; bundle?: string; exchange?: string } = {},
) =>
  insertDelivery(db, {
    at,
    organizationId: '3',
    campaignId: '7',
    strategyId,
    exchangeId: where.exchange ?? '1',
    ...(where.publisher === undefined ? {} : { publisher: where.publisher }),
    ...(where.bundle === undefined ? {} : { bundle: where.bundle }),
    counts,
  });

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
  // Strategy 11: an app on two exchanges, a site, the same site's app bundle, and one row with no placement.
  await delivered(
    '11',
    daysAgo(0),
    { impressions: 1000, clicks: 5, conversions_1: 2 },
    { bundle: 'com.game', publisher: 'p1' },
  );
  await delivered(
    '11',
    daysAgo(3),
    { impressions: 500, clicks: 1, conversions_3: 1 },
    { bundle: 'com.game', exchange: '2' },
  );
  await delivered('11', daysAgo(1), { impressions: 300, clicks: 3 }, { publisher: 'news.example' });
  await delivered('11', daysAgo(2), { impressions: 50 }, {});
  // Outside the window: not learnt.
  await delivered(
    '11',
    daysAgo(LEARNING_WINDOW_DAYS),
    { impressions: 9000, clicks: 900 },
    { publisher: 'old' },
  );
  // Strategy 12: video, three placements.
  for (const [publisher, impressions] of [
    ['a', 100],
    ['b', 300],
    ['c', 200],
  ] as const) {
    await delivered(
      '12',
      daysAgo(0),
      { impressions, video_starts: impressions, video_completes: impressions / 2 },
      { publisher },
    );
  }
  // Strategy 13: bids only.
  await delivered('13', daysAgo(0), {}, { publisher: 'x' });
});
afterAll(async () => {
  await testDb?.destroy();
});

describe('readGoalCounts', () => {
  it('sums each strategy over the last 30 days, overall and per placement (app bundle, else publisher)', async () => {
    const counts = await readGoalCounts(db, { now: NOW });
    expect(learningSince(NOW)).toBe('2026-10-29');
    expect([...counts.keys()].sort()).toEqual(['11', '12']);
    const eleven = counts.get('11');
    expect(eleven?.overall).toEqual(
      goalCounts({ impressions: 1850, clicks: 9, conversions: { 1: 2, 3: 1 } }),
    );
    expect([...(eleven?.placements.keys() ?? [])]).toEqual(['com.game', 'news.example']);
    expect(eleven?.placements.get('com.game')).toEqual(
      goalCounts({ impressions: 1500, clicks: 6, conversions: { 1: 2, 3: 1 } }),
    );
    expect(counts.get('12')?.placements.get('b')).toEqual(
      goalCounts({ impressions: 300, videoStarts: 300, videoCompletes: 150 }),
    );
  });

  it('keeps the placements with most impressions, per strategy and in all, and only the strategies asked', async () => {
    const top = await readGoalCounts(db, { now: NOW, placementsPerStrategy: 2 });
    expect([...(top.get('12')?.placements.keys() ?? [])]).toEqual(['b', 'c']);
    const bounded = await readGoalCounts(db, { now: NOW, maxPlacements: 2 });
    expect([...(bounded.get('12')?.placements.keys() ?? [])]).toEqual([]);
    expect([...(bounded.get('11')?.placements.keys() ?? [])]).toEqual(['com.game', 'news.example']);
    const only = await readGoalCounts(db, { now: NOW, strategyIds: ['12'] });
    expect([...only.keys()]).toEqual(['12']);
    expect(await readGoalCounts(db, { now: NOW, strategyIds: [] })).toEqual(new Map());
  });
});

describe('the snapshot the bidder reads', () => {
  it('answers a strategy’s counts overall and at a placement, nothing for a strategy never delivered', async () => {
    const snapshot = goalRateSnapshotOf(await readGoalCounts(db, { now: NOW }));
    expect(snapshot.learnt('99', 'com.game')).toBe(NOTHING_LEARNT);
    const here = snapshot.learnt('11', placementOf({ publisher: 'p1', bundle: 'com.game' }));
    expect(here.placement?.impressions).toBe(1500);
    expect(here.strategy?.impressions).toBe(1850);
    expect(snapshot.learnt('11', 'elsewhere')).toEqual({ strategy: here.strategy });
    expect(snapshot.learnt('11', '')).toEqual({ strategy: here.strategy });
  });

  it('knows nothing until a read succeeds, and keeps the last read when one fails', async () => {
    const errors: unknown[] = [];
    const rates = new GoalRates({ db, clock: createTestClock(NOW), onError: (error) => errors.push(error) });
    expect(rates.snapshot().learnt('11', '')).toBe(NOTHING_LEARNT);
    expect(await rates.refresh()).toBe(true);
    expect(rates.snapshot().learnt('11', '').strategy?.impressions).toBe(1850);
    await sql`ALTER TABLE delivery_hourly RENAME TO delivery_hourly_away`.execute(db);
    try {
      expect(await rates.refresh()).toBe(false);
    } finally {
      await sql`ALTER TABLE delivery_hourly_away RENAME TO delivery_hourly`.execute(db);
    }
    expect(errors).toHaveLength(1);
    expect(rates.snapshot().learnt('11', '').strategy?.impressions).toBe(1850);

    const never = new GoalRates({ db, clock: createTestClock(NOW) });
    await sql`ALTER TABLE delivery_hourly RENAME TO delivery_hourly_away`.execute(db);
    try {
      expect(await never.refresh()).toBe(false);
    } finally {
      await sql`ALTER TABLE delivery_hourly_away RENAME TO delivery_hourly`.execute(db);
    }
    expect(never.snapshot().learnt('11', '')).toBe(NOTHING_LEARNT);
  });
});
