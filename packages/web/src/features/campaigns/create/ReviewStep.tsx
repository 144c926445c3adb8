/**
 * The last step: what the campaign will be, section by section, before it is created — in words: money in the
 * organization's currency, every choice by its label and every chosen resource, place and category by name.
 */

import { FINGERPRINT_TYPE_LABELS } from '@beacon/domain/dictionary/audiences';
import {
  BUDGET_TIMESPAN_LABELS,
  CAMPAIGN_TYPE_LABELS,
  DEVICE_ID_TYPE_LABELS,
  DEVICE_TYPE_LABELS,
  EVENT_OPTIMISATION_DESCRIPTIONS,
  EVENT_OPTIMISATION_LABELS,
  MAX_DAILY_COST_STRATEGY_LABELS,
  OBJECTIVE_KIND_LABELS,
  PRICE_MODEL_LABELS,
  PRICING_TYPE_LABELS,
  SCHEDULE_PRESET_LABELS,
  VIEWABILITY_THRESHOLD_LABELS,
} from '@beacon/domain/dictionary/campaigns';
import type { Currency } from '@beacon/domain/dictionary/currencies';
import { TRACKING_PROVIDER_LABELS } from '@beacon/domain/dictionary/tracking';
import { FREQUENCY_CAP_PERIOD_LABELS, isFingerprintUsed } from '@beacon/domain/validation/frequency-cap';
import {
  AUDIENCE_GROUP_LABELS,
  AUDIENCE_GROUPS,
  type TargetedResourceKind,
} from '@beacon/domain/validation/resource-targeting';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../../lib/format';
import { SOURCE_KINDS, type TargetedResource } from '../api/resources';
import { categoryLabel } from '../components/CategoriesField';
import { usePickedNames } from '../components/picked-names';
import { cityLabel, countryLabel } from '../components/place-pickers';
import type { CampaignFormValues } from '../utils/campaign-form';
import { hasFrequencyCap } from '../utils/frequency-cap-form';
import { describeRanges } from '../utils/schedule-hours';
import { isFieldAsked } from '../utils/type-fields';

const NOT_SET = '—';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {children}
    </Typography>
  </>
);

const listText = <V extends string>(values: readonly V[], labels?: Readonly<Record<V, string>>): string =>
  values.length === 0 ? NOT_SET : values.map((value) => (labels ? labels[value] : value)).join(', ');

/** A typed count with thousands separators ("5000" → "5,000"); text that is not a count stays as typed. */
const countText = (typed: string): string =>
  /^\d+$/.test(typed.trim()) ? Number(typed.trim()).toLocaleString('en-US') : typed;

/**
 * "2 impressions per user per day" over all the strategies, and how users without a device ID are told apart when the campaign takes
 * any ID (docs/engine.md "Frequency caps"); "No cap" when the number is blank.
 */
const frequencyCapText = (
  cap: CampaignFormValues['frequency_cap'],
  deviceIdTypes: CampaignFormValues['device_id_types'],
): string => {
  if (!hasFrequencyCap(cap)) return 'No cap';
  const noun = cap.impressions.trim() === '1' ? 'impression' : 'impressions';
  const text = `${countText(cap.impressions)} ${noun} per user ${FREQUENCY_CAP_PERIOD_LABELS[cap.period]}`;
  return isFingerprintUsed(deviceIdTypes)
    ? `${text} · users without a device ID: ${FINGERPRINT_TYPE_LABELS[cap.fingerprint].toLowerCase()} fingerprint`
    : text;
};

/** A region by its name and code ("Andalusia (ES-AN)"), or its code when its name is not known here. */
const regionLabel = (id: string, name: string | undefined): string => (name ? `${name} (${id})` : id);

const RESOURCE_ROWS = [
  ['location_audiences', 'Location audiences'],
  ['geolists', 'Geolists'],
  ['publisher_allowlists', 'Publisher allowlists'],
  ['publisher_blocklists', 'Publisher blocklists'],
  ['deals', 'Deals'],
] as const;

export const ReviewStep = ({
  values,
  currency,
  defaultTimeZone,
  advertiserName,
  problems,
  targetedResources,
  sourceCampaignName,
}: {
  values: CampaignFormValues;
  currency: Currency;
  /** The advertiser's zone, which the campaign takes without its own. */
  defaultTimeZone?: string;
  advertiserName: string | undefined;
  problems: readonly string[];
  /** The saved campaign's targeted resources, named; a new campaign names them from its pickers. */
  targetedResources?: readonly TargetedResource[];
  /** The source campaign's name when the caller knows it (else the name its picker remembered). */
  sourceCampaignName?: string;
}) => {
  const asks = (field: string) => isFieldAsked(values.type, field);
  const names = usePickedNames();
  const resourcesText = (kind: TargetedResourceKind, ids: readonly number[]): string =>
    ids
      .map(
        (id) =>
          targetedResources?.find((item) => item.kind === kind && item.id === id)?.name ??
          names.nameOf(kind, id) ??
          `#${id}`,
      )
      .join(', ');
  const money = (amount: string) => {
    const text = amount.trim() === '' ? '' : formatCurrency(amount, { currency });
    return text === '' ? amount.trim() || NOT_SET : text;
  };
  const sourceName =
    values.source_campaign === null
      ? undefined
      : (sourceCampaignName ??
        names.nameOf('campaign', values.source_campaign) ??
        `Campaign #${values.source_campaign}`);
  return (
    <Box>
      {problems.map((problem) => (
        <Alert key={problem} severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ))}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
          columnGap: 2,
          rowGap: 1,
          m: 0,
        }}
      >
        <Row label="Type">{CAMPAIGN_TYPE_LABELS[values.type]}</Row>
        <Row label="Name">{values.name || NOT_SET}</Row>
        {advertiserName && <Row label="Advertiser">{advertiserName}</Row>}
        {asks('objective') && (
          <Row label="Objective">{values.objective ? OBJECTIVE_KIND_LABELS[values.objective] : NOT_SET}</Row>
        )}
        {sourceName !== undefined && <Row label="Source campaign">{sourceName}</Row>}
        {asks('start_date') && (
          <Row label="Flight">
            {values.start_date || NOT_SET} to {values.end_date || 'until stopped'}
          </Row>
        )}
        <Row label="Time zone">{values.time_zone || defaultTimeZone || 'UTC'}</Row>
        {asks('budget') && (
          <Row label="Budget">
            {money(values.budget)}
            {values.budget_timespan ? ` · ${BUDGET_TIMESPAN_LABELS[values.budget_timespan]}` : ''}
          </Row>
        )}
        {values.daily_limit_type === 'manual' && (
          <Row label="Daily limits">
            {[
              values.daily_budget && `budget ${money(values.daily_budget)}`,
              values.daily_impressions && `${countText(values.daily_impressions)} impressions`,
              values.daily_clicks && `${countText(values.daily_clicks)} clicks`,
            ]
              .filter(Boolean)
              .join(' · ') || NOT_SET}
          </Row>
        )}
        {values.max_daily_cost_strategy && (
          <Row label="Max daily cost strategy">
            {MAX_DAILY_COST_STRATEGY_LABELS[values.max_daily_cost_strategy]}
          </Row>
        )}
        {asks('pricing') && (
          <Row label="Bid">
            {values.pricing ? `${PRICING_TYPE_LABELS[values.pricing]} ` : ''}
            {money(values.bid)}
          </Row>
        )}
        {values.price_model && <Row label="Price model">{PRICE_MODEL_LABELS[values.price_model]}</Row>}
        {values.cpc_target && <Row label="CPC target">{money(values.cpc_target)}</Row>}
        {values.event_optimisation && (
          <Row label="Event optimisation">
            {`${EVENT_OPTIMISATION_LABELS[values.event_optimisation]} — ${EVENT_OPTIMISATION_DESCRIPTIONS[values.event_optimisation]}`}
          </Row>
        )}
        {asks('tracking_tool') && (
          <Row label="Tracking tool">{TRACKING_PROVIDER_LABELS[values.tracking_tool]}</Row>
        )}
        <Row label="Frequency cap">{frequencyCapText(values.frequency_cap, values.device_id_types)}</Row>
        <Row label="Countries">{listText(values.targeting.countries.map(countryLabel))}</Row>
        {values.targeting.regions.length > 0 && (
          <Row label="Regions">
            {listText(values.targeting.regions.map((id) => regionLabel(id, names.nameOf('region', id))))}
          </Row>
        )}
        {values.targeting.cities.length > 0 && (
          <Row label="Cities">{listText(values.targeting.cities.map(cityLabel))}</Row>
        )}
        {asks('targeting.iab_categories') && values.targeting.iab_categories.length > 0 && (
          <Row label="IAB content categories">
            {listText(values.targeting.iab_categories.map((id) => categoryLabel('iab', id)))}
          </Row>
        )}
        {asks('targeting.app_categories') && values.targeting.app_categories.length > 0 && (
          <Row label="App categories">
            {listText(values.targeting.app_categories.map((id) => categoryLabel('app', id)))}
          </Row>
        )}
        {asks('targeting.bundle_ids') && (
          <Row label="Bundle IDs">{listText(values.targeting.bundle_ids)}</Row>
        )}
        {asks('device_types') && (
          <Row label="Device types">{listText(values.device_types, DEVICE_TYPE_LABELS)}</Row>
        )}
        {asks('device_id_types') && (
          <Row label="Device identifiers">{listText(values.device_id_types, DEVICE_ID_TYPE_LABELS)}</Row>
        )}
        {asks('viewability') && (
          <Row label="Viewability">{VIEWABILITY_THRESHOLD_LABELS[values.viewability]}</Row>
        )}
        {AUDIENCE_GROUPS.filter((group) => values.targeting.audiences[group].length > 0).map((group) => (
          <Row key={group} label={`Audiences: ${AUDIENCE_GROUP_LABELS[group].toLowerCase()}`}>
            {resourcesText('audience', values.targeting.audiences[group])}
          </Row>
        ))}
        {RESOURCE_ROWS.filter(([field]) => values.targeting[field].length > 0).map(([field, label]) => (
          <Row key={field} label={label}>
            {resourcesText(SOURCE_KINDS[field], values.targeting[field])}
          </Row>
        ))}
        <Row label="Schedule">
          {SCHEDULE_PRESET_LABELS[values.schedule.preset]} · {describeRanges(values.schedule.ranges)} in{' '}
          {values.time_zone || defaultTimeZone || 'UTC'}
        </Row>
      </Box>
    </Box>
  );
};
