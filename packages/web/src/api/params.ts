/**
 * Query-string serialisation of §7 (docs/decisions/008-list-queries.md): empty values are dropped, arrays are joined by commas and
 * filter objects become `field[operator]=value`. Pure, so it is unit-tested without a browser.
 */
import {
  type GridFilterOperator,
  isGridFilterOperator,
  isValuelessFilterOperator,
} from '@beacon/domain/dictionary/grid';
import { isEmptyFilterValue } from '@beacon/domain/validation/filters';

export type ScalarParam = string | number | boolean | Date;
export type ListParam = readonly ScalarParam[];
export type FilterParam = {
  readonly [operator in GridFilterOperator]?: ScalarParam | ListParam | null | undefined;
};
export type ParamValue = ScalarParam | ListParam | FilterParam | null | undefined;
export type QueryParams = { readonly [key: string]: ParamValue };

const scalarText = (value: ScalarParam): string =>
  value instanceof Date ? value.toISOString() : String(value);

const isListParam = (value: ParamValue): value is ListParam => Array.isArray(value);

const isFilterParam = (value: ParamValue): value is FilterParam =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** A value's wire text, or undefined when it is empty (blank text, NaN, empty list, null). */
const valueText = (value: ScalarParam | ListParam | null | undefined): string | undefined => {
  if (value === null || value === undefined) return undefined;
  if (isListParam(value)) {
    const items = value.filter((item) => !isEmptyFilterValue(item)).map(scalarText);
    return items.length === 0 ? undefined : items.join(',');
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (isEmptyFilterValue(value)) return undefined;
  return typeof value === 'string' ? value.trim() : scalarText(value);
};

const encode = (text: string): string => encodeURIComponent(text);

/** `field[operator]=value` pairs; an empty value is kept only for the valueless operators (§5). */
const filterPairs = (key: string, filter: FilterParam): string[] =>
  Object.entries(filter).flatMap(([operator, value]) => {
    if (!isGridFilterOperator(operator))
      throw new Error(`Unknown filter operator "${operator}" for "${key}"`);
    const name = `${encode(key)}[${operator}]`;
    if (isValuelessFilterOperator(operator)) return [`${name}=`];
    const text = isFilterParam(value) ? undefined : valueText(value);
    return text === undefined ? [] : [`${name}=${encode(text)}`];
  });

/** The query string (without '?') of a set of params; '' when nothing is left. */
export const serializeParams = (params: QueryParams = {}): string =>
  Object.entries(params)
    .flatMap(([key, value]) => {
      if (isFilterParam(value)) return filterPairs(key, value);
      const text = valueText(value);
      return text === undefined ? [] : [`${encode(key)}=${encode(text)}`];
    })
    .join('&');

/** Appends params to a path, keeping a query string it may already carry. */
export const withParams = (path: string, params: QueryParams = {}): string => {
  const query = serializeParams(params);
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
};
