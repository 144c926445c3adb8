/**
 * GET /campaign/{id}: one campaign with every writable field, its computed status, delivery status, targeting
 * alerts and tracking terms. `internal` comes only to internal roles.
 */
import type {
  DailyLimitType,
  DayOfWeek,
  DeviceIdType,
  DeviceType,
  EventOptimisation,
  MaxDailyCostStrategy,
  PriceModel,
  PricingType,
  SchedulePreset,
  VideoAttribute,
  VideoPosition,
  ViewabilityThreshold,
} from '@beacon/domain/dictionary/campaigns';
import type { TrackingProvider } from '@beacon/domain/dictionary/tracking';
import type { CampaignInternalFlag } from '@beacon/domain/validation/campaign-internal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { CAMPAIGNS_QUERY_KEY, type CampaignRow } from '../../../components/campaign/api/campaign-row';
import type { TargetedResource } from './resources';

/** Every campaign query starts with the grid's key, so that a save refreshes the grid and the detail alike. */
export { CAMPAIGNS_QUERY_KEY };

export type CampaignSchedule = {
  readonly preset: SchedulePreset;
  readonly days: readonly DayOfWeek[];
  readonly ranges: readonly { readonly from: string; readonly to: string }[];
};

export type CampaignTargeting = {
  readonly countries: readonly string[];
  readonly regions: readonly string[];
  readonly cities: readonly string[];
  readonly bundle_ids: readonly string[];
  readonly iab_categories: readonly string[];
  readonly app_categories: readonly string[];
  /** Resource targeting (decision 021): ids. */
  readonly audiences: {
    readonly at_least_one_of: readonly number[];
    readonly mandatory: readonly number[];
    readonly excluded: readonly number[];
  };
  readonly location_audiences: readonly number[];
  readonly geolists: readonly number[];
  readonly publisher_allowlists: readonly number[];
  readonly publisher_blocklists: readonly number[];
  readonly deals: readonly number[];
};

export type CampaignInternal = {
  readonly fee_percent: string | null;
  readonly margin_percent: string | null;
  readonly notes: string;
  readonly flags: readonly CampaignInternalFlag[];
};

export type TargetingAlert = {
  readonly type: 'inconsistent_targeting';
  readonly field: string;
  readonly message: string;
};

/** The campaign page's delivery block: each conversion event, the budget's spend and the recent bids and wins. */
export type CampaignDelivery = {
  readonly conversions_by_event: readonly number[];
  /** Spend counted against the budget: since its last reset (a start date change of a lifetime budget). */
  readonly budget_spend: string;
  readonly recent_hours: number;
  readonly recent_bids: number;
  readonly recent_wins: number;
  /** Today's money target (pacing); null without one. */
  readonly target_spend_today: string | null;
  /** Today's spend at today's rate until midnight; null without a target or in the day's first hour. */
  readonly projected_spend_today: string | null;
  /** What the exchanges charged; internal roles only. */
  readonly media_cost?: string;
};

/** The grid's row and everything else the campaign holds. */
export type Campaign = CampaignRow & {
  readonly delivery: CampaignDelivery;
  readonly daily_limit_type: DailyLimitType | null;
  readonly daily_budget: string | null;
  readonly daily_impressions: number | null;
  readonly daily_clicks: number | null;
  readonly max_daily_cost_strategy: MaxDailyCostStrategy | null;
  readonly pricing: PricingType | null;
  readonly price_model: PriceModel | null;
  readonly bid: string | null;
  readonly cpc_target: string | null;
  readonly event_optimisation: EventOptimisation | null;
  readonly tracking_tool: TrackingProvider;
  readonly schedule: CampaignSchedule;
  readonly device_types: readonly DeviceType[];
  readonly device_id_types: readonly DeviceIdType[];
  readonly video_positions: readonly VideoPosition[];
  readonly video_attributes: readonly VideoAttribute[];
  readonly viewability: ViewabilityThreshold;
  readonly targeting: CampaignTargeting;
  readonly internal?: CampaignInternal;
  readonly alerts: readonly TargetingAlert[];
  /** The resources the campaign and its strategies target, named. */
  readonly targeted_resources: readonly TargetedResource[];
};

export const campaignQueryKey = (id: number) => [...CAMPAIGNS_QUERY_KEY, 'one', id] as const;

export const fetchCampaign = (id: number, signal?: AbortSignal): Promise<Campaign> =>
  api<Campaign>(`/campaign/${id}`, { signal });

export const campaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignQueryKey(id), queryFn: ({ signal }) => fetchCampaign(id, signal) });

export const useCampaign = (id: number | null) =>
  useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== null });
