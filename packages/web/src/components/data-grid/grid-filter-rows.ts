/**
 * The rows of the grid's filter control (GridFilterControl.tsx) and how they become the list's filters: each
 * row is a field, an operator and the value as typed, checked with the list's own rules (parseListQuery), so a
 * value the list would refuse gets its message in the row and never reaches the server. Pure: no React.
 */
import {
  type FilterFieldType,
  filterOperatorText,
  type GridFilterOperator,
  isValuelessFilterOperator,
  OPERATORS_BY_FIELD_TYPE,
} from '@beacon/domain/dictionary/grid';
import {
  filterValueText,
  type ListFieldSpec,
  type ListFilter,
  type ListSpec,
  parseListQuery,
} from '@beacon/domain/validation/list-query';
import { INVALID_FORMAT_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { filterKeyOf } from './grid-url-state';

export const CHOOSE_COLUMN_MESSAGE = 'Choose a column';
export const CHOOSE_OPERATOR_MESSAGE = 'Choose an operator';
export const DUPLICATE_CONDITION_MESSAGE = 'This condition is already set: change its value instead';

export type FilterRow = {
  /** Keeps a row's inputs in place while rows above it are removed. */
  readonly key: number;
  readonly field: string;
  readonly operator: GridFilterOperator | '';
  /** Text as typed (a comma-joined list for `any`), or the chosen values of an enum's `any`. */
  readonly value: string | readonly string[];
};

export type RowProblems = { readonly field?: string; readonly operator?: string; readonly value?: string };

export type CheckedRows =
  | { readonly ok: true; readonly filters: ListFilter[] }
  | { readonly ok: false; readonly problems: ReadonlyMap<number, RowProblems> };

const fieldOf = (spec: ListSpec, field: string): ListFieldSpec | undefined =>
  Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;

/** Whether a row's value is a list of chosen values (an enum's `any`) rather than typed text. */
export const takesValueList = (
  type: FilterFieldType | undefined,
  operator: GridFilterOperator | '',
): boolean => type === 'enum' && operator === 'any';

/** The value a row starts with, or keeps when its field or operator changes. */
export const rowValueFor = (
  type: FilterFieldType | undefined,
  operator: GridFilterOperator | '',
  previous: FilterRow['value'],
): FilterRow['value'] => {
  const isList = typeof previous !== 'string';
  if (takesValueList(type, operator)) return isList ? previous : previous === '' ? [] : [previous];
  if (!isList) return previous;
  return type === 'enum' ? (previous[0] ?? '') : previous.join(',');
};

/** The operators a field offers; an unknown field none. */
export const operatorsOf = (spec: ListSpec, field: string): readonly GridFilterOperator[] => {
  const fieldSpec = fieldOf(spec, field);
  return fieldSpec ? OPERATORS_BY_FIELD_TYPE[fieldSpec.type] : [];
};

/** A filter of the grid as an editable row. */
export const rowOf = (filter: ListFilter, spec: ListSpec, key: number): FilterRow => {
  const type = fieldOf(spec, filter.field)?.type;
  const value =
    takesValueList(type, filter.operator) && Array.isArray(filter.value)
      ? filter.value.map(String)
      : filterValueText(filter.value);
  return { key, field: filter.field, operator: filter.operator, value };
};

/** An empty row: the first filterable field with its first operator. */
export const newRow = (spec: ListSpec, fields: readonly string[], key: number): FilterRow => {
  const field = fields[0] ?? '';
  const type = fieldOf(spec, field)?.type;
  const operator = operatorsOf(spec, field)[0] ?? '';
  return { key, field, operator, value: rowValueFor(type, operator, '') };
};

/** What a person types instead of a value the list cannot read: the list's own "Invalid format" says less. */
export const NUMBER_HINT = 'Enter a number, such as 10 or 2.5';
export const DATE_HINT = 'Enter a date as YYYY-MM-DD';
const formatHint = (type: string): string =>
  type === 'number' ? NUMBER_HINT : type === 'date' ? DATE_HINT : INVALID_FORMAT_MESSAGE;

const checkRow = (row: FilterRow, spec: ListSpec): { filter: ListFilter } | { problems: RowProblems } => {
  const fieldSpec = fieldOf(spec, row.field);
  if (!fieldSpec || fieldSpec.filterable === false) return { problems: { field: CHOOSE_COLUMN_MESSAGE } };
  if (row.operator === '' || !operatorsOf(spec, row.field).includes(row.operator)) {
    return { problems: { operator: CHOOSE_OPERATOR_MESSAGE } };
  }
  const text = typeof row.value === 'string' ? row.value : row.value.join(',');
  const isValueless = isValuelessFilterOperator(row.operator);
  if (!isValueless && text.replaceAll(',', '').trim() === '')
    return { problems: { value: REQUIRED_MESSAGE } };
  const result = parseListQuery(
    { [`${row.field}[${row.operator}]`]: isValueless ? '' : text },
    { fields: spec.fields },
  );
  if (!result.ok) {
    const message = result.details[0]?.message ?? REQUIRED_MESSAGE;
    return { problems: { value: message === INVALID_FORMAT_MESSAGE ? formatHint(fieldSpec.type) : message } };
  }
  const [filter] = result.query.filters;
  return filter ? { filter } : { problems: { value: REQUIRED_MESSAGE } };
};

/**
 * The rows as the list's filters, or what is wrong with each row that is not one: no column, no operator, no
 * value, a value the list refuses (its own message), or a second row of the same field and operator.
 */
export const checkRows = (rows: readonly FilterRow[], spec: ListSpec): CheckedRows => {
  const problems = new Map<number, RowProblems>();
  const filters: ListFilter[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const checked = checkRow(row, spec);
    if ('problems' in checked) {
      problems.set(row.key, checked.problems);
      continue;
    }
    const key = filterKeyOf(checked.filter);
    if (seen.has(key)) {
      problems.set(row.key, { operator: DUPLICATE_CONDITION_MESSAGE });
      continue;
    }
    seen.add(key);
    filters.push(checked.filter);
  }
  return problems.size > 0 ? { ok: false, problems } : { ok: true, filters };
};

type ValueOption = { readonly value: unknown; readonly label: string };

/** The labelled options of a column's value select (an enum's), if it has any. */
export const valueOptionsOf = <R extends GridValidRowModel>(
  column: GridColDef<R> | undefined,
): readonly ValueOption[] => {
  const options =
    column && 'valueOptions' in column && Array.isArray(column.valueOptions) ? column.valueOptions : [];
  return options.map((option: unknown) =>
    typeof option === 'object' && option !== null && 'value' in option && 'label' in option
      ? { value: option.value, label: String(option.label) }
      : { value: option, label: String(option) },
  );
};

/**
 * A filter in the words of its column, with the §5 operator texts and the labels of enum values:
 * "State is any of Active, Inactive", "Name contains spring".
 */
export const filterChipText = <R extends GridValidRowModel>(
  filter: ListFilter,
  columns: readonly GridColDef<R>[],
): string => {
  const column = columns.find((candidate) => candidate.field === filter.field);
  const options = valueOptionsOf(column);
  const labelOf = (value: string | number | boolean): string =>
    options.find((option) => option.value === value)?.label ?? String(value);
  const values =
    filter.value === null ? [] : typeof filter.value === 'object' ? filter.value : [filter.value];
  return [
    column?.headerName ?? filter.field,
    filterOperatorText(filter.operator),
    values.map(labelOf).join(', '),
  ]
    .filter(Boolean)
    .join(' ');
};
