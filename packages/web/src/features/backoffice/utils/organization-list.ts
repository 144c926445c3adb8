/**
 * Pure helpers of the back-office organizations grid: what the CSV download asks for (the grid's search, sort
 * and filters, without paging), the rows a selection model names, and how a country reads in a cell.
 */
import { countryName } from '@beacon/domain/dictionary/countries';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import { toListParams } from '../../../api/list-query';
import type { QueryParams } from '../../../api/params';

/** The list params of the grid's query without `page` and `limit`: the download holds every matching row. */
export const downloadParams = (query: ListQuery): QueryParams => {
  const { page: _page, limit: _limit, ...rest } = toListParams(query);
  return rest;
};

/**
 * The ids a selection model names among the rows on screen. The header checkbox answers "every row except
 * these" (`exclude`); the server pages, so "every row" means the rows of this page.
 */
export const selectedRowIds = (model: GridRowSelectionModel, rowIds: readonly GridRowId[]): number[] => {
  const ids = model.type === 'include' ? [...model.ids] : rowIds.filter((id) => !model.ids.has(id));
  return ids.filter((id): id is number => typeof id === 'number');
};

export const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** "Spain (ES)"; the code alone when unknown; '' without a country. */
export const countryLabel = (iso2: string | null): string => {
  if (!iso2) return '';
  const name = countryName(iso2);
  return name ? `${name} (${iso2.toUpperCase()})` : iso2.toUpperCase();
};
