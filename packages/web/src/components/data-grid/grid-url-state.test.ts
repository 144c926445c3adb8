import type { ListSpec } from '@beacon/domain/validation/list-query';
import { describe, expect, it } from 'vitest';
import {
  distinctFilters,
  EMPTY_GRID_STATE,
  fromGridSortModel,
  fromSavedState,
  type GridNavigationState,
  gridSearchString,
  MAX_GRID_FILTERS,
  readGridUrlState,
  sameFilters,
  searchFieldAfterUrlChange,
  toGridPaginationModel,
  toGridSortModel,
  toListQuery,
  withFilters,
  withPage,
  withSearch,
  withSort,
  writeGridUrlState,
} from './grid-url-state';

const SPEC = {
  fields: {
    name: { type: 'text' },
    budget: { type: 'number' },
    created_at: { type: 'date' },
    state: { type: 'enum', values: ['active', 'paused'] },
    test: { type: 'boolean' },
    notes: { type: 'text', sortable: false, filterable: false },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;

const read = (query: string, options = {}) => readGridUrlState(new URLSearchParams(query), SPEC, options);

describe('readGridUrlState', () => {
  it('starts on the first page (0 in navigation), no search, no sort, no filter', () => {
    expect(read('')).toEqual(EMPTY_GRID_STATE);
    expect(EMPTY_GRID_STATE.page).toBe(0);
  });

  it('reads the 0-based page, the search, the sort and a filter in the API spelling', () => {
    expect(read('page=2&search=acme&sort=-name&budget[gte]=10')).toEqual({
      page: 2,
      search: 'acme',
      sort: { field: 'name', direction: 'desc' },
      filters: [{ field: 'budget', operator: 'gte', value: 10 }],
    });
    expect(read('name%5Bcontains%5D=ac%20me&state[any]=active,paused').filters).toEqual([
      { field: 'name', operator: 'contains', value: 'ac me' },
      { field: 'state', operator: 'any', value: ['active', 'paused'] },
    ]);
  });

  it('reads several filters, ANDed by the list, in the order of the URL', () => {
    expect(read('state[is]=active&name[contains]=a&budget[gte]=10&budget[lt]=20').filters).toEqual([
      { field: 'state', operator: 'is', value: 'active' },
      { field: 'name', operator: 'contains', value: 'a' },
      { field: 'budget', operator: 'gte', value: 10 },
      { field: 'budget', operator: 'lt', value: 20 },
    ]);
  });

  it('keeps one filter per field and operator, and at most MAX_GRID_FILTERS', () => {
    expect(MAX_GRID_FILTERS).toBe(5);
    expect(read('name[contains]=a&name[contains]=b').filters).toEqual([
      { field: 'name', operator: 'contains', value: 'a' },
    ]);
    const six =
      'name[contains]=a&name[starts]=b&name[ends]=c&budget[gt]=1&budget[lt]=9&created_at[after]=2024-01-01';
    expect(read(six).filters.map((filter) => `${filter.field}[${filter.operator}]`)).toEqual([
      'name[contains]',
      'name[starts]',
      'name[ends]',
      'budget[gt]',
      'budget[lt]',
    ]);
  });

  it('drops only the rejected filter of several', () => {
    expect(read('budget[gt]=ten&name[contains]=a&state[is]=gone&test[is]=false').filters).toEqual([
      { field: 'name', operator: 'contains', value: 'a' },
      { field: 'test', operator: 'is', value: false },
    ]);
  });

  it('leaves out what the list rejects instead of failing, and keeps the rest', () => {
    expect(
      read('page=-1&sort=notes&budget[gt]=ten&state[is]=gone&name[gt]=a&search=ok&test[is]=true'),
    ).toEqual({
      page: 0,
      search: 'ok',
      filters: [{ field: 'test', operator: 'is', value: true }],
    });
  });

  it('ignores the other parameters of the page', () => {
    expect(read('tab=users&email=a@b.c&limit=5')).toEqual(EMPTY_GRID_STATE);
  });

  it('reads only its own parameters under a namespace', () => {
    expect(read('orgs.page=1&orgs.name[is]=x&page=5&sort=name', { namespace: 'orgs' })).toEqual({
      page: 1,
      search: '',
      filters: [{ field: 'name', operator: 'is', value: 'x' }],
    });
  });

  it('does not search a list that has no search', () => {
    expect(readGridUrlState(new URLSearchParams('search=x'), { fields: {} }).search).toBe('');
  });
});

describe('writeGridUrlState', () => {
  const state: GridNavigationState = {
    page: 3,
    search: ' acme ',
    sort: { field: 'budget', direction: 'desc' },
    filters: [{ field: 'state', operator: 'any', value: ['active', 'paused'] }],
  };

  it('writes page (0-based), search, sort and filters, keeping the other parameters of the page', () => {
    const params = writeGridUrlState(new URLSearchParams('tab=users&page=9&name[is]=old'), state);
    expect([...params]).toEqual([
      ['tab', 'users'],
      ['search', 'acme'],
      ['sort', '-budget'],
      ['state[any]', 'active,paused'],
      ['page', '3'],
    ]);
    expect(gridSearchString(params)).toBe(
      '?tab=users&search=acme&sort=-budget&state[any]=active,paused&page=3',
    );
  });

  it('leaves out the first page, an empty search and the default order', () => {
    expect(
      gridSearchString(writeGridUrlState(new URLSearchParams('page=2&search=x'), EMPTY_GRID_STATE)),
    ).toBe('');
  });

  it('writes several filters and reads them back in the same order', () => {
    const several: GridNavigationState = {
      ...EMPTY_GRID_STATE,
      filters: [
        { field: 'name', operator: 'contains', value: 'spring' },
        { field: 'budget', operator: 'gte', value: 100 },
        { field: 'budget', operator: 'lt', value: 500.5 },
        { field: 'created_at', operator: 'onOrAfter', value: '2024-02-29' },
        { field: 'state', operator: 'any', value: ['active', 'paused'] },
      ],
    };
    const params = writeGridUrlState(new URLSearchParams('tab=x&name[is]=old'), several);
    expect(gridSearchString(params)).toBe(
      '?tab=x&name[contains]=spring&budget[gte]=100&budget[lt]=500.5&created_at[onOrAfter]=2024-02-29&state[any]=active,paused',
    );
    expect(readGridUrlState(new URLSearchParams(gridSearchString(params)), SPEC)).toEqual(several);
  });

  it('writes one filter per field and operator', () => {
    const params = writeGridUrlState(new URLSearchParams(), {
      ...EMPTY_GRID_STATE,
      filters: [
        { field: 'name', operator: 'is', value: 'a' },
        { field: 'name', operator: 'is', value: 'b' },
      ],
    });
    expect(params.getAll('name[is]')).toEqual(['a']);
  });

  it('keeps a valueless filter and writes dates as days', () => {
    const params = writeGridUrlState(new URLSearchParams(), {
      ...EMPTY_GRID_STATE,
      filters: [{ field: 'name', operator: 'empty', value: null }],
    });
    expect(gridSearchString(params)).toBe('?name[empty]=');
  });

  it('round-trips through readGridUrlState, also under a namespace', () => {
    const normalised = { ...state, search: 'acme' };
    expect(readGridUrlState(writeGridUrlState(new URLSearchParams(), state), SPEC)).toEqual(normalised);
    const options = { namespace: 'orgs' };
    const params = writeGridUrlState(new URLSearchParams('page=7'), state, options);
    expect(params.get('page')).toBe('7');
    expect(readGridUrlState(params, SPEC, options)).toEqual(normalised);
    // What the browser's address bar shows reads back the same.
    expect(readGridUrlState(new URLSearchParams(gridSearchString(params)), SPEC, options)).toEqual(
      normalised,
    );
  });

  it('encodes what would break the query string', () => {
    const params = writeGridUrlState(new URLSearchParams(), { ...EMPTY_GRID_STATE, search: 'a&b=c #1 [x]' });
    expect(gridSearchString(params)).toBe('?search=a%26b%3Dc+%231+[x]');
    expect(read(gridSearchString(params).slice(1)).search).toBe('a&b=c #1 [x]');
  });
});

describe('toListQuery', () => {
  it('asks the API for the 1-based page (§9) with the grid page size', () => {
    expect(toListQuery(EMPTY_GRID_STATE)).toEqual({ page: 1, limit: 32, filters: [] });
    expect(
      toListQuery({ page: 2, search: ' x ', sort: { field: 'name', direction: 'asc' }, filters: [] }, 10),
    ).toEqual({ page: 3, limit: 10, search: 'x', sort: { field: 'name', direction: 'asc' }, filters: [] });
  });
});

describe('the search field when the URL changes', () => {
  it('follows a search from outside (back, a link, a saved view)', () => {
    expect(searchFieldAfterUrlChange('old', 'new', null)).toBe('new');
    expect(searchFieldAfterUrlChange('', 'from a link', null)).toBe('from a link');
  });

  it('keeps what was typed since its own search reached the URL', () => {
    // The person cleared the field while "abc" was being written: the clearing stays.
    expect(searchFieldAfterUrlChange('', 'abc', 'abc')).toBe('');
    expect(searchFieldAfterUrlChange('abcd', 'abc', 'abc')).toBe('abcd');
  });

  it('keeps trailing spaces of the search it shows', () => {
    expect(searchFieldAfterUrlChange('abc ', 'abc', null)).toBe('abc ');
  });
});

describe('state changes', () => {
  const onPageFour: GridNavigationState = { ...EMPTY_GRID_STATE, page: 4 };

  it('start again from the first page on a new search, sort or filter, but not on a page change', () => {
    expect(withPage(onPageFour, 5).page).toBe(5);
    expect(withSearch(onPageFour, ' a ')).toEqual({ ...EMPTY_GRID_STATE, search: 'a' });
    expect(withSort(onPageFour, { field: 'name', direction: 'asc' })).toEqual({
      ...EMPTY_GRID_STATE,
      sort: { field: 'name', direction: 'asc' },
    });
    expect(withSort({ ...onPageFour, sort: { field: 'name', direction: 'asc' } }, undefined)).toEqual(
      EMPTY_GRID_STATE,
    );
    expect(withFilters(onPageFour, [{ field: 'name', operator: 'is', value: 'x' }]).page).toBe(0);
  });

  it('keep the first filter of each field and operator when the filters change', () => {
    const filters = [
      { field: 'name', operator: 'is', value: 'x' },
      { field: 'name', operator: 'is', value: 'y' },
      { field: 'name', operator: 'isnt', value: 'z' },
    ] as const;
    expect(withFilters(EMPTY_GRID_STATE, filters).filters).toEqual([filters[0], filters[2]]);
    expect(distinctFilters(filters)).toEqual([filters[0], filters[2]]);
  });

  it('tell whether two filter lists are the same', () => {
    expect(sameFilters([], [])).toBe(true);
    expect(
      sameFilters(
        [{ field: 'name', operator: 'is', value: 'x' }],
        [{ field: 'name', operator: 'is', value: 'y' }],
      ),
    ).toBe(false);
  });
});

describe('fromSavedState', () => {
  it('applies a saved view on the first page, with its search, sort and filters', () => {
    expect(
      fromSavedState(
        {
          search: ' acme ',
          sort: { field: 'budget', direction: 'asc' },
          filters: [
            { field: 'budget', operator: 'gt', value: 5 },
            { field: 'state', operator: 'is', value: 'paused' },
          ],
        },
        SPEC,
      ),
    ).toEqual({
      page: 0,
      search: 'acme',
      sort: { field: 'budget', direction: 'asc' },
      filters: [
        { field: 'budget', operator: 'gt', value: 5 },
        { field: 'state', operator: 'is', value: 'paused' },
      ],
    });
  });

  it('leaves out what the list no longer accepts', () => {
    expect(
      fromSavedState(
        {
          search: '',
          sort: { field: 'gone', direction: 'asc' },
          filters: [
            { field: 'gone', operator: 'is', value: 'x' },
            { field: 'state', operator: 'is', value: 'archived' },
            { field: 'name', operator: 'starts', value: 'a' },
          ],
        },
        SPEC,
      ),
    ).toEqual({ ...EMPTY_GRID_STATE, filters: [{ field: 'name', operator: 'starts', value: 'a' }] });
  });
});

describe('MUI models', () => {
  it('gives the 0-based page and the page size to the grid', () => {
    expect(toGridPaginationModel({ ...EMPTY_GRID_STATE, page: 2 })).toEqual({ page: 2, pageSize: 32 });
  });

  it('maps the sort both ways, on sortable fields only', () => {
    const state: GridNavigationState = { ...EMPTY_GRID_STATE, sort: { field: 'budget', direction: 'desc' } };
    expect(toGridSortModel(state)).toEqual([{ field: 'budget', sort: 'desc' }]);
    expect(toGridSortModel(EMPTY_GRID_STATE)).toEqual([]);
    expect(fromGridSortModel([{ field: 'budget', sort: 'desc' }], SPEC)).toEqual({
      field: 'budget',
      direction: 'desc',
    });
    expect(fromGridSortModel([{ field: 'name', sort: null }], SPEC)).toBeUndefined();
    expect(fromGridSortModel([], SPEC)).toBeUndefined();
    expect(fromGridSortModel([{ field: 'notes', sort: 'asc' }], SPEC)).toBeUndefined();
  });
});
