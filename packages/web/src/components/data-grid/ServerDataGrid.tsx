/**
 * A MUI DataGrid whose rows live on the server (docs/decisions/008-list-queries.md): it pages, sorts, filters and searches
 * through the API, keeps that navigation state in the URL (grid-url-state.ts), offers only the operators the
 * list accepts (grid-filter-operators.ts), and shows the loading, empty and error states. Feature pages load
 * it lazily with their own route, so the login page never pays for the grid.
 */

import type { TSavedView } from '@beacon/domain/api/saved-views';
import { GRID_PAGE_SIZE, MAX_LIST_SEARCH_LENGTH } from '@beacon/domain/dictionary/constants';
import { GRID_ERROR_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import type { ListFilter, ListSpec } from '@beacon/domain/validation/list-query';
import DensityLarge from '@mui/icons-material/DensityLarge';
import DensityMedium from '@mui/icons-material/DensityMedium';
import DensitySmall from '@mui/icons-material/DensitySmall';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridPaginationModel,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type ListFetcher, useListQuery } from '../../api/list-query';
import { TextInput } from '../TextInput';
import { GridFilterControl } from './GridFilterControl';
import { serverGridColumns } from './grid-filter-operators';
import { filterChipText } from './grid-filter-rows';
import {
  EMPTY_GRID_STATE,
  filterKeyOf,
  fromGridSortModel,
  fromSavedState,
  type GridNavigationState,
  gridSearchString,
  readGridUrlState,
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
import { SavedViewsMenu } from './SavedViewsMenu';

/** How long typing rests before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

export type ServerDataGridProps<R extends GridValidRowModel> = {
  /** The list's fields, sorts and filters: the same spec the server's route parses its query with. */
  readonly spec: ListSpec;
  readonly columns: readonly GridColDef<R>[];
  /** The list's cache key (e.g. `['organizations']`); the query is appended to it. */
  readonly queryKey: QueryKey;
  readonly fetcher: ListFetcher<R>;
  /** The accessible name of the grid. */
  readonly label: string;
  readonly getRowId?: GridRowIdGetter<R>;
  /** Label of the search field, when the list is searchable. */
  readonly searchLabel?: string;
  /** What the grid says when the list is empty. */
  readonly emptyText?: string;
  /** What it says when filters or a search leave no row. */
  readonly noResultsText?: string;
  /** Prefix of the grid's URL parameters, for a page with more than one grid. */
  readonly namespace?: string;
  /**
   * The grid's name among the user's saved views; by default the leading words of the query key and the
   * namespace (`campaigns.list`, `audiences.segments.segments`).
   */
  readonly viewsKey?: string;
  readonly pageSize?: number;
  readonly height?: number | string;
  /** Actions shown next to the search field (a "New" button, a download…). */
  readonly actions?: ReactNode;
  readonly onRowClick?: DataGridProps<R>['onRowClick'];
  readonly checkboxSelection?: boolean;
  readonly onRowSelectionModelChange?: DataGridProps<R>['onRowSelectionModelChange'];
  readonly rowSelectionModel?: DataGridProps<R>['rowSelectionModel'];
  /**
   * Reads the page again every so many milliseconds while its rows are still changing on the server (a video
   * being processed); such a quiet refresh shows no loading bar.
   */
  readonly refreshEvery?: (rows: readonly R[]) => number | false;
};

/** A grid state asked for and the URLs since it was asked from, oldest first (useGridUrlState). */
type PendingGridState = { readonly searches: readonly string[]; readonly state: GridNavigationState };
const holds = (pending: PendingGridState | null, current: string): pending is PendingGridState => {
  if (pending === null) return false;
  return pending.searches.includes(current) && pending.searches.at(-1) !== current;
};

/** The grid's navigation state, read from and written to the URL (replacing the entry: Back leaves the page). */
const useGridUrlState = (spec: ListSpec, namespace: string | undefined) => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const options = useMemo(() => (namespace ? { namespace } : {}), [namespace]);
  const fromUrl = useMemo(() => readGridUrlState(searchParams, spec, options), [searchParams, spec, options]);
  // React Router moves to a new URL in a transition, after the event that asked for it: a change shows at once
  // from `pending`, so that a second change before the URL has caught up (the second click of a double click on
  // a sort header) builds on the first. It holds while the URL is the one it was asked from or one asked since,
  // short of the last (then the URL says the same); any other URL came from outside (a link) and wins.
  const current = useMemo(() => gridSearchString(searchParams), [searchParams]);
  const [pending, setPending] = useState<PendingGridState | null>(null);
  const state = holds(pending, current) ? pending.state : fromUrl;
  const setState = useCallback(
    (next: GridNavigationState) => {
      const search = gridSearchString(writeGridUrlState(searchParams, next, options));
      setPending((before) => ({
        searches: [...(holds(before, current) ? before.searches : [current]), search],
        state: next,
      }));
      void navigate({ search }, { replace: true, preventScrollReset: true });
    },
    [navigate, searchParams, current, options],
  );
  return [state, setState] as const;
};

/**
 * The grid's loading state: a named progress bar over the rows (MUI's own overlay leaves it unnamed, which
 * screen readers announce as an anonymous progress and axe reports), shown for every fetch, first or not; before
 * the first page has arrived, skeleton rows stand where the rows will be instead of a blank body.
 */
const SKELETON_WIDTHS = ['92%', '80%', '68%', '91%', '79%', '67%', '90%', '78%'] as const;
const GridLoadingOverlay = ({ skeleton = false }: { readonly skeleton?: boolean }) => (
  <>
    <LinearProgress
      aria-label="Loading"
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
    />
    {skeleton && (
      <Box aria-hidden data-testid="grid-skeleton" sx={{ position: 'absolute', inset: 0, px: 2, pt: 1 }}>
        {SKELETON_WIDTHS.map((width) => (
          <Skeleton key={width} variant="text" height={36} sx={{ width }} />
        ))}
      </Box>
    )}
  </>
);

/** The row density every grid uses, chosen by the user and kept in this browser. */
const DENSITY_KEY = 'beacon.grid-density';
const DENSITIES: readonly { value: GridDensity; label: string; icon: ReactNode }[] = [
  { value: 'compact', label: 'Compact rows', icon: <DensitySmall fontSize="small" /> },
  { value: 'standard', label: 'Standard rows', icon: <DensityMedium fontSize="small" /> },
  { value: 'comfortable', label: 'Comfortable rows', icon: <DensityLarge fontSize="small" /> },
];
const readDensity = (): GridDensity => {
  const stored = globalThis.localStorage?.getItem(DENSITY_KEY);
  return DENSITIES.find((density) => density.value === stored)?.value ?? 'standard';
};
const useGridDensity = () => {
  const [density, setDensity] = useState<GridDensity>(readDensity);
  const choose = (next: GridDensity) => {
    setDensity(next);
    globalThis.localStorage?.setItem(DENSITY_KEY, next);
  };
  return [density, choose] as const;
};

/** The default saved-views key of a grid: the query key's leading words (not its ids) and the namespace. */
export const defaultViewsKey = (queryKey: QueryKey, namespace: string | undefined): string => {
  const words: string[] = [];
  for (const part of queryKey) {
    if (typeof part !== 'string') break;
    words.push(part);
  }
  if (namespace) words.push(namespace);
  return (
    words
      .join('.')
      .replace(/[^a-z0-9._-]/gi, '-')
      .slice(0, 80) || 'grid'
  );
};

export const ServerDataGrid = <R extends GridValidRowModel>({
  spec,
  columns,
  queryKey,
  fetcher,
  label,
  getRowId,
  searchLabel = 'Search',
  emptyText = 'No rows',
  noResultsText = 'No results found',
  namespace,
  viewsKey,
  pageSize = GRID_PAGE_SIZE,
  height = 600,
  actions,
  onRowClick,
  checkboxSelection,
  onRowSelectionModelChange,
  rowSelectionModel,
  refreshEvery,
}: ServerDataGridProps<R>) => {
  const [density, setDensity] = useGridDensity();
  const [state, setState] = useGridUrlState(spec, namespace);
  const listQuery = useMemo(() => toListQuery(state, pageSize), [state, pageSize]);
  const list = useListQuery(queryKey, fetcher, listQuery, refreshEvery ? { refreshEvery } : {});
  // A quiet refresh of the page on screen (polling) shows no bar; a new page, sort or filter does.
  const isRefreshingQuietly = refreshEvery !== undefined && list.isRefetching && !list.isPlaceholderData;
  const gridColumns = useMemo(() => serverGridColumns(columns, spec), [columns, spec]);

  // The search field and the filter panel keep what is being typed, which the URL only receives once it
  // is a complete filter (an item without a value yet is not one, §5); they follow the URL when it changes
  // from outside (back, a link).
  // A search this field wrote itself is not a change from outside: when it reaches the URL after the
  // person went on typing (or cleared the field), the field keeps what they typed since.
  const [searchText, setSearchText] = useState(state.search);
  const writtenSearch = useRef<string | null>(null);
  useEffect(() => {
    const wrote = writtenSearch.current;
    writtenSearch.current = null;
    setSearchText((current) => searchFieldAfterUrlChange(current, state.search, wrote));
  }, [state.search]);
  useEffect(() => {
    if (searchText.trim() === state.search) return undefined;
    const timer = setTimeout(() => {
      writtenSearch.current = searchText.trim();
      setState(withSearch(state, searchText));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, state, setState]);

  const onFiltersChange = (filters: readonly ListFilter[]) => setState(withFilters(state, filters));
  const removeFilter = (filter: ListFilter) =>
    onFiltersChange(state.filters.filter((item) => filterKeyOf(item) !== filterKeyOf(filter)));

  // Hidden columns are the grid's own until a view is applied; a view saves and restores them.
  const [columnVisibility, setColumnVisibility] = useState<GridColumnVisibilityModel>({});
  const savedState = useMemo(
    () => ({
      search: state.search,
      sort: state.sort ?? null,
      filters: state.filters.map((filter) => ({
        ...filter,
        value: typeof filter.value === 'object' && filter.value !== null ? [...filter.value] : filter.value,
      })),
      columns: columnVisibility,
    }),
    [state, columnVisibility],
  );
  const applyView = (view: TSavedView) => {
    setState(fromSavedState(view.state, spec));
    setColumnVisibility(view.state.columns);
  };

  // The grid sends a new sort model to its own sortModelChange handler, which goes back to the first page,
  // whenever the prop is a new object: the models keep their identity until what they say changes.
  const sortField = state.sort?.field;
  const sortDirection = state.sort?.direction;
  const sortModel = useMemo(
    () =>
      toGridSortModel(
        sortField && sortDirection
          ? { ...EMPTY_GRID_STATE, sort: { field: sortField, direction: sortDirection } }
          : EMPTY_GRID_STATE,
      ),
    [sortField, sortDirection],
  );
  const page = state.page;
  const paginationModel = useMemo(
    () => toGridPaginationModel({ ...EMPTY_GRID_STATE, page }, pageSize),
    [page, pageSize],
  );
  const onSortModelChange = (model: GridSortModel) =>
    setState(withSort(state, fromGridSortModel(model, spec)));
  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.page !== state.page) setState(withPage(state, model.page));
  };

  const isError = list.isError;

  return (
    <Stack spacing={2}>
      {
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          useFlexGap
          sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', gap: 2 }}
        >
          {spec.searchable && (
            <Box sx={{ flex: { sm: '1 1 260px' }, minWidth: { sm: 260 }, maxWidth: { sm: 360 } }}>
              <TextInput
                label={searchLabel}
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                // A longer search would be refused by the list, and the field would keep sending it.
                htmlInput={{ maxLength: MAX_LIST_SEARCH_LENGTH }}
                startAdornment={
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                }
              />
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <GridFilterControl
              spec={spec}
              columns={gridColumns}
              filters={state.filters}
              onChange={onFiltersChange}
            />
            <SavedViewsMenu
              grid={viewsKey ?? defaultViewsKey(queryKey, namespace)}
              current={savedState}
              onApply={applyView}
            />
          </Stack>
          <Box sx={{ flex: 1 }} />
          {actions}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={density}
            onChange={(_, next: GridDensity | null) => next && setDensity(next)}
            aria-label="Row density"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {DENSITIES.map((option) => (
              <ToggleButton
                key={option.value}
                value={option.value}
                aria-label={option.label}
                title={option.label}
              >
                {option.icon}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      }
      {state.filters.length > 0 && (
        <Stack
          direction="row"
          component="ul"
          aria-label="Active filters"
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {state.filters.map((filter) => {
            const text = filterChipText(filter, gridColumns);
            return (
              <li key={filterKeyOf(filter)}>
                <Chip label={text} onDelete={() => removeFilter(filter)} color="primary" variant="outlined" />
              </li>
            );
          })}
          {state.filters.length > 1 && (
            <li>
              <Button size="small" onClick={() => onFiltersChange([])}>
                Clear filters
              </Button>
            </li>
          )}
        </Stack>
      )}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {GRID_ERROR_MESSAGE}
        </Alert>
      )}
      <Box sx={{ height, width: '100%' }}>
        <DataGrid<R>
          label={label}
          rows={list.data?.rows ?? []}
          columns={gridColumns}
          {...(getRowId ? { getRowId } : {})}
          loading={list.isFetching && !isRefreshingQuietly}
          density={density}
          slots={{ loadingOverlay: GridLoadingOverlay as never }}
          slotProps={{ loadingOverlay: { skeleton: list.data === undefined } as never }}
          localeText={{ noRowsLabel: isError ? '' : emptyText, noResultsOverlayLabel: noResultsText }}
          paginationMode="server"
          rowCount={list.data?.total ?? 0}
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
          pageSizeOptions={[pageSize]}
          sortingMode="server"
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          // One way to filter: the toolbar's control, which holds several conditions (the community grid's
          // own panel holds one).
          disableColumnFilter
          columnVisibilityModel={columnVisibility}
          onColumnVisibilityModelChange={setColumnVisibility}
          {...(onRowClick ? { onRowClick } : {})}
          {...(checkboxSelection ? { checkboxSelection } : {})}
          {...(onRowSelectionModelChange ? { onRowSelectionModelChange } : {})}
          {...(rowSelectionModel ? { rowSelectionModel } : {})}
          disableRowSelectionOnClick
        />
      </Box>
    </Stack>
  );
};
