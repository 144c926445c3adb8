import { MAX_LIST_SEARCH_LENGTH } from '@beacon/domain/dictionary/constants';
import { enumValueMessage, type ListSpec } from '@beacon/domain/validation/list-query';
import { maxLengthMessage, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import {
  CHOOSE_COLUMN_MESSAGE,
  CHOOSE_OPERATOR_MESSAGE,
  checkRows,
  DATE_HINT,
  DUPLICATE_CONDITION_MESSAGE,
  type FilterRow,
  filterChipText,
  NUMBER_HINT,
  newRow,
  rowOf,
  rowValueFor,
} from './grid-filter-rows';

const SPEC = {
  fields: {
    name: { type: 'text' },
    budget: { type: 'number' },
    created_at: { type: 'date' },
    state: { type: 'enum', values: ['active', 'paused'] },
    test: { type: 'boolean' },
    notes: { type: 'text', filterable: false },
  },
} as const satisfies ListSpec;

const row = (key: number, field: string, operator: string, value: FilterRow['value']): FilterRow =>
  ({ key, field, operator, value }) as FilterRow;

describe('checkRows', () => {
  it('turns complete rows into the list filters, ANDed in their order', () => {
    expect(
      checkRows(
        [
          row(1, 'name', 'contains', ' spring '),
          row(2, 'budget', 'gte', '10.5'),
          row(3, 'created_at', 'onOrBefore', '2024-02-29'),
          row(4, 'state', 'any', ['active', 'paused']),
          row(5, 'name', 'empty', ''),
        ],
        SPEC,
      ),
    ).toEqual({
      ok: true,
      filters: [
        { field: 'name', operator: 'contains', value: 'spring' },
        { field: 'budget', operator: 'gte', value: 10.5 },
        { field: 'created_at', operator: 'onOrBefore', value: '2024-02-29' },
        { field: 'state', operator: 'any', value: ['active', 'paused'] },
        { field: 'name', operator: 'empty', value: null },
      ],
    });
    expect(checkRows([row(1, 'budget', 'any', '1, 2,,3')], SPEC)).toEqual({
      ok: true,
      filters: [{ field: 'budget', operator: 'any', value: [1, 2, 3] }],
    });
    expect(checkRows([], SPEC)).toEqual({ ok: true, filters: [] });
  });

  it("names each row's problem with the list's own messages, and gives no filters", () => {
    const result = checkRows(
      [
        row(1, 'budget', 'gt', 'ten'),
        row(2, 'name', 'contains', '   '),
        row(3, 'state', 'is', 'archived'),
        row(4, 'created_at', 'after', '2024-02-30'),
        row(5, 'notes', 'contains', 'x'),
        row(6, 'name', 'gt', 'x'),
        row(7, 'name', 'contains', 'x'.repeat(MAX_LIST_SEARCH_LENGTH + 1)),
        row(8, 'state', 'any', []),
        row(9, 'name', 'is', 'fine'),
      ],
      SPEC,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.fromEntries(result.problems)).toEqual({
      1: { value: NUMBER_HINT },
      2: { value: REQUIRED_MESSAGE },
      3: { value: enumValueMessage('archived', ['active', 'paused']) },
      4: { value: DATE_HINT },
      5: { field: CHOOSE_COLUMN_MESSAGE },
      6: { operator: CHOOSE_OPERATOR_MESSAGE },
      7: { value: maxLengthMessage(MAX_LIST_SEARCH_LENGTH) },
      8: { value: REQUIRED_MESSAGE },
    });
  });

  it('refuses a second row of the same field and operator', () => {
    const result = checkRows([row(1, 'name', 'is', 'a'), row(2, 'name', 'is', 'b')], SPEC);
    expect(result).toEqual({
      ok: false,
      problems: new Map([[2, { operator: DUPLICATE_CONDITION_MESSAGE }]]),
    });
    expect(checkRows([row(1, 'name', 'is', 'a'), row(2, 'name', 'isnt', 'b')], SPEC).ok).toBe(true);
  });
});

describe('rows', () => {
  it('round-trip a filter through its row', () => {
    for (const filter of [
      { field: 'created_at', operator: 'is', value: '2024-02-29' },
      { field: 'budget', operator: 'isnt', value: 3.5 },
      { field: 'budget', operator: 'any', value: [1, 2] },
      { field: 'state', operator: 'any', value: ['paused'] },
      { field: 'name', operator: 'any', value: ['a', 'b'] },
      { field: 'test', operator: 'is', value: true },
      { field: 'name', operator: 'empty', value: null },
    ] as const) {
      expect(checkRows([rowOf(filter, SPEC, 1)], SPEC)).toEqual({ ok: true, filters: [filter] });
    }
  });

  it('start on the first filterable field and its first operator', () => {
    expect(newRow(SPEC, ['state', 'name'], 7)).toEqual({ key: 7, field: 'state', operator: 'is', value: '' });
  });

  it('keep the value when the operator changes between one value and a list', () => {
    expect(rowValueFor('enum', 'any', 'active')).toEqual(['active']);
    expect(rowValueFor('enum', 'is', ['paused', 'active'])).toBe('paused');
    expect(rowValueFor('text', 'any', 'a,b')).toBe('a,b');
    expect(rowValueFor('text', 'is', ['a', 'b'])).toBe('a,b');
  });
});

describe('filterChipText', () => {
  it('says a filter in the words of its column, with §5 operator texts and value labels', () => {
    const columns = [
      { field: 'name', headerName: 'Name' },
      {
        field: 'state',
        headerName: 'State',
        valueOptions: [
          { value: 'active', label: 'Active' },
          { value: 'paused', label: 'Paused' },
        ],
      },
    ];
    expect(filterChipText({ field: 'name', operator: 'contains', value: 'spring' }, columns)).toBe(
      'Name contains spring',
    );
    expect(filterChipText({ field: 'state', operator: 'any', value: ['active', 'paused'] }, columns)).toBe(
      'State is any of Active, Paused',
    );
    expect(filterChipText({ field: 'state', operator: 'is', value: 'paused' }, columns)).toBe(
      'State equal Paused',
    );
    expect(filterChipText({ field: 'name', operator: 'empty', value: null }, columns)).toBe('Name is empty');
  });
});
