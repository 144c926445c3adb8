import { describe, expect, it } from 'vitest';
import {
  bulkTargets,
  campaignsText,
  ctrText,
  downloadParams,
  EMPTY_SELECTION,
  moneyText,
  pacingText,
  selectedRowIds,
  strategiesText,
} from './campaign-list';

describe('downloadParams', () => {
  it('keeps search, sort and filters and drops the paging', () => {
    expect(
      downloadParams({
        page: 3,
        limit: 32,
        search: 'spring',
        sort: { field: 'name', direction: 'desc' },
        filters: [{ field: 'state', operator: 'any', value: ['active', 'inactive'] }],
      }),
    ).toEqual({ search: 'spring', sort: '-name', state: { any: ['active', 'inactive'] } });
  });
});

describe('selectedRowIds', () => {
  it('reads an include model as it is and an exclude model against the rows on screen', () => {
    expect(selectedRowIds(EMPTY_SELECTION, [1, 2])).toEqual([]);
    expect(selectedRowIds({ type: 'include', ids: new Set([2]) }, [1, 2, 3])).toEqual([2]);
    expect(selectedRowIds({ type: 'exclude', ids: new Set([2]) }, [1, 2, 3])).toEqual([1, 3]);
  });
});

describe('bulkTargets', () => {
  const rows = [
    { id: 1, state: 'active' },
    { id: 2, state: 'inactive' },
    { id: 3, state: 'preview' },
    { id: 4, state: 'deleted' },
    { id: 5, state: 'imported' },
  ] as const;
  const ids = (action: Parameters<typeof bulkTargets>[1]) => bulkTargets(rows, action).map((row) => row.id);

  it('activates what is not running, pauses what runs, deletes what is not deleted', () => {
    expect(ids('activate')).toEqual([2, 3, 5]);
    expect(ids('pause')).toEqual([1]);
    expect(ids('delete')).toEqual([1, 2, 3, 5]);
  });
});

describe('texts', () => {
  it('counts campaigns in words', () => {
    expect(campaignsText(1)).toBe('1 campaign');
    expect(campaignsText(4)).toBe('4 campaigns');
  });

  it('shows money in the campaign currency with the session decimal mark, and nothing without an amount', () => {
    expect(moneyText('1500.5', { currency: 'eur' }, ',')).toMatch(/1\.500,50/);
    expect(moneyText('1500.5', { currency: 'usd' }, '.')).toBe('$1,500.50');
    expect(moneyText(null, { currency: 'usd' }, '.')).toBe('');
  });

  it('shows the CTR as a percentage and today’s spend against the pacing’s expectation', () => {
    expect(ctrText(15 / 1600, '.')).toBe('0.94%');
    expect(ctrText(0.5, ',')).toBe('50,00%');
    expect(ctrText(null, '.')).toBe('—');
    const row = { currency: 'usd', spend_today: '1.25', expected_spend_today: '49.9' } as const;
    expect(pacingText(row, '.')).toBe('$1.25 of $49.90');
    expect(pacingText({ ...row, expected_spend_today: null }, '.')).toBe('$1.25');
  });

  it('says how many strategies bid when some are paused', () => {
    expect(strategiesText({ strategies_count: 0, strategies_bidding: 0 })).toBe('0');
    expect(strategiesText({ strategies_count: 3, strategies_bidding: 3 })).toBe('3');
    expect(strategiesText({ strategies_count: 3, strategies_bidding: 1 })).toBe('3 · 1 bidding');
  });
});
