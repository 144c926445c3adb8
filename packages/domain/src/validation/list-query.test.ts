import { describe, expect, it } from 'vitest';
import { GRID_PAGE_SIZE, MAX_LIST_LIMIT } from '../dictionary/constants';
import {
  FILTER_FIELD_TYPES,
  GRID_FILTER_OPERATORS,
  isOperatorOfFieldType,
  OPERATORS_BY_FIELD_TYPE,
} from '../dictionary/grid';
import {
  type ListQuery,
  type ListQueryResult,
  type ListSpec,
  MAX_LIST_PAGE,
  parseListQuery,
  type RawListParams,
  serializeListQuery,
} from './list-query';
import { INVALID_FORMAT_MESSAGE, maxLengthMessage, maxValueMessage, minValueMessage } from './messages';

const SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    country: { type: 'text', sortable: false },
    budget: { type: 'number' },
    created_at: { type: 'date' },
    state: { type: 'enum', values: ['active', 'paused', 'deleted'] },
    test: { type: 'boolean' },
    secret: { type: 'text', filterable: false, sortable: false },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;

const parsed = (raw: RawListParams, spec: ListSpec = SPEC): ListQuery => {
  const result = parseListQuery(raw, spec);
  if (!result.ok) throw new Error(`expected a valid query, got ${JSON.stringify(result.details)}`);
  return result.query;
};

const problems = (raw: RawListParams, spec: ListSpec = SPEC): ListQueryResult => parseListQuery(raw, spec);

describe('OPERATORS_BY_FIELD_TYPE', () => {
  it('gives every field type operators of the grid, and uses every grid operator somewhere', () => {
    expect(Object.keys(OPERATORS_BY_FIELD_TYPE)).toEqual([...FILTER_FIELD_TYPES]);
    const used = new Set(Object.values(OPERATORS_BY_FIELD_TYPE).flat());
    expect([...used].sort()).toEqual([...GRID_FILTER_OPERATORS].sort());
    expect(isOperatorOfFieldType('boolean', 'is')).toBe(true);
    expect(isOperatorOfFieldType('date', 'isnt')).toBe(false);
  });
});

describe('parseListQuery defaults and paging', () => {
  it('starts at page 1 with the grid page size and the default sort', () => {
    expect(parsed({})).toEqual({
      page: 1,
      limit: GRID_PAGE_SIZE,
      sort: { field: 'created_at', direction: 'desc' },
      filters: [],
    });
    expect(parsed({}, { fields: {} })).toEqual({ page: 1, limit: 32, filters: [] });
  });

  it('reads page and limit within their bounds', () => {
    expect(parsed({ page: '3', limit: '200' })).toMatchObject({ page: 3, limit: 200 });
    expect(parsed({ page: ' 2 ', limit: '' })).toMatchObject({ page: 2, limit: GRID_PAGE_SIZE });
  });

  it('rejects a page or limit that is not a whole number in range, with the §5 messages', () => {
    expect(problems({ page: '0', limit: '201' })).toEqual({
      ok: false,
      details: [
        { path: 'page', message: minValueMessage(1) },
        { path: 'limit', message: maxValueMessage(MAX_LIST_LIMIT) },
      ],
    });
    expect(problems({ page: '1.5', limit: '-1' })).toEqual({
      ok: false,
      details: [
        { path: 'page', message: INVALID_FORMAT_MESSAGE },
        { path: 'limit', message: INVALID_FORMAT_MESSAGE },
      ],
    });
    expect(problems({ limit: '0', page: '1e3' })).toEqual({
      ok: false,
      details: [
        { path: 'limit', message: minValueMessage(1) },
        { path: 'page', message: INVALID_FORMAT_MESSAGE },
      ],
    });
    expect(problems({ page: String(MAX_LIST_PAGE + 1) })).toEqual({
      ok: false,
      details: [{ path: 'page', message: maxValueMessage(MAX_LIST_PAGE) }],
    });
  });

  it('rejects a scalar parameter given twice', () => {
    expect(problems({ page: ['1', '2'] })).toEqual({
      ok: false,
      details: [{ path: 'page', message: 'The parameter "page" must be given only once' }],
    });
  });
});

describe('parseListQuery search and sort', () => {
  it('trims the search and drops a blank one', () => {
    expect(parsed({ search: '  acme  ' }).search).toBe('acme');
    expect(parsed({ search: '   ' })).not.toHaveProperty('search');
  });

  it('limits the search to 200 characters', () => {
    expect(parsed({ search: 'a'.repeat(200) }).search).toHaveLength(200);
    expect(problems({ search: 'a'.repeat(201) })).toEqual({
      ok: false,
      details: [{ path: 'search', message: maxLengthMessage(200) }],
    });
  });

  it('refuses a search on a list that has none', () => {
    expect(problems({ search: 'x' }, { fields: {} })).toEqual({
      ok: false,
      details: [{ path: 'search', message: 'Unknown parameter "search"' }],
    });
  });

  it('reads field and -field, on sortable fields only', () => {
    expect(parsed({ sort: 'name' }).sort).toEqual({ field: 'name', direction: 'asc' });
    expect(parsed({ sort: '-budget' }).sort).toEqual({ field: 'budget', direction: 'desc' });
    expect(problems({ sort: 'nope' })).toEqual({
      ok: false,
      details: [{ path: 'sort', message: 'Unknown sort field "nope"' }],
    });
    expect(problems({ sort: '-country' })).toEqual({
      ok: false,
      details: [{ path: 'sort', message: 'The field "country" cannot be sorted' }],
    });
  });

  it('fails loudly when a list declares a default sort it cannot use', () => {
    expect(() => parseListQuery({}, { fields: { name: { type: 'text' } }, defaultSort: 'nope' })).toThrow(
      /Invalid default sort "nope"/,
    );
  });
});

describe('parseListQuery unknown parameters, fields and operators', () => {
  it('answers every problem on its own parameter instead of ignoring it', () => {
    expect(
      problems({
        token: 'abc',
        'nope[is]': 'x',
        'name[gt]': 'x',
        'name[like]': 'x',
        'secret[is]': 'x',
        'name[is]extra': 'x',
        'created_at[isnt]': '2024-01-01',
      }),
    ).toEqual({
      ok: false,
      details: [
        { path: 'token', message: 'Unknown parameter "token"' },
        { path: 'nope[is]', message: 'Unknown filter field "nope"' },
        { path: 'name[gt]', message: 'The operator "gt" does not apply to name (a text field)' },
        { path: 'name[like]', message: 'Unknown filter operator "like"' },
        { path: 'secret[is]', message: 'The field "secret" cannot be filtered' },
        { path: 'name[is]extra', message: 'Unknown parameter "name[is]extra"' },
        {
          path: 'created_at[isnt]',
          message: 'The operator "isnt" does not apply to created_at (a date field)',
        },
      ],
    });
  });

  it('does not take inherited object keys for fields', () => {
    expect(problems({ 'constructor[is]': 'x', sort: 'toString' })).toEqual({
      ok: false,
      details: [
        { path: 'constructor[is]', message: 'Unknown filter field "constructor"' },
        { path: 'sort', message: 'Unknown sort field "toString"' },
      ],
    });
  });
});

describe('parseListQuery filter values', () => {
  it('keeps text trimmed, up to 200 characters', () => {
    expect(parsed({ 'name[contains]': ' ac me ' }).filters).toEqual([
      { field: 'name', operator: 'contains', value: 'ac me' },
    ]);
    expect(problems({ 'name[is]': 'a'.repeat(201) })).toEqual({
      ok: false,
      details: [{ path: 'name[is]', message: maxLengthMessage(200) }],
    });
  });

  it('converts numbers, which must be finite', () => {
    expect(
      parsed({ 'budget[gte]': '10.5', 'budget[lt]': '-3', 'id[is]': '1e3', 'budget[lte]': '-0' }).filters,
    ).toEqual([
      { field: 'budget', operator: 'gte', value: 10.5 },
      { field: 'budget', operator: 'lt', value: -3 },
      { field: 'id', operator: 'is', value: 1000 },
      { field: 'budget', operator: 'lte', value: 0 },
    ]);
    for (const bad of ['abc', '0x10', 'Infinity', '1e400', '1,5', '12abc']) {
      expect(problems({ 'budget[is]': bad })).toEqual({
        ok: false,
        details: [{ path: 'budget[is]', message: INVALID_FORMAT_MESSAGE }],
      });
    }
  });

  it('takes a day or an ISO date and time (UTC when it names no offset) for dates', () => {
    expect(
      parsed({
        'created_at[is]': '2024-02-29',
        'created_at[after]': '2024-03-01T10:15:30+02:00',
        'created_at[before]': '2024-03-01T10:15',
        'created_at[onOrAfter]': '2024-03-01T10:15:30.123456Z',
      }).filters,
    ).toEqual([
      { field: 'created_at', operator: 'is', value: '2024-02-29' },
      { field: 'created_at', operator: 'after', value: '2024-03-01T08:15:30.000Z' },
      { field: 'created_at', operator: 'before', value: '2024-03-01T10:15:00.000Z' },
      { field: 'created_at', operator: 'onOrAfter', value: '2024-03-01T10:15:30.123Z' },
    ]);
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '01/02/2024',
      '2024-03-01T25:00Z',
      'yesterday',
      '2024-3-1',
    ]) {
      expect(problems({ 'created_at[onOrBefore]': bad })).toEqual({
        ok: false,
        details: [{ path: 'created_at[onOrBefore]', message: INVALID_FORMAT_MESSAGE }],
      });
    }
  });

  it("takes only an enum's own values", () => {
    expect(parsed({ 'state[isnt]': 'deleted' }).filters).toEqual([
      { field: 'state', operator: 'isnt', value: 'deleted' },
    ]);
    expect(problems({ 'state[is]': 'Active' })).toEqual({
      ok: false,
      details: [{ path: 'state[is]', message: 'The value "Active" is not one of: active, paused, deleted' }],
    });
  });

  it("takes 'true' or 'false' for booleans", () => {
    expect(parsed({ 'test[is]': 'false' }).filters).toEqual([
      { field: 'test', operator: 'is', value: false },
    ]);
    expect(parsed({ 'test[is]': 'TRUE' }).filters).toEqual([{ field: 'test', operator: 'is', value: true }]);
    expect(problems({ 'test[is]': 'yes' })).toEqual({
      ok: false,
      details: [{ path: 'test[is]', message: INVALID_FORMAT_MESSAGE }],
    });
  });

  it('splits "is any of" on commas, converting and de-duplicating each item', () => {
    expect(
      parsed({ 'state[any]': 'active, paused,,active', 'budget[any]': '1,2.5', 'name[any]': 'a b,c' })
        .filters,
    ).toEqual([
      { field: 'state', operator: 'any', value: ['active', 'paused'] },
      { field: 'budget', operator: 'any', value: [1, 2.5] },
      { field: 'name', operator: 'any', value: ['a b', 'c'] },
    ]);
    expect(problems({ 'budget[any]': '1,x' })).toEqual({
      ok: false,
      details: [{ path: 'budget[any]', message: INVALID_FORMAT_MESSAGE }],
    });
  });

  it('drops a filter with an empty value unless its operator takes none (§5)', () => {
    expect(
      parsed({
        'name[contains]': '  ',
        'state[any]': ' , ',
        'budget[gt]': '',
        'country[empty]': '',
        'budget[notEmpty]': ' ',
      }).filters,
    ).toEqual([
      { field: 'country', operator: 'empty', value: null },
      { field: 'budget', operator: 'notEmpty', value: null },
    ]);
    expect(problems({ 'country[empty]': 'x' })).toEqual({
      ok: false,
      details: [{ path: 'country[empty]', message: 'The operator "empty" takes no value' }],
    });
  });

  it('reads a repeated filter parameter as several filters, all applying', () => {
    expect(parsed({ 'name[contains]': ['a', 'b'] }).filters).toEqual([
      { field: 'name', operator: 'contains', value: 'a' },
      { field: 'name', operator: 'contains', value: 'b' },
    ]);
  });
});

describe('serializeListQuery', () => {
  const query: ListQuery = {
    page: 4,
    limit: 50,
    search: 'café & co',
    sort: { field: 'name', direction: 'desc' },
    filters: [
      { field: 'name', operator: 'starts', value: 'Ac' },
      { field: 'name', operator: 'starts', value: 'Bo' },
      { field: 'state', operator: 'any', value: ['active', 'paused'] },
      { field: 'budget', operator: 'gte', value: 0 },
      { field: 'budget', operator: 'any', value: [1, 2.5] },
      { field: 'created_at', operator: 'is', value: '2024-05-01' },
      { field: 'created_at', operator: 'after', value: '2024-05-01T10:00:00.000Z' },
      { field: 'test', operator: 'is', value: false },
      { field: 'country', operator: 'empty', value: null },
      { field: 'budget', operator: 'notEmpty', value: null },
    ],
  };

  it('writes the list query parameters', () => {
    expect(serializeListQuery(query)).toEqual({
      page: '4',
      limit: '50',
      search: 'café & co',
      sort: '-name',
      'name[starts]': ['Ac', 'Bo'],
      'state[any]': 'active,paused',
      'budget[gte]': '0',
      'budget[any]': '1,2.5',
      'created_at[is]': '2024-05-01',
      'created_at[after]': '2024-05-01T10:00:00.000Z',
      'test[is]': 'false',
      'country[empty]': '',
      'budget[notEmpty]': '',
    });
  });

  it('round-trips through parseListQuery', () => {
    expect(parsed(serializeListQuery(query))).toEqual(query);
    const defaults = parsed({});
    expect(parsed(serializeListQuery(defaults))).toEqual(defaults);
  });

  it('normalises on the way: parse, write and parse again gives the same query', () => {
    const first = parsed({ 'created_at[before]': '2024-03-01T10:15+01:00', 'budget[is]': '1e2', page: '2' });
    expect(parsed(serializeListQuery(first))).toEqual(first);
    expect(serializeListQuery(first)).toMatchObject({
      'created_at[before]': '2024-03-01T09:15:00.000Z',
      'budget[is]': '100',
    });
  });
});
