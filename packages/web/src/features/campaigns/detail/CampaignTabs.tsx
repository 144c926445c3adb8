/** The content of each tab of the campaign page. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import { lazy } from '../../../lib/lazy';
import { type Campaign, useCampaign } from '../api/get-campaign';
import type { Strategy } from '../api/strategies';
import {
  BasicsFields,
  BiddingFields,
  FlightBudgetFields,
  InternalFields,
  TargetingSectionFields,
} from '../components/CampaignFormSections';
import { ReviewStep } from '../create/ReviewStep';
import { campaignFormOf } from '../utils/campaign-form';
import type { CampaignField } from '../utils/type-fields';
import { CampaignEditForm } from './CampaignEditForm';
import type { CampaignTab } from './campaign-tabs';

const StrategiesTab = lazy(() =>
  import('./StrategiesTab').then((module) => ({ default: module.StrategiesTab })),
);
const CampaignCreativesPanel = lazy(() =>
  import('../../../components/creative/CampaignCreativesPanel').then((module) => ({
    default: module.CampaignCreativesPanel,
  })),
);
const GoalRatesSection = lazy(() =>
  import('./GoalRatesSection').then((module) => ({ default: module.GoalRatesSection })),
);
const ModifyStartDateDialog = lazy(() =>
  import('./ModifyStartDateDialog').then((module) => ({ default: module.ModifyStartDateDialog })),
);

const PROPERTIES_FIELDS: readonly CampaignField[] = [
  'name',
  'objective',
  'time_zone',
  'start_date',
  'end_date',
  'budget_timespan',
  'budget',
  'daily_limit_type',
  'daily_budget',
  'daily_impressions',
  'daily_clicks',
  'max_daily_cost_strategy',
  'pricing',
  'price_model',
  'bid',
  'cpc_target',
  'event_optimisation',
  'tracking_tool',
  'frequency_cap',
];

const TARGETING_FIELDS: readonly CampaignField[] = [
  'targeting',
  'schedule',
  'device_types',
  'device_id_types',
  'video_positions',
  'video_attributes',
  'viewability',
];

const INTERNAL_FIELDS: readonly CampaignField[] = ['internal'];

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} aria-label={title}>
    <Typography variant="h2" sx={{ mb: 2 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const Loading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

type CampaignTabsProps = {
  readonly tab: CampaignTab;
  readonly campaign: Campaign;
  readonly strategies: readonly Strategy[] | undefined;
  readonly strategiesError: unknown;
  readonly canEdit: boolean;
  readonly isInternal: boolean;
  /** The internal staff see the learnt goal rates on the internal tab (decision 051). */
  readonly canSeeGoalRates: boolean;
};

export const CampaignTabs = ({
  tab,
  campaign,
  strategies,
  strategiesError,
  canEdit,
  isInternal,
  canSeeGoalRates,
}: CampaignTabsProps) => {
  const stack = useDialogStack();
  // Outside drafts, the start date moves through its own dialog (a lifetime budget resets).
  const isStartDateGuarded = campaign.state !== 'preview' && campaign.type !== 'synchronized';
  const openStartDate = () =>
    stack.open(
      'modify-start-date',
      <Suspense fallback={null}>
        <ModifyStartDateDialog campaign={campaign} />
      </Suspense>,
    );

  if (tab === 'strategies') {
    if (strategiesError) return <Alert severity="error">{errorMessage(strategiesError)}</Alert>;
    if (!strategies) return <Loading />;
    return (
      <Suspense fallback={<Loading />}>
        <StrategiesTab campaign={campaign} strategies={strategies} canEdit={canEdit} />
      </Suspense>
    );
  }

  if (tab === 'creatives') {
    return (
      <Suspense fallback={<Loading />}>
        <CampaignCreativesPanel campaignId={campaign.id} campaignName={campaign.name} canEdit={canEdit} />
      </Suspense>
    );
  }

  // Who may not edit reads the settings as text: a disabled form is faint and asks for nothing.
  if (!canEdit && tab !== 'internal') {
    return (
      <Section title="Settings">
        <ReadOnlySettings campaign={campaign} />
      </Section>
    );
  }

  if (tab === 'targeting') {
    return (
      <CampaignEditForm
        key={`targeting-${campaign.id}`}
        campaign={campaign}
        fields={TARGETING_FIELDS}
        section="targeting"
        canEdit={canEdit}
        withInternal={isInternal}
      >
        {(props) => (
          <Section title="Targeting">
            <TargetingSectionFields {...props} targetedResources={campaign.targeted_resources} />
          </Section>
        )}
      </CampaignEditForm>
    );
  }

  if (tab === 'internal') {
    return (
      <>
        <CampaignEditForm
          key={`internal-${campaign.id}`}
          campaign={campaign}
          fields={INTERNAL_FIELDS}
          section="internal"
          canEdit={canEdit}
          withInternal
        >
          {(props) => (
            <Section title="Internal">
              <InternalFields {...props} />
            </Section>
          )}
        </CampaignEditForm>
        {canSeeGoalRates && (
          <Suspense fallback={<Loading />}>
            <GoalRatesSection campaign={campaign} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <CampaignEditForm
      key={`properties-${campaign.id}`}
      campaign={campaign}
      fields={PROPERTIES_FIELDS}
      section="properties"
      canEdit={canEdit}
      withInternal={isInternal}
    >
      {(props) => (
        <>
          <Section title="General">
            <BasicsFields {...props} />
          </Section>
          <Section title="Flight and budget">
            <FlightBudgetFields
              {...props}
              areDatesFixed={campaign.type === 'synchronized'}
              startDateAction={
                isStartDateGuarded && canEdit ? (
                  <Button size="small" sx={{ mt: 0.5 }} onClick={openStartDate}>
                    Modify start date
                  </Button>
                ) : undefined
              }
            />
          </Section>
          <Section title="Bidding">
            <BiddingFields {...props} />
          </Section>
        </>
      )}
    </CampaignEditForm>
  );
};

/** The settings as text, with the source campaign by its name (fetched: the campaign answers only its id). */
const ReadOnlySettings = ({ campaign }: { readonly campaign: Campaign }) => {
  const source = useCampaign(campaign.source_campaign);
  return (
    <ReviewStep
      values={campaignFormOf(campaign)}
      currency={campaign.currency}
      advertiserName={campaign.organization_name}
      problems={[]}
      targetedResources={campaign.targeted_resources}
      sourceCampaignName={source.data?.name}
    />
  );
};
