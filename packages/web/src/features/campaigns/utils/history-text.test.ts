import { describe, expect, it } from 'vitest';
import { historyValueText, historyWords, meaningfulChanges, personText } from './history-text';

describe('history texts', () => {
  it('names a person with the username, and the system when nobody', () => {
    expect(personText({ id: 1, name: 'Olga Owner', username: 'owner' })).toBe('Olga Owner (owner)');
    expect(personText(null)).toBe('the system');
  });

  it('reads values of any shape in one line', () => {
    expect(historyValueText(null)).toBe('(empty)');
    expect(historyValueText([])).toBe('(none)');
    expect(historyValueText(['ESP', 'FRA'])).toBe('ESP, FRA');
    expect(historyValueText({ preset: 'all' })).toBe('{"preset":"all"}');
    expect(historyValueText(12)).toBe('12');
  });

  it('leaves out changes from nothing to nothing, and reads names as words', () => {
    expect(
      meaningfulChanges([
        { field: 'cpc_target', from: null, to: null },
        { field: 'video_positions', from: [], to: [] },
        { field: 'budget', from: null, to: '5000' },
      ]).map((change) => change.field),
    ).toEqual(['budget']);
    expect(historyWords('start_date_budget_reset')).toBe('start date budget reset');
  });
});
