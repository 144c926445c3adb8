/**
 * Loading a list (docs/decisions/008-list-queries.md, spec §7): a ListQuery becomes the GET params the client serialises
 * (`page`, `limit`, `search`, `sort`, `field[operator]=value`), the rows come back with the total of
 * `x-total-count`, and the cached GET keeps the previous page on screen while the next one loads.
 */
import type { GridFilterOperator } from '@beacon/domain/dictionary/grid';
import {
  LIST_LIMIT_PARAM,
  LIST_PAGE_PARAM,
  LIST_SEARCH_PARAM,
  LIST_SORT_PARAM,
  type ListFilterValue,
  type ListQuery,
  serializeListQuery,
  sortText,
} from '@beacon/domain/validation/list-query';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { apiList, type ListResponse } from './client';
import type { FilterParam, ParamValue, QueryParams } from './params';

export type { ListResponse };

/** Loads one page of a list; the signal cancels it when the query is no longer wanted. */
export type ListFetcher<TRow> = (query: ListQuery, signal: AbortSignal) => Promise<ListResponse<TRow>>;

const filterParamValue = (value: ListFilterValue): FilterParam[GridFilterOperator] =>
  value === null ? null : typeof value === 'object' ? [...value] : value;

/**
 * The GET params of a list query, in the client's shape: filters as `{ field: { operator: value } }`, which
 * it writes as `field[operator]=value` (keeping the valueless `empty` and `notEmpty`). One value per field
 * and operator: the grid never asks for two.
 */
export const toListParams = (query: ListQuery): QueryParams => {
  const params: Record<string, ParamValue> = {
    [LIST_PAGE_PARAM]: query.page,
    [LIST_LIMIT_PARAM]: query.limit,
    [LIST_SEARCH_PARAM]: query.search,
    [LIST_SORT_PARAM]: query.sort ? sortText(query.sort) : undefined,
  };
  const filters: Record<string, Partial<Record<GridFilterOperator, FilterParam[GridFilterOperator]>>> = {};
  for (const filter of query.filters) {
    filters[filter.field] = { ...filters[filter.field], [filter.operator]: filterParamValue(filter.value) };
  }
  return { ...params, ...filters };
};

/** A fetcher for a list path: `listFetcher<OrganizationRow>('/organizations')`. */
export const listFetcher =
  <TRow>(path: string): ListFetcher<TRow> =>
  (query, signal) =>
    apiList<TRow>(path, { params: toListParams(query), signal });

/** The cache key of one page: the list's own key plus its query in wire form (stable key order). */
export const listQueryKey = (key: QueryKey, query: ListQuery): QueryKey => [
  ...key,
  serializeListQuery(query),
];

/**
 * One page of a list through the cached GET of §7. While another page, sort or filter loads, the previous
 * rows stay (`placeholderData: keepPreviousData`, `isPlaceholderData` tells).
 */
export const useListQuery = <TRow>(
  key: QueryKey,
  fetcher: ListFetcher<TRow>,
  query: ListQuery,
  options: {
    readonly enabled?: boolean;
    /** Reads the page again every so many milliseconds while it says so (rows still changing on the server). */
    readonly refreshEvery?: (rows: readonly TRow[]) => number | false;
  } = {},
) => {
  const { refreshEvery } = options;
  return useQuery({
    queryKey: listQueryKey(key, query),
    queryFn: ({ signal }) => fetcher(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: refreshEvery
      ? (current) => (current.state.data ? refreshEvery(current.state.data.rows) : false)
      : false,
  });
};
