import { deliveryStatus } from '@beacon/domain/campaigns/delivery-status';
import type { CampaignState } from '@beacon/domain/dictionary/campaigns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { campaignStatus } from './campaign-status';
import { campaignStatusSql, deliveryStatusSql } from './campaign-status.sql';

/**
 * The delivery status and the status the campaign list computes in SQL must be the ones the domain computes
 * for one campaign (decision 014). Every case is evaluated both ways, on the test's own database.
 */

const TODAY = '2026-06-15';
const STATES: CampaignState[] = ['preview', 'inactive', 'active', 'deleted', 'imported'];
const DATES: { start: string | null; end: string | null }[] = [
  { start: null, end: null },
  { start: '2026-06-01', end: null },
  { start: '2026-06-01', end: '2026-06-14' },
  { start: '2026-06-01', end: '2026-06-15' },
  { start: '2026-06-16', end: '2026-07-01' },
  { start: '2026-06-15', end: '2026-06-30' },
];
const STRATEGIES = [
  { total: 0, bidding: 0 },
  { total: 2, bidding: 0 },
  { total: 3, bidding: 1 },
];
const CREATIVES = [
  null,
  { total: 0, active: 0, paused: 0, pending: 0 },
  { total: 2, active: 0, paused: 2, pending: 0 },
  { total: 3, active: 0, paused: 1, pending: 2 },
  { total: 2, active: 0, paused: 0, pending: 0 },
  { total: 4, active: 1, paused: 2, pending: 1 },
];
const DELIVERY = [
  null,
  { bidding: false, winning: false },
  { bidding: true, winning: false },
  { bidding: true, winning: true },
];

type Case = {
  state: CampaignState;
  start: string | null;
  end: string | null;
  strategies: { total: number; bidding: number };
  creatives: (typeof CREATIVES)[number];
  delivery: (typeof DELIVERY)[number];
};

const CASES: Case[] = STATES.flatMap((state) =>
  DATES.flatMap(({ start, end }) =>
    STRATEGIES.flatMap((strategies) =>
      CREATIVES.flatMap((creatives) =>
        DELIVERY.map((delivery) => ({ state, start, end, strategies, creatives, delivery })),
      ),
    ),
  ),
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const day = (value: string | null) => (value === null ? sql`NULL::date` : sql`${value}::date`);

const evaluate = async (cases: Case[]): Promise<{ delivery: string; status: string }[]> => {
  const rows = cases.map((item) => {
    const delivery = deliveryStatusSql({
      state: sql`${item.state}::text`,
      startDate: day(item.start),
      endDate: day(item.end),
      today: TODAY,
      strategiesBidding: sql`${item.strategies.bidding}::int`,
      ...(item.creatives
        ? {
            creatives: {
              total: sql`${item.creatives.total}::int`,
              active: sql`${item.creatives.active}::int`,
              paused: sql`${item.creatives.paused}::int`,
              pending: sql`${item.creatives.pending}::int`,
            },
          }
        : {}),
      ...(item.delivery
        ? {
            delivery: {
              bidding: sql`${item.delivery.bidding}::boolean`,
              winning: sql`${item.delivery.winning}::boolean`,
            },
          }
        : {}),
    });
    const status = campaignStatusSql({
      state: sql`${item.state}::text`,
      endDate: day(item.end),
      today: TODAY,
    });
    return sql`(${delivery}, ${status})`;
  });
  const result = await sql<{ delivery: string; status: string }>`
    SELECT column1 AS delivery, column2 AS status FROM (VALUES ${sql.join(rows)}) AS v
  `.execute(database.db);
  return result.rows;
};

describe('delivery status and status: SQL and domain agree', () => {
  it(`over ${CASES.length} cases of state, dates, strategies, creatives and delivery`, async () => {
    const seen = new Set<string>();
    // In chunks, so that no statement carries too many parameters.
    for (let index = 0; index < CASES.length; index += 200) {
      const chunk = CASES.slice(index, index + 200);
      const answers = await evaluate(chunk);
      chunk.forEach((item, offset) => {
        const expected = deliveryStatus({
          state: item.state,
          start_date: item.start,
          end_date: item.end,
          today: TODAY,
          strategies: item.strategies,
          creatives: item.creatives,
          delivery: item.delivery,
        }).status;
        expect(answers[offset]?.delivery, JSON.stringify(item)).toBe(expected);
        expect(answers[offset]?.status, JSON.stringify(item)).toBe(
          campaignStatus({ state: item.state, end_date: item.end, today: TODAY }),
        );
        seen.add(expected);
      });
    }
    // The table reaches every delivery status, so no branch of either side goes untested.
    expect([...seen].sort()).toEqual(
      [
        'draft',
        'ended',
        'stopped',
        'no_creatives',
        'paused_strategies',
        'paused_creatives',
        'pending_approval',
        'not_bidding',
        'not_winning',
        'on_track',
      ].sort(),
    );
  });

  it('gives the second status family of §3', () => {
    const status = (state: CampaignState, end: string | null) =>
      campaignStatus({ state, end_date: end, today: TODAY });
    expect(status('deleted', '2026-01-01')).toBe('deleted');
    expect(status('active', '2026-06-14')).toBe('closed');
    expect(status('active', '2026-06-15')).toBe('active');
    expect(status('preview', null)).toBe('incomplete');
    expect(status('inactive', null)).toBe('pending');
    expect(status('imported', null)).toBe('pending');
  });
});
