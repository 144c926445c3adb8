/** Grid filtering, sorting and download options (spec §3, §5, §9). */

/**
 * Filter operators, spelled as they appear in list query strings (`field[operator]=value`, docs/architecture.md).
 * The spec's "is any of", "is empty", "is not empty" and "on-or-after/before" become any, empty,
 * notEmpty, onOrAfter and onOrBefore so that every operator is a plain identifier.
 */
export const GRID_FILTER_OPERATORS = [
  'is',
  'isnt',
  'contains',
  'starts',
  'ends',
  'gt',
  'gte',
  'lt',
  'lte',
  'any',
  'empty',
  'notEmpty',
  'after',
  'before',
  'onOrAfter',
  'onOrBefore',
] as const;
export type GridFilterOperator = (typeof GRID_FILTER_OPERATORS)[number];
export const GRID_FILTER_OPERATOR_LABELS = {
  is: 'is',
  isnt: 'is not',
  contains: 'contains',
  starts: 'starts with',
  ends: 'ends with',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  any: 'is any of',
  empty: 'is empty',
  notEmpty: 'is not empty',
  after: 'is after',
  before: 'is before',
  onOrAfter: 'is on or after',
  onOrBefore: 'is on or before',
} as const satisfies Record<GridFilterOperator, string>;

const GRID_FILTER_OPERATOR_SET: ReadonlySet<string> = new Set(GRID_FILTER_OPERATORS);

export const isGridFilterOperator = (value: unknown): value is GridFilterOperator =>
  typeof value === 'string' && GRID_FILTER_OPERATOR_SET.has(value);

/** Operators that take no value: an empty filter value is kept only for these (§5 filter rules). */
export const VALUELESS_FILTER_OPERATORS = [
  'empty',
  'notEmpty',
] as const satisfies readonly GridFilterOperator[];

const VALUELESS_OPERATOR_SET: ReadonlySet<GridFilterOperator> = new Set(VALUELESS_FILTER_OPERATORS);

export const isValuelessFilterOperator = (operator: GridFilterOperator): boolean =>
  VALUELESS_OPERATOR_SET.has(operator);

/** `any` takes a comma-joined list (§7 arrays join by comma). */
export const LIST_FILTER_OPERATORS = ['any'] as const satisfies readonly GridFilterOperator[];

/**
 * How §5 says operators read as text in filter chips: contains, different, equal, less than, more than.
 * Only these five have a textual name; the others show their label.
 */
export const FILTER_OPERATOR_TEXTS = {
  contains: 'contains',
  isnt: 'different',
  is: 'equal',
  lt: 'less than',
  gt: 'more than',
} as const satisfies Partial<Record<GridFilterOperator, string>>;

/** The text an operator reads as in a filter chip: the §5 name where there is one, else its label. */
export const filterOperatorText = (operator: GridFilterOperator): string => {
  const texts: Partial<Record<GridFilterOperator, string>> = FILTER_OPERATOR_TEXTS;
  return texts[operator] ?? GRID_FILTER_OPERATOR_LABELS[operator];
};

/**
 * The kinds of value a list field holds, which decide the operators it offers (docs/architecture.md, spec §3).
 * An enum field takes one of a fixed set of values; a date field a day (YYYY-MM-DD) or an instant.
 */
export const FILTER_FIELD_TYPES = ['text', 'number', 'date', 'enum', 'boolean'] as const;
export type FilterFieldType = (typeof FILTER_FIELD_TYPES)[number];

/** The operators each field type offers, in the order a filter menu lists them. */
export const OPERATORS_BY_FIELD_TYPE = {
  text: ['is', 'isnt', 'contains', 'starts', 'ends', 'any', 'empty', 'notEmpty'],
  number: ['is', 'isnt', 'gt', 'gte', 'lt', 'lte', 'any', 'empty', 'notEmpty'],
  date: ['is', 'after', 'before', 'onOrAfter', 'onOrBefore', 'empty', 'notEmpty'],
  enum: ['is', 'isnt', 'any', 'empty', 'notEmpty'],
  boolean: ['is'],
} as const satisfies Record<FilterFieldType, readonly GridFilterOperator[]>;

export const isOperatorOfFieldType = (type: FilterFieldType, operator: GridFilterOperator): boolean => {
  const operators: readonly GridFilterOperator[] = OPERATORS_BY_FIELD_TYPE[type];
  return operators.includes(operator);
};

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const SORT_DIRECTION_LABELS = {
  asc: 'Ascending',
  desc: 'Descending',
} as const satisfies Record<SortDirection, string>;

/** Traffic publisher downloads (§9): the top N publishers, or all of them. */
export const PUBLISHER_DOWNLOAD_OPTIONS = [25, 50, 100, 500, 'all'] as const;
export type PublisherDownloadOption = (typeof PUBLISHER_DOWNLOAD_OPTIONS)[number];
export const PUBLISHER_DOWNLOAD_OPTION_LABELS = {
  25: 'Top 25',
  50: 'Top 50',
  100: 'Top 100',
  500: 'Top 500',
  all: 'All',
} as const satisfies Record<PublisherDownloadOption, string>;
