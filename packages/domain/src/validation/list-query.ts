/**
 * List query parameters (decision 008: `page`, `limit`, `search`, `sort`, `field[operator]=value`), parsed
 * against what one list offers. The server answers its problems as a 400 and the console reads its own URL
 * with the same rules, so both agree on what a list query means. Pure: no I/O, no Zod, no DOM.
 */
import {
  DEFAULT_FILTER_PAGE,
  GRID_PAGE_SIZE,
  MAX_LIST_LIMIT,
  MAX_LIST_SEARCH_LENGTH,
} from '../dictionary/constants';
import {
  type FilterFieldType,
  type GridFilterOperator,
  isGridFilterOperator,
  isOperatorOfFieldType,
  isValuelessFilterOperator,
  type SortDirection,
} from '../dictionary/grid';
import { dropEmptyFilters } from './filters';
import { INVALID_FORMAT_MESSAGE, maxLengthMessage, maxValueMessage, minValueMessage } from './messages';

type ListFieldOptions = {
  /** Defaults to true: a field a list declares can be sorted unless it says otherwise. */
  readonly sortable?: boolean;
  /** Defaults to true. */
  readonly filterable?: boolean;
};

/** One field of a list: its type decides its operators (OPERATORS_BY_FIELD_TYPE); an enum names its values. */
export type ListFieldSpec =
  | (ListFieldOptions & { readonly type: Exclude<FilterFieldType, 'enum'> })
  | (ListFieldOptions & { readonly type: 'enum'; readonly values: readonly string[] });

export type ListSpec = {
  readonly fields: Readonly<Record<string, ListFieldSpec>>;
  /** The order when the caller sends no `sort`: `field` or `-field`, a sortable field. */
  readonly defaultSort?: string;
  /** Whether `search` is accepted (the server then searches its search columns). Defaults to false. */
  readonly searchable?: boolean;
};

export type ListScalar = string | number | boolean;
/**
 * A converted filter value: text and enum values stay strings, numbers are finite numbers, booleans are
 * booleans, a date is a day (`YYYY-MM-DD`) or an instant (ISO 8601 in UTC, `…T…Z`). `any` holds a list and
 * the valueless operators hold null.
 */
export type ListFilterValue = ListScalar | readonly ListScalar[] | null;
export type ListFilter = {
  readonly field: string;
  readonly operator: GridFilterOperator;
  readonly value: ListFilterValue;
};
export type ListSort = { readonly field: string; readonly direction: SortDirection };

export type ListQuery = {
  /** 1-based (DEFAULT_FILTER_PAGE). */
  readonly page: number;
  readonly limit: number;
  readonly search?: string;
  readonly sort?: ListSort;
  readonly filters: readonly ListFilter[];
};

export type ListQueryDetail = { readonly path: string; readonly message: string };
export type ListQueryResult =
  | { readonly ok: true; readonly query: ListQuery }
  | { readonly ok: false; readonly details: ListQueryDetail[] };

/** A parsed query string: a repeated parameter arrives as a list. */
export type RawListParams = Readonly<Record<string, string | readonly string[] | undefined>>;

export const LIST_PAGE_PARAM = 'page';
export const LIST_LIMIT_PARAM = 'limit';
export const LIST_SEARCH_PARAM = 'search';
export const LIST_SORT_PARAM = 'sort';
/** The parameter names that are not filters; a list field must not be named like them. */
export const LIST_RESERVED_PARAMS = [LIST_PAGE_PARAM, LIST_LIMIT_PARAM, LIST_SEARCH_PARAM, LIST_SORT_PARAM];

/** The last page whose offset stays an exact integer at the largest limit. */
export const MAX_LIST_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_LIST_LIMIT);

// Messages that §5 does not word: clear sentences naming what was sent.
export const unknownParameterMessage = (name: string): string => `Unknown parameter "${name}"`;
export const repeatedParameterMessage = (name: string): string =>
  `The parameter "${name}" must be given only once`;
export const unknownSortFieldMessage = (field: string): string => `Unknown sort field "${field}"`;
export const unsortableFieldMessage = (field: string): string => `The field "${field}" cannot be sorted`;
export const unknownFilterFieldMessage = (field: string): string => `Unknown filter field "${field}"`;
export const unfilterableFieldMessage = (field: string): string => `The field "${field}" cannot be filtered`;
export const unknownOperatorMessage = (operator: string): string => `Unknown filter operator "${operator}"`;
export const operatorNotApplicableMessage = (
  operator: string,
  field: string,
  type: FilterFieldType,
): string => `The operator "${operator}" does not apply to ${field} (a ${type} field)`;
export const valuelessOperatorMessage = (operator: string): string =>
  `The operator "${operator}" takes no value`;
export const enumValueMessage = (value: string, values: readonly string[]): string =>
  `The value "${value}" is not one of: ${values.join(', ')}`;

/** `field[operator]`: neither part may hold a bracket. */
const FILTER_KEY = /^([^[\]]+)\[([^[\]]+)\]$/;
const INTEGER = /^\d+$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO 8601 date and time; without an offset it is read as UTC. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(z|[+-]\d{2}:?\d{2})?$/i;

type Converted = { ok: true; value: ListScalar } | { ok: false; message: string };

const fail = (message: string): Converted => ({ ok: false, message });

const isRealDay = (text: string): boolean => {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const convertDate = (text: string): Converted => {
  if (isRealDay(text)) return { ok: true, value: text };
  const match = DATE_TIME.exec(text);
  if (!match?.[1] || !isRealDay(match[1])) return fail(INVALID_FORMAT_MESSAGE);
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return fail(INVALID_FORMAT_MESSAGE);
  const fraction = (match[5] ?? '').slice(0, 3).padEnd(3, '0');
  const zone = (match[6] ?? 'Z').toUpperCase();
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const time = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}.${fraction}${offset}`);
  return Number.isNaN(time)
    ? fail(INVALID_FORMAT_MESSAGE)
    : { ok: true, value: new Date(time).toISOString() };
};

/** One value, already trimmed and not blank, converted to its field's type. */
const convertValue = (field: ListFieldSpec, text: string): Converted => {
  switch (field.type) {
    case 'text':
      return text.length > MAX_LIST_SEARCH_LENGTH
        ? fail(maxLengthMessage(MAX_LIST_SEARCH_LENGTH))
        : { ok: true, value: text };
    case 'number': {
      const value = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(value)) return fail(INVALID_FORMAT_MESSAGE);
      // -0 reads and writes back as 0.
      return { ok: true, value: value === 0 ? 0 : value };
    }
    case 'date':
      return convertDate(text);
    case 'enum':
      return field.values.includes(text)
        ? { ok: true, value: text }
        : fail(enumValueMessage(text, field.values));
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower === 'true') return { ok: true, value: true };
      if (lower === 'false') return { ok: true, value: false };
      return fail(INVALID_FORMAT_MESSAGE);
    }
  }
};

type SortResult = { ok: true; sort: ListSort } | { ok: false; message: string };

const parseSort = (text: string, spec: ListSpec): SortResult => {
  const direction: SortDirection = text.startsWith('-') ? 'desc' : 'asc';
  const field = direction === 'desc' ? text.slice(1) : text;
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
  if (!fieldSpec) return { ok: false, message: unknownSortFieldMessage(field) };
  if (fieldSpec.sortable === false) return { ok: false, message: unsortableFieldMessage(field) };
  return { ok: true, sort: { field, direction } };
};

type IntegerResult = { ok: true; value: number } | { ok: false; message: string };

const parseBoundedInteger = (text: string, min: number, max: number): IntegerResult => {
  if (!INTEGER.test(text)) return { ok: false, message: INVALID_FORMAT_MESSAGE };
  const value = Number(text);
  if (value < min) return { ok: false, message: minValueMessage(min) };
  if (!Number.isSafeInteger(value) || value > max) return { ok: false, message: maxValueMessage(max) };
  return { ok: true, value };
};

/** A filter before its value is converted: what `dropEmptyFilters` judges. */
type PendingFilter = {
  readonly path: string;
  readonly field: string;
  readonly fieldSpec: ListFieldSpec;
  readonly operator: GridFilterOperator;
  readonly value: string | string[];
};

const splitList = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
];

/**
 * Reads a list query. Defaults: page DEFAULT_FILTER_PAGE, limit GRID_PAGE_SIZE, the spec's default sort.
 * Every problem is reported on the parameter that caused it; nothing unknown is ignored (decision 008), but a
 * filter with an empty value is dropped unless its operator takes none (§5).
 */
export const parseListQuery = (raw: RawListParams, spec: ListSpec): ListQueryResult => {
  const details: ListQueryDetail[] = [];
  const report = (path: string, message: string) => {
    details.push({ path, message });
  };
  let page = DEFAULT_FILTER_PAGE;
  let limit = GRID_PAGE_SIZE;
  let search: string | undefined;
  let sort: ListSort | undefined;
  const pending: PendingFilter[] = [];

  for (const [key, rawValue] of Object.entries(raw)) {
    if (rawValue === undefined) continue;
    const values = typeof rawValue === 'string' ? [rawValue] : [...rawValue];
    const filterKey = FILTER_KEY.exec(key);
    if (!filterKey) {
      if (!LIST_RESERVED_PARAMS.includes(key) || (key === LIST_SEARCH_PARAM && spec.searchable !== true)) {
        report(key, unknownParameterMessage(key));
        continue;
      }
      if (values.length !== 1) {
        report(key, repeatedParameterMessage(key));
        continue;
      }
      const text = (values[0] ?? '').trim();
      if (text === '') continue;
      if (key === LIST_PAGE_PARAM || key === LIST_LIMIT_PARAM) {
        const result =
          key === LIST_PAGE_PARAM
            ? parseBoundedInteger(text, DEFAULT_FILTER_PAGE, MAX_LIST_PAGE)
            : parseBoundedInteger(text, 1, MAX_LIST_LIMIT);
        if (!result.ok) report(key, result.message);
        else if (key === LIST_PAGE_PARAM) page = result.value;
        else limit = result.value;
      } else if (key === LIST_SEARCH_PARAM) {
        if (text.length > MAX_LIST_SEARCH_LENGTH) report(key, maxLengthMessage(MAX_LIST_SEARCH_LENGTH));
        else search = text;
      } else {
        const result = parseSort(text, spec);
        if (result.ok) sort = result.sort;
        else report(key, result.message);
      }
      continue;
    }

    const [, field = '', operatorText = ''] = filterKey;
    const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
    if (!fieldSpec) {
      report(key, unknownFilterFieldMessage(field));
      continue;
    }
    if (fieldSpec.filterable === false) {
      report(key, unfilterableFieldMessage(field));
      continue;
    }
    if (!isGridFilterOperator(operatorText)) {
      report(key, unknownOperatorMessage(operatorText));
      continue;
    }
    if (!isOperatorOfFieldType(fieldSpec.type, operatorText)) {
      report(key, operatorNotApplicableMessage(operatorText, field, fieldSpec.type));
      continue;
    }
    for (const text of values) {
      const value = operatorText === 'any' ? splitList(text) : text.trim();
      pending.push({ path: key, field, fieldSpec, operator: operatorText, value });
    }
  }

  const filters: ListFilter[] = [];
  for (const { path, field, fieldSpec, operator, value } of dropEmptyFilters(pending)) {
    if (isValuelessFilterOperator(operator)) {
      if (value === '') filters.push({ field, operator, value: null });
      else report(path, valuelessOperatorMessage(operator));
      continue;
    }
    const converted = (typeof value === 'string' ? [value] : value).map((text) =>
      convertValue(fieldSpec, text),
    );
    const problem = converted.find((result) => !result.ok);
    if (problem && !problem.ok) {
      report(path, problem.message);
      continue;
    }
    const scalars = converted.flatMap((result) => (result.ok ? [result.value] : []));
    const [first] = scalars;
    if (typeof value === 'string' && first !== undefined) filters.push({ field, operator, value: first });
    else filters.push({ field, operator, value: scalars });
  }

  if (details.length > 0) {
    // Values are converted after every key is read: answer in the order the parameters came.
    const order = Object.keys(raw);
    const position = (detail: ListQueryDetail) => order.indexOf(detail.path);
    return { ok: false, details: details.sort((first, second) => position(first) - position(second)) };
  }
  if (!sort && spec.defaultSort) {
    const result = parseSort(spec.defaultSort, spec);
    // A list's own default is the developer's mistake, not the caller's: it must fail loudly.
    if (!result.ok) throw new Error(`Invalid default sort "${spec.defaultSort}": ${result.message}`);
    sort = result.sort;
  }
  return {
    ok: true,
    query: { page, limit, ...(search === undefined ? {} : { search }), ...(sort ? { sort } : {}), filters },
  };
};

/** The wire text of a filter value: lists joined by commas (§7), null (valueless operators) as ''. */
export const filterValueText = (value: ListFilterValue): string => {
  if (value === null) return '';
  if (typeof value === 'object') return value.map(String).join(',');
  return String(value);
};

export const sortText = (sort: ListSort): string => `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;

/**
 * The query parameters of a list query, the inverse of parseListQuery: parsing them gives the query back
 * (filters on the same field and operator come back next to each other, as a repeated parameter).
 */
export const serializeListQuery = (query: ListQuery): Record<string, string | string[]> => {
  const params: Record<string, string | string[]> = {
    [LIST_PAGE_PARAM]: String(query.page),
    [LIST_LIMIT_PARAM]: String(query.limit),
  };
  if (query.search !== undefined && query.search !== '') params[LIST_SEARCH_PARAM] = query.search;
  if (query.sort) params[LIST_SORT_PARAM] = sortText(query.sort);
  for (const filter of query.filters) {
    const text = filterValueText(filter.value);
    if (text === '' && !isValuelessFilterOperator(filter.operator)) continue;
    const key = `${filter.field}[${filter.operator}]`;
    const previous = params[key];
    if (previous === undefined) params[key] = text;
    else params[key] = [...(typeof previous === 'string' ? [previous] : previous), text];
  }
  return params;
};
