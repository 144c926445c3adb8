/**
 * /campaign/{id}/{tab} (§2): the campaign's header (name, type, state, delivery status with its explanation,
 * activation, the delivery figures), the all-paused banner, targeting alerts, and the tabs properties, targeting, strategies and —
 * for the internal-campaign resource — internal. Two queries feed it (the campaign and its strategies); the
 * strategies tab, the targeting editors and the dialogs load when used.
 */

import { canAccess, canEdit as canEditRole, canSeeGoalRates } from '@beacon/domain/access/permissions';
import { CAMPAIGN_STATE_LABELS, CAMPAIGN_TYPE_LABELS } from '@beacon/domain/dictionary/campaigns';
import { SYNCHRONIZED_UNLINK_MESSAGE } from '@beacon/domain/validation/messages';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage, isNotFoundError } from '../../../api/api-error';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useCampaignDialogs } from '../../../components/campaign/use-campaign-dialogs';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { lazy } from '../../../lib/lazy';
import { enqueueSnackbar } from '../../../lib/snackbar';
import {
  CAMPAIGNS_QUERY_KEY,
  type Campaign,
  campaignQueryKey,
  campaignQueryOptions,
} from '../api/get-campaign';
import { strategiesQueryOptions } from '../api/strategies';
import { deleteCampaign, updateCampaign } from '../api/update-campaign';
import { AllPausedBanner } from './AllPausedBanner';
import { CAMPAIGN_TAB_LABELS, CAMPAIGN_TABS, isCampaignTab } from './campaign-tabs';
import { DeliverySummary } from './DeliverySummary';
import { deliveryChipOf } from './delivery-status';

// The tabs (forms, schemas, editors) load beside the campaign's data, not before it is asked for: the import
// starts with the page (while its data is requested), not when the tabs first render once the data is there.
const campaignTabs = import('./CampaignTabs');
const CampaignTabs = lazy(() => campaignTabs.then((module) => ({ default: module.CampaignTabs })));
const ConfirmWordDialog = lazy(() =>
  import('../../../components/ConfirmWordDialog').then((module) => ({ default: module.ConfirmWordDialog })),
);
const StatusDialog = lazy(() =>
  import('./StatusDialog').then((module) => ({ default: module.StatusDialog })),
);
const BiddingDialog = lazy(() =>
  import('./BiddingDialog').then((module) => ({ default: module.BiddingDialog })),
);
const HistoryDialog = lazy(() =>
  import('./HistoryDialog').then((module) => ({ default: module.HistoryDialog })),
);

/** The source of a synchronized campaign, linked by name; the link cannot be undone. */
const SourceLink = ({ sourceId }: { sourceId: number }) => {
  const source = useQuery({ ...campaignQueryOptions(sourceId), retry: false });
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Synchronized with{' '}
      <Link component={RouterLink} to={`/campaign/${sourceId}/properties`}>
        {source.data?.name ?? `campaign #${sourceId}`}
      </Link>
      : its flight dates apply. {SYNCHRONIZED_UNLINK_MESSAGE}.
    </Alert>
  );
};

/** Activate or pause (General section, §4); the server's refusal (no strategy, incomplete) shows as it says. */
const ActivationButtons = ({
  campaign,
  onFailure,
}: {
  campaign: Campaign;
  onFailure: (message: string | undefined) => void;
}) => {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'active' | 'inactive' | null>(null);
  const isActive = campaign.state === 'active';
  if (campaign.state === 'deleted' || campaign.state === 'imported') return null;
  const run = async (state: 'active' | 'inactive', done: string) => {
    setBusy(state);
    onFailure(undefined);
    try {
      const saved = await updateCampaign(campaign.id, { state, version: campaign.version });
      queryClient.setQueryData(campaignQueryKey(campaign.id), saved);
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(`${saved.name} ${done}`, { variant: 'success' });
    } catch (error) {
      onFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {campaign.state === 'preview' && (
        <Button
          variant="outlined"
          loading={busy === 'inactive'}
          disabled={busy !== null}
          onClick={() => void run('inactive', 'is complete')}
        >
          Complete draft
        </Button>
      )}
      <Button
        variant={isActive ? 'outlined' : 'contained'}
        loading={busy === (isActive ? 'inactive' : 'active')}
        disabled={busy !== null}
        onClick={() => void (isActive ? run('inactive', 'paused') : run('active', 'activated'))}
      >
        {isActive ? 'Pause campaign' : 'Activate campaign'}
      </Button>
    </>
  );
};

const Header = ({ campaign, canEdit }: { campaign: Campaign; canEdit: boolean }) => {
  const stack = useDialogStack();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [activationFailure, setActivationFailure] = useState<string>();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const campaignDialogs = useCampaignDialogs();
  const fromMenu = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  const deliveryChip = deliveryChipOf(campaign);
  const openStatus = () =>
    stack.open(
      'campaign-status',
      <Suspense fallback={null}>
        <StatusDialog campaign={campaign} />
      </Suspense>,
    );
  const openBidding = () =>
    stack.open(
      'campaign-bidding',
      <Suspense fallback={null}>
        <BiddingDialog campaignId={campaign.id} campaignName={campaign.name} />
      </Suspense>,
    );
  const openHistory = () =>
    stack.open(
      'campaign-history',
      <Suspense fallback={null}>
        <HistoryDialog campaignId={campaign.id} />
      </Suspense>,
    );
  const confirmDelete = () =>
    stack.open(
      'delete-campaign',
      <Suspense fallback={null}>
        <ConfirmWordDialog
          title={`Delete ${campaign.name}?`}
          description="The campaign stops and leaves the lists; its history is kept. Synchronized campaigns that follow it stop too."
          word="Delete"
          confirmLabel="Delete campaign"
          isDestructive
          onConfirm={async () => {
            await deleteCampaign(campaign.id, campaign.version);
            queryClient.removeQueries({ queryKey: campaignQueryKey(campaign.id) });
            await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
            enqueueSnackbar(`${campaign.name} deleted`, { variant: 'success' });
            navigate('/campaigns');
          }}
        />
      </Suspense>,
    );

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h1" sx={{ mr: 1, overflowWrap: 'anywhere' }}>
          {campaign.name}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mr: 'auto' }}>
          <Chip label={CAMPAIGN_TYPE_LABELS[campaign.type]} variant="outlined" size="small" />
          <Chip label={CAMPAIGN_STATE_LABELS[campaign.state]} variant="outlined" size="small" />
          <Tooltip title={campaign.delivery_explanation} enterDelay={500}>
            <Chip
              label={deliveryChip.label}
              color={deliveryChip.color}
              size="small"
              onClick={openStatus}
              aria-label={`Delivery status: ${deliveryChip.label}. ${campaign.delivery_explanation}`}
            />
          </Tooltip>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button startIcon={<QueryStatsOutlined />} onClick={openBidding}>
            Bidding
          </Button>
          <Button startIcon={<HistoryOutlined />} onClick={openHistory}>
            History
          </Button>
          {canEdit && <ActivationButtons campaign={campaign} onFailure={setActivationFailure} />}
          <IconButton
            aria-label="More actions"
            aria-haspopup="menu"
            aria-expanded={menuAnchor !== null}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVert />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            {canEdit && (
              <MenuItem onClick={fromMenu(() => campaignDialogs.openDuplicate(campaign, { openCopy: true }))}>
                <ListItemIcon>
                  <ContentCopyOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText>Duplicate</ListItemText>
              </MenuItem>
            )}
            <MenuItem onClick={fromMenu(() => campaignDialogs.openExport(campaign))}>
              <ListItemIcon>
                <FileDownloadOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText>Export campaign info</ListItemText>
            </MenuItem>
            {canEdit && (
              <MenuItem onClick={fromMenu(confirmDelete)}>
                <ListItemIcon>
                  <DeleteOutlined fontSize="small" color="error" />
                </ListItemIcon>
                <ListItemText>Delete</ListItemText>
              </MenuItem>
            )}
          </Menu>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        #{campaign.id} · {campaign.organization_name} · {campaign.currency.toUpperCase()} ·{' '}
        {campaign.delivery_explanation}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <DeliverySummary campaign={campaign} />
      </Box>
      {activationFailure && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setActivationFailure(undefined)}>
          {activationFailure}
        </Alert>
      )}
    </Box>
  );
};

export const CampaignPage = () => {
  const params = useParams();
  const id = Number(params.id);
  const isValidId = Number.isInteger(id) && id > 0;
  const identity = useSessionStore(selectActiveIdentity);
  const campaign = useQuery({ ...campaignQueryOptions(id), enabled: isValidId });
  const strategies = useQuery({ ...strategiesQueryOptions(id), enabled: isValidId });

  if (!isValidId || isNotFoundError(campaign.error)) return <NotFoundPage />;
  if (!identity) return null;
  const isInternal = canAccess('internal-campaign', identity.role, identity.organization.role, {
    isTestEnvironment: identity.test,
  });
  const tabs = CAMPAIGN_TABS.filter((tab) => tab !== 'internal' || isInternal);
  if (!isCampaignTab(params.tab) || !tabs.includes(params.tab)) {
    return <Navigate to={`/campaign/${id}/properties`} replace />;
  }
  const tab = params.tab;

  if (campaign.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/campaigns">
            Campaigns
          </Button>
        }
      >
        {errorMessage(campaign.error)}
      </Alert>
    );
  }
  if (!campaign.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading campaign" />
      </Box>
    );
  }
  const data = campaign.data;
  const canEdit = canEditRole(identity.role) && data.state !== 'deleted';

  return (
    <Box>
      <Header campaign={data} canEdit={canEdit} />
      <AllPausedBanner strategies={strategies.data ?? []} />
      {data.source_campaign !== null && <SourceLink sourceId={data.source_campaign} />}
      {data.alerts.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Inconsistent targeting</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {data.alerts.map((alert) => (
              <li key={`${alert.field}-${alert.message}`}>{alert.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} aria-label="Campaign sections" variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((candidate) => (
            <Tab
              key={candidate}
              value={candidate}
              label={CAMPAIGN_TAB_LABELS[candidate]}
              component={RouterLink}
              to={`/campaign/${id}/${candidate}`}
              id={`campaign-tab-${candidate}`}
              aria-controls="campaign-section"
            />
          ))}
        </Tabs>
      </Box>
      <Box id="campaign-section" role="tabpanel" aria-labelledby={`campaign-tab-${tab}`}>
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          }
        >
          <CampaignTabs
            tab={tab}
            campaign={data}
            strategies={strategies.data}
            strategiesError={strategies.error}
            canEdit={canEdit}
            isInternal={isInternal}
            canSeeGoalRates={canSeeGoalRates(identity.role, identity.organization.role)}
          />
        </Suspense>
      </Box>
    </Box>
  );
};
