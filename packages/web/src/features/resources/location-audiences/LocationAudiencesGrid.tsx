import { canEditAudiences } from '@beacon/domain/access/permissions';
import { LOCATION_AUDIENCE_LIST_SPEC } from '@beacon/domain/validation/location-audience-form';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { readGridUrlState } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import {
  fetchLocationAudiences,
  LOCATION_AUDIENCE_LIST_QUERY_KEY,
  type LocationAudienceRow,
} from './api/location-audience';
import { locationAudienceColumns } from './components/location-audience-columns';
import { useLocationAudienceDialogs } from './hooks/use-location-audience-dialogs';

/** Its URL parameters are prefixed, so the audiences grid of the same section keeps its own. */
const NAMESPACE = 'location';
const GRID_HEIGHT = 520;

const getRowId = (row: LocationAudienceRow) => row.id;

/**
 * The location audiences grid of `/resources/audiences`: search, filters, sort and paging in the URL; create,
 * edit, duplicate and delete for the roles that edit.
 */
export const LocationAudiencesGrid = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const isEditor = identity ? canEditAudiences(identity.role) : false;
  const dialogs = useLocationAudienceDialogs();
  const [searchParams] = useSearchParams();
  const state = useMemo(
    () => readGridUrlState(searchParams, LOCATION_AUDIENCE_LIST_SPEC, { namespace: NAMESPACE }),
    [searchParams],
  );
  const columns = useMemo(
    () =>
      locationAudienceColumns({
        canEdit: isEditor,
        onEdit: dialogs.openEdit,
        onDuplicate: dialogs.openDuplicate,
        onDelete: (row) => dialogs.openDelete(row),
      }),
    [isEditor, dialogs],
  );
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="location-audiences-heading">
      <Typography variant="h2" id="location-audiences-heading">
        Location audiences
      </Typography>
      <ServerDataGrid<LocationAudienceRow>
        spec={LOCATION_AUDIENCE_LIST_SPEC}
        columns={columns}
        queryKey={LOCATION_AUDIENCE_LIST_QUERY_KEY}
        fetcher={fetchLocationAudiences}
        label="Location audiences"
        getRowId={getRowId}
        namespace={NAMESPACE}
        searchLabel="Search location audiences"
        emptyText={
          isFiltered ? 'No location audience matches the search or filters' : 'No location audiences yet'
        }
        height={GRID_HEIGHT}
        actions={
          isEditor && (
            <Button variant="contained" startIcon={<Add />} onClick={dialogs.openCreate}>
              New location audience
            </Button>
          )
        }
      />
    </Stack>
  );
};
