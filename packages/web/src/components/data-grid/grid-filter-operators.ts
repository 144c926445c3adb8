/**
 * The filter operators a server-side grid offers: exactly those of OPERATORS_BY_FIELD_TYPE for the column's
 * field type, each borrowed from the MUI operator that has the right input (text box, number box, date
 * picker, value select, multi-value box) but renamed to the API's operator, labelled with the §5 text, and
 * never applied in the browser (`filterMode="server"`).
 */
import {
  type FilterFieldType,
  filterOperatorText,
  type GridFilterOperator,
  OPERATORS_BY_FIELD_TYPE,
} from '@beacon/domain/dictionary/grid';
import type { ListFieldSpec, ListSpec } from '@beacon/domain/validation/list-query';
import {
  type GridColDef,
  type GridValidRowModel,
  getGridBooleanOperators,
  getGridDateOperators,
  getGridNumericOperators,
  getGridSingleSelectOperators,
  getGridStringOperators,
  type GridFilterOperator as MuiFilterOperator,
} from '@mui/x-data-grid';

type MuiOperatorSource = 'string' | 'number' | 'date' | 'singleSelect' | 'boolean';

/** For each field type, the MUI operator (by its operator list and value) whose input each API operator uses. */
export const MUI_OPERATOR_OF = {
  text: {
    is: ['string', 'equals'],
    isnt: ['string', 'doesNotEqual'],
    contains: ['string', 'contains'],
    starts: ['string', 'startsWith'],
    ends: ['string', 'endsWith'],
    any: ['string', 'isAnyOf'],
    empty: ['string', 'isEmpty'],
    notEmpty: ['string', 'isNotEmpty'],
  },
  number: {
    is: ['number', '='],
    isnt: ['number', '!='],
    gt: ['number', '>'],
    gte: ['number', '>='],
    lt: ['number', '<'],
    lte: ['number', '<='],
    any: ['number', 'isAnyOf'],
    empty: ['number', 'isEmpty'],
    notEmpty: ['number', 'isNotEmpty'],
  },
  // Dates filter by whole UTC days, so the input is a day even on a date-and-time column.
  date: {
    is: ['date', 'is'],
    after: ['date', 'after'],
    before: ['date', 'before'],
    onOrAfter: ['date', 'onOrAfter'],
    onOrBefore: ['date', 'onOrBefore'],
    empty: ['date', 'isEmpty'],
    notEmpty: ['date', 'isNotEmpty'],
  },
  // MUI's single-select list has no empty operators; the text ones need no input, so they fit.
  enum: {
    is: ['singleSelect', 'is'],
    isnt: ['singleSelect', 'not'],
    any: ['singleSelect', 'isAnyOf'],
    empty: ['string', 'isEmpty'],
    notEmpty: ['string', 'isNotEmpty'],
  },
  boolean: { is: ['boolean', 'is'] },
} as const satisfies {
  [T in FilterFieldType]: Record<
    (typeof OPERATORS_BY_FIELD_TYPE)[T][number],
    readonly [MuiOperatorSource, string]
  >;
};

const muiOperators = (source: MuiOperatorSource): MuiFilterOperator[] => {
  switch (source) {
    case 'string':
      return getGridStringOperators();
    case 'number':
      return getGridNumericOperators();
    case 'date':
      return getGridDateOperators(false);
    case 'singleSelect':
      return getGridSingleSelectOperators();
    case 'boolean':
      return getGridBooleanOperators();
  }
};

const muiOperatorFor = (type: FilterFieldType, operator: GridFilterOperator): MuiFilterOperator => {
  const table: Partial<Record<GridFilterOperator, readonly [MuiOperatorSource, string]>> =
    MUI_OPERATOR_OF[type];
  const entry = table[operator];
  const found = entry ? muiOperators(entry[0]).find((candidate) => candidate.value === entry[1]) : undefined;
  if (!found) throw new Error(`No grid input for the ${type} operator "${operator}"`);
  return found;
};

/** The grid operators of a field type, valued with the API's operator names. */
export const gridFilterOperatorsOf = (type: FilterFieldType): MuiFilterOperator[] => {
  const operators: readonly GridFilterOperator[] = OPERATORS_BY_FIELD_TYPE[type];
  return operators.map((operator) => ({
    ...muiOperatorFor(type, operator),
    value: operator,
    label: filterOperatorText(operator),
    // The server filters; the browser never does.
    getApplyFilterFn: () => null,
  }));
};

const withFieldType = <R extends GridValidRowModel>(
  column: GridColDef<R>,
  field: ListFieldSpec,
): GridColDef<R> => {
  const base = {
    ...column,
    sortable: field.sortable !== false && column.sortable !== false,
    filterable: field.filterable !== false && column.filterable !== false,
    filterOperators: gridFilterOperatorsOf(field.type),
  };
  // The value select of an enum filter lists the column's options: the list's values unless it names its own.
  if (field.type === 'enum' && (column.type === undefined || column.type === 'singleSelect')) {
    return {
      ...base,
      type: 'singleSelect',
      valueOptions: 'valueOptions' in column && column.valueOptions ? column.valueOptions : [...field.values],
    };
  }
  return base;
};

/**
 * The columns as a server-side grid shows them: a column of a list field sorts and filters as the list
 * allows, with its operators; any other column (actions, computed cells) neither sorts nor filters.
 */
export const serverGridColumns = <R extends GridValidRowModel>(
  columns: readonly GridColDef<R>[],
  spec: ListSpec,
): GridColDef<R>[] =>
  columns.map((column) => {
    const field = Object.hasOwn(spec.fields, column.field) ? spec.fields[column.field] : undefined;
    return field ? withFieldType(column, field) : { ...column, sortable: false, filterable: false };
  });
