/**
 * The strategy dialog (§2): name, dates within the campaign's, location among the campaign's countries,
 * schedule, bid (blank = the campaign's), budget share and an optional frequency cap (docs/engine.md "Frequency
 * caps"). A stale version answers 409: the dialog says so and keeps what was typed.
 */
import { FINGERPRINT_TYPE_LABELS, FINGERPRINT_TYPES } from '@beacon/domain/dictionary/audiences';
import { FREQUENCY_CAP_PERIOD_LABELS, FREQUENCY_CAP_PERIODS } from '@beacon/domain/validation/frequency-cap';
import { strategyCreateSchema, strategyUpdateSchema } from '@beacon/domain/validation/strategy-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useDialogStack, useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';
import { CAMPAIGNS_QUERY_KEY, type Campaign } from '../api/get-campaign';
import { createStrategy, fetchStrategy, type Strategy, updateStrategy } from '../api/strategies';
import { bidHint, FieldGrid, Wide } from '../components/CampaignFormSections';
import { DateField, EnumSelect, IntegerField, MoneyField, PlainTextField } from '../components/fields';
import { CitiesField, CountriesField, RegionsField } from '../components/place-pickers';
import { ResourceTargetingFields } from '../components/ResourceTargetingFields';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { errorsOfDetails, type FormErrors, schemaErrors } from '../utils/campaign-form';
import {
  isStrategyFormDirty,
  newStrategyForm,
  type StrategyFormValues,
  strategyBodyOf,
  strategyFieldKeyOf,
  strategyFormOf,
  strategyUpdateBodyOf,
} from '../utils/strategy-form';

/** "Per hour", "Per day", "In the lifetime": the period as the select shows it. */
const PERIOD_LABELS = Object.fromEntries(
  FREQUENCY_CAP_PERIODS.map((period) => {
    const label = FREQUENCY_CAP_PERIOD_LABELS[period];
    return [period, `${label.charAt(0).toUpperCase()}${label.slice(1)}`];
  }),
) as Record<(typeof FREQUENCY_CAP_PERIODS)[number], string>;

const FINGERPRINT_DESCRIPTIONS = {
  soft: 'Address and browser family',
  exact: 'Address and full user agent',
} as const;

export const STALE_MESSAGE =
  'Someone else changed this since you opened it. Reload to get their changes; what you typed stays here.';

type StrategyDialogProps = {
  readonly campaign: Campaign;
  readonly strategies: readonly Strategy[];
  /** null adds a new strategy. */
  readonly strategy: Strategy | null;
};

export const StrategyDialog = ({ campaign, strategies, strategy }: StrategyDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const isFullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(strategy);
  const [initial, setInitial] = useState(() =>
    strategy ? strategyFormOf(strategy) : newStrategyForm(campaign, strategies),
  );
  const [values, setValues] = useState<StrategyFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<{ message: string; isStale: boolean }>();
  const [isBusy, setIsBusy] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const isDirty = !isSaved && isStrategyFormDirty(values, initial);
  useUnsavedChanges(`strategy-dialog-${strategy?.id ?? 'new'}`, isDirty);

  useEffect(() => {
    if (focusRequest === 0) return;
    contentRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // The rules against the campaign: its dates, countries, pricing, currency, and the other strategies' shares.
  const context = {
    currency: campaign.currency,
    pricing: campaign.pricing ?? undefined,
    campaign_start_date: campaign.start_date,
    campaign_end_date: campaign.end_date,
    campaign_countries: campaign.targeting.countries,
    other_shares: strategies
      .filter((other) => other.id !== strategy?.id)
      .reduce((sum, other) => sum + other.budget_share, 0),
  };

  const check = (next: StrategyFormValues): { body: Record<string, unknown>; errors: FormErrors } => {
    if (source) {
      const body = strategyUpdateBodyOf(next, initial, source.version);
      // The whole form is checked, so that no invalid field goes unseen.
      const whole = schemaErrors(
        strategyUpdateSchema(context),
        { ...strategyBodyOf(next), version: source.version },
        strategyFieldKeyOf,
      );
      return { body, errors: whole };
    }
    const body = strategyBodyOf(next);
    return { body, errors: schemaErrors(strategyCreateSchema(context), body, strategyFieldKeyOf) };
  };

  const change = (changes: Partial<StrategyFormValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (isSubmitted) setErrors(check(next).errors);
  };

  const requestClose = () => {
    if (isBusy) return;
    if (!isDirty) {
      close();
      return;
    }
    stack.open(
      'discard-strategy-changes',
      <DiscardChangesDialog onDiscard={close} onKeepEditing={() => undefined} />,
    );
  };

  const reload = async () => {
    if (!source) return;
    let fresh: Strategy;
    try {
      fresh = await fetchStrategy(source.id);
    } catch (error) {
      setFailure({ message: errorMessage(error), isStale: false });
      return;
    }
    // Their changes arrive; the fields this user changed keep what was typed.
    const freshForm = strategyFormOf(fresh);
    const mine = Object.fromEntries(
      Object.entries(values).filter(
        ([field, value]) => JSON.stringify(value) !== JSON.stringify(Reflect.get(initial, field)),
      ),
    );
    setSource(fresh);
    setInitial(freshForm);
    setValues({ ...freshForm, ...mine });
    setFailure(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const result = check(values);
    setErrors(result.errors);
    if (Object.keys(result.errors).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    setIsBusy(true);
    try {
      const saved = source
        ? await updateStrategy(source.id, { ...result.body, version: source.version })
        : await createStrategy(campaign.id, result.body);
      setIsSaved(true);
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(source ? `${saved.name} saved` : `${saved.name} added`, { variant: 'success' });
      close();
    } catch (error) {
      const details = isApiError(error) ? error.details : [];
      const found = errorsOfDetails(details, strategyFieldKeyOf);
      setErrors(found);
      const isStale = isApiError(error) && error.status === 409;
      if (details.length === 0 || isStale) {
        setFailure({ message: isStale ? STALE_MESSAGE : errorMessage(error), isStale });
      }
      setFocusRequest((count) => count + 1);
    } finally {
      setIsBusy(false);
    }
  };

  const location = values.location;
  const setLocation = (changes: Partial<typeof location>) =>
    change({ location: { ...location, ...changes } });
  const campaignCountries = campaign.targeting.countries;

  return (
    <Dialog
      {...dialogProps}
      onClose={requestClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={isFullScreen}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id={titleId}>{source ? `Edit ${source.name}` : 'New strategy'}</DialogTitle>
        <DialogContent dividers ref={contentRef}>
          {failure && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                failure.isStale ? (
                  <Button color="inherit" size="small" onClick={() => void reload()}>
                    Reload
                  </Button>
                ) : undefined
              }
            >
              {failure.message}
            </Alert>
          )}
          <FieldGrid>
            <Wide>
              <PlainTextField
                label="Strategy name"
                required
                value={values.name}
                onChange={(name) => change({ name })}
                error={errors.name}
              />
            </Wide>
            <DateField
              label="Start date"
              required
              value={values.start_date}
              min={campaign.start_date ?? undefined}
              max={campaign.end_date ?? undefined}
              onChange={(start_date) => change({ start_date })}
              error={errors.start_date}
              helperText={`Within the campaign's dates${campaign.start_date ? ` (from ${campaign.start_date})` : ''}`}
            />
            <DateField
              label="End date"
              value={values.end_date}
              min={values.start_date || (campaign.start_date ?? undefined)}
              max={campaign.end_date ?? undefined}
              onChange={(end_date) => change({ end_date })}
              error={errors.end_date}
              helperText={campaign.end_date ? `Until ${campaign.end_date} at the latest` : undefined}
            />
            <MoneyField
              currency={campaign.currency}
              label="Bid"
              value={values.bid}
              onChange={(bid) => change({ bid })}
              error={errors.bid}
              helperText={`Blank uses the campaign's bid${campaign.bid ? ` (${campaign.bid})` : ''}. ${bidHint(campaign.pricing ?? '', campaign.currency) ?? ''}`}
            />
            <IntegerField
              label="Budget share"
              unit="%"
              required
              value={values.budget_share}
              onChange={(budget_share) => change({ budget_share })}
              error={errors.budget_share}
              helperText="The shares of all strategies add up to 100% at most"
            />
            <Wide>
              <Typography component="h3" variant="subtitle2">
                Frequency cap (optional)
              </Typography>
              <Typography variant="body2" color="text.secondary">
                At most this many impressions of this strategy per user. Blank: no cap.
              </Typography>
            </Wide>
            <IntegerField
              label="Impressions per user"
              value={values.frequency_cap_impressions}
              onChange={(frequency_cap_impressions) => change({ frequency_cap_impressions })}
              error={errors['frequency_cap.impressions']}
              helperText="A whole number, 1 or more"
            />
            <EnumSelect
              label="Period"
              required
              value={values.frequency_cap_period}
              options={FREQUENCY_CAP_PERIODS}
              labels={PERIOD_LABELS}
              onChange={(period) => {
                if (period !== '') change({ frequency_cap_period: period });
              }}
              disabled={values.frequency_cap_impressions.trim() === ''}
              error={errors['frequency_cap.period']}
            />
            <EnumSelect
              label="Users without a device ID"
              required
              value={values.frequency_cap_fingerprint}
              options={FINGERPRINT_TYPES}
              labels={FINGERPRINT_TYPE_LABELS}
              descriptions={FINGERPRINT_DESCRIPTIONS}
              onChange={(fingerprint) => {
                if (fingerprint !== '') change({ frequency_cap_fingerprint: fingerprint });
              }}
              disabled={values.frequency_cap_impressions.trim() === ''}
              error={errors['frequency_cap.fingerprint']}
              helperText="Told apart by this fingerprint when the campaign allows any ID or no ID (fake)"
            />
            <Wide>
              <CountriesField
                label="Countries"
                value={location.countries}
                allowed={campaignCountries.length > 0 ? campaignCountries : undefined}
                onChange={(countries) => setLocation({ countries })}
                error={errors['location.countries']}
                helperText={campaignCountries.length > 0 ? "Among the campaign's countries" : undefined}
              />
            </Wide>
            <RegionsField
              label="Regions"
              countries={location.countries}
              value={location.regions}
              onChange={(regions) => setLocation({ regions })}
              error={errors['location.regions']}
            />
            <CitiesField
              label="Cities"
              countries={location.countries}
              value={location.cities}
              onChange={(cities) => setLocation({ cities })}
              error={errors['location.cities']}
            />
            <Wide>
              <ScheduleEditor
                value={values.schedule}
                onChange={(schedule) => change({ schedule })}
                error={errors.schedule}
              />
            </Wide>
            <Wide>
              <ResourceTargetingFields
                value={values.targeting}
                onChange={(targeting) => change({ targeting: { ...values.targeting, ...targeting } })}
                errors={errors}
                known={campaign.targeted_resources}
                audiencesRequired={false}
                withSupply={false}
              />
            </Wide>
          </FieldGrid>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={requestClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {source ? 'Save strategy' : 'Add strategy'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
