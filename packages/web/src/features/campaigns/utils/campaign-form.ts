/**
 * The campaign form: the values the inputs hold (text for numbers and money, '' for a choice not made), the
 * campaign they start from, the request body they make, and where the schema's messages show. The body
 * carries only the fields the campaign's type asks (CAMPAIGN_TYPE_REQUIREMENTS): the server refuses the others.
 */

import { type CampaignTypeDefaults, campaignTypeRequirements } from '@beacon/domain/campaigns/campaign-types';
import {
  type BudgetTimespan,
  type CampaignType,
  type DailyLimitType,
  type DeviceIdType,
  type DeviceType,
  type EventOptimisation,
  type MaxDailyCostStrategy,
  type ObjectiveKind,
  type PriceModel,
  type PricingType,
  VIEWABILITY_THRESHOLDS,
  type VideoAttribute,
  type VideoPosition,
  type ViewabilityThreshold,
} from '@beacon/domain/dictionary/campaigns';
import type { TrackingProvider } from '@beacon/domain/dictionary/tracking';
import {
  CAMPAIGN_INTERNAL_FLAGS,
  type CampaignInternalFlag,
} from '@beacon/domain/validation/campaign-internal';
import type { ErrorDetail } from '../../../api/api-error';
import { firstMessageOfEachField } from '../../../lib/resource-form-errors';
import type { Campaign, CampaignInternal, CampaignSchedule, CampaignTargeting } from '../api/get-campaign';
import {
  type FrequencyCapFormValues,
  frequencyCapBodyOf,
  frequencyCapFormOf,
  frequencyCapKeyOf,
  NO_FREQUENCY_CAP,
} from './frequency-cap-form';
import { type CampaignField, isFieldAsked } from './type-fields';

export type InternalValues = {
  readonly fee_percent: string;
  readonly margin_percent: string;
  readonly notes: string;
  readonly flags: readonly CampaignInternalFlag[];
};

export type CampaignFormValues = {
  readonly organization: number | null;
  readonly name: string;
  readonly type: CampaignType;
  readonly objective: ObjectiveKind | '';
  /** '' while creating: the advertiser organization's zone. */
  readonly time_zone: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly budget_timespan: BudgetTimespan | '';
  readonly budget: string;
  readonly daily_limit_type: DailyLimitType | '';
  readonly daily_budget: string;
  readonly daily_impressions: string;
  readonly daily_clicks: string;
  readonly max_daily_cost_strategy: MaxDailyCostStrategy | '';
  readonly pricing: PricingType | '';
  readonly price_model: PriceModel | '';
  readonly bid: string;
  readonly cpc_target: string;
  readonly event_optimisation: EventOptimisation | '';
  readonly tracking_tool: TrackingProvider;
  readonly schedule: CampaignSchedule;
  readonly device_types: readonly DeviceType[];
  readonly device_id_types: readonly DeviceIdType[];
  readonly video_positions: readonly VideoPosition[];
  readonly video_attributes: readonly VideoAttribute[];
  readonly viewability: ViewabilityThreshold;
  readonly targeting: CampaignTargeting;
  readonly source_campaign: number | null;
  readonly internal: InternalValues;
  /** Over all the campaign's strategies (docs/engine.md "Frequency caps"). */
  readonly frequency_cap: FrequencyCapFormValues;
};

export const EMPTY_TARGETING: CampaignTargeting = {
  countries: [],
  regions: [],
  cities: [],
  bundle_ids: [],
  iab_categories: [],
  app_categories: [],
  audiences: { at_least_one_of: [], mandatory: [], excluded: [] },
  location_audiences: [],
  geolists: [],
  publisher_allowlists: [],
  publisher_blocklists: [],
  deals: [],
};

const ALL_DAY_SCHEDULE: CampaignSchedule = {
  preset: 'all',
  days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ranges: [{ from: '00:00', to: '24:00' }],
};

const EMPTY_INTERNAL: InternalValues = { fee_percent: '', margin_percent: '', notes: '', flags: [] };

const blankCampaignForm = (type: CampaignType, organization: number | null): CampaignFormValues => ({
  organization,
  name: '',
  type,
  objective: '',
  time_zone: '',
  start_date: '',
  end_date: '',
  budget_timespan: '',
  budget: '',
  daily_limit_type: '',
  daily_budget: '',
  daily_impressions: '',
  daily_clicks: '',
  max_daily_cost_strategy: '',
  pricing: '',
  price_model: '',
  bid: '',
  cpc_target: '',
  event_optimisation: '',
  tracking_tool: 'none',
  schedule: ALL_DAY_SCHEDULE,
  device_types: [],
  device_id_types: [],
  video_positions: [],
  video_attributes: [],
  viewability: 0,
  targeting: EMPTY_TARGETING,
  source_campaign: null,
  internal: EMPTY_INTERNAL,
  frequency_cap: NO_FREQUENCY_CAP,
});

/**
 * The budget choices a new campaign starts with: a budget per day, paced automatically. Each is one click away
 * from the other values of §9.
 */
export const NEW_CAMPAIGN_CHOICES = {
  budget_timespan: 'daily',
  daily_limit_type: 'auto',
  max_daily_cost_strategy: 'automatic',
} as const satisfies Partial<CampaignFormValues>;

/**
 * A new campaign of a type: the contract's defaults (tracking none, all week all day, all traffic), the budget
 * choices above, and the type's own starting values (CAMPAIGN_TYPE_REQUIREMENTS defaults: CPM for connected
 * TV, mobile devices for app promotion…); the price model follows the pricing unless the type says otherwise.
 */
export const emptyCampaignForm = (type: CampaignType, organization: number | null): CampaignFormValues => {
  const requirements = campaignTypeRequirements(type);
  const defaults: CampaignTypeDefaults = requirements.defaults;
  // Every required choice starts on a sensible value, so that only amounts, dates and names remain to type.
  const pricing = defaults.pricing ?? requirements.pricing[0] ?? 'cpm';
  return {
    ...blankCampaignForm(type, organization),
    ...NEW_CAMPAIGN_CHOICES,
    pricing,
    price_model: defaults.price_model ?? pricing,
    objective: defaults.objective ?? '',
    event_optimisation: defaults.event_optimisation ?? '',
    device_types: [...(defaults.device_types ?? [])],
    device_id_types: [...(defaults.device_id_types ?? [])],
  };
};

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * Whether a flag the campaign answers is one the form offers: the answer's schema types flags as any text, the
 * writes accept only CAMPAIGN_INTERNAL_FLAGS.
 */
const isKnownFlag = (flag: string): flag is CampaignInternalFlag =>
  CAMPAIGN_INTERNAL_FLAGS.some((known) => known === flag);

const internalOf = (internal: CampaignInternal | undefined): InternalValues =>
  internal
    ? {
        fee_percent: text(internal.fee_percent),
        margin_percent: text(internal.margin_percent),
        notes: internal.notes,
        flags: internal.flags.filter(isKnownFlag),
      }
    : EMPTY_INTERNAL;

/**
 * The threshold the form selects: the answer's schema types it as any number, the database holds only
 * VIEWABILITY_THRESHOLDS (its check constraint); anything else shows as no threshold.
 */
const viewabilityOf = (value: number): ViewabilityThreshold =>
  VIEWABILITY_THRESHOLDS.find((threshold) => threshold === value) ?? 0;

/** The form of an existing campaign. */
export const campaignFormOf = (campaign: Campaign): CampaignFormValues => ({
  organization: campaign.organization,
  name: campaign.name,
  type: campaign.type,
  objective: campaign.objective ?? '',
  time_zone: campaign.time_zone,
  start_date: text(campaign.start_date),
  end_date: text(campaign.end_date),
  budget_timespan: campaign.budget_timespan ?? '',
  budget: text(campaign.budget),
  daily_limit_type: campaign.daily_limit_type ?? '',
  daily_budget: text(campaign.daily_budget),
  daily_impressions: text(campaign.daily_impressions),
  daily_clicks: text(campaign.daily_clicks),
  max_daily_cost_strategy: campaign.max_daily_cost_strategy ?? '',
  pricing: campaign.pricing ?? '',
  price_model: campaign.price_model ?? '',
  bid: text(campaign.bid),
  cpc_target: text(campaign.cpc_target),
  event_optimisation: campaign.event_optimisation ?? '',
  tracking_tool: campaign.tracking_tool,
  schedule: campaign.schedule,
  device_types: [...campaign.device_types],
  device_id_types: [...campaign.device_id_types],
  video_positions: [...campaign.video_positions],
  video_attributes: [...campaign.video_attributes],
  viewability: viewabilityOf(campaign.viewability),
  targeting: { ...EMPTY_TARGETING, ...campaign.targeting },
  source_campaign: campaign.source_campaign,
  internal: internalOf(campaign.internal),
  frequency_cap: frequencyCapFormOf(campaign.frequency_cap),
});

/** A whole number typed in a text input; anything else goes as typed so that the schema names the problem. */
const integerOrText = (value: string): number | string => {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

const choice = <T extends string>(value: T | ''): T | null => (value === '' ? null : value);
const optionalText = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const optionalInteger = (value: string): number | string | null =>
  value.trim() === '' ? null : integerOrText(value);

/** Every writable field as the API spells it; blank values are null. */
const fieldValues = (values: CampaignFormValues): Record<CampaignField, unknown> => ({
  organization: values.organization,
  name: values.name,
  type: values.type,
  objective: choice(values.objective),
  time_zone: optionalText(values.time_zone),
  start_date: optionalText(values.start_date),
  end_date: optionalText(values.end_date),
  budget_timespan: choice(values.budget_timespan),
  budget: optionalText(values.budget),
  daily_limit_type: choice(values.daily_limit_type),
  daily_budget: optionalText(values.daily_budget),
  daily_impressions: optionalInteger(values.daily_impressions),
  daily_clicks: optionalInteger(values.daily_clicks),
  max_daily_cost_strategy: choice(values.max_daily_cost_strategy),
  pricing: choice(values.pricing),
  price_model: choice(values.price_model),
  bid: optionalText(values.bid),
  cpc_target: optionalText(values.cpc_target),
  event_optimisation: choice(values.event_optimisation),
  tracking_tool: values.tracking_tool,
  schedule: values.schedule,
  device_types: [...values.device_types],
  device_id_types: [...values.device_id_types],
  video_positions: [...values.video_positions],
  video_attributes: [...values.video_attributes],
  viewability: values.viewability,
  targeting: values.targeting,
  source_campaign: values.source_campaign,
  internal: {
    fee_percent: optionalText(values.internal.fee_percent),
    margin_percent: optionalText(values.internal.margin_percent),
    notes: values.internal.notes,
    flags: [...values.internal.flags],
  },
  frequency_cap: frequencyCapBodyOf(values.frequency_cap),
});

/** Fields whose null means "not set" and may be left out of a creation body. */
const OMITTED_WHEN_NULL: ReadonlySet<string> = new Set<CampaignField>([
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
  'source_campaign',
  'organization',
  'frequency_cap',
]);

/** The targeting keys a type asks (bundle ids for app promotion, categories for multichannel…). */
const targetingBody = (values: CampaignFormValues): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(values.targeting).filter(([key]) => isFieldAsked(values.type, `targeting.${key}`)),
  );

/**
 * The POST /campaign body: a draft (`preview`) or a complete campaign (`inactive`), with the fields the type
 * asks that hold a value. `internal` goes only when the user may set it.
 */
export const createBodyOf = (
  values: CampaignFormValues,
  state: 'preview' | 'inactive',
  { withInternal }: { readonly withInternal: boolean },
): Record<string, unknown> => {
  const all = fieldValues(values);
  const body: Record<string, unknown> = { state };
  for (const [field, value] of Object.entries(all)) {
    if (field === 'internal' || field === 'targeting') continue;
    if (!isFieldAsked(values.type, field)) continue;
    if (value === null && OMITTED_WHEN_NULL.has(field)) continue;
    body[field] = value;
  }
  body.targeting = targetingBody(values);
  if (withInternal) body.internal = all.internal;
  return body;
};

const sameValue = (first: unknown, second: unknown): boolean =>
  JSON.stringify(first) === JSON.stringify(second);

/**
 * The PUT /campaign/{id} body of a form section: the fields among `fields` that changed since the campaign
 * was read, and its version (a stale one answers 409). Targeting and internal go whole when any part changed.
 */
export const updateBodyOf = (
  values: CampaignFormValues,
  initial: CampaignFormValues,
  fields: readonly CampaignField[],
  version: number,
): Record<string, unknown> & { readonly version: number } => {
  const after = fieldValues(values);
  const before = fieldValues(initial);
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'targeting') {
      const targeting = targetingBody(values);
      if (!sameValue(targeting, targetingBody(initial))) body.targeting = targeting;
      continue;
    }
    if (!sameValue(after[field], before[field])) body[field] = after[field];
  }
  return { ...body, version };
};

/** Whether a form differs from where it started (the unsaved-changes flag of §2). */
export const isFormDirty = (values: CampaignFormValues, initial: CampaignFormValues): boolean =>
  !sameValue(values, initial);

/** Whether the fields of a section differ from where they started. */
export const areFieldsDirty = (
  values: CampaignFormValues,
  initial: CampaignFormValues,
  fields: readonly CampaignField[],
): boolean => {
  const after = fieldValues(values);
  const before = fieldValues(initial);
  return fields.some((field) => !sameValue(after[field], before[field]));
};

export type FormErrors = Readonly<Record<string, string>>;

/**
 * Where a message shows: a top-level field by its name; targeting and internal fields by `targeting.countries`,
 * `internal.notes`; an item of a list on its list (`targeting.bundle_ids.2` → `targeting.bundle_ids`); an
 * audience group on its group (`targeting.audiences.excluded.1` → `targeting.audiences.excluded`); a part of the
 * frequency cap on its part, the whole cap on its number; any part of a schedule on the schedule.
 */
export const fieldKeyOf = (path: string): string => {
  const [first = '', second, third] = path.split('.');
  if (first === 'targeting' && second === 'audiences' && third !== undefined)
    return `${first}.${second}.${third}`;
  if ((first === 'targeting' || first === 'internal') && second !== undefined) return `${first}.${second}`;
  if (first === 'frequency_cap') return frequencyCapKeyOf(second);
  return first;
};

/** The first message of each field among `details` (server answers and schema issues alike). */
export const errorsOfDetails = (details: readonly ErrorDetail[]): FormErrors =>
  firstMessageOfEachField(details, fieldKeyOf);

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** What this module needs of a Zod schema. */
export type Checkable = {
  readonly safeParse: (value: unknown) => {
    readonly success: boolean;
    readonly error?: { readonly issues: readonly Issue[] };
  };
};

export const detailsOfIssues = (issues: readonly Issue[]): ErrorDetail[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** The schema's messages for a body, field by field (none when it passes). */
export const schemaErrors = (schema: Checkable, body: unknown): FormErrors => {
  const result = schema.safeParse(body);
  return result.success ? {} : errorsOfDetails(detailsOfIssues(result.error?.issues ?? []));
};

/**
 * The form on top of a newer campaign: the fields this user changed (since `before`) keep what was typed,
 * every other field takes the fresh value.
 */
export const rebaseForm = (
  values: CampaignFormValues,
  before: CampaignFormValues,
  fresh: CampaignFormValues,
  fields: readonly CampaignField[],
): CampaignFormValues => {
  const edited = fields.filter((field) => !sameValue(Reflect.get(values, field), Reflect.get(before, field)));
  return {
    ...fresh,
    ...Object.fromEntries(edited.map((field) => [field, Reflect.get(values, field)])),
  };
};

/** The targeting fields whose limits are flagged as soon as they are broken (§5, §9: five countries…). */
export const EARLY_CHECKED_KEYS = ['targeting.countries', 'targeting.regions', 'targeting.cities'] as const;

const isEarlyKey = (key: string): boolean => (EARLY_CHECKED_KEYS as readonly string[]).includes(key);

/**
 * The messages of the targeting limits for a form being typed: what the draft rules say of the countries,
 * regions and cities (more than five countries, a malformed or excess place), without "required", which waits
 * for Next or Save.
 */
export const earlyTargetingErrors = (schema: Checkable, values: CampaignFormValues): FormErrors =>
  Object.fromEntries(
    Object.entries(schemaErrors(schema, createBodyOf(values, 'preview', { withInternal: false }))).filter(
      ([key]) => isEarlyKey(key),
    ),
  );

/** `errors` with the early targeting messages replaced by `early` (a fixed limit clears its message). */
export const withEarlyErrors = (errors: FormErrors, early: FormErrors): FormErrors => ({
  ...Object.fromEntries(Object.entries(errors).filter(([key]) => !isEarlyKey(key))),
  ...early,
});
