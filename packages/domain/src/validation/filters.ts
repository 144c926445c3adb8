/**
 * Grid filter rule of spec §5: a filter with an empty value is dropped, unless its operator takes no value
 * ("is empty" or "is not empty", API spellings `empty` and `notEmpty`: the dictionary's
 * VALUELESS_FILTER_OPERATORS).
 */
import type { GridFilterOperator } from '../dictionary/grid';
import { isValuelessFilterOperator } from '../dictionary/grid';

export type TFilterItem = {
  readonly field: string;
  readonly operator: GridFilterOperator;
  readonly value?: unknown;
};

/** Empty: missing, null, blank text, NaN or an empty list. Zero and false are values. */
export const isEmptyFilterValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value)) ||
  (Array.isArray(value) && value.length === 0);

export const dropEmptyFilters = <TFilter extends TFilterItem>(filters: readonly TFilter[]): TFilter[] =>
  filters.filter((filter) => isValuelessFilterOperator(filter.operator) || !isEmptyFilterValue(filter.value));
