import { canEdit } from '@beacon/domain/access/permissions';
import {
  PUBLISHER_LIST_KIND_LABELS,
  PUBLISHER_LIST_STATE_LABELS,
  PUBLISHER_PLATFORM_LABELS,
  PUBLISHER_PLATFORMS,
} from '@beacon/domain/dictionary/publisher-lists';
import { PUBLISHER_ENTRY_LIST_SPEC } from '@beacon/domain/validation/publisher-list';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, isNotFoundError } from '../../../api/api-error';
import { usePageTitle } from '../../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { readGridUrlState } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { formatNumber } from '../../../lib/format';
import { enqueueSnackbar } from '../../../lib/snackbar';
import {
  changePublishers,
  fetchPublisherList,
  PUBLISHER_LISTS_QUERY_KEY,
  type PublisherEntry,
  type PublisherListRow,
  publisherEntriesFetcher,
  publisherEntriesQueryKey,
  publisherListQueryKey,
} from './api/publisher-list';
import { usePublisherListDialogs } from './components/use-publisher-list-dialogs';

const LISTS_PATH = '/resources/publisher-lists';
const GRID_HEIGHT = 560;
const getRowId = (row: PublisherEntry) => row.publisher;

const entryColumns = (
  mayEdit: boolean,
  onRemove: (entry: PublisherEntry) => void,
): GridColDef<PublisherEntry>[] => [
  { field: 'publisher', headerName: 'Publisher', flex: 1, minWidth: 220 },
  ...(mayEdit
    ? [
        {
          field: 'actions',
          type: 'actions',
          headerName: 'Remove',
          width: 90,
          getActions: ({ row }) => [
            <GridActionsCellItem
              key="remove"
              icon={<RemoveCircleOutlineOutlined />}
              label={`Remove ${row.publisher}`}
              onClick={() => onRemove(row)}
            />,
          ],
        } satisfies GridColDef<PublisherEntry>,
      ]
    : []),
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 200,
    valueFormatter: (value: string | null) => value ?? '',
  },
  {
    field: 'platform',
    headerName: 'Platform',
    width: 120,
    type: 'singleSelect',
    valueOptions: PUBLISHER_PLATFORMS.map((value) => ({ value, label: PUBLISHER_PLATFORM_LABELS[value] })),
  },
];

/** The publishers of one list, with their search, and what an edit role may do to them. */
const PublisherListDetail = ({ list }: { readonly list: PublisherListRow }) => {
  const identity = useSessionStore(selectActiveIdentity);
  const isLive = list.state !== 'deleted';
  const mayEdit = (identity ? canEdit(identity.role) : false) && isLive;
  const dialogs = usePublisherListDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fetcher = useMemo(() => publisherEntriesFetcher(list.id), [list.id]);
  const queryKey = useMemo(() => publisherEntriesQueryKey(list.id), [list.id]);
  const [searchParams] = useSearchParams();
  const gridState = useMemo(() => readGridUrlState(searchParams, PUBLISHER_ENTRY_LIST_SPEC), [searchParams]);
  const isFiltered = gridState.search !== '' || gridState.filters.length > 0;

  const columns = useMemo(
    () =>
      entryColumns(mayEdit, async (entry) => {
        try {
          await changePublishers(list.id, { version: list.version, remove: [entry.publisher] });
          await queryClient.invalidateQueries({ queryKey: PUBLISHER_LISTS_QUERY_KEY });
          enqueueSnackbar(`${entry.publisher} removed from ${list.name}`, { variant: 'success' });
        } catch (error) {
          enqueueSnackbar(errorMessage(error), { variant: 'error' });
        }
      }),
    [mayEdit, list.id, list.version, list.name, queryClient],
  );

  return (
    <Stack spacing={2.5}>
      <Box>
        <Link
          component={RouterLink}
          to={LISTS_PATH}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBackOutlined fontSize="small" aria-hidden />
          Publisher lists
        </Link>
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h1">{list.name}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip
              label={PUBLISHER_LIST_KIND_LABELS[list.kind]}
              color={list.kind === 'allow' ? 'success' : 'warning'}
              size="small"
            />
            {!isLive && <Chip label={PUBLISHER_LIST_STATE_LABELS[list.state]} size="small" />}
            <Typography color="text.secondary">
              {`${formatNumber(list.publishers_count)} ${list.publishers_count === 1 ? 'publisher' : 'publishers'} · ${list.organization_name}`}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 1 }}>
          {mayEdit && (
            <>
              <Button variant="contained" startIcon={<SearchOutlined />} onClick={() => dialogs.search(list)}>
                Search publishers
              </Button>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => dialogs.upload(list)}
              >
                Upload file
              </Button>
              <Button onClick={() => dialogs.edit(list)}>Edit</Button>
              <Button onClick={() => dialogs.duplicate(list)}>Duplicate</Button>
            </>
          )}
          <Button onClick={() => dialogs.history(list)}>History</Button>
          {mayEdit && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => dialogs.remove(list, () => void navigate(LISTS_PATH))}
            >
              Delete
            </Button>
          )}
        </Stack>
      </Stack>
      {!isLive && (
        <Alert severity="info">This list is deleted: it is kept with its publishers and history.</Alert>
      )}
      <Box component="section" aria-labelledby="publishers-heading">
        <Typography variant="h2" id="publishers-heading" sx={{ mb: 1.5 }}>
          Publishers
        </Typography>
        <ServerDataGrid<PublisherEntry>
          spec={PUBLISHER_ENTRY_LIST_SPEC}
          columns={columns}
          queryKey={queryKey}
          fetcher={fetcher}
          label={`Publishers of ${list.name}`}
          getRowId={getRowId}
          searchLabel="Search the list's publishers"
          emptyText={
            isFiltered
              ? 'No publisher of this list matches the search or filters'
              : mayEdit
                ? 'No publishers yet. Add some with Search publishers or Upload file.'
                : 'No publishers yet'
          }
          height={GRID_HEIGHT}
        />
      </Box>
    </Stack>
  );
};

/** `/resources/publisher/{id}` (§2): one publisher list and its publishers. */
export const PublisherListPage = () => {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const isValidId = Number.isSafeInteger(id) && id > 0;
  const list = useQuery({
    queryKey: publisherListQueryKey(id),
    queryFn: ({ signal }) => fetchPublisherList(id, signal),
    enabled: isValidId,
  });
  usePageTitle(list.data ? `${list.data.name} · Publisher lists` : 'Publisher list');
  if (!isValidId || isNotFoundError(list.error)) return <NotFoundPage />;
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  if (!list.data) return <LinearProgress aria-label="Loading the publisher list" />;
  return <PublisherListDetail list={list.data} />;
};
