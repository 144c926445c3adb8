import { describe, expect, it } from 'vitest';
import { recentSince } from './delivery.queries';
import { expectedSpendToday, type PacingCampaign, todayPace, utcDayStart } from './pacing';

const NOON = new Date('2026-03-15T12:00:00.000Z');
const UNIT = 1_000_000n;

const LIFETIME: PacingCampaign = {
  state: 'active',
  budget_timespan: 'lifetime',
  budget: (1000n * UNIT).toString(),
  daily_budget: null,
  start_date: '2026-03-01',
  end_date: '2026-03-24',
  time_zone: 'UTC',
};
const DAILY: PacingCampaign = { ...LIFETIME, budget_timespan: 'daily', budget: 100n * UNIT };

describe('expected spend today (pacing)', () => {
  it('a daily budget: the budget × the fraction of the UTC day elapsed', () => {
    expect(expectedSpendToday(DAILY, 0n, NOON)).toBe(50n * UNIT);
    expect(expectedSpendToday(DAILY, 0n, new Date('2026-03-15T00:00:00.000Z'))).toBe(0n);
    expect(expectedSpendToday(DAILY, 0n, new Date('2026-03-15T06:00:00.000Z'))).toBe(25n * UNIT);
    // What was spent before today does not change a daily budget's expectation.
    expect(expectedSpendToday(DAILY, 999n * UNIT, NOON)).toBe(50n * UNIT);
  });

  it('a lifetime budget: what is left spread over the remaining days (today included), × the elapsed fraction', () => {
    // 10 days from the 15th to the 24th; 1000 − 200 = 800 left → 80 a day → 40 by noon.
    expect(expectedSpendToday(LIFETIME, 200n * UNIT, NOON)).toBe(40n * UNIT);
    // The last day: all that is left.
    expect(expectedSpendToday({ ...LIFETIME, end_date: '2026-03-15' }, 900n * UNIT, NOON)).toBe(50n * UNIT);
    // Overspent: nothing more is expected.
    expect(expectedSpendToday(LIFETIME, 1200n * UNIT, NOON)).toBe(0n);
    // Rounds down to the micro: 1 micro over 3 days.
    expect(expectedSpendToday({ ...LIFETIME, budget: 1n, end_date: '2026-03-17' }, 0n, NOON)).toBe(0n);
  });

  it('no expectation when the campaign does not run today or cannot be spread evenly', () => {
    expect(expectedSpendToday({ ...LIFETIME, end_date: null }, 0n, NOON)).toBeNull();
    expect(expectedSpendToday({ ...DAILY, end_date: null }, 0n, NOON)).toBe(50n * UNIT);
    expect(expectedSpendToday({ ...LIFETIME, state: 'inactive' }, 0n, NOON)).toBeNull();
    expect(expectedSpendToday({ ...LIFETIME, start_date: '2026-03-16' }, 0n, NOON)).toBeNull();
    expect(expectedSpendToday({ ...LIFETIME, end_date: '2026-03-14' }, 0n, NOON)).toBeNull();
    expect(expectedSpendToday({ ...LIFETIME, budget: null }, 0n, NOON)).toBeNull();
    expect(expectedSpendToday({ ...LIFETIME, budget_timespan: null }, 0n, NOON)).toBeNull();
    // Starting today or without dates, it runs.
    expect(expectedSpendToday({ ...DAILY, start_date: '2026-03-15' }, 0n, NOON)).toBe(50n * UNIT);
    expect(expectedSpendToday({ ...DAILY, start_date: null, end_date: null }, 0n, NOON)).toBe(50n * UNIT);
  });

  it('a manual daily limit bounds the target, and gives a lifetime budget without an end date one', () => {
    expect(expectedSpendToday({ ...LIFETIME, daily_budget: 20n * UNIT }, 200n * UNIT, NOON)).toBe(10n * UNIT);
    expect(expectedSpendToday({ ...LIFETIME, end_date: null, daily_budget: 30n * UNIT }, 0n, NOON)).toBe(
      15n * UNIT,
    );
  });

  it('today’s target, and today’s spend projected to midnight at today’s rate after the first hour', () => {
    expect(todayPace(DAILY, 0n, 20n * UNIT, NOON)).toEqual({
      target: 100n * UNIT,
      expected: 50n * UNIT,
      projected: 40n * UNIT,
    });
    expect(todayPace(DAILY, 0n, 1n * UNIT, new Date('2026-03-15T00:30:00.000Z'))?.projected).toBeNull();
    expect(todayPace({ ...LIFETIME, end_date: null }, 0n, 0n, NOON)).toBeNull();
  });

  it("today is the campaign's local day, from the UTC hour holding its midnight", () => {
    const tokyo = { ...DAILY, time_zone: 'Asia/Tokyo' };
    // 12:00 UTC is 21:00 in Tokyo: 21 of 24 hours elapsed.
    expect(expectedSpendToday(tokyo, 0n, NOON)).toBe(87_500_000n);
    // 15:00 UTC is Tokyo's midnight: a new day starts.
    expect(expectedSpendToday(tokyo, 0n, new Date('2026-03-15T15:00:00.000Z'))).toBe(0n);
    // Ended on the 15th in Tokyo, it no longer runs on the 16th there while it is still the 15th in UTC.
    const ended = { ...tokyo, end_date: '2026-03-15' };
    expect(expectedSpendToday(ended, 0n, new Date('2026-03-15T16:00:00.000Z'))).toBeNull();
    expect(
      expectedSpendToday({ ...ended, time_zone: 'UTC' }, 0n, new Date('2026-03-15T16:00:00.000Z')),
    ).not.toBeNull();
    // Asia/Kolkata (UTC+05:30): its day is counted from 18:00 UTC, the hour holding its 18:30 midnight.
    const kolkata = { ...DAILY, time_zone: 'Asia/Kolkata' };
    expect(expectedSpendToday(kolkata, 0n, new Date('2026-03-14T18:30:00.000Z'))).toBe(2_083_333n);
    // Its last half hour (18:00–18:30 UTC) counts a whole day elapsed.
    expect(expectedSpendToday(kolkata, 0n, new Date('2026-03-14T18:10:00.000Z'))).toBe(100n * UNIT);
    expect(expectedSpendToday(kolkata, 0n, new Date('2026-03-15T06:00:00.000Z'))).toBe(50n * UNIT);
  });

  it('days and recent hours are UTC', () => {
    expect(utcDayStart(new Date('2026-03-15T23:59:59.999Z')).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    // The current hour and the three before it.
    expect(recentSince(new Date('2026-03-15T12:34:56.000Z')).toISOString()).toBe('2026-03-15T09:00:00.000Z');
    expect(recentSince(new Date('2026-03-15T01:00:00.000Z')).toISOString()).toBe('2026-03-14T22:00:00.000Z');
  });
});
