import { LOCATION_AUDIENCE_LIST_SPEC } from '@beacon/domain/validation/location-audience-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readGridUrlState } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import {
  fetchLocationAudiences,
  LOCATION_AUDIENCE_LIST_QUERY_KEY,
  type LocationAudienceRow,
} from './api/location-audience';
import { locationAudienceColumns } from './components/location-audience-columns';

/** Its URL parameters are prefixed, so the audiences grid of the same section keeps its own. */
const NAMESPACE = 'location';
const GRID_HEIGHT = 520;

const getRowId = (row: LocationAudienceRow) => row.id;

/** The location audiences grid of `/resources/audiences`: search, filters, sort and paging in the URL. */
export const LocationAudiencesGrid = () => {
  const [searchParams] = useSearchParams();
  const state = useMemo(
    () => readGridUrlState(searchParams, LOCATION_AUDIENCE_LIST_SPEC, { namespace: NAMESPACE }),
    [searchParams],
  );
  const columns = useMemo(
    () =>
      locationAudienceColumns({
        canEdit: false,
        onEdit: () => undefined,
        onDuplicate: () => undefined,
        onDelete: () => undefined,
      }),
    [],
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
      />
    </Stack>
  );
};
