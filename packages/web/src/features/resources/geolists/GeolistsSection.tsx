import { canEdit } from '@beacon/domain/access/permissions';
import { GEOLIST_LIST_SPEC } from '@beacon/domain/validation/geolist-form';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { readGridUrlState } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import { fetchGeolists, GEOLIST_LIST_QUERY_KEY, type GeolistRow } from './api/geolist';
import { geolistColumns } from './components/geolist-columns';
import { useGeolistDialogs } from './hooks/use-geolist-dialogs';

const GRID_HEIGHT = 640;

const getRowId = (row: GeolistRow) => row.id;

/**
 * `/resources/geolists`: the geolists the user may see, with search, filters, sort and paging in the URL;
 * create (with a file of areas), edit, duplicate and delete for the roles that edit.
 */
export const GeolistsSection = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const isEditor = identity ? canEdit(identity.role) : false;
  const dialogs = useGeolistDialogs();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => readGridUrlState(searchParams, GEOLIST_LIST_SPEC), [searchParams]);
  const columns = useMemo(
    () =>
      geolistColumns({
        canEdit: isEditor,
        onEdit: dialogs.openEdit,
        onDuplicate: dialogs.openDuplicate,
        onDelete: (row) => dialogs.openDelete(row),
      }),
    [isEditor, dialogs],
  );
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <ServerDataGrid<GeolistRow>
      spec={GEOLIST_LIST_SPEC}
      columns={columns}
      queryKey={GEOLIST_LIST_QUERY_KEY}
      fetcher={fetchGeolists}
      label="Geolists"
      getRowId={getRowId}
      searchLabel="Search geolists"
      emptyText={isFiltered ? 'No geolist matches the search or filters' : 'No geolists yet'}
      height={GRID_HEIGHT}
      actions={
        isEditor && (
          <Button variant="contained" startIcon={<Add />} onClick={dialogs.openCreate}>
            New geolist
          </Button>
        )
      }
    />
  );
};
