import { canEdit } from '@beacon/domain/access/permissions';
import { PUBLISHER_LISTS_SPEC } from '@beacon/domain/validation/publisher-list';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { readGridUrlState } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import {
  fetchPublisherLists,
  PUBLISHER_LIST_LIST_QUERY_KEY,
  type PublisherListRow,
  publisherListPath,
} from './api/publisher-list';
import { publisherListColumns } from './components/publisher-list-columns';
import { usePublisherListDialogs } from './components/use-publisher-list-dialogs';

const GRID_HEIGHT = 620;

const getRowId = (row: PublisherListRow) => row.id;

/**
 * `/resources/publisher-lists` (§2): the publisher lists the user may see, with search, filters, sort and
 * paging in the URL; new, edit, duplicate and delete (with confirmation) for edit roles.
 */
export const PublisherListsSection = () => {
  const identity = useSessionStore(selectActiveIdentity);
  const mayEdit = identity ? canEdit(identity.role) : false;
  const dialogs = usePublisherListDialogs();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => readGridUrlState(searchParams, PUBLISHER_LISTS_SPEC), [searchParams]);
  const columns = useMemo(
    () =>
      publisherListColumns({
        canEdit: mayEdit,
        onEdit: dialogs.edit,
        onDuplicate: dialogs.duplicate,
        onDelete: (row) => dialogs.remove(row),
      }),
    [mayEdit, dialogs],
  );
  const isFiltered = state.search !== '' || state.filters.length > 0;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="publisher-lists-heading">
      <Typography variant="h2" id="publisher-lists-heading">
        Publisher lists
      </Typography>
      <Typography color="text.secondary">
        Allowlists and blocklists of web sites and apps. A publisher in both an allowlist and a blocklist of
        the same campaign is excluded from its targeting.
      </Typography>
      <ServerDataGrid<PublisherListRow>
        spec={PUBLISHER_LISTS_SPEC}
        columns={columns}
        queryKey={PUBLISHER_LIST_LIST_QUERY_KEY}
        fetcher={fetchPublisherLists}
        label="Publisher lists"
        getRowId={getRowId}
        searchLabel="Search publisher lists"
        emptyText={
          isFiltered
            ? 'No publisher list matches the search or filters'
            : mayEdit
              ? 'No publisher lists yet. Create one with New publisher list.'
              : 'No publisher lists yet'
        }
        height={GRID_HEIGHT}
        actions={
          mayEdit ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => dialogs.create((list) => void navigate(publisherListPath(list.id)))}
            >
              New publisher list
            </Button>
          ) : undefined
        }
      />
    </Stack>
  );
};
