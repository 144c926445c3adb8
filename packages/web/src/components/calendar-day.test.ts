import { describe, expect, it } from 'vitest';
import { calendarDayOf } from './calendar-day';

const parts = (date: Date | null) => date && [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('the calendar day of a date field', () => {
  it('is the local midnight of the day typed, whatever the time zone', () => {
    const date = calendarDayOf('2026-03-29');
    expect(parts(date)).toEqual([2026, 3, 29]);
    expect([date?.getHours(), date?.getMinutes()]).toEqual([0, 0]);
    expect(parts(calendarDayOf('2028-02-29'))).toEqual([2028, 2, 29]);
  });

  it('keeps years before 100 as typed', () => {
    expect(parts(calendarDayOf('0050-01-31'))).toEqual([50, 1, 31]);
  });

  it('is null for text that is not a day that exists', () => {
    for (const text of [
      '',
      '2026-1',
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-00-10',
      '26-01-01',
      'x',
    ]) {
      expect(calendarDayOf(text)).toBeNull();
    }
  });
});
