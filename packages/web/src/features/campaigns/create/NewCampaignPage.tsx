/**
 * /campaign/new and /campaign/new/{type}: the guided creation flow. First the type (with the product's names
 * and what each is for), then the steps that ask what that type needs (CAMPAIGN_TYPE_REQUIREMENTS), then a
 * review. "Save as draft" keeps a preview from any step; "Create campaign" at the end makes it complete.
 * Every message shows under its field, on its step; nothing typed is lost when a save fails.
 */
import { CAMPAIGN_TYPE_LABELS, CAMPAIGN_TYPES, type CampaignType } from '@beacon/domain/dictionary/campaigns';
import { DEFAULT_CURRENCY } from '@beacon/domain/dictionary/currencies';
import { campaignCreateSchema } from '@beacon/domain/validation/campaign-form';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/api-error';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useUnsavedChanges, useUnsavedChangesStore } from '../../../app/unsaved-changes';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { createCampaign } from '../api/create-campaign';
import { CAMPAIGNS_QUERY_KEY } from '../api/get-campaign';
import {
  BasicsFields,
  BiddingFields,
  FlightBudgetFields,
  TargetingSectionFields,
} from '../components/CampaignFormSections';
import { OrganizationField, useAdvertiserOptions } from '../components/OrganizationField';
import { PickedNamesProvider } from '../components/picked-names';
import { SourceCampaignField } from '../components/SourceCampaignField';
import {
  type CampaignFormValues,
  createBodyOf,
  earlyTargetingErrors,
  emptyCampaignForm,
  errorsOfDetails,
  type FormErrors,
  isFormDirty,
  schemaErrors,
  withEarlyErrors,
} from '../utils/campaign-form';
import {
  CREATION_STEP_LABELS,
  CREATION_STEPS,
  type CreationStep,
  errorsOfStep,
  firstStepWithErrors,
  stepOfErrorKey,
  unplacedErrors,
} from '../utils/creation-steps';
import { isFieldAsked } from '../utils/type-fields';
import { CAMPAIGN_TYPE_PURPOSES } from './campaign-types';
import { ReviewStep } from './ReviewStep';

const UNSAVED_FLAG = 'new-campaign';

const isCampaignType = (value: string | undefined): value is CampaignType =>
  CAMPAIGN_TYPES.some((type) => type === value);

/** The first choice: which kind of campaign, each with a line on what it is for. */
const TypeChooser = () => (
  <Box>
    <Typography variant="h1" sx={{ mb: 0.5 }}>
      New campaign
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      Choose what kind of campaign to run. Each asks only what it needs.
    </Typography>
    <Box
      component="ul"
      aria-label="Campaign types"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        gap: 2,
        listStyle: 'none',
        p: 0,
        m: 0,
      }}
    >
      {CAMPAIGN_TYPES.map((type) => (
        <li key={type}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={`/campaign/new/${type}`} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h2" component="span" sx={{ display: 'block', mb: 0.5 }}>
                  {CAMPAIGN_TYPE_LABELS[type]}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {CAMPAIGN_TYPE_PURPOSES[type]}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  </Box>
);

const CreationFlow = ({ type }: { type: CampaignType }) => {
  const identity = useSessionStore(selectActiveIdentity);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isOperatorStaff = identity?.operator_staff ?? false;
  const advertisers = useAdvertiserOptions(identity?.organization.id, isOperatorStaff);
  // The operator's staff create campaigns for a client, whom they choose; others start with their own.
  const ownId = isOperatorStaff ? null : (identity?.organization.id ?? null);
  const [initial] = useState(() => emptyCampaignForm(type, ownId));
  const [values, setValues] = useState<CampaignFormValues>(initial);
  const [step, setStep] = useState<CreationStep>('basics');
  const [errors, setErrors] = useState<FormErrors>({});
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<CreationStep>>(new Set());
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<'preview' | 'inactive' | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);

  useUnsavedChanges(UNSAVED_FLAG, isFormDirty(values, initial));

  // After a failed check, the first field in error takes the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const options = advertisers.data ?? [];
  const advertiser = options.find((option) => option.id === values.organization);
  const currency = advertiser?.currency ?? DEFAULT_CURRENCY;
  const defaultTimeZone = advertiser?.time_zone;
  const schema = campaignCreateSchema(currency);
  // The operator's staff must say whom a campaign is for: without a choice it would be the operator's own.
  const advertiserErrors = (next: CampaignFormValues): FormErrors =>
    isOperatorStaff && next.organization === null ? { organization: REQUIRED_MESSAGE } : {};
  const completeErrors = (next: CampaignFormValues) => ({
    ...advertiserErrors(next),
    ...schemaErrors(schema, createBodyOf(next, 'inactive', { withInternal: false })),
  });

  const change = (changes: Partial<CampaignFormValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    // The targeting limits (five countries…) are flagged at once; the other messages wait for Next, and once a
    // step was checked, its messages follow the typing.
    const early = earlyTargetingErrors(schema, next);
    if (checkedSteps.size > 0) {
      const found = completeErrors(next);
      setErrors({
        ...Object.fromEntries(Object.entries(found).filter(([key]) => checkedSteps.has(stepOfErrorKey(key)))),
        ...early,
      });
    } else {
      setErrors((current) => withEarlyErrors(current, early));
    }
  };

  const goTo = (next: CreationStep) => {
    setStep(next);
    setFailure(undefined);
  };

  const next = () => {
    const found = completeErrors(values);
    const ownErrors = errorsOfStep(found, step);
    const checked = new Set([...checkedSteps, step]);
    setCheckedSteps(checked);
    setErrors(Object.fromEntries(Object.entries(found).filter(([key]) => checked.has(stepOfErrorKey(key)))));
    if (Object.keys(ownErrors).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    const index = CREATION_STEPS.indexOf(step);
    goTo(CREATION_STEPS[index + 1] ?? 'review');
  };

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    setCheckedSteps(new Set(CREATION_STEPS));
    const first = firstStepWithErrors(found);
    if (first) setStep(first);
    setFocusRequest((count) => count + 1);
  };

  const save = async (state: 'preview' | 'inactive') => {
    setFailure(undefined);
    const body = createBodyOf(values, state, { withInternal: false });
    const found = { ...advertiserErrors(values), ...schemaErrors(schema, body) };
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setBusy(state);
    try {
      const created = await createCampaign(body);
      useUnsavedChangesStore.getState().setFlag(UNSAVED_FLAG, false);
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(state === 'preview' ? `${created.name} saved as a draft` : `${created.name} created`, {
        variant: 'success',
      });
      navigate(`/campaign/${created.id}/properties`, { replace: true });
    } catch (error) {
      const details = isApiError(error) ? error.details : [];
      if (details.length > 0) showErrors(errorsOfDetails(details));
      if (details.length === 0 || unplacedErrors(errorsOfDetails(details)).length > 0) {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'review') void save('inactive');
    else next();
  };

  const stepErrors = errorsOfStep(errors, step);
  const sectionProps = { values, errors, onChange: change, currency, defaultTimeZone };
  const index = CREATION_STEPS.indexOf(step);

  return (
    <PickedNamesProvider>
      <Box component="form" noValidate onSubmit={submit}>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          New {CAMPAIGN_TYPE_LABELS[type]} campaign
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {CAMPAIGN_TYPE_PURPOSES[type]}{' '}
          <Button component={RouterLink} to="/campaign/new" size="small">
            Change type
          </Button>
        </Typography>
        <Stepper nonLinear activeStep={index} alternativeLabel sx={{ mb: 3 }} aria-label="Steps">
          {CREATION_STEPS.map((candidate) => (
            <Step key={candidate} completed={false}>
              <StepButton
                onClick={() => goTo(candidate)}
                optional={
                  Object.keys(errorsOfStep(errors, candidate)).length > 0 ? (
                    <Typography variant="caption" color="error">
                      To fix
                    </Typography>
                  ) : undefined
                }
              >
                {CREATION_STEP_LABELS[candidate]}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} ref={panelRef}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            {CREATION_STEP_LABELS[step]}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {Object.keys(stepErrors).length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Check the{' '}
              {Object.keys(stepErrors).length === 1 ? 'field' : `${Object.keys(stepErrors).length} fields`}{' '}
              marked below.
            </Alert>
          )}
          {step === 'basics' && (
            <BasicsFields
              {...sectionProps}
              organizationField={
                options.length > 1 ? (
                  <OrganizationField
                    options={options}
                    value={values.organization}
                    onChange={(organization) => change({ organization, source_campaign: null })}
                    error={errors.organization}
                  />
                ) : undefined
              }
              sourceField={
                isFieldAsked(type, 'source_campaign') ? (
                  <SourceCampaignField
                    organization={values.organization}
                    value={values.source_campaign}
                    onChange={(source_campaign) => change({ source_campaign })}
                    error={errors.source_campaign}
                  />
                ) : undefined
              }
            />
          )}
          {step === 'flight' && <FlightBudgetFields {...sectionProps} />}
          {step === 'bidding' && <BiddingFields {...sectionProps} />}
          {step === 'targeting' && <TargetingSectionFields {...sectionProps} />}
          {step === 'review' && (
            <ReviewStep
              values={values}
              currency={currency}
              defaultTimeZone={defaultTimeZone}
              advertiserName={advertiser?.name ?? (isOperatorStaff ? undefined : identity?.organization.name)}
              problems={unplacedErrors(errors)}
            />
          )}
        </Paper>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, alignItems: 'center' }}>
          <Button
            disabled={index === 0 || busy !== null}
            onClick={() => goTo(CREATION_STEPS[index - 1] ?? 'basics')}
          >
            Back
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="outlined"
            loading={busy === 'preview'}
            disabled={busy !== null}
            onClick={() => void save('preview')}
          >
            Save as draft
          </Button>
          <Button type="submit" variant="contained" loading={busy === 'inactive'} disabled={busy !== null}>
            {step === 'review' ? 'Create campaign' : 'Next'}
          </Button>
        </Box>
      </Box>
    </PickedNamesProvider>
  );
};

export const NewCampaignPage = () => {
  const { type } = useParams();
  if (type === undefined) return <TypeChooser />;
  if (!isCampaignType(type)) return <Navigate to="/campaign/new" replace />;
  // A new type starts a new form.
  return <CreationFlow key={type} type={type} />;
};
