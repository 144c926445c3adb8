/**
 * The strategy dialog (§2) on the resource dialogs' skeleton (components/ResourceDialog.tsx): name, dates within
 * the campaign's, location among the campaign's countries, schedule, bid (blank = the campaign's), budget share
 * and an optional frequency cap (docs/engine.md "Frequency caps"). A stale version answers 409: the dialog shows
 * the server's message and offers to reload, which brings the other changes and keeps what was typed.
 */
import { isFingerprintUsed } from '@beacon/domain/validation/frequency-cap';
import { strategyCreateSchema, strategyUpdateSchema } from '@beacon/domain/validation/strategy-form';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { ReloadButton, ResourceDialog } from '../../../components/ResourceDialog';
import { checkWith, type FormSchema } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { useReloadableForm } from '../../../lib/use-reloadable-form';
import { useResourceSave } from '../../../lib/use-resource-save';
import { CAMPAIGNS_QUERY_KEY, type Campaign } from '../api/get-campaign';
import { createStrategy, fetchStrategy, type Strategy, updateStrategy } from '../api/strategies';
import { bidHint } from '../components/CampaignFormSections';
import { FieldGrid, Wide } from '../components/FieldGrid';
import { FrequencyCapFields } from '../components/FrequencyCapFields';
import { DateField, IntegerField, MoneyField, PlainTextField } from '../components/fields';
import { CitiesField, CountriesField, RegionsField } from '../components/place-pickers';
import { ResourceTargetingFields } from '../components/ResourceTargetingFields';
import { ScheduleEditor } from '../components/ScheduleEditor';
import {
  isStrategyFormDirty,
  newStrategyForm,
  type StrategyFormValues,
  strategyBodyOf,
  strategyFieldKeyOf,
  strategyFormOf,
  strategyUpdateBodyOf,
} from '../utils/strategy-form';

type StrategyDialogProps = {
  readonly campaign: Campaign;
  readonly strategies: readonly Strategy[];
  /** null adds a new strategy. */
  readonly strategy: Strategy | null;
};

export const StrategyDialog = ({ campaign, strategies, strategy }: StrategyDialogProps) => {
  const { close } = useStackedDialog();
  const theme = useTheme();
  const isFullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const formOf = (row: Strategy | null) =>
    row ? strategyFormOf(row) : newStrategyForm(campaign, strategies);
  const { row: source, initial, values, setValues, rebase } = useReloadableForm(strategy, formOf);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const form = useResourceSave<Strategy>({
    unsaved: {
      id: `strategy-dialog-${strategy?.id ?? 'new'}`,
      isDirty: isStrategyFormDirty(values, initial),
    },
    queryKey: CAMPAIGNS_QUERY_KEY,
    fieldOf: strategyFieldKeyOf,
    onSaved: (saved) => {
      enqueueSnackbar(source ? `${saved.name} saved` : `${saved.name} added`, { variant: 'success' });
      close();
    },
  });
  const { errors } = form;

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

  // An update sends the changed fields only, but the whole form is checked, so that no invalid field goes unseen.
  const schemaAndInput = (next: StrategyFormValues): { schema: FormSchema<unknown>; input: unknown } =>
    source
      ? { schema: strategyUpdateSchema(context), input: { ...strategyBodyOf(next), version: source.version } }
      : { schema: strategyCreateSchema(context), input: strategyBodyOf(next) };

  const change = (changes: Partial<StrategyFormValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    // Once submitted, the messages follow the values as they are corrected.
    if (!isSubmitted) return;
    const { schema, input } = schemaAndInput(next);
    const result = checkWith(schema, input, strategyFieldKeyOf);
    form.setErrors(result.ok ? {} : result.errors);
  };

  // Their changes arrive; the fields this user changed keep what was typed.
  const reload = () =>
    form.reload(async () => {
      if (source) rebase(await fetchStrategy(source.id));
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const { schema, input } = schemaAndInput(values);
    if (form.check(schema, input) === null) return;
    await form.save(() =>
      source
        ? updateStrategy(source.id, strategyUpdateBodyOf(values, initial, source.version))
        : createStrategy(campaign.id, strategyBodyOf(values)),
    );
  };

  const location = values.location;
  const setLocation = (changes: Partial<typeof location>) =>
    change({ location: { ...location, ...changes } });
  const campaignCountries = campaign.targeting.countries;

  return (
    <ResourceDialog
      title={source ? `Edit ${source.name}` : 'New strategy'}
      onSubmit={submit}
      submitLabel={source ? 'Save strategy' : 'Add strategy'}
      isBusy={form.isBusy}
      isDirty={form.isDirty}
      failure={form.failure}
      failureAction={form.isStale ? <ReloadButton onClick={() => void reload()} /> : undefined}
      focusRequest={form.failedAttempts}
      maxWidth="md"
      fullScreen={isFullScreen}
    >
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
        <FrequencyCapFields
          value={values.frequency_cap}
          onChange={(frequency_cap) => change({ frequency_cap })}
          errors={errors}
          subject="this strategy"
          isFingerprintUsed={isFingerprintUsed(campaign.device_id_types)}
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
    </ResourceDialog>
  );
};
