/**
 * Campaigns as the campaigns routes answer them (packages/server/src/modules/campaigns): the server validates its
 * answers with these schemas and the console types them with `z.infer`. A campaign's strategies are in
 * `strategies.ts`, which shares the schedule and audience targeting shapes below.
 */

import { z } from 'zod';
import { FINGERPRINT_TYPES } from '../dictionary/audiences';
import {
  BUDGET_TIMESPANS,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  DAILY_LIMIT_TYPES,
  DAYS_OF_WEEK,
  DELIVERY_STATUSES,
  DEVICE_ID_TYPES,
  DEVICE_TYPES,
  EVENT_OPTIMISATIONS,
  MAX_DAILY_COST_STRATEGIES,
  OBJECTIVE_KINDS,
  PRICE_MODELS,
  PRICING_TYPES,
  SCHEDULE_PRESETS,
  VIDEO_ATTRIBUTES,
  VIDEO_POSITIONS,
} from '../dictionary/campaigns';
import { CURRENCIES } from '../dictionary/currencies';
import { TRACKING_PROVIDERS } from '../dictionary/tracking';
import { FREQUENCY_CAP_PERIODS } from '../validation/frequency-cap';
import { TARGETED_RESOURCE_KINDS } from '../validation/resource-targeting';
import { ZHistoryEntry } from './history';

/** An exact amount in the campaign's currency: decimal text (never a float), e.g. "1500.25". */
export const ZCampaignMoney = z
  .string()
  .meta({ description: "Exact decimal amount in the campaign's currency" });
export const ZCampaignDay = z.string().meta({ description: 'A UTC day, YYYY-MM-DD (inclusive)' });

/** When a campaign, or a strategy within it, delivers. */
export const ZScheduleView = z.object({
  preset: z.enum(SCHEDULE_PRESETS),
  days: z.array(z.enum(DAYS_OF_WEEK)),
  ranges: z.array(z.object({ from: z.string(), to: z.string() })),
});

export const ZIds = z.array(z.number());

/** A campaign's or a strategy's frequency cap (docs/engine.md "Frequency caps"); null: no cap. */
export const ZFrequencyCapView = z
  .object({
    impressions: z.number(),
    period: z.enum(FREQUENCY_CAP_PERIODS),
    fingerprint: z.enum(FINGERPRINT_TYPES),
  })
  .nullable();

/** The audiences a campaign or a strategy targets, by id (decision 021). */
export const ZAudienceTargetingView = z.object({
  at_least_one_of: ZIds.meta({ description: 'A user matches at least one of these audiences' }),
  mandatory: ZIds.meta({ description: 'A user matches every one of these audiences' }),
  excluded: ZIds.meta({ description: 'A user matches none of these audiences' }),
});

const ZTargetingView = z.object({
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  cities: z.array(z.string()),
  bundle_ids: z.array(z.string()),
  iab_categories: z.array(z.string()),
  app_categories: z.array(z.string()),
  audiences: ZAudienceTargetingView,
  location_audiences: ZIds,
  geolists: ZIds,
  publisher_allowlists: ZIds,
  publisher_blocklists: ZIds,
  deals: ZIds,
});

/** A resource the campaign or one of its strategies targets, named (decision 021). */
export const ZTargetedResource = z.object({
  kind: z.enum(TARGETED_RESOURCE_KINDS),
  id: z.number(),
  name: z.string(),
  state: z.string().meta({ description: 'deleted once deleted after being targeted' }),
  detail: z
    .string()
    .nullable()
    .meta({ description: "Audience type, publisher list kind (allow|block) or deal's supply partner" }),
});
export type TTargetedResource = z.infer<typeof ZTargetedResource>;

/** One row of the campaign grid (GET /campaigns). */
export const ZCampaignRow = z.object({
  id: z.number(),
  name: z.string(),
  organization: z.number(),
  organization_name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  objective: z.enum(OBJECTIVE_KINDS).nullable(),
  state: z.enum(CAMPAIGN_STATES),
  status: z.enum(CAMPAIGN_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  delivery_explanation: z.string(),
  start_date: ZCampaignDay.nullable(),
  end_date: ZCampaignDay.nullable(),
  currency: z.enum(CURRENCIES),
  time_zone: z.string().meta({
    description: 'IANA time zone of the schedule, the flight and the daily budget day (e.g. Europe/Madrid)',
  }),
  budget_timespan: z.enum(BUDGET_TIMESPANS).nullable(),
  budget: ZCampaignMoney.nullable(),
  // Delivery figures from the rollups (the server's modules/delivery, docs/engine.md "Delivery figures").
  impressions: z.number(),
  clicks: z.number(),
  /** Clicks per impression (0…1); null without impressions. */
  ctr: z.number().nullable(),
  /** conversions_1 … conversions_5 together. */
  conversions: z.number(),
  /** Every rollup hour's spend (the advertiser's cost), in the campaign's currency. */
  spend: ZCampaignMoney,
  /** Today's spend: the campaign's local day, from the UTC hour holding its midnight. */
  spend_today: ZCampaignMoney,
  /** What should have been spent so far today for an even spend of the budget (pacing); null: no expectation. */
  expected_spend_today: ZCampaignMoney.nullable(),
  /** The start of the last hour with an impression; null: never delivered. */
  last_delivery_hour: z.string().nullable(),
  strategies_count: z.number(),
  strategies_bidding: z.number(),
  source_campaign: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type TCampaignRow = z.infer<typeof ZCampaignRow>;

/** A targeting alert of the campaign, or of one of its strategies when `strategy` is given. */
export const ZCampaignAlert = z.object({
  type: z.literal('inconsistent_targeting'),
  field: z.string(),
  message: z.string(),
  strategy: z.number().optional(),
});

/** The campaign page's delivery block (the server's campaigns.views.ts toCampaignDeliveryView). */
export const ZCampaignDelivery = z.object({
  conversions_by_event: z.array(z.number()),
  /** Spend counted against the budget: since its last reset (a start date change of a lifetime budget). */
  budget_spend: ZCampaignMoney,
  /** The recent bids and wins behind the delivery status: the last `recent_hours` hours and the current one. */
  recent_hours: z.number(),
  recent_bids: z.number(),
  recent_wins: z.number(),
  /** Today's money target (pacing: docs/engine.md "Pacing"); null without one (no budget, ASAP, not running). */
  target_spend_today: ZCampaignMoney.nullable(),
  /** Today's spend at today's rate until the campaign's midnight; null without a target or in the first hour. */
  projected_spend_today: ZCampaignMoney.nullable(),
  /** What the exchanges charged; internal roles only. */
  media_cost: ZCampaignMoney.optional(),
});

/** The internal-campaign fields as a campaign answers them (the body's rules: validation/campaign-internal.ts). */
export const ZCampaignInternalView = z.object({
  fee_percent: z.string().nullable(),
  margin_percent: z.string().nullable(),
  notes: z.string(),
  flags: z.array(z.string()),
});

/** One campaign with every field (GET|POST|PUT /campaign…); `internal` only for the internal-campaign roles. */
export const ZCampaign = ZCampaignRow.extend({
  delivery: ZCampaignDelivery,
  daily_limit_type: z.enum(DAILY_LIMIT_TYPES).nullable(),
  daily_budget: ZCampaignMoney.nullable(),
  daily_impressions: z.number().nullable(),
  daily_clicks: z.number().nullable(),
  max_daily_cost_strategy: z.enum(MAX_DAILY_COST_STRATEGIES).nullable(),
  pricing: z.enum(PRICING_TYPES).nullable(),
  price_model: z.enum(PRICE_MODELS).nullable(),
  bid: ZCampaignMoney.nullable(),
  cpc_target: ZCampaignMoney.nullable(),
  event_optimisation: z.enum(EVENT_OPTIMISATIONS).nullable(),
  tracking_tool: z.enum(TRACKING_PROVIDERS),
  schedule: ZScheduleView,
  device_types: z.array(z.enum(DEVICE_TYPES)),
  device_id_types: z.array(z.enum(DEVICE_ID_TYPES)),
  video_positions: z.array(z.enum(VIDEO_POSITIONS)),
  video_attributes: z.array(z.enum(VIDEO_ATTRIBUTES)),
  viewability: z.number(),
  targeting: ZTargetingView,
  frequency_cap: ZFrequencyCapView.meta({
    description:
      'At most `impressions` per user per `period` over all the strategies; null: no cap (docs/engine.md "Frequency caps")',
  }),
  budget_reset_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  alerts: z.array(ZCampaignAlert),
  targeted_resources: z.array(ZTargetedResource).meta({
    description: 'The resources the campaign and its strategies target, with their names',
  }),
  tracking: z.object({
    tool: z.enum(TRACKING_PROVIDERS),
    attribution_windows: z
      .object({ impressions: z.number(), clicks: z.number().optional(), visits: z.number().optional() })
      .nullable()
      .meta({ description: 'Days per attributed kind; null without a tool' }),
    footfall: z.boolean(),
    price_cpm: ZCampaignMoney.nullable().meta({
      description: 'Tracking price per thousand impressions; null when free',
    }),
    price_currency: z.enum(CURRENCIES),
  }),
  internal: ZCampaignInternalView.optional(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** The shared history entry (history.ts) naming what it is about: the campaign or one of its strategies. */
export const ZCampaignHistoryEntry = ZHistoryEntry.extend({
  entity: z.enum(['campaign', 'strategy']),
  entity_id: z.number(),
});
export type TCampaignHistoryEntry = z.infer<typeof ZCampaignHistoryEntry>;

/** The answer of a bulk state change (PUT /campaigns): how many campaigns it changed. */
export const ZCampaignsBulkResult = z.object({ updated: z.number() });
export type TCampaignsBulkResult = z.infer<typeof ZCampaignsBulkResult>;
