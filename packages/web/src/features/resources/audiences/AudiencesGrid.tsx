import { canEditAudiences } from '@beacon/domain/access/permissions';
import { AUDIENCE_LIST_SPEC } from '@beacon/domain/validation/audience-form';
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
  AUDIENCE_LIST_QUERY_KEY,
  AUDIENCE_SEGMENT_LIST_QUERY_KEY,
  type Audience,
  fetchAudienceSegments,
  fetchAudiences,
} from './api/audience';
import { audienceColumns } from './components/audience-columns';
import { useAudienceDialogs } from './hooks/use-audience-dialogs';

/** URL parameters are prefixed, so the grids of the same section keep their own page, sort and filters. */
const NAMESPACE = 'audience';
const SEGMENTS_NAMESPACE = 'segment';
const GRID_HEIGHT = 520;

const getRowId = (row: Audience) => row.id;
const NO_ACTIONS = { canEdit: false, onEdit: () => {}, onDuplicate: () => {}, onDelete: () => {} };

/**
 * The audiences grid of `/resources/audiences` (name, type, users count or "Updating…", state; search, filters,
 * sort and paging in the URL; create, edit, duplicate and delete for the roles that edit), and the catalogue of
 * segments data partners publish, read only.
 */
export const AudiencesGrid = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const isEditor = identity ? canEditAudiences(identity.role) : false;
  const dialogs = useAudienceDialogs();
  const [searchParams] = useSearchParams();
  const state = useMemo(
    () => readGridUrlState(searchParams, AUDIENCE_LIST_SPEC, { namespace: NAMESPACE }),
    [searchParams],
  );
  const columns = useMemo(
    () =>
      audienceColumns({
        canEdit: isEditor,
        onEdit: dialogs.openEdit,
        onDuplicate: dialogs.openDuplicate,
        onDelete: (row) => dialogs.openDelete(row),
      }),
    [isEditor, dialogs],
  );
  const segmentColumns = useMemo(() => audienceColumns(NO_ACTIONS), []);
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <Stack spacing={4}>
      <Stack spacing={1.5} component="section" aria-labelledby="audiences-heading">
        <Typography variant="h2" id="audiences-heading">
          Audiences
        </Typography>
        <ServerDataGrid<Audience>
          spec={AUDIENCE_LIST_SPEC}
          columns={columns}
          queryKey={AUDIENCE_LIST_QUERY_KEY}
          fetcher={fetchAudiences}
          label="Audiences"
          getRowId={getRowId}
          namespace={NAMESPACE}
          searchLabel="Search audiences"
          emptyText={isFiltered ? 'No audience matches the search or filters' : 'No audiences yet'}
          height={GRID_HEIGHT}
          actions={
            isEditor && (
              <Button variant="contained" startIcon={<Add />} onClick={dialogs.openCreate}>
                New audience
              </Button>
            )
          }
        />
      </Stack>
      <Stack spacing={1.5} component="section" aria-labelledby="audience-segments-heading">
        <Typography variant="h2" id="audience-segments-heading">
          Data partner segments
        </Typography>
        <ServerDataGrid<Audience>
          spec={AUDIENCE_LIST_SPEC}
          columns={segmentColumns}
          queryKey={AUDIENCE_SEGMENT_LIST_QUERY_KEY}
          fetcher={fetchAudienceSegments}
          label="Data partner segments"
          getRowId={getRowId}
          namespace={SEGMENTS_NAMESPACE}
          searchLabel="Search segments"
          emptyText="No data partner publishes segments yet"
          height={GRID_HEIGHT}
        />
      </Stack>
    </Stack>
  );
};
