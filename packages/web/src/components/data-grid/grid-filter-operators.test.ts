import { FILTER_FIELD_TYPES, OPERATORS_BY_FIELD_TYPE } from '@beacon/domain/dictionary/grid';
import type { ListSpec } from '@beacon/domain/validation/list-query';
import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { gridFilterOperatorsOf, serverGridColumns } from './grid-filter-operators';

const SPEC = {
  fields: {
    name: { type: 'text' },
    state: { type: 'enum', values: ['active', 'paused'] },
    created_at: { type: 'date', sortable: false },
    budget: { type: 'number', filterable: false },
  },
} as const satisfies ListSpec;

describe('gridFilterOperatorsOf', () => {
  it.each(FILTER_FIELD_TYPES)('offers exactly the %s operators of the list, in the API spelling', (type) => {
    const operators = gridFilterOperatorsOf(type);
    expect(operators.map((operator) => operator.value)).toEqual([...OPERATORS_BY_FIELD_TYPE[type]]);
  });

  it('labels operators with the §5 texts and gives each the input it needs', () => {
    const text = gridFilterOperatorsOf('text');
    expect(text.map((operator) => operator.label)).toEqual([
      'equal',
      'different',
      'contains',
      'starts with',
      'ends with',
      'is any of',
      'is empty',
      'is not empty',
    ]);
    const empty = text.find((operator) => operator.value === 'empty');
    expect(empty?.requiresFilterValue).toBe(false);
    expect(text.find((operator) => operator.value === 'contains')?.InputComponent).toBeDefined();
    const date = gridFilterOperatorsOf('date').find((operator) => operator.value === 'onOrAfter');
    expect(date?.InputComponentProps).toEqual({ type: 'date' });
  });

  it('never filters in the browser', () => {
    for (const type of FILTER_FIELD_TYPES) {
      for (const operator of gridFilterOperatorsOf(type)) {
        expect(
          operator.getApplyFilterFn({ field: 'x', operator: operator.value, value: 'a' }, { field: 'x' }),
        ).toBe(null);
      }
    }
  });
});

describe('serverGridColumns', () => {
  const columns: GridColDef[] = [
    { field: 'name', headerName: 'Name' },
    { field: 'state', headerName: 'State' },
    { field: 'created_at', headerName: 'Created', type: 'dateTime' },
    { field: 'budget', headerName: 'Budget', type: 'number' },
    { field: 'actions', headerName: '' },
  ];

  it('sorts and filters a column as its list field allows', () => {
    const [name, state, created, budget, actions] = serverGridColumns(columns, SPEC);
    expect(name).toMatchObject({ field: 'name', sortable: true, filterable: true });
    expect(name?.filterOperators?.map((operator) => operator.value)).toEqual([
      ...OPERATORS_BY_FIELD_TYPE.text,
    ]);
    expect(state).toMatchObject({ type: 'singleSelect', valueOptions: ['active', 'paused'], sortable: true });
    expect(created).toMatchObject({ type: 'dateTime', sortable: false, filterable: true });
    expect(budget).toMatchObject({ sortable: true, filterable: false });
    expect(actions).toMatchObject({ sortable: false, filterable: false });
  });

  it("keeps a column's own value options and its own refusal to sort", () => {
    const [state, name] = serverGridColumns(
      [
        { field: 'state', type: 'singleSelect', valueOptions: [{ value: 'active', label: 'Active' }] },
        { field: 'name', sortable: false },
      ],
      SPEC,
    );
    expect(state).toMatchObject({ valueOptions: [{ value: 'active', label: 'Active' }] });
    expect(name).toMatchObject({ sortable: false, filterable: true });
  });
});
