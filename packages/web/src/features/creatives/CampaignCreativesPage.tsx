import { canAccess, canEdit } from '@beacon/domain/access/permissions';
import type { TCampaign } from '@beacon/domain/api/campaigns';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { api } from '../../api/client';
import { usePageTitle } from '../../app/branding';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { campaignPath } from '../../components/campaign/campaign-paths';
import { CREATIVES_PATH } from '../../components/creative/api/creative';
import { CampaignCreativesPanel } from '../../components/creative/CampaignCreativesPanel';
import { canWriteCreatives } from '../../components/creative/creative-access';

/** What this page reads of the campaign GET /campaign/{id} answers. */
type CampaignSummary = Pick<TCampaign, 'id' | 'name' | 'state' | 'organization_name'>;

const campaignIdOf = (text: string | null): number | null => {
  const id = Number(text);
  return text !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * `/creative?campaign=ID` (§2 "campaign creatives"): the creatives of one campaign with their link states,
 * linking, unlinking and the bulk edit dialog. Without a campaign it leads to the library.
 */
export const CampaignCreativesPage = () => {
  const [searchParams] = useSearchParams();
  const campaignId = campaignIdOf(searchParams.get('campaign'));
  const identity = useSessionStore(selectActiveIdentity);
  const mayReadCampaigns = identity
    ? canAccess('campaign', identity.role, identity.organization.role, { isTestEnvironment: identity.test })
    : false;
  const campaign = useQuery({
    queryKey: ['campaigns', 'one', campaignId, 'summary'],
    queryFn: ({ signal }) => api<CampaignSummary>(`/campaign/${campaignId}`, { signal }),
    enabled: campaignId !== null && mayReadCampaigns,
  });
  usePageTitle(campaign.data ? `Creatives of ${campaign.data.name}` : 'Campaign creatives');

  if (!identity) return null;
  if (campaignId === null) {
    if (canWriteCreatives(identity)) return <Navigate to={CREATIVES_PATH} replace />;
    return <Alert severity="info">Open a campaign's creatives from the campaign's page.</Alert>;
  }
  if (!mayReadCampaigns) {
    return (
      <Alert severity="info">
        Your role works with the creatives library, not with campaigns: link creatives from a campaign's page.
      </Alert>
    );
  }
  if (campaign.isPending) return <LinearProgress aria-label="Loading the campaign" />;
  if (campaign.isError) return <Alert severity="error">{errorMessage(campaign.error)}</Alert>;
  const data = campaign.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to={campaignPath(data.id)} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
          {data.name}
        </Button>
        <Typography variant="overline" component="p" color="text.secondary">
          Campaign creatives
        </Typography>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          Creatives of {data.name}
        </Typography>
        <Typography color="text.secondary">{data.organization_name}</Typography>
      </Box>
      <CampaignCreativesPanel
        campaignId={data.id}
        campaignName={data.name}
        canEdit={canEdit(identity.role) && data.state !== 'deleted'}
      />
    </Stack>
  );
};
