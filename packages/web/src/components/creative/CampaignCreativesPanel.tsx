import { CREATIVE_TYPE_LABELS } from '@beacon/domain/dictionary/creatives';
import Add from '@mui/icons-material/Add';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useDialogStack } from '../../app/dialogs/dialog-stack';
import { lazy } from '../../lib/lazy';
import { enqueueSnackbar } from '../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY } from '../campaign/api/campaign-row';
import {
  type CampaignCreative,
  campaignCreativesQueryKey,
  campaignCreativesQueryOptions,
  updateCampaignCreatives,
} from './api/campaign-creatives';
import {
  CREATIVES_QUERY_KEY,
  creativePath,
  creativeSize,
  LINK_STATE_LABELS,
  type LinkState,
  pollWhileProcessing,
} from './api/creative';
import { CreativeStateChip, TranscodingChip } from './CreativeStateChip';
import { CreativeThumbnail } from './CreativeThumbnail';
import { sortedLinks } from './link-edits';

const BulkEditLinksDialog = lazy(() =>
  import('./BulkEditLinksDialog').then((module) => ({ default: module.BulkEditLinksDialog })),
);
const LinkCreativesDialog = lazy(() =>
  import('./LinkCreativesDialog').then((module) => ({ default: module.LinkCreativesDialog })),
);

type CampaignCreativesPanelProps = {
  readonly campaignId: number;
  readonly campaignName: string;
  /** Whether the user may change the links (a role that edits, a campaign not deleted). */
  readonly canEdit: boolean;
};

/** The action that flips a link: pause an active one, activate a paused or removed one. */
const toggleOf = (state: LinkState): { readonly state: LinkState; readonly label: string } =>
  state === 'active' ? { state: 'inactive', label: 'Pause' } : { state: 'active', label: 'Activate' };

/**
 * A campaign's creatives (the campaign page's creatives tab and `/creative?campaign=ID`): each with its
 * approval state and link state; link creatives of the library, pause, activate or remove a link, and the
 * bulk edit dialog of every link's state. The campaign's delivery status follows (no creatives, paused
 * creatives, pending approval), so its queries reload after each change.
 */
export const CampaignCreativesPanel = ({
  campaignId,
  campaignName,
  canEdit,
}: CampaignCreativesPanelProps) => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const links = useQuery({
    ...campaignCreativesQueryOptions(campaignId),
    refetchInterval: (query) => (query.state.data ? pollWhileProcessing(query.state.data) : false),
  });
  const [busyId, setBusyId] = useState<number | null>(null);
  const rows = sortedLinks(links.data ?? []);
  const live = rows.filter((row) => row.link_state !== 'deleted');

  const setLink = async (creative: CampaignCreative, state: LinkState) => {
    setBusyId(creative.id);
    try {
      const saved = await updateCampaignCreatives(campaignId, {
        links: [{ creative_id: creative.id, state }],
      });
      queryClient.setQueryData(campaignCreativesQueryKey(campaignId), saved);
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(`${creative.name}: ${LINK_STATE_LABELS[state].toLowerCase()} in ${campaignName}`, {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  const openLink = () =>
    stack.open(
      'link-creatives',
      <Suspense fallback={null}>
        <LinkCreativesDialog
          campaignId={campaignId}
          campaignName={campaignName}
          linkedIds={live.map((row) => row.id)}
        />
      </Suspense>,
    );
  const openBulkEdit = () =>
    stack.open(
      'bulk-edit-creatives',
      <Suspense fallback={null}>
        <BulkEditLinksDialog campaignId={campaignId} campaignName={campaignName} creatives={rows} />
      </Suspense>,
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-label="Creatives of the campaign"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h2">Creatives</Typography>
          <Typography variant="body2" color="text.secondary">
            {live.length === 0
              ? 'No creative is linked: the campaign cannot deliver.'
              : `${live.length} linked · ${live.filter((row) => row.link_state === 'active' && row.state === 'active').length} serving`}
          </Typography>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<EditNoteOutlined />}
              onClick={openBulkEdit}
              disabled={rows.length === 0}
            >
              Bulk edit
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={openLink}>
              Link creatives
            </Button>
          </Stack>
        )}
      </Stack>
      {links.isPending && <LinearProgress aria-label="Loading the creatives" />}
      {links.isError && <Alert severity="error">{errorMessage(links.error)}</Alert>}
      {links.data && rows.length === 0 && (
        <Typography color="text.secondary">
          {canEdit ? 'Link creatives of the library with Link creatives.' : 'No creatives yet.'}
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer>
          {/* Narrow screens scroll the table sideways rather than squeezing the names letter by letter. */}
          <Table
            size="small"
            aria-label={`Creatives of ${campaignName}`}
            sx={{ minWidth: canEdit ? 760 : 600 }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Creative</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Approval</TableCell>
                <TableCell>Link</TableCell>
                {canEdit && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const toggle = toggleOf(row.link_state);
                const isBusy = busyId === row.id;
                return (
                  <TableRow key={row.id} sx={{ opacity: row.link_state === 'deleted' ? 0.75 : 1 }}>
                    <TableCell sx={{ minWidth: 220 }}>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <CreativeThumbnail url={row.thumbnail_url} type={row.type} name={row.name} />
                        <Link
                          component={RouterLink}
                          to={creativePath(row.id)}
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {row.name}
                        </Link>
                      </Stack>
                    </TableCell>
                    <TableCell>{CREATIVE_TYPE_LABELS[row.type]}</TableCell>
                    <TableCell>{creativeSize(row) ?? '—'}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                        <CreativeStateChip state={row.state} />
                        {row.transcoding_status && row.transcoding_status !== 'success' && (
                          <TranscodingChip status={row.transcoding_status} />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell>{LINK_STATE_LABELS[row.link_state]}</TableCell>
                    {canEdit && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          onClick={() => void setLink(row, toggle.state)}
                          disabled={busyId !== null}
                          loading={isBusy}
                          aria-label={`${toggle.label} ${row.name}`}
                        >
                          {toggle.label}
                        </Button>
                        {row.link_state !== 'deleted' && (
                          <Button
                            size="small"
                            color="error"
                            onClick={() => void setLink(row, 'deleted')}
                            disabled={busyId !== null}
                            aria-label={`Unlink ${row.name}`}
                          >
                            Unlink
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
};
