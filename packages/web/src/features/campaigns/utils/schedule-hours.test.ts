import { describe, expect, it } from 'vitest';
import { describeRanges, hoursOfRanges, rangesOfHours } from './schedule-hours';

describe('schedule hours', () => {
  it('turns contiguous hours into ranges ending at 24:00 for the last hour', () => {
    expect(rangesOfHours([8, 9, 10, 20, 23, 22])).toEqual([
      { from: '08:00', to: '11:00' },
      { from: '20:00', to: '21:00' },
      { from: '22:00', to: '24:00' },
    ]);
    expect(rangesOfHours([])).toEqual([]);
  });

  it('reads the hours a range covers, partial hours included', () => {
    expect(hoursOfRanges([{ from: '00:00', to: '24:00' }])).toHaveLength(24);
    expect(hoursOfRanges([{ from: '08:00', to: '18:00' }])).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(hoursOfRanges([{ from: '08:30', to: '09:15' }])).toEqual([8, 9]);
  });

  it('round-trips whole-hour ranges', () => {
    const ranges = [
      { from: '00:00', to: '06:00' },
      { from: '18:00', to: '24:00' },
    ];
    expect(rangesOfHours(hoursOfRanges(ranges))).toEqual(ranges);
  });

  it('describes ranges', () => {
    expect(describeRanges([])).toBe('no hours');
    expect(describeRanges([{ from: '08:00', to: '18:00' }])).toBe('08:00–18:00');
  });
});
