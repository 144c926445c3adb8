import { describe, expect, it } from 'vitest';
import { localDayStart } from './local-day';

const startOf = (now: string, zone: string) => {
  const local = localDayStart(new Date(now), zone);
  return { day: local.day, start: local.start.toISOString() };
};

describe('localDayStart', () => {
  it('is the UTC midnight in UTC', () => {
    expect(startOf('2026-11-27T16:20:00Z', 'UTC')).toEqual({
      day: '2026-11-27',
      start: '2026-11-27T00:00:00.000Z',
    });
  });

  it('starts a Tokyo day at 15:00 UTC of the day before', () => {
    expect(startOf('2026-11-27T16:20:00Z', 'Asia/Tokyo')).toEqual({
      day: '2026-11-28',
      start: '2026-11-27T15:00:00.000Z',
    });
    expect(startOf('2026-11-27T14:59:00Z', 'Asia/Tokyo')).toEqual({
      day: '2026-11-27',
      start: '2026-11-26T15:00:00.000Z',
    });
  });

  it('starts a New York day at 05:00 UTC in winter and 04:00 UTC in summer', () => {
    expect(startOf('2026-11-27T16:20:00Z', 'America/New_York').start).toBe('2026-11-27T05:00:00.000Z');
    expect(startOf('2026-07-01T16:20:00Z', 'America/New_York').start).toBe('2026-07-01T04:00:00.000Z');
  });

  it('rounds a half-hour offset to the UTC hour holding the local midnight', () => {
    // Asia/Kolkata is UTC+05:30: its midnight is 18:30 UTC, counted from 18:00.
    expect(startOf('2026-11-27T10:00:00Z', 'Asia/Kolkata')).toEqual({
      day: '2026-11-27',
      start: '2026-11-26T18:00:00.000Z',
    });
  });

  it('finds the midnight on a day the clock moves', () => {
    // Europe/Madrid moves from 02:00 to 03:00 on 2026-03-29: the day starts at 23:00 UTC the day before.
    expect(startOf('2026-03-29T20:00:00Z', 'Europe/Madrid').start).toBe('2026-03-28T23:00:00.000Z');
    // and back from 03:00 to 02:00 on 2026-10-25: that day starts at 22:00 UTC the day before.
    expect(startOf('2026-10-25T20:00:00Z', 'Europe/Madrid').start).toBe('2026-10-24T22:00:00.000Z');
  });

  it('answers UTC for an unknown zone', () => {
    expect(startOf('2026-11-27T16:20:00Z', 'Mars/Olympus').start).toBe('2026-11-27T00:00:00.000Z');
  });
});
