import { BACKOFFICE_TABLE_HEIGHT } from '@beacon/domain/dictionary/constants';
import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useListQuery } from '../../api/list-query';
import { usePageTitle } from '../../app/branding';
import { readGridUrlState, toListQuery } from '../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../components/data-grid/ServerDataGrid';
import { enqueueSnackbar } from '../../lib/snackbar';
import { downloadOrganizations } from './api/download-organizations';
import { fetchOrganizations, ORGANIZATION_LIST_QUERY_KEY } from './api/list-organizations';
import type { Organization } from './api/organization';
import { organizationColumns } from './components/organization-columns';
import { useOrganizationDialogs } from './hooks/use-organization-dialogs';
import { EMPTY_SELECTION, selectedRowIds } from './utils/organization-list';

/** Below the medium breakpoint the page is narrow and short: the grid keeps room for the toolbar. */
const SMALL_TABLE_HEIGHT = 520;

/** §9: the back-office table is 850px high on large screens and 600px on medium ones. */
const useTableHeight = (): number => {
  const theme = useTheme();
  const isLarge = useMediaQuery(theme.breakpoints.up('lg'));
  const isMedium = useMediaQuery(theme.breakpoints.up('md'));
  if (isLarge) return BACKOFFICE_TABLE_HEIGHT.large;
  return isMedium ? BACKOFFICE_TABLE_HEIGHT.medium : SMALL_TABLE_HEIGHT;
};

const getRowId = (organization: Organization) => organization.id;

/**
 * `/backoffice/organizations`: every organization the operator's staff may see, with search, filters, sort
 * and paging in the URL; create, edit, duplicate, children, bulk delete and the CSV of the current view.
 */
export const OrganizationsPage = () => {
  usePageTitle('Organizations');
  const height = useTableHeight();
  const dialogs = useOrganizationDialogs();
  const [searchParams] = useSearchParams();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [isDownloading, setIsDownloading] = useState(false);

  // The grid's own query (same key, so the same cached page): its rows name the selection, its search,
  // sort and filters shape the download.
  const query = useMemo(
    () => toListQuery(readGridUrlState(searchParams, ORGANIZATION_LIST_SPEC)),
    [searchParams],
  );
  const list = useListQuery(ORGANIZATION_LIST_QUERY_KEY, fetchOrganizations, query);
  const rows = list.data?.rows ?? [];
  const selectedIds = selectedRowIds(
    selection,
    rows.map((row) => row.id),
  );
  const selected = rows.filter((row) => selectedIds.includes(row.id));

  const columns = useMemo(
    () =>
      organizationColumns({
        onEdit: (organization) => dialogs.openEdit(organization.id),
        onDuplicate: dialogs.openDuplicate,
        onShowChildren: dialogs.openChildren,
      }),
    [dialogs.openEdit, dialogs.openDuplicate, dialogs.openChildren],
  );

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadOrganizations(query);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="overline" component="p" color="text.secondary">
            Back office
          </Typography>
          <Typography variant="h1">Organizations</Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void download()}
            loading={isDownloading}
          >
            Download CSV
          </Button>
          <Button variant="contained" startIcon={<Add />} onClick={dialogs.openCreate}>
            New organization
          </Button>
        </Stack>
      </Stack>
      <Box
        // An empty page has no cell to focus, so its columns must not scroll sideways out of keyboard reach:
        // with nothing to show there is nothing to scroll to.
        sx={rows.length === 0 ? { '& .MuiDataGrid-virtualScroller': { overflowX: 'hidden' } } : undefined}
      >
        <ServerDataGrid<Organization>
          spec={ORGANIZATION_LIST_SPEC}
          columns={columns}
          queryKey={ORGANIZATION_LIST_QUERY_KEY}
          fetcher={fetchOrganizations}
          label="Organizations"
          getRowId={getRowId}
          searchLabel="Search organizations"
          // The server filters, so an empty page after a search or a filter is "no match", not "none yet".
          emptyText={
            query.search || query.filters.length > 0
              ? 'No organization matches the search or filters'
              : 'No organizations yet'
          }
          height={height}
          checkboxSelection
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          actions={
            selected.length > 0 && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlined />}
                onClick={() => dialogs.openDelete(selected, () => setSelection(EMPTY_SELECTION))}
              >
                Delete {selected.length} selected
              </Button>
            )
          }
        />
      </Box>
    </Stack>
  );
};
