/**
 * The sections of the campaign form, shared by the guided creation flow and the detail page's tabs: basics,
 * flight and budget, bidding, targeting and internal. Each shows only the fields the campaign's type asks, and
 * each field shows its own message under it.
 */
import { GOAL_PRICE_HINT } from '@beacon/domain/campaigns/goals';
import { trackingTerms } from '@beacon/domain/campaigns/tracking-terms';
import {
  BUDGET_TIMESPAN_LABELS,
  BUDGET_TIMESPANS,
  DAILY_LIMIT_TYPE_LABELS,
  DAILY_LIMIT_TYPES,
  DEVICE_ID_TYPE_LABELS,
  DEVICE_ID_TYPES,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  EVENT_OPTIMISATION_DESCRIPTIONS,
  EVENT_OPTIMISATION_LABELS,
  EVENT_OPTIMISATIONS,
  MAX_DAILY_COST_STRATEGIES,
  MAX_DAILY_COST_STRATEGY_LABELS,
  OBJECTIVE_KIND_LABELS,
  OBJECTIVE_KINDS,
  PRICE_MODEL_LABELS,
  PRICE_MODELS,
  PRICING_TYPE_LABELS,
  PRICING_TYPES,
  VIDEO_ATTRIBUTE_LABELS,
  VIDEO_ATTRIBUTES,
  VIDEO_POSITION_LABELS,
  VIDEO_POSITIONS,
  VIEWABILITY_THRESHOLD_LABELS,
  VIEWABILITY_THRESHOLDS,
} from '@beacon/domain/dictionary/campaigns';
import { TRACKING_PROVIDER_LABELS, TRACKING_PROVIDERS } from '@beacon/domain/dictionary/tracking';
import {
  CAMPAIGN_INTERNAL_FLAG_LABELS,
  CAMPAIGN_INTERNAL_FLAGS,
} from '@beacon/domain/validation/campaign-internal';
import { isFingerprintUsed } from '@beacon/domain/validation/frequency-cap';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense } from 'react';
import { TimeZoneField } from '../../../components/TimeZoneField';
import { lazy } from '../../../lib/lazy';
import type { CampaignFormValues, InternalValues } from '../utils/campaign-form';
import { allowedOptions, isFieldAsked, isFieldRequired } from '../utils/type-fields';
import { bidHint, minimumHints } from './minimum-hints';

/** The bid's hint, also under a strategy's bid. */
export { bidHint };

import { FieldGrid, Wide } from './FieldGrid';
import { FrequencyCapFields } from './FrequencyCapFields';
import { CheckboxGroup, DateField, EnumSelect, IntegerField, MoneyField, PlainTextField } from './fields';
import type { SectionProps } from './section-props';

/** The zone the campaign's dates and schedule are read in: its own, else the advertiser's (docs/engine.md). */
export const campaignTimeZoneOf = (
  values: { readonly time_zone: string },
  defaultTimeZone?: string,
): string => values.time_zone || defaultTimeZone || 'UTC';

// The targeting editors (place search, categories, the schedule grid) load when a targeting section shows.
const TargetingFields = lazy(() =>
  import('./TargetingFields').then((module) => ({ default: module.TargetingFields })),
);

/** Name and objective; the organization and source campaign pickers come from the page (they need queries). */
export const BasicsFields = ({
  values,
  errors,
  onChange,
  disabled,
  organizationField,
  sourceField,
}: SectionProps & { readonly organizationField?: ReactNode; readonly sourceField?: ReactNode }) => (
  <FieldGrid>
    <Wide>
      <PlainTextField
        label="Campaign name"
        required
        value={values.name}
        onChange={(name) => onChange({ name })}
        error={errors.name}
        helperText="Any text except the characters | $ # and @"
        disabled={disabled}
      />
    </Wide>
    {organizationField}
    {isFieldAsked(values.type, 'objective') && (
      <EnumSelect
        label="Objective"
        required
        value={values.objective}
        options={OBJECTIVE_KINDS}
        labels={OBJECTIVE_KIND_LABELS}
        onChange={(objective) => onChange({ objective })}
        error={errors.objective}
        disabled={disabled}
      />
    )}
    {sourceField && <Wide>{sourceField}</Wide>}
  </FieldGrid>
);

/** Dates, budget and daily limits (§9 minimums in the hints, the schema's messages on error). */
export const FlightBudgetFields = ({
  values,
  errors,
  onChange,
  currency,
  defaultTimeZone,
  disabled,
  startDateAction,
  areDatesFixed = false,
}: SectionProps & {
  /** Shown instead of an editable start date (the "modify campaign start date" dialog). */
  readonly startDateAction?: ReactNode;
  /** A synchronized campaign's flight follows its source. */
  readonly areDatesFixed?: boolean;
}) => {
  const isManual = values.daily_limit_type === 'manual';
  const hints = minimumHints(currency);
  return (
    <FieldGrid>
      {isFieldAsked(values.type, 'start_date') && (
        <Box>
          <DateField
            label="Start date"
            required
            value={values.start_date}
            onChange={(start_date) => onChange({ start_date })}
            error={errors.start_date}
            disabled={disabled || areDatesFixed || startDateAction !== undefined}
            helperText={areDatesFixed ? 'Follows the source campaign' : undefined}
          />
          {startDateAction}
        </Box>
      )}
      {isFieldAsked(values.type, 'end_date') && (
        <DateField
          label="End date"
          value={values.end_date}
          min={values.start_date}
          onChange={(end_date) => onChange({ end_date })}
          error={errors.end_date}
          disabled={disabled || areDatesFixed}
          helperText={areDatesFixed ? 'Follows the source campaign' : 'Leave empty to run until stopped'}
        />
      )}
      <TimeZoneField
        required
        value={campaignTimeZoneOf(values, defaultTimeZone)}
        onChange={(time_zone) => onChange({ time_zone })}
        error={errors.time_zone}
        helperText="The dates, the schedule and the daily budgets follow this zone"
        disabled={disabled}
      />
      {isFieldAsked(values.type, 'budget_timespan') && (
        <EnumSelect
          label="Budget timespan"
          required
          value={values.budget_timespan}
          options={BUDGET_TIMESPANS}
          labels={BUDGET_TIMESPAN_LABELS}
          onChange={(budget_timespan) => onChange({ budget_timespan })}
          error={errors.budget_timespan}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'budget') && (
        <MoneyField
          currency={currency}
          label="Budget"
          required
          value={values.budget}
          onChange={(budget) => onChange({ budget })}
          error={errors.budget}
          helperText={values.budget_timespan === 'daily' ? hints.dailyBudget : hints.lifetimeBudget}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'daily_limit_type') && (
        <EnumSelect
          label="Daily limits"
          required
          value={values.daily_limit_type}
          options={DAILY_LIMIT_TYPES}
          labels={DAILY_LIMIT_TYPE_LABELS}
          onChange={(daily_limit_type) => onChange({ daily_limit_type })}
          error={errors.daily_limit_type}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'max_daily_cost_strategy') && (
        <EnumSelect
          label="Max daily cost strategy"
          required
          value={values.max_daily_cost_strategy}
          options={MAX_DAILY_COST_STRATEGIES}
          labels={MAX_DAILY_COST_STRATEGY_LABELS}
          onChange={(max_daily_cost_strategy) => onChange({ max_daily_cost_strategy })}
          error={errors.max_daily_cost_strategy}
          disabled={disabled}
        />
      )}
      {isManual && isFieldAsked(values.type, 'daily_budget') && (
        <MoneyField
          currency={currency}
          label="Daily budget"
          required={values.budget_timespan === 'lifetime'}
          value={values.daily_budget}
          onChange={(daily_budget) => onChange({ daily_budget })}
          error={errors.daily_budget}
          helperText={hints.dailyBudget}
          disabled={disabled}
        />
      )}
      {isManual && isFieldAsked(values.type, 'daily_impressions') && (
        <IntegerField
          label="Daily impressions"
          value={values.daily_impressions}
          onChange={(daily_impressions) => onChange({ daily_impressions })}
          error={errors.daily_impressions}
          helperText={hints.dailyImpressions}
          disabled={disabled}
        />
      )}
      {isManual && isFieldAsked(values.type, 'daily_clicks') && (
        <IntegerField
          label="Daily clicks"
          value={values.daily_clicks}
          onChange={(daily_clicks) => onChange({ daily_clicks })}
          error={errors.daily_clicks}
          helperText={hints.dailyClicks}
          disabled={disabled}
        />
      )}
    </FieldGrid>
  );
};

/** The attribution windows and tracking price of a tool (§9), from the domain's tracking terms. */
export const trackingTermsText = (tool: CampaignFormValues['tracking_tool']): string | undefined => {
  const terms = trackingTerms(tool);
  const windows = terms.attribution_windows;
  if (!windows) return undefined;
  const parts = [`impressions ${windows.impressions} day${windows.impressions === 1 ? '' : 's'}`];
  if (windows.clicks !== undefined) parts.push(`clicks ${windows.clicks} days`);
  if (windows.visits !== undefined) parts.push(`visits ${windows.visits} days`);
  const price =
    terms.price_cpm === null
      ? 'no tracking price'
      : `tracking price ${terms.price_cpm} ${terms.price_currency.toUpperCase()} CPM`;
  return `Attribution windows: ${parts.join(', ')} · ${price}`;
};

/** Pricing, bid, goals and tracking, and the campaign's own frequency cap over all its strategies. */
export const BiddingFields = ({ values, errors, onChange, currency, disabled }: SectionProps) => {
  const pricingOptions = allowedOptions(values.type, 'pricing', PRICING_TYPES);
  const trackingOptions = allowedOptions(values.type, 'tracking_tool', TRACKING_PROVIDERS);
  return (
    <FieldGrid>
      {isFieldAsked(values.type, 'pricing') && (
        <EnumSelect
          label="Pricing"
          required
          value={values.pricing}
          options={pricingOptions}
          labels={PRICING_TYPE_LABELS}
          onChange={(pricing) => onChange({ pricing })}
          error={errors.pricing}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'price_model') && (
        <EnumSelect
          label="Price model"
          required
          value={values.price_model}
          options={PRICE_MODELS}
          labels={PRICE_MODEL_LABELS}
          onChange={(price_model) => onChange({ price_model })}
          error={errors.price_model}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'bid') && (
        <MoneyField
          currency={currency}
          label="Bid"
          required
          value={values.bid}
          onChange={(bid) => onChange({ bid })}
          error={errors.bid}
          helperText={bidHint(values.pricing, currency)}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'cpc_target') && (
        <MoneyField
          currency={currency}
          label="CPC target"
          value={values.cpc_target}
          onChange={(cpc_target) => onChange({ cpc_target })}
          error={errors.cpc_target}
          helperText={`${minimumHints(currency).cpcTarget}. ${GOAL_PRICE_HINT}`}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'event_optimisation') && (
        <EnumSelect
          label="Event optimisation"
          value={values.event_optimisation}
          options={EVENT_OPTIMISATIONS}
          labels={EVENT_OPTIMISATION_LABELS}
          descriptions={EVENT_OPTIMISATION_DESCRIPTIONS}
          onChange={(event_optimisation) => onChange({ event_optimisation })}
          error={errors.event_optimisation}
          disabled={disabled}
        />
      )}
      {isFieldAsked(values.type, 'tracking_tool') && (
        <EnumSelect
          label="Tracking tool"
          required
          value={values.tracking_tool}
          options={trackingOptions}
          labels={TRACKING_PROVIDER_LABELS}
          onChange={(tracking_tool) =>
            onChange({ tracking_tool: tracking_tool === '' ? 'none' : tracking_tool })
          }
          error={errors.tracking_tool}
          helperText={trackingTermsText(values.tracking_tool)}
          disabled={disabled}
        />
      )}
      <FrequencyCapFields
        value={values.frequency_cap}
        onChange={(frequency_cap) => onChange({ frequency_cap })}
        errors={errors}
        subject="this campaign, over all its strategies,"
        isFingerprintUsed={isFingerprintUsed(values.device_id_types)}
        disabled={disabled}
      />
    </FieldGrid>
  );
};

/** Devices, video and viewability: the targeting that is not a place or a list. */
export const InventoryFields = ({ values, errors, onChange, disabled }: SectionProps) => (
  <Box sx={{ display: 'grid', gap: 2 }}>
    {isFieldAsked(values.type, 'device_types') && (
      <CheckboxGroup
        label="Device types"
        required={isFieldRequired(values.type, 'device_types')}
        values={values.device_types}
        options={allowedOptions(values.type, 'device_types', DEVICE_TYPES)}
        labels={DEVICE_TYPE_LABELS}
        onChange={(device_types) => onChange({ device_types })}
        error={errors.device_types}
        disabled={disabled}
      />
    )}
    {isFieldAsked(values.type, 'device_id_types') && (
      <CheckboxGroup
        label="Device identifier types"
        required={isFieldRequired(values.type, 'device_id_types')}
        values={values.device_id_types}
        options={allowedOptions(values.type, 'device_id_types', DEVICE_ID_TYPES)}
        labels={DEVICE_ID_TYPE_LABELS}
        onChange={(device_id_types) => onChange({ device_id_types })}
        error={errors.device_id_types}
        disabled={disabled}
      />
    )}
    {isFieldAsked(values.type, 'video_positions') && (
      <CheckboxGroup
        label="Video positions"
        required={isFieldRequired(values.type, 'video_positions')}
        values={values.video_positions}
        options={VIDEO_POSITIONS}
        labels={VIDEO_POSITION_LABELS}
        onChange={(video_positions) => onChange({ video_positions })}
        error={errors.video_positions}
        disabled={disabled}
      />
    )}
    {isFieldAsked(values.type, 'video_attributes') && (
      <CheckboxGroup
        label="Video attributes"
        required={isFieldRequired(values.type, 'video_attributes')}
        values={values.video_attributes}
        options={VIDEO_ATTRIBUTES}
        labels={VIDEO_ATTRIBUTE_LABELS}
        onChange={(video_attributes) => onChange({ video_attributes })}
        error={errors.video_attributes}
        disabled={disabled}
      />
    )}
    {isFieldAsked(values.type, 'viewability') && (
      <Box sx={{ maxWidth: 360 }}>
        <EnumSelect
          label="Viewability"
          required
          value={values.viewability}
          options={VIEWABILITY_THRESHOLDS}
          labels={VIEWABILITY_THRESHOLD_LABELS}
          onChange={(viewability) => onChange({ viewability: viewability === '' ? 0 : viewability })}
          error={errors.viewability}
          disabled={disabled}
        />
      </Box>
    )}
  </Box>
);

/** Places, apps, categories, schedule, devices and video: the whole targeting of a campaign. */
export const TargetingSectionFields = (props: SectionProps) => (
  <Box sx={{ display: 'grid', gap: 3 }}>
    <Suspense fallback={<Typography color="text.secondary">Loading targeting…</Typography>}>
      <TargetingFields {...props} />
    </Suspense>
    <InventoryFields {...props} />
  </Box>
);

/** Fees, margins, notes and flags: only for the internal-campaign resource (§6). */
export const InternalFields = ({ values, errors, onChange, disabled }: SectionProps) => {
  const set = (changes: Partial<InternalValues>) =>
    onChange({ internal: { ...values.internal, ...changes } });
  return (
    <FieldGrid>
      <IntegerField
        label="Fee"
        unit="%"
        value={values.internal.fee_percent}
        onChange={(fee_percent) => set({ fee_percent })}
        error={errors['internal.fee_percent']}
        disabled={disabled}
      />
      <IntegerField
        label="Margin"
        unit="%"
        value={values.internal.margin_percent}
        onChange={(margin_percent) => set({ margin_percent })}
        error={errors['internal.margin_percent']}
        disabled={disabled}
      />
      <Wide>
        <PlainTextField
          label="Internal notes"
          multiline
          value={values.internal.notes}
          onChange={(notes) => set({ notes })}
          error={errors['internal.notes']}
          helperText="Seen only by the operator's staff"
          disabled={disabled}
        />
      </Wide>
      <Wide>
        <CheckboxGroup
          label="Flags"
          values={values.internal.flags}
          options={CAMPAIGN_INTERNAL_FLAGS}
          labels={CAMPAIGN_INTERNAL_FLAG_LABELS}
          onChange={(flags) => set({ flags })}
          error={errors['internal.flags']}
          disabled={disabled}
        />
      </Wide>
    </FieldGrid>
  );
};
