import { describe, expect, it } from 'vitest';
import { GRID_FILTER_OPERATORS, VALUELESS_FILTER_OPERATORS } from '../dictionary/grid';
import type { TFilterItem } from './filters';
import { dropEmptyFilters, isEmptyFilterValue } from './filters';

describe('dropEmptyFilters', () => {
  it('drops filters whose value is empty', () => {
    const filters: TFilterItem[] = [
      { field: 'name', operator: 'contains', value: '' },
      { field: 'name', operator: 'starts', value: '   ' },
      { field: 'state', operator: 'any', value: [] },
      { field: 'budget', operator: 'gt', value: null },
      { field: 'budget', operator: 'lt' },
      { field: 'id', operator: 'is', value: 'c-1' },
    ];
    expect(dropEmptyFilters(filters)).toEqual([{ field: 'id', operator: 'is', value: 'c-1' }]);
  });

  it('keeps "is empty" and "is not empty" filters, which need no value', () => {
    const filters: TFilterItem[] = [
      { field: 'advertiser', operator: 'empty', value: '' },
      { field: 'advertiser', operator: 'notEmpty' },
    ];
    expect(dropEmptyFilters(filters)).toEqual(filters);
    expect(VALUELESS_FILTER_OPERATORS).toEqual(['empty', 'notEmpty']);
  });

  it("keeps an empty filter exactly for the dictionary's valueless operators", () => {
    const filters: TFilterItem[] = GRID_FILTER_OPERATORS.map((operator) => ({ field: 'name', operator }));
    expect(dropEmptyFilters(filters).map((filter) => filter.operator)).toEqual([
      ...VALUELESS_FILTER_OPERATORS,
    ]);
  });

  it('keeps zero, false and non-empty lists as values', () => {
    const filters: TFilterItem[] = [
      { field: 'budget', operator: 'gte', value: 0 },
      { field: 'test', operator: 'is', value: false },
      { field: 'state', operator: 'any', value: ['active'] },
    ];
    expect(dropEmptyFilters(filters)).toEqual(filters);
    expect(isEmptyFilterValue(Number.NaN)).toBe(true);
  });
});
