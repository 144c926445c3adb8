/**
 * The campaigns grid shared by the landing page (`/campaigns`) and the back office (`/backoffice/campaigns`):
 * search, filters on every column with the §3 operators, sort and paging kept in the URL; bulk activate, pause
 * and delete with confirmation; duplicate and export campaign info per row; the CSV of the current view. A
 * first visit without campaigns gets a call to create one, and filters that leave nothing say so and offer to
 * clear them. Press "/" to jump to the search field.
 */
import { canEdit } from '@beacon/domain/access/permissions';
import { CAMPAIGN_LIST_SPEC } from '@beacon/domain/validation/campaign-form';
import Add from '@mui/icons-material/Add';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useListQuery } from '../../api/list-query';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { formatNumber, toDecimalMark } from '../../lib/format';
import { enqueueSnackbar } from '../../lib/snackbar';
import {
  EMPTY_GRID_STATE,
  type GridNavigationState,
  gridSearchString,
  readGridUrlState,
  toListQuery,
  writeGridUrlState,
} from '../data-grid/grid-url-state';
import { ServerDataGrid } from '../data-grid/ServerDataGrid';
import { CAMPAIGN_LIST_QUERY_KEY, type CampaignRow, fetchCampaigns } from './api/campaign-row';
import { downloadCampaigns } from './api/download-campaigns';
import { campaignColumns } from './campaign-columns';
import {
  bulkTargets,
  type CampaignBulkAction,
  campaignsText,
  EMPTY_SELECTION,
  selectedRowIds,
} from './campaign-list';
import { NEW_CAMPAIGN_PATH } from './campaign-paths';
import { useCampaignDialogs } from './use-campaign-dialogs';

const getRowId = (campaign: CampaignRow) => campaign.id;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** "/" focuses the search field, as on most search-first screens, unless the user is typing or in a dialog. */
const useSearchShortcut = (container: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      if (document.querySelector('[role="dialog"]')) return;
      const search = container.current?.querySelector<HTMLInputElement>('input[type="search"]');
      if (!search) return;
      event.preventDefault();
      search.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container]);
};

const EmptyState = ({ canCreate }: { readonly canCreate: boolean }) => {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{
        py: { xs: 6, sm: 8 },
        px: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 2,
        borderStyle: 'dashed',
      }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <CampaignOutlined fontSize="large" />
      </Box>
      <Typography id={titleId} variant="h2">
        No campaigns yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {canCreate
          ? 'A campaign holds the budget, dates and targeting of what you want to advertise; its strategies bid on the traffic. Create the first one: the guided flow asks only what its type needs, and you can save a draft at any step.'
          : 'Campaigns appear here once someone with an editing role creates them.'}
      </Typography>
      {canCreate && (
        <Button
          component={RouterLink}
          to={NEW_CAMPAIGN_PATH}
          variant="contained"
          size="large"
          startIcon={<Add />}
        >
          Create your first campaign
        </Button>
      )}
    </Paper>
  );
};

export type CampaignsGridProps = {
  /** The page heading. */
  readonly title: string;
  /** A small line above the heading (the back office names itself). */
  readonly overline?: string;
  /** The back office shows the organization of each campaign, with its filters. */
  readonly showOrganization?: boolean;
  /** Whether the page offers "New campaign" (the landing page does). */
  readonly canCreate?: boolean;
  readonly height: number | string;
  /** Shown under the heading, before the count. */
  readonly description?: string;
};

export const CampaignsGrid = ({
  title,
  overline,
  showOrganization = false,
  canCreate = false,
  height,
  description,
}: CampaignsGridProps) => {
  const identity = useSessionStore(selectActiveIdentity);
  const mayEdit = identity ? canEdit(identity.role) : false;
  const decimalMark = toDecimalMark(identity?.decimal_mark);
  const dialogs = useCampaignDialogs();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [isDownloading, setIsDownloading] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useSearchShortcut(container);

  // The grid's own query (same key, so the same cached page): its rows name the selection, its search,
  // sort and filters shape the download and the empty states.
  const state = useMemo(() => readGridUrlState(searchParams, CAMPAIGN_LIST_SPEC), [searchParams]);
  const query = useMemo(() => toListQuery(state), [state]);
  const list = useListQuery(CAMPAIGN_LIST_QUERY_KEY, fetchCampaigns, query);
  const rows = list.data?.rows ?? [];
  const isNarrowed = query.search !== undefined || query.filters.length > 0;
  const isSettled = list.data !== undefined && !list.isPlaceholderData;
  const hasNone = isSettled && list.data?.total === 0 && !isNarrowed;
  const hasNoMatch = isSettled && list.data?.total === 0 && isNarrowed;

  const selectedIds = selectedRowIds(
    selection,
    rows.map((row) => row.id),
  );
  const selected = rows.filter((row) => selectedIds.includes(row.id));
  const clearSelection = () => setSelection(EMPTY_SELECTION);

  // A new page, search or filter shows other rows: the selection would name rows no longer on screen.
  const listKey = JSON.stringify(query);
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelection(EMPTY_SELECTION);
  }

  const columns = useMemo(
    () =>
      campaignColumns({
        showOrganization,
        canDuplicate: mayEdit,
        decimalMark,
        onDuplicate: (campaign) => dialogs.openDuplicate(campaign),
        onExport: (campaign) => dialogs.openExport(campaign),
      }),
    [showOrganization, mayEdit, decimalMark, dialogs],
  );

  const goTo = (next: GridNavigationState) => {
    const search = gridSearchString(writeGridUrlState(searchParams, next));
    void navigate({ search }, { replace: true });
  };
  const clearAll = () => goTo(EMPTY_GRID_STATE);

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadCampaigns(query);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };

  const openBulk = (action: CampaignBulkAction) => {
    const targets = bulkTargets(selected, action);
    if (action === 'delete') dialogs.openDelete(targets, clearSelection);
    else dialogs.openStateChange(action, targets, selected.length - targets.length, clearSelection);
  };
  const bulkButton = (action: CampaignBulkAction, label: string, icon: ReactNode) => {
    const count = bulkTargets(selected, action).length;
    return (
      <Button
        startIcon={icon}
        color={action === 'delete' ? 'error' : 'primary'}
        disabled={count === 0}
        onClick={() => openBulk(action)}
      >
        {label}
        {count > 0 && count !== selected.length ? ` ${count}` : ''}
      </Button>
    );
  };

  const total = list.data?.total;
  const countText =
    total === undefined || hasNone
      ? ''
      : `${formatNumber(total, { decimalMark })} ${isNarrowed ? 'matching' : total === 1 ? 'campaign' : 'campaigns'}`;

  return (
    <Stack spacing={3} ref={container}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box>
          {overline && (
            <Typography variant="overline" component="p" color="text.secondary">
              {overline}
            </Typography>
          )}
          <Typography variant="h1">{title}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, minHeight: '1.5em' }} aria-live="polite">
            {[description, countText].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {!hasNone && (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
          >
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void download()}
              loading={isDownloading}
            >
              Download CSV
            </Button>
            {canCreate && mayEdit && (
              <Button component={RouterLink} to={NEW_CAMPAIGN_PATH} variant="contained" startIcon={<Add />}>
                New campaign
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      {hasNone ? (
        <EmptyState canCreate={canCreate && mayEdit} />
      ) : (
        <>
          {hasNoMatch && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={clearAll}>
                  Clear search and filters
                </Button>
              }
            >
              No campaign matches {query.search ? `“${query.search}”` : 'these filters'}
              {query.search && query.filters.length > 0 ? ' with these filters' : ''}.
            </Alert>
          )}
          {selected.length > 0 && (
            <Paper
              variant="outlined"
              role="region"
              aria-label="Selected campaigns"
              sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
            >
              <Typography sx={{ fontWeight: 600, mr: 1 }}>
                {campaignsText(selected.length)} selected
              </Typography>
              {bulkButton('activate', 'Activate', <PlayCircleOutlined />)}
              {bulkButton('pause', 'Pause', <PauseCircleOutlined />)}
              {bulkButton('delete', 'Delete', <DeleteOutlined />)}
              <Box sx={{ flex: 1 }} />
              <Button onClick={clearSelection}>Clear selection</Button>
            </Paper>
          )}
          <Box
            // An empty page has no cell to focus, so its columns must not scroll sideways out of keyboard reach.
            sx={rows.length === 0 ? { '& .MuiDataGrid-virtualScroller': { overflowX: 'hidden' } } : undefined}
          >
            <ServerDataGrid<CampaignRow>
              spec={CAMPAIGN_LIST_SPEC}
              columns={columns}
              queryKey={CAMPAIGN_LIST_QUERY_KEY}
              fetcher={fetchCampaigns}
              label="Campaigns"
              getRowId={getRowId}
              searchLabel="Search campaigns"
              emptyText={isNarrowed ? 'No campaign matches the search or filters' : 'No campaigns yet'}
              noResultsText="No campaign matches the search or filters"
              height={height}
              {...(mayEdit
                ? {
                    checkboxSelection: true,
                    rowSelectionModel: selection,
                    onRowSelectionModelChange: setSelection,
                  }
                : {})}
            />
          </Box>
        </>
      )}
    </Stack>
  );
};
