import { describe, expect, it } from 'vitest';
import { PRICE_MODELS } from '../dictionary/campaigns';
import { GOAL_EVENTS, goalEventOf } from './goals';

describe('goalEventOf (decision 051)', () => {
  it('counts the event of each price model, none for cpm', () => {
    expect(Object.fromEntries(PRICE_MODELS.map((model) => [model, goalEventOf(model, null)]))).toEqual({
      cpm: null,
      cpc: 'clicks',
      ctr: 'clicks',
      cpa1: 'conversions_1',
      cpa2: 'conversions_2',
      cpa3: 'conversions_3',
      cpa4: 'conversions_4',
      cpa5: 'conversions_5',
      cpvcomplete: 'video_completes',
      cpvstart: 'video_starts',
      ipm: 'conversions_1',
    });
    expect(goalEventOf(null, 'all_events')).toBeNull();
  });

  it('counts the optimised events of a CPA goal, and only of a CPA goal', () => {
    expect(goalEventOf('cpa2', 'all_events')).toBe('conversions_all');
    expect(goalEventOf('cpa2', 'event4')).toBe('conversions_4');
    expect(goalEventOf('cpa2', 'not_optimizing')).toBe('conversions_2');
    expect(goalEventOf('cpc', 'event4')).toBe('clicks');
    expect(goalEventOf('ipm', 'all_events')).toBe('conversions_1');
    expect(goalEventOf('cpm', 'event1')).toBeNull();
  });

  it('answers only events of GOAL_EVENTS', () => {
    for (const model of PRICE_MODELS) {
      const event = goalEventOf(model, 'event5');
      if (event !== null) expect(GOAL_EVENTS).toContain(event);
    }
  });
});
