/**
 * The navigation state of a server-side grid (spec §3: page, search, filter, sort) and its place in the URL
 * query string, so that a reload, a shared link or the back button shows the same rows. The URL speaks the
 * API's own language (`sort=-name`, `name[contains]=acme`), except the page, which counts from 0 as
 * navigation does (§9). The domain's parseListQuery reads it, so the console and the server agree on
 * every parameter; what it rejects (an old link, a hand-edited URL) is left out instead of breaking the page.
 * Pure: no React, no DOM, no MUI at run time.
 */
import { MAX_SAVED_VIEW_FILTERS } from '@beacon/domain/api/saved-views';
import { GRID_PAGE_SIZE, NAVIGATION_FIRST_PAGE } from '@beacon/domain/dictionary/constants';
import {
  LIST_LIMIT_PARAM,
  LIST_PAGE_PARAM,
  LIST_RESERVED_PARAMS,
  type ListFilter,
  type ListQuery,
  type ListSort,
  type ListSpec,
  parseListQuery,
  serializeListQuery,
} from '@beacon/domain/validation/list-query';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

export type GridNavigationState = {
  /** 0-based, as navigation counts (§9). */
  readonly page: number;
  readonly search: string;
  readonly sort?: ListSort;
  readonly filters: readonly ListFilter[];
};

export type GridUrlOptions = {
  /** Prefix of the grid's parameters (`orgs.page`), for a page that shows more than one grid. */
  readonly namespace?: string;
};

/**
 * Conditions a grid holds at once, ANDed (the list's `field[operator]=value` parameters); a saved view keeps as
 * many. One condition per field and operator: the API client sends one value for each.
 */
export const MAX_GRID_FILTERS = MAX_SAVED_VIEW_FILTERS;

export const EMPTY_GRID_STATE: GridNavigationState = { page: NAVIGATION_FIRST_PAGE, search: '', filters: [] };

const FILTER_KEY = /^[^[\]]+\[[^[\]]+\]$/;

const prefixOf = (options: GridUrlOptions): string => (options.namespace ? `${options.namespace}.` : '');

/** The grid's own name for a URL key, or undefined when the key belongs to something else on the page. */
const ownKey = (key: string, options: GridUrlOptions): string | undefined => {
  const prefix = prefixOf(options);
  if (!key.startsWith(prefix)) return undefined;
  const name = key.slice(prefix.length);
  return FILTER_KEY.test(name) || LIST_RESERVED_PARAMS.includes(name) ? name : undefined;
};

type RawParams = Record<string, string | string[]>;

const addRaw = (raw: RawParams, key: string, value: string) => {
  const previous = raw[key];
  raw[key] =
    previous === undefined ? value : [...(typeof previous === 'string' ? [previous] : previous), value];
};

/** A 0-based navigation page as the 1-based page the parser checks; anything else goes through unchanged. */
const toFilterPage = (text: string): string => (/^\s*\d+\s*$/.test(text) ? String(Number(text) + 1) : text);

/**
 * Reads the parameters with the list's rules, dropping each one it rejects. The default sort stays out of
 * the state: the server applies it when no sort is asked for, and the grid shows no sort arrow for it.
 */
const parseLeniently = (raw: RawParams, spec: ListSpec): ListQuery => {
  const ownSpec: ListSpec = { fields: spec.fields, searchable: spec.searchable ?? false };
  let params = raw;
  // Each pass removes the parameters the previous one reported, so the second pass has nothing to reject.
  for (let pass = 0; pass < 2; pass += 1) {
    const result = parseListQuery(params, ownSpec);
    if (result.ok) return result.query;
    const rejected = new Set(result.details.map((detail) => detail.path));
    params = Object.fromEntries(Object.entries(params).filter(([key]) => !rejected.has(key)));
  }
  return { page: 1, limit: GRID_PAGE_SIZE, filters: [] };
};

/** A filter's field and operator: a grid holds one filter of each. */
export const filterKeyOf = (filter: Pick<ListFilter, 'field' | 'operator'>): string =>
  `${filter.field}[${filter.operator}]`;

/** The first filter of each field and operator, at most MAX_GRID_FILTERS of them. */
export const distinctFilters = (filters: readonly ListFilter[]): ListFilter[] => {
  const seen = new Set<string>();
  const kept: ListFilter[] = [];
  for (const filter of filters) {
    const key = filterKeyOf(filter);
    if (seen.has(key) || kept.length >= MAX_GRID_FILTERS) continue;
    seen.add(key);
    kept.push(filter);
  }
  return kept;
};

const stateOf = (query: ListQuery): GridNavigationState => ({
  page: query.page - 1,
  search: query.search ?? '',
  ...(query.sort ? { sort: query.sort } : {}),
  filters: distinctFilters(query.filters),
});

/** The grid's navigation state in a URL query string; other parameters of the page are left alone. */
export const readGridUrlState = (
  params: URLSearchParams,
  spec: ListSpec,
  options: GridUrlOptions = {},
): GridNavigationState => {
  const raw: RawParams = {};
  for (const [key, value] of params) {
    const name = ownKey(key, options);
    if (name === undefined || name === LIST_LIMIT_PARAM) continue;
    addRaw(raw, name, name === LIST_PAGE_PARAM ? toFilterPage(value) : value);
  }
  return stateOf(parseLeniently(raw, spec));
};

/**
 * The page's query string with the grid's parameters replaced by `state`: page only past the first one,
 * search only when there is one, sort only when chosen.
 */
export const writeGridUrlState = (
  params: URLSearchParams,
  state: GridNavigationState,
  options: GridUrlOptions = {},
): URLSearchParams => {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (ownKey(key, options) === undefined) next.append(key, value);
  const prefix = prefixOf(options);
  const wire = serializeListQuery({
    page: state.page + 1,
    limit: GRID_PAGE_SIZE,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    filters: distinctFilters(state.filters),
  });
  for (const [name, value] of Object.entries(wire)) {
    if (name === LIST_LIMIT_PARAM || name === LIST_PAGE_PARAM) continue;
    for (const text of typeof value === 'string' ? [value] : value) next.append(`${prefix}${name}`, text);
  }
  if (state.page > NAVIGATION_FIRST_PAGE) next.set(`${prefix}${LIST_PAGE_PARAM}`, String(state.page));
  return next;
};

/** `?…` for navigation: brackets and commas stay readable (`?name[contains]=acme&state[any]=a,b`). */
export const gridSearchString = (params: URLSearchParams): string => {
  const text = params.toString().replace(/%5B/gi, '[').replace(/%5D/gi, ']').replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
};

/** What the API is asked for: the 1-based page of the filters (§9) and the grid's page size. */
export const toListQuery = (state: GridNavigationState, pageSize: number = GRID_PAGE_SIZE): ListQuery => ({
  page: state.page + 1,
  limit: pageSize,
  ...(state.search.trim() ? { search: state.search.trim() } : {}),
  ...(state.sort ? { sort: state.sort } : {}),
  filters: distinctFilters(state.filters),
});

// Changes: a new search, sort or filter starts again from the first page.
export const withPage = (state: GridNavigationState, page: number): GridNavigationState => ({
  ...state,
  page,
});
/**
 * What the search field shows once the URL's search changed: the URL's search when it came from outside
 * (back, a link, a saved view), but what the person typed since when the URL only received what the field
 * itself wrote earlier (typing on, or clearing the field, while that was being written).
 */
export const searchFieldAfterUrlChange = (
  field: string,
  urlSearch: string,
  written: string | null,
): string => (written === urlSearch || field.trim() === urlSearch ? field : urlSearch);

export const withSearch = (state: GridNavigationState, search: string): GridNavigationState => ({
  ...state,
  search: search.trim(),
  page: NAVIGATION_FIRST_PAGE,
});
export const withSort = (state: GridNavigationState, sort: ListSort | undefined): GridNavigationState => {
  const { sort: _previous, ...rest } = state;
  return { ...rest, ...(sort ? { sort } : {}), page: NAVIGATION_FIRST_PAGE };
};
export const withFilters = (
  state: GridNavigationState,
  filters: readonly ListFilter[],
): GridNavigationState => ({
  ...state,
  filters: distinctFilters(filters),
  page: NAVIGATION_FIRST_PAGE,
});

/**
 * A saved view's search, sort and filters as the grid's state on its first page, read with the list's rules as
 * a link would be: what the list no longer accepts is left out.
 */
export const fromSavedState = (
  saved: { readonly search: string; readonly sort: ListSort | null; readonly filters: readonly ListFilter[] },
  spec: ListSpec,
): GridNavigationState =>
  readGridUrlState(
    writeGridUrlState(new URLSearchParams(), {
      page: NAVIGATION_FIRST_PAGE,
      search: saved.search,
      ...(saved.sort ? { sort: saved.sort } : {}),
      filters: saved.filters,
    }),
    spec,
  );

/** Whether two filter lists ask for the same rows. */
export const sameFilters = (first: readonly ListFilter[], second: readonly ListFilter[]): boolean =>
  JSON.stringify(first) === JSON.stringify(second);

// ---------------------------------------------------------------------------------------------------------
// MUI DataGrid models. The grid filters through its own control (GridFilterControl.tsx), not MUI's panel.

export const toGridPaginationModel = (state: GridNavigationState, pageSize: number = GRID_PAGE_SIZE) =>
  ({ page: state.page, pageSize }) satisfies GridPaginationModel;

export const toGridSortModel = (state: GridNavigationState): GridSortModel =>
  state.sort ? [{ field: state.sort.field, sort: state.sort.direction }] : [];

/** The sort a grid's sort model asks for, if the list can sort on it. */
export const fromGridSortModel = (model: GridSortModel, spec: ListSpec): ListSort | undefined => {
  const [item] = model;
  if (!item?.sort) return undefined;
  const result = parseListQuery(
    { sort: `${item.sort === 'desc' ? '-' : ''}${item.field}` },
    { fields: spec.fields },
  );
  return result.ok ? result.query.sort : undefined;
};
