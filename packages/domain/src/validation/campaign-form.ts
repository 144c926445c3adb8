/**
 * The campaign writes (spec §3, §4, §5, §9): campaign bodies with the §5 and §9 rules and the per-type
 * requirements of CAMPAIGN_TYPE_REQUIREMENTS, shared by the server's request bodies and the console's forms.
 * The schedule is in campaign-schedule.ts, the targeting in campaign-targeting.ts, the internal fields in
 * campaign-internal.ts and the field rules shared with other forms in fields.ts. Field names are the API's
 * (snake_case). Every object is strict: a field it does not list is refused, never ignored.
 *
 * Which schema to use:
 * - The factories (`campaignCreateSchema(currency)`, `campaignUpdateSchema(currency)`) take the currency of
 *   the campaign's organization: money limits (the §9 minimums, the CPM bounds) are checked and said in it
 *   ("The minimum value is $10.00"). The static schemas (ZCampaignCreate, …), which the server's routes parse
 *   bodies with before the organization is known, check money formats only; the service then runs
 *   `campaignIssues` with the currency, so every money limit is answered once, in the right currency.
 * - A PUT carries only changes, so rules spanning several fields can only be checked on the whole campaign:
 *   the server merges the stored campaign with the changes (targeting and internal key by key) and runs
 *   `campaignIssues(merged, { currency, complete: merged.state !== 'preview' })`, and
 *   `campaignChangeIssues(stored, changes, strategies)` for the transitions of §4.
 * - The console validates with `schema.safeParse(values)` and puts each issue on the field named by its path
 *   (`targeting.bundle_ids.2`, `schedule.ranges.0.to`), like the organization dialog does. Cross-field
 *   issues are reported together with field issues (a missing name does not hide a bid out of bounds).
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import {
  type CampaignTypeRequirements,
  campaignTypeRequirements,
  TYPE_DEPENDENT_FIELD_PATHS,
  TYPE_DEPENDENT_FIELDS,
  TYPE_DEPENDENT_NEUTRAL_VALUES,
} from '../campaigns/campaign-types';
import {
  BUDGET_TIMESPANS,
  CAMPAIGN_STATE_LABELS,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  type CampaignState,
  type CampaignType,
  DAILY_LIMIT_TYPES,
  DELIVERY_STATUSES,
  DEVICE_ID_TYPES,
  DEVICE_TYPES,
  EVENT_OPTIMISATIONS,
  MAX_DAILY_COST_STRATEGIES,
  OBJECTIVE_KINDS,
  PRICE_MODELS,
  PRICING_TYPES,
  type PricingType,
  VIDEO_ATTRIBUTES,
  VIDEO_POSITIONS,
  VIEWABILITY_THRESHOLDS,
} from '../dictionary/campaigns';
import {
  MIN_CPC,
  MIN_CPC_TARGET,
  MIN_DAILY_BUDGET,
  MIN_DAILY_CLICKS,
  MIN_DAILY_IMPRESSIONS,
} from '../dictionary/constants';
import {
  CURRENCIES,
  type Currency,
  cpmBoundsMicros,
  formatMicros,
  fromMicros,
  toMicros,
} from '../dictionary/currencies';
import { TRACKING_PROVIDERS } from '../dictionary/tracking';
import { CAMPAIGN_NAME_PATTERN } from './campaign';
import { ZCampaignInternal, ZCampaignInternalChanges } from './campaign-internal';
import { DEFAULT_SCHEDULE, ZSchedule } from './campaign-schedule';
import { EMPTY_TARGETING, type TTargeting, ZTargeting, ZTargetingChanges } from './campaign-targeting';
import {
  enumList,
  intAtLeast,
  isDay,
  moneyText,
  requiredEnum,
  textRule,
  unique,
  ZDay,
  ZMoney,
} from './fields';
import { ZFrequencyCap } from './frequency-cap';
import { MONEY_PATTERN, requiredOrInvalid, ZRowId, ZVersion } from './generic';
import type { ListSpec } from './list-query';
import {
  ACTIVATION_NEEDS_STRATEGY_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  CAMPAIGN_TYPE_FIXED_MESSAGE,
  campaignStateTransitionMessage,
  END_BEFORE_START_MESSAGE,
  FIELD_NOT_FOR_TYPE_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  LOCATION_REQUIRED_MESSAGE,
  maxLengthMessage,
  maxValueMessage,
  minValueMessage,
  REQUIRED_MESSAGE,
  START_DATE_RESETS_BUDGET_MESSAGE,
  SYNCHRONIZED_UNLINK_MESSAGE,
  VALUE_NOT_FOR_TYPE_MESSAGE,
} from './messages';
import { audiencesRequiredIssue } from './resource-targeting';
import { ZTimeZone } from './time-zone';

export {
  CAMPAIGN_TYPE_REQUIREMENTS,
  type CampaignTypeRequirements,
  type FieldRequirement,
} from '../campaigns/campaign-types';

export const CAMPAIGN_NAME_MAX_LENGTH = 255;
/** How many campaigns one bulk change may touch. */
export const MAX_BULK_CAMPAIGNS = 500;

// ---------------------------------------------------------------------------------------------------------
// Building blocks

/** A path in a campaign or strategy body, as Zod reports it: ['targeting', 'bundle_ids', 2]. */
export type TIssuePath = readonly (string | number)[];
export type TCampaignIssue = { readonly path: TIssuePath; readonly message: string };

export const MIN_CPC_MICROS = toMicros(MIN_CPC);
export const MIN_CPC_TARGET_MICROS = toMicros(MIN_CPC_TARGET);
export const MIN_DAILY_BUDGET_MICROS = toMicros(MIN_DAILY_BUDGET);

/**
 * A money limit as a message or hint shows it (§5 "{expected}", §9 formatting): in the organization's currency,
 * with its symbol and 2 decimals, or more when the limit needs them ($10.00, $0.001, R$1.30). Without a
 * currency (a static schema), the bare amount.
 */
export const moneyLimitText = (micros: bigint, currency: Currency | undefined): string => {
  if (currency === undefined) return moneyText(micros);
  const decimals = fromMicros(micros).split('.')[1]?.length ?? 0;
  return formatMicros(micros, { currency, fractionDigits: Math.max(2, decimals) });
};

/** The §9 money minimums of a campaign, checked in `campaignIssues` where the currency is known. */
export const CAMPAIGN_MONEY_MINIMUMS = {
  /** Both timespans: a lifetime budget below the daily minimum could not fund one day. */
  budget: MIN_DAILY_BUDGET_MICROS,
  daily_budget: MIN_DAILY_BUDGET_MICROS,
  cpc_target: MIN_CPC_TARGET_MICROS,
} as const satisfies Record<string, bigint>;

/** "The minimum value is $10.00": a money minimum in the currency of the campaign's organization. */
export const moneyMinimumMessage = (micros: bigint, currency: Currency | undefined): string =>
  minValueMessage(moneyLimitText(micros, currency));

/**
 * The §9 rule of a bid: a CPM bid lies within the CPM bounds of the currency; a CPC bid (or a bid whose
 * pricing or currency is not known yet) is at least MIN_CPC. Answers the message, or undefined when the bid
 * is fine or not a valid amount (its format is reported by the field).
 *
 * cop: §9 gives 800-200, a minimum above the maximum (see CPM_BOUNDS). Kept as written: a COP CPM bid below
 * 800 answers "The minimum value is 800" and any other answers "The maximum value is 200", so no COP CPM bid
 * is accepted until the spec is fixed.
 */
export const bidIssue = (
  bid: string,
  pricing: PricingType | undefined,
  currency: Currency | undefined,
): string | undefined => {
  if (!MONEY_PATTERN.test(bid)) return undefined;
  const micros = toMicros(bid);
  if (pricing === 'cpm' && currency !== undefined) {
    const { min, max } = cpmBoundsMicros(currency);
    if (micros < min) return moneyMinimumMessage(min, currency);
    if (micros > max) return maxValueMessage(moneyLimitText(max, currency));
    return undefined;
  }
  return micros < MIN_CPC_MICROS ? moneyMinimumMessage(MIN_CPC_MICROS, currency) : undefined;
};

/**
 * A campaign or strategy name (§5): required, none of | $ # @ (CAMPAIGN_NAME_MESSAGE), at most 255
 * characters. The rules of ZCampaignName (validation/campaign.ts), answered by one text rule.
 */
export const ZCampaignNameField = textRule((value) => {
  if (!CAMPAIGN_NAME_PATTERN.test(value)) return CAMPAIGN_NAME_MESSAGE;
  return value.length > CAMPAIGN_NAME_MAX_LENGTH ? maxLengthMessage(CAMPAIGN_NAME_MAX_LENGTH) : undefined;
});

// ---------------------------------------------------------------------------------------------------------
// Campaign fields

export const ZViewability = z.literal(VIEWABILITY_THRESHOLDS, { error: requiredOrInvalid });

/** The checks of each writable field on its own; rules across fields are in `campaignIssues`. */
const FIELDS = {
  organization: ZRowId,
  name: ZCampaignNameField,
  type: requiredEnum(CAMPAIGN_TYPES),
  objective: requiredEnum(OBJECTIVE_KINDS).nullable(),
  /** IANA zone of the schedule, the flight and the daily budget day (docs/engine.md "Time zones"). */
  time_zone: ZTimeZone,
  start_date: ZDay,
  end_date: ZDay.nullable(),
  budget_timespan: requiredEnum(BUDGET_TIMESPANS),
  /** Its minimum is in the organization's currency: see CAMPAIGN_MONEY_MINIMUMS. */
  budget: ZMoney,
  daily_limit_type: requiredEnum(DAILY_LIMIT_TYPES),
  daily_budget: ZMoney.nullable(),
  daily_impressions: intAtLeast(MIN_DAILY_IMPRESSIONS).nullable(),
  daily_clicks: intAtLeast(MIN_DAILY_CLICKS).nullable(),
  max_daily_cost_strategy: requiredEnum(MAX_DAILY_COST_STRATEGIES),
  pricing: requiredEnum(PRICING_TYPES),
  price_model: requiredEnum(PRICE_MODELS),
  /** Its bounds depend on the pricing and the currency: see `bidIssue`. */
  bid: ZMoney,
  cpc_target: ZMoney.nullable(),
  event_optimisation: requiredEnum(EVENT_OPTIMISATIONS).nullable(),
  tracking_tool: requiredEnum(TRACKING_PROVIDERS),
  schedule: ZSchedule,
  device_types: enumList(DEVICE_TYPES),
  device_id_types: enumList(DEVICE_ID_TYPES),
  video_positions: enumList(VIDEO_POSITIONS),
  video_attributes: enumList(VIDEO_ATTRIBUTES),
  viewability: ZViewability,
  targeting: ZTargeting,
  source_campaign: ZRowId.nullable(),
  internal: ZCampaignInternal,
  /**
   * At most N impressions per user over all the campaign's strategies; null: no cap (docs/engine.md "Frequency
   * caps"). Every type may have one: no type's requirements refuse it (campaign-types.ts), and a type without
   * device identifiers (DOOH) counts by the request's identifier or its fingerprint as "any ID" does.
   */
  frequency_cap: ZFrequencyCap.nullable(),
};

/** Fields a campaign of any type needs to be complete (besides what its type asks). */
export const CAMPAIGN_COMMON_REQUIRED_FIELDS = [
  'name',
  'type',
  'start_date',
  'budget_timespan',
  'budget',
  'daily_limit_type',
  'max_daily_cost_strategy',
  'pricing',
  'price_model',
  'bid',
] as const;

/** Every writable field, optional, as a new campaign takes them (with the contract's defaults). */
const CREATE_SHAPE = {
  organization: FIELDS.organization.optional(),
  name: FIELDS.name,
  type: FIELDS.type,
  objective: FIELDS.objective.optional(),
  /** Left out: the zone of the advertiser organization. */
  time_zone: FIELDS.time_zone.optional(),
  start_date: FIELDS.start_date.optional(),
  end_date: FIELDS.end_date.optional(),
  budget_timespan: FIELDS.budget_timespan.optional(),
  budget: FIELDS.budget.optional(),
  daily_limit_type: FIELDS.daily_limit_type.optional(),
  daily_budget: FIELDS.daily_budget.optional(),
  daily_impressions: FIELDS.daily_impressions.optional(),
  daily_clicks: FIELDS.daily_clicks.optional(),
  max_daily_cost_strategy: FIELDS.max_daily_cost_strategy.optional(),
  pricing: FIELDS.pricing.optional(),
  price_model: FIELDS.price_model.optional(),
  bid: FIELDS.bid.optional(),
  cpc_target: FIELDS.cpc_target.optional(),
  event_optimisation: FIELDS.event_optimisation.optional(),
  tracking_tool: FIELDS.tracking_tool.default('none'),
  schedule: FIELDS.schedule.default(DEFAULT_SCHEDULE),
  device_types: FIELDS.device_types.default([]),
  device_id_types: FIELDS.device_id_types.default([]),
  video_positions: FIELDS.video_positions.default([]),
  video_attributes: FIELDS.video_attributes.default([]),
  viewability: FIELDS.viewability.default(0),
  targeting: FIELDS.targeting.default(EMPTY_TARGETING),
  source_campaign: FIELDS.source_campaign.optional(),
  internal: FIELDS.internal.optional(),
  frequency_cap: FIELDS.frequency_cap.default(null),
};

/** Every writable field optional and without defaults: what a PUT may change. */
const UPDATE_SHAPE = {
  organization: FIELDS.organization.optional(),
  name: FIELDS.name.optional(),
  type: FIELDS.type.optional(),
  objective: FIELDS.objective.optional(),
  time_zone: FIELDS.time_zone.optional(),
  start_date: FIELDS.start_date.optional(),
  end_date: FIELDS.end_date.optional(),
  budget_timespan: FIELDS.budget_timespan.optional(),
  budget: FIELDS.budget.optional(),
  daily_limit_type: FIELDS.daily_limit_type.optional(),
  daily_budget: FIELDS.daily_budget.optional(),
  daily_impressions: FIELDS.daily_impressions.optional(),
  daily_clicks: FIELDS.daily_clicks.optional(),
  max_daily_cost_strategy: FIELDS.max_daily_cost_strategy.optional(),
  pricing: FIELDS.pricing.optional(),
  price_model: FIELDS.price_model.optional(),
  bid: FIELDS.bid.optional(),
  cpc_target: FIELDS.cpc_target.optional(),
  event_optimisation: FIELDS.event_optimisation.optional(),
  tracking_tool: FIELDS.tracking_tool.optional(),
  schedule: FIELDS.schedule.optional(),
  device_types: FIELDS.device_types.optional(),
  device_id_types: FIELDS.device_id_types.optional(),
  video_positions: FIELDS.video_positions.optional(),
  video_attributes: FIELDS.video_attributes.optional(),
  viewability: FIELDS.viewability.optional(),
  targeting: ZTargetingChanges.optional(),
  source_campaign: FIELDS.source_campaign.optional(),
  internal: ZCampaignInternalChanges.optional(),
  frequency_cap: FIELDS.frequency_cap.optional(),
  /** §4: inactive ↔ active, preview → inactive or active (see campaignChangeIssues). Deleting is DELETE. */
  state: z.enum(['inactive', 'active'], { error: requiredOrInvalid }).optional(),
  version: ZVersion,
};

/** The fields of a whole campaign as the rules across fields read them (any of them may be missing). */
export type TCampaignValues = {
  readonly type?: CampaignType | undefined;
  readonly start_date?: string | undefined;
  readonly end_date?: string | null | undefined;
  readonly budget_timespan?: string | undefined;
  readonly budget?: string | undefined;
  readonly daily_limit_type?: string | undefined;
  readonly daily_budget?: string | null | undefined;
  readonly pricing?: PricingType | undefined;
  readonly bid?: string | undefined;
  readonly targeting?: Partial<TTargeting> | undefined;
  readonly [field: string]: unknown;
};

export type TCampaignCheckOptions = {
  /** The currency of the campaign's organization; without it money limits are not checked (formats are). */
  readonly currency?: Currency | undefined;
  /** Complete rules (every required field, state inactive or active) or draft rules (consistency only). */
  readonly complete: boolean;
};

const isMissing = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const valueAt = (values: TCampaignValues, path: readonly string[]): unknown => {
  let current: unknown = values;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
};

/** The per-type rules of CAMPAIGN_TYPE_REQUIREMENTS. */
const typeIssues = (
  values: TCampaignValues,
  requirements: CampaignTypeRequirements,
  complete: boolean,
): TCampaignIssue[] => {
  const issues: TCampaignIssue[] = [];
  for (const field of TYPE_DEPENDENT_FIELDS) {
    const path = TYPE_DEPENDENT_FIELD_PATHS[field];
    const rule: { readonly ask: string; readonly values?: readonly unknown[] } = requirements.fields[field];
    const value = valueAt(values, path);
    const neutral = TYPE_DEPENDENT_NEUTRAL_VALUES[field];
    if (rule.ask === 'refused') {
      if (!isMissing(value) && value !== neutral) issues.push({ path, message: FIELD_NOT_FOR_TYPE_MESSAGE });
      continue;
    }
    if (
      rule.ask === 'required' &&
      complete &&
      (isMissing(value) || (field === 'tracking_tool' && value === 'none'))
    ) {
      issues.push({ path, message: REQUIRED_MESSAGE });
      continue;
    }
    const allowed = rule.values;
    if (allowed === undefined || isMissing(value)) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (!allowed.includes(item))
          issues.push({ path: [...path, index], message: VALUE_NOT_FOR_TYPE_MESSAGE });
      });
    } else if (!allowed.includes(value) && value !== neutral) {
      issues.push({ path, message: VALUE_NOT_FOR_TYPE_MESSAGE });
    }
  }
  if (values.pricing !== undefined && !requirements.pricing.includes(values.pricing)) {
    issues.push({ path: ['pricing'], message: VALUE_NOT_FOR_TYPE_MESSAGE });
  }
  // A type bought by the thousand only (Connected TV, DOOH) has no clicks to aim a CPC target at.
  if (!requirements.pricing.includes('cpc') && !isMissing(values.cpc_target)) {
    issues.push({ path: ['cpc_target'], message: FIELD_NOT_FOR_TYPE_MESSAGE });
  }
  // Audiences are required for retargeting (decision 021); only where the type asks for an objective.
  const audiences =
    requirements.fields.objective.ask === 'refused'
      ? undefined
      : audiencesRequiredIssue(values.objective as string | null | undefined, values.targeting?.audiences);
  if (complete && audiences)
    issues.push({ path: ['targeting', ...audiences.path], message: audiences.message });
  if (complete && requirements.location === 'required') {
    if (isMissing(values.targeting?.countries)) {
      issues.push({ path: ['targeting', 'countries'], message: REQUIRED_MESSAGE });
    }
    if (isMissing(values.targeting?.regions) && isMissing(values.targeting?.cities)) {
      issues.push({ path: ['targeting', 'regions'], message: LOCATION_REQUIRED_MESSAGE });
    }
  }
  return issues;
};

/**
 * The rules across fields of a whole campaign (§5, §9 and the type's requirements), as field issues. With
 * `complete`, also every field a complete campaign needs. Fields that are missing are skipped by the rules
 * that read them, so a draft only gets the issues of what it holds. Values must already have passed their
 * field schemas (the schemas below call this with the fields that did).
 */
export const campaignIssues = (values: TCampaignValues, options: TCampaignCheckOptions): TCampaignIssue[] => {
  const issues: TCampaignIssue[] = [];
  const { complete, currency } = options;
  const requirements = values.type === undefined ? undefined : campaignTypeRequirements(values.type);

  if (complete) {
    for (const field of CAMPAIGN_COMMON_REQUIRED_FIELDS) {
      if (field === 'start_date' && requirements?.dates === 'from_source') continue;
      if (isMissing(values[field])) issues.push({ path: [field], message: REQUIRED_MESSAGE });
    }
    if (
      values.budget_timespan === 'lifetime' &&
      values.daily_limit_type === 'manual' &&
      isMissing(values.daily_budget)
    ) {
      issues.push({ path: ['daily_budget'], message: REQUIRED_MESSAGE });
    }
  }

  // Money limits are said in the organization's currency, so they wait for it (the service knows it).
  if (currency !== undefined) {
    for (const [field, minimum] of Object.entries(CAMPAIGN_MONEY_MINIMUMS)) {
      const amount = values[field];
      if (typeof amount === 'string' && MONEY_PATTERN.test(amount) && toMicros(amount) < minimum) {
        issues.push({ path: [field], message: moneyMinimumMessage(minimum, currency) });
      }
    }
  }

  const { start_date: start, end_date: end } = values;
  if (typeof start === 'string' && typeof end === 'string' && isDay(start) && isDay(end) && end < start) {
    issues.push({ path: ['end_date'], message: END_BEFORE_START_MESSAGE });
  }

  const { budget, daily_budget: dailyBudget } = values;
  if (
    values.budget_timespan === 'lifetime' &&
    typeof budget === 'string' &&
    typeof dailyBudget === 'string' &&
    MONEY_PATTERN.test(budget) &&
    MONEY_PATTERN.test(dailyBudget) &&
    toMicros(dailyBudget) > toMicros(budget)
  ) {
    issues.push({
      path: ['daily_budget'],
      message: maxValueMessage(moneyLimitText(toMicros(budget), currency)),
    });
  }

  if (typeof values.bid === 'string' && currency !== undefined) {
    const message = bidIssue(values.bid, values.pricing, currency);
    if (message !== undefined) issues.push({ path: ['bid'], message });
  }

  if (requirements !== undefined) issues.push(...typeIssues(values, requirements, complete));
  return issues;
};

/** Whether a campaign holds everything a complete campaign needs (activation, leaving the draft state). */
export const isCampaignComplete = (values: TCampaignValues, currency?: Currency): boolean =>
  campaignIssues(values, { complete: true, currency }).length === 0;

const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Runs `campaignIssues` inside a schema: on the fields that passed their own checks only (a field that
 * failed is left out and its own issue stands), and even when other fields failed, so that a form shows
 * every problem at once.
 */
const refineCampaign =
  (currency: Currency | undefined, completeOf: (values: Record<string, unknown>) => boolean | undefined) =>
  (values: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (typeof values !== 'object' || values === null || Array.isArray(values)) return;
    const failed = ctx.issues.map((issue) => pathKey(issue.path ?? [])).filter((key) => key !== '');
    const hasFailed = (key: string): boolean =>
      failed.some(
        (failedKey) =>
          failedKey === key || failedKey.startsWith(`${key}.`) || key.startsWith(`${failedKey}.`),
      );
    const clean: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      if (key === 'targeting' && typeof value === 'object' && value !== null && !failed.includes(key)) {
        clean[key] = Object.fromEntries(
          Object.entries(value).filter(([field]) => !hasFailed(`${key}.${field}`)),
        );
      } else if (!hasFailed(key)) {
        clean[key] = value;
      }
    }
    const complete = completeOf(clean);
    if (complete === undefined) return;
    for (const issue of campaignIssues(clean as TCampaignValues, { currency, complete })) {
      if (hasFailed(pathKey(issue.path))) continue;
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, input: values });
    }
  };

const ALWAYS = { when: () => true };

/** A draft (state preview): name and type required, every other field checked when present. */
export const campaignDraftSchema = (currency?: Currency) =>
  z
    .strictObject({
      ...CREATE_SHAPE,
      state: z.literal('preview', { error: INVALID_FORMAT_MESSAGE }).optional(),
    })
    .superRefine(
      refineCampaign(currency, () => false),
      ALWAYS,
    );

/** A complete campaign (state inactive): every field its type needs, with the §5/§9 rules. */
export const campaignCompleteSchema = (currency?: Currency) =>
  z
    .strictObject({
      ...CREATE_SHAPE,
      state: z.literal('inactive', { error: INVALID_FORMAT_MESSAGE }).optional(),
    })
    .superRefine(
      refineCampaign(currency, () => true),
      ALWAYS,
    );

/**
 * `POST /campaign`: `state: 'preview'` saves a draft (draft rules), `state: 'inactive'` (the default) a
 * complete campaign. Activation needs a strategy, so a new campaign is never active.
 */
export const campaignCreateSchema = (currency?: Currency) =>
  z
    .strictObject({
      ...CREATE_SHAPE,
      state: z.enum(['preview', 'inactive'], { error: requiredOrInvalid }).default('inactive'),
    })
    .superRefine(
      refineCampaign(currency, (values) =>
        values.state === 'preview' ? false : values.state === 'inactive' ? true : undefined,
      ),
      ALWAYS,
    );

/**
 * `PUT /campaign/{id}`: the changes (left out = unchanged; targeting and internal key by key) and the version
 * last read. Only the consistency of what is sent is checked here; the server checks the merged campaign with
 * `campaignIssues` and the transitions with `campaignChangeIssues`.
 */
export const campaignUpdateSchema = (currency?: Currency) =>
  z.strictObject(UPDATE_SHAPE).superRefine(
    refineCampaign(currency, () => false),
    ALWAYS,
  );

export const ZCampaignDraft = campaignDraftSchema();
export const ZCampaignComplete = campaignCompleteSchema();
export const ZCampaignCreate = campaignCreateSchema();
export const ZCampaignUpdate = campaignUpdateSchema();

export type TCampaignDraft = z.infer<typeof ZCampaignDraft>;
export type TCampaignDraftInput = z.input<typeof ZCampaignDraft>;
export type TCampaignComplete = z.infer<typeof ZCampaignComplete>;
export type TCampaignCompleteInput = z.input<typeof ZCampaignComplete>;
export type TCampaignCreate = z.infer<typeof ZCampaignCreate>;
export type TCampaignCreateInput = z.input<typeof ZCampaignCreate>;
export type TCampaignUpdate = z.infer<typeof ZCampaignUpdate>;
export type TCampaignUpdateInput = z.input<typeof ZCampaignUpdate>;

// ---------------------------------------------------------------------------------------------------------
// Transitions (§4)

/** The state changes a PUT may ask for: from → allowed targets. Deleting is DELETE; imported is read-only. */
export const CAMPAIGN_STATE_TRANSITIONS = {
  inactive: ['active'],
  active: ['inactive'],
  preview: ['inactive', 'active'],
  deleted: [],
  imported: [],
} as const satisfies Record<CampaignState, readonly CampaignState[]>;

export const canChangeCampaignState = (from: CampaignState, to: CampaignState): boolean =>
  from === to || (CAMPAIGN_STATE_TRANSITIONS[from] as readonly CampaignState[]).includes(to);

export type TStoredCampaign = {
  readonly state: CampaignState;
  readonly type: CampaignType;
  readonly budget_timespan: string | null;
  readonly start_date: string | null;
  readonly source_campaign: number | null;
};

/**
 * The §4 rules of a change to a stored campaign: the state transitions (activation needs at least one
 * strategy; completeness is checked on the merged campaign), the type is fixed once out of draft, a
 * synchronized campaign cannot be unlinked, and a plain PUT may not move the start of a lifetime budget
 * (that is `PUT /campaign/{id}/start-date` with `reset_budget: true`).
 */
export const campaignChangeIssues = (
  stored: TStoredCampaign,
  changes: {
    readonly state?: CampaignState | undefined;
    readonly type?: CampaignType | undefined;
    readonly start_date?: string | undefined;
    readonly budget_timespan?: string | undefined;
    readonly source_campaign?: number | null | undefined;
  },
  strategies: number,
): TCampaignIssue[] => {
  const issues: TCampaignIssue[] = [];
  const isDraft = stored.state === 'preview';
  if (changes.state !== undefined && changes.state !== stored.state) {
    if (!canChangeCampaignState(stored.state, changes.state)) {
      issues.push({
        path: ['state'],
        message: campaignStateTransitionMessage(
          CAMPAIGN_STATE_LABELS[stored.state],
          CAMPAIGN_STATE_LABELS[changes.state],
        ),
      });
    } else if (changes.state === 'active' && strategies < 1) {
      issues.push({ path: ['state'], message: ACTIVATION_NEEDS_STRATEGY_MESSAGE });
    }
  }
  if (!isDraft && changes.type !== undefined && changes.type !== stored.type) {
    issues.push({ path: ['type'], message: CAMPAIGN_TYPE_FIXED_MESSAGE });
  }
  if (
    !isDraft &&
    stored.type === 'synchronized' &&
    changes.source_campaign !== undefined &&
    changes.source_campaign !== stored.source_campaign
  ) {
    issues.push({ path: ['source_campaign'], message: SYNCHRONIZED_UNLINK_MESSAGE });
  }
  if (
    !isDraft &&
    stored.budget_timespan === 'lifetime' &&
    changes.start_date !== undefined &&
    changes.start_date !== stored.start_date
  ) {
    issues.push({ path: ['start_date'], message: START_DATE_RESETS_BUDGET_MESSAGE });
  }
  return issues;
};

// ---------------------------------------------------------------------------------------------------------
// Other bodies

/** `PUT /campaign/{id}/start-date`: a lifetime budget restarts at zero, so the caller confirms it. */
export const ZCampaignStartDateChange = z.strictObject({
  start_date: ZDay,
  version: ZVersion,
  reset_budget: z.boolean({ error: requiredOrInvalid }).optional(),
});
export type TCampaignStartDateChange = z.infer<typeof ZCampaignStartDateChange>;

/** `POST /campaign/{id}/duplicate`: name defaults to "<name> (copy)". */
export const ZCampaignDuplicate = z.strictObject({
  name: FIELDS.name.optional(),
  with_strategies: z.boolean({ error: requiredOrInvalid }),
});
export type TCampaignDuplicate = z.infer<typeof ZCampaignDuplicate>;

export const duplicateCampaignName = (name: string): string => copyName(name, CAMPAIGN_NAME_MAX_LENGTH);

/** `PUT /campaigns`: one state change on 1 to 500 campaigns, all or nothing. */
export const ZCampaignsBulkUpdate = z.strictObject({
  ids: z
    .array(ZRowId, { error: requiredOrInvalid })
    .min(1, { error: REQUIRED_MESSAGE })
    .max(MAX_BULK_CAMPAIGNS, { error: maxLengthMessage(MAX_BULK_CAMPAIGNS) })
    .transform(unique),
  changes: z.strictObject(
    { state: z.enum(['active', 'inactive', 'deleted'], { error: requiredOrInvalid }) },
    { error: requiredOrInvalid },
  ),
});
export type TCampaignsBulkUpdate = z.infer<typeof ZCampaignsBulkUpdate>;

// ---------------------------------------------------------------------------------------------------------
// Lists

/** `GET /campaigns` (and the back-office grid): deleted campaigns are hidden unless `state` is filtered. */
export const CAMPAIGN_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    organization: { type: 'number' },
    organization_name: { type: 'text' },
    type: { type: 'enum', values: CAMPAIGN_TYPES },
    objective: { type: 'enum', values: OBJECTIVE_KINDS },
    state: { type: 'enum', values: CAMPAIGN_STATES },
    status: { type: 'enum', values: CAMPAIGN_STATUSES },
    delivery_status: { type: 'enum', values: DELIVERY_STATUSES },
    start_date: { type: 'date' },
    end_date: { type: 'date' },
    budget: { type: 'number' },
    spend: { type: 'number' },
    currency: { type: 'enum', values: CURRENCIES },
    strategies_count: { type: 'number' },
    created_at: { type: 'date' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type CampaignListField = keyof typeof CAMPAIGN_LIST_SPEC.fields;
