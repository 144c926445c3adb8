/**
 * Strategy writes: a strategy belongs to a campaign and has its own lifetime, location, schedule,
 * bid and budget share (§3, §4). Shared by the server's bodies and the console's strategy dialog.
 *
 * Which schema to use: the rules against the campaign (dates within the campaign's, location within its
 * countries, bid bounds of its pricing and currency, shares of all strategies ≤ 100) need the campaign, so
 * the server and the console build the schema with `strategyCreateSchema(context)` /
 * `strategyUpdateSchema(context)`. The static ZStrategyCreate / ZStrategyUpdate check each field on its own
 * and the strategy's own dates. A PUT carries only changes: the server merges them with the stored strategy
 * and runs `strategyIssues(merged, context)`.
 */
import { z } from 'zod';
import { type PricingType, STRATEGY_STATES } from '../dictionary/campaigns';
import type { Currency } from '../dictionary/currencies';
import { bidIssue, CAMPAIGN_NAME_MAX_LENGTH, type TCampaignIssue, ZCampaignNameField } from './campaign-form';
import { DEFAULT_SCHEDULE, ZSchedule } from './campaign-schedule';
import { ZCampaignCountries, ZCityIds, ZRegionIds } from './campaign-targeting';
import { isDay, placeCountry, ZDay, ZMoney } from './fields';
import { ZFrequencyCap } from './frequency-cap';
import { requiredOrInvalid, ZVersion } from './generic';
import type { ListSpec } from './list-query';
import {
  END_BEFORE_START_MESSAGE,
  maxValueMessage,
  minValueMessage,
  STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE,
  STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE,
  STRATEGY_SHARES_MESSAGE,
} from './messages';
import { EMPTY_STRATEGY_TARGETING, ZStrategyTargeting } from './resource-targeting';

/** Strategy names follow the campaign name rules (§5), the same length too. */
export const STRATEGY_NAME_MAX_LENGTH = CAMPAIGN_NAME_MAX_LENGTH;
export const MIN_BUDGET_SHARE = 1;
export const MAX_BUDGET_SHARE = 100;

/** Percent of the campaign's budget, a whole number from 1 to 100. */
export const ZBudgetShare = z
  .number({ error: requiredOrInvalid })
  .int({ error: minValueMessage(MIN_BUDGET_SHARE) })
  .min(MIN_BUDGET_SHARE, { error: minValueMessage(MIN_BUDGET_SHARE) })
  .max(MAX_BUDGET_SHARE, { error: maxValueMessage(MAX_BUDGET_SHARE) });

/** Where a strategy bids: within the campaign's countries when the campaign targets some. */
export const ZStrategyLocation = z.strictObject(
  {
    countries: ZCampaignCountries.default([]),
    regions: ZRegionIds.default([]),
    cities: ZCityIds.default([]),
  },
  { error: requiredOrInvalid },
);
export type TStrategyLocation = z.infer<typeof ZStrategyLocation>;
export const EMPTY_STRATEGY_LOCATION: TStrategyLocation = { countries: [], regions: [], cities: [] };

const FIELDS = {
  name: ZCampaignNameField,
  state: z.enum(STRATEGY_STATES, { error: requiredOrInvalid }),
  start_date: ZDay,
  end_date: ZDay.nullable(),
  location: ZStrategyLocation,
  schedule: ZSchedule,
  /** Its own audiences, location audiences and geolists (decision 021). */
  targeting: ZStrategyTargeting,
  /** null: the campaign's bid. */
  bid: ZMoney.nullable(),
  budget_share: ZBudgetShare,
  /** null: no cap (docs/engine.md "Frequency caps"). */
  frequency_cap: ZFrequencyCap.nullable(),
};

/** What the rules against the campaign need to know of it and of its other strategies. */
export type TStrategyContext = {
  readonly currency?: Currency | undefined;
  readonly pricing?: PricingType | undefined;
  readonly campaign_start_date?: string | null | undefined;
  readonly campaign_end_date?: string | null | undefined;
  /** The campaign's targeted countries (alpha-3); empty = everywhere. */
  readonly campaign_countries?: readonly string[] | undefined;
  /** Sum of the budget shares of the campaign's other strategies (not deleted, not this one). */
  readonly other_shares?: number | undefined;
};

export type TStrategyValues = {
  readonly start_date?: string | undefined;
  readonly end_date?: string | null | undefined;
  readonly location?: Partial<TStrategyLocation> | undefined;
  readonly bid?: string | null | undefined;
  readonly budget_share?: number | undefined;
  readonly [field: string]: unknown;
};

/**
 * The rules of a strategy across its fields and against its campaign: end ≥ start, within the campaign's
 * dates (an open end runs until the campaign's end), location within the campaign's countries, the bid
 * bounds of the campaign's pricing and currency, and the shares of the campaign's strategies ≤ 100.
 */
export const strategyIssues = (values: TStrategyValues, context: TStrategyContext = {}): TCampaignIssue[] => {
  const issues: TCampaignIssue[] = [];
  const start =
    typeof values.start_date === 'string' && isDay(values.start_date) ? values.start_date : undefined;
  const end = typeof values.end_date === 'string' && isDay(values.end_date) ? values.end_date : undefined;
  if (start !== undefined && end !== undefined && end < start) {
    issues.push({ path: ['end_date'], message: END_BEFORE_START_MESSAGE });
  }
  const { campaign_start_date: campaignStart, campaign_end_date: campaignEnd } = context;
  if (start !== undefined) {
    if ((campaignStart && start < campaignStart) || (campaignEnd && start > campaignEnd)) {
      issues.push({ path: ['start_date'], message: STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE });
    }
  }
  if (end !== undefined) {
    if ((campaignEnd && end > campaignEnd) || (campaignStart && end < campaignStart)) {
      issues.push({ path: ['end_date'], message: STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE });
    }
  }

  const countries = context.campaign_countries ?? [];
  if (countries.length > 0 && values.location) {
    const inCampaign = (country: string | undefined): boolean =>
      country !== undefined && countries.includes(country);
    const location = values.location;
    (location.countries ?? []).forEach((country, index) => {
      if (!inCampaign(country)) {
        issues.push({
          path: ['location', 'countries', index],
          message: STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE,
        });
      }
    });
    for (const kind of ['regions', 'cities'] as const) {
      (location[kind] ?? []).forEach((place, index) => {
        if (!inCampaign(placeCountry(place))) {
          issues.push({
            path: ['location', kind, index],
            message: STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE,
          });
        }
      });
    }
  }

  if (typeof values.bid === 'string') {
    const message = bidIssue(values.bid, context.pricing, context.currency);
    if (message !== undefined) issues.push({ path: ['bid'], message });
  }

  if (
    typeof values.budget_share === 'number' &&
    context.other_shares !== undefined &&
    context.other_shares + values.budget_share > MAX_BUDGET_SHARE
  ) {
    issues.push({ path: ['budget_share'], message: STRATEGY_SHARES_MESSAGE });
  }
  return issues;
};

const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

const refineStrategy =
  (context: TStrategyContext) =>
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
      if (key === 'location' && typeof value === 'object' && value !== null && !failed.includes(key)) {
        clean[key] = Object.fromEntries(
          Object.entries(value).filter(([field]) => !hasFailed(`${key}.${field}`)),
        );
      } else if (!hasFailed(key)) {
        clean[key] = value;
      }
    }
    for (const issue of strategyIssues(clean as TStrategyValues, context)) {
      if (hasFailed(pathKey(issue.path))) continue;
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, input: values });
    }
  };

const ALWAYS = { when: () => true };

/** `POST /campaign/{id}/strategies`. */
export const strategyCreateSchema = (context: TStrategyContext = {}) =>
  z
    .strictObject({
      name: FIELDS.name,
      state: FIELDS.state.default('bidding'),
      start_date: FIELDS.start_date,
      end_date: FIELDS.end_date.default(null),
      location: FIELDS.location.default(EMPTY_STRATEGY_LOCATION),
      schedule: FIELDS.schedule.default(DEFAULT_SCHEDULE),
      targeting: FIELDS.targeting.default(EMPTY_STRATEGY_TARGETING),
      bid: FIELDS.bid.default(null),
      budget_share: FIELDS.budget_share,
      frequency_cap: FIELDS.frequency_cap.default(null),
    })
    .superRefine(refineStrategy(context), ALWAYS);

/**
 * `PUT /strategy/{id}`: the changes (left out = unchanged; location and targeting each as a whole) and the
 * version last read.
 */
export const strategyUpdateSchema = (context: TStrategyContext = {}) =>
  z
    .strictObject({
      name: FIELDS.name.optional(),
      state: FIELDS.state.optional(),
      start_date: FIELDS.start_date.optional(),
      end_date: FIELDS.end_date.optional(),
      location: FIELDS.location.optional(),
      schedule: FIELDS.schedule.optional(),
      targeting: FIELDS.targeting.optional(),
      bid: FIELDS.bid.optional(),
      budget_share: FIELDS.budget_share.optional(),
      frequency_cap: FIELDS.frequency_cap.optional(),
      version: ZVersion,
    })
    .superRefine(refineStrategy(context), ALWAYS);

export const ZStrategyCreate = strategyCreateSchema();
export const ZStrategyUpdate = strategyUpdateSchema();
export type TStrategyCreate = z.infer<typeof ZStrategyCreate>;
export type TStrategyCreateInput = z.input<typeof ZStrategyCreate>;
export type TStrategyUpdate = z.infer<typeof ZStrategyUpdate>;
export type TStrategyUpdateInput = z.input<typeof ZStrategyUpdate>;

/** `POST /strategy/{id}/duplicate`: the name defaults to "<name> (copy)". */
export const ZStrategyDuplicate = z.strictObject({ name: FIELDS.name.optional() });
export type TStrategyDuplicate = z.infer<typeof ZStrategyDuplicate>;

/** `GET /campaign/{id}/strategies`. */
export const STRATEGY_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    state: { type: 'enum', values: STRATEGY_STATES },
    start_date: { type: 'date' },
    end_date: { type: 'date' },
    budget_share: { type: 'number' },
    created_at: { type: 'date' },
  },
  defaultSort: 'created_at',
  searchable: true,
} as const satisfies ListSpec;
export type StrategyListField = keyof typeof STRATEGY_LIST_SPEC.fields;
