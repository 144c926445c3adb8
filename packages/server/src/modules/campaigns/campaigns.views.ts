import { deliveryStatus } from '@beacon/domain/campaigns/delivery-status';
import {
  type PublisherConflicts,
  resourceTargetingAlerts,
  targetingAlerts,
} from '@beacon/domain/campaigns/targeting-alerts';
import { trackingTerms } from '@beacon/domain/campaigns/tracking-terms';
import type {
  CampaignStatus,
  DayOfWeek,
  DeliveryStatus,
  SchedulePreset,
} from '@beacon/domain/dictionary/campaigns';
import { fromMicros } from '@beacon/domain/dictionary/currencies';
import {
  EMPTY_AUDIENCE_TARGETING,
  type TargetedResourceKind,
} from '@beacon/domain/validation/resource-targeting';
import type { StoredAudienceTargeting, StoredSchedule } from '../../db/schema';
import type { CampaignListRecord, CampaignRecord, StrategyRecord } from './campaigns.repo';
import type { TCampaign, TCampaignRow, TStrategy, TTargetedResource } from './campaigns.schemas';

/** Conversions between stored campaigns and strategies and what the API answers (decision 014). */

export const moneyOrNull = (micros: string | null): string | null =>
  micros === null ? null : fromMicros(BigInt(micros));
const idOrNull = (id: string | null): number | null => (id === null ? null : Number(id));
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** A stored schedule with the dictionary's types (the database CHECKs nothing inside jsonb; the writes did). */
const scheduleView = (schedule: StoredSchedule) => ({
  preset: schedule.preset as SchedulePreset,
  days: schedule.days as DayOfWeek[],
  ranges: schedule.ranges.map((range) => ({ from: range.from, to: range.to })),
});

/** Stored audience groups (campaigns stored before decision 021 have none). */
const audiencesView = (audiences: StoredAudienceTargeting | undefined) => ({
  at_least_one_of: [...(audiences?.at_least_one_of ?? EMPTY_AUDIENCE_TARGETING.at_least_one_of)],
  mandatory: [...(audiences?.mandatory ?? EMPTY_AUDIENCE_TARGETING.mandatory)],
  excluded: [...(audiences?.excluded ?? EMPTY_AUDIENCE_TARGETING.excluded)],
});

/**
 * The domain's delivery status for a campaign as stored: its creative link counts are kept on the row by the
 * creatives module (migration 0017); delivery data does not exist yet.
 */
export const deliveryOf = (record: CampaignListRecord, today: string) =>
  deliveryStatus({
    state: record.state,
    start_date: record.start_date,
    end_date: record.end_date,
    today,
    strategies: { total: record.strategies_count, bidding: record.strategies_bidding },
    creatives: {
      total: record.creatives_total,
      active: record.creatives_active,
      paused: record.creatives_paused,
      pending: record.creatives_pending,
    },
    delivery: null,
  });

/**
 * A grid row. The status and delivery status come from SQL (so that filters and sorts agree with what is
 * shown); the explanation is the domain's, for the same inputs.
 */
export const toCampaignRow = (record: CampaignListRecord, today: string): TCampaignRow => ({
  id: Number(record.id),
  name: record.name,
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  type: record.type,
  objective: record.objective,
  state: record.state,
  status: record.status as CampaignStatus,
  delivery_status: record.delivery_status as DeliveryStatus,
  delivery_explanation: deliveryOf(record, today).explanation,
  start_date: record.start_date,
  end_date: record.end_date,
  currency: record.currency,
  budget_timespan: record.budget_timespan,
  budget: moneyOrNull(record.budget),
  spend: fromMicros(BigInt(record.spend)),
  strategies_count: record.strategies_count,
  strategies_bidding: record.strategies_bidding,
  source_campaign: idOrNull(record.source_campaign_id),
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
  version: record.version,
});

export const toStrategyView = (record: StrategyRecord): TStrategy => ({
  id: Number(record.id),
  campaign: Number(record.campaign_id),
  name: record.name,
  state: record.state,
  start_date: record.start_date,
  end_date: record.end_date,
  location: {
    countries: [...record.location.countries],
    regions: [...record.location.regions],
    cities: [...record.location.cities],
  },
  schedule: scheduleView(record.schedule),
  targeting: {
    audiences: audiencesView(record.targeting.audiences),
    location_audiences: [...record.targeting.location_audiences],
    geolists: [...record.targeting.geolists],
  },
  bid: moneyOrNull(record.bid),
  budget_share: record.budget_share,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
  version: record.version,
});

/** The writable fields of a campaign as the API spells them (the input shape of the domain's schemas). */
export const campaignFieldsOf = (record: CampaignRecord) => ({
  organization: Number(record.organization_id),
  name: record.name,
  type: record.type,
  objective: record.objective,
  start_date: record.start_date,
  end_date: record.end_date,
  budget_timespan: record.budget_timespan,
  budget: moneyOrNull(record.budget),
  daily_limit_type: record.daily_limit_type,
  daily_budget: moneyOrNull(record.daily_budget),
  daily_impressions: record.daily_impressions,
  daily_clicks: record.daily_clicks,
  max_daily_cost_strategy: record.max_daily_cost_strategy,
  pricing: record.pricing,
  price_model: record.price_model,
  bid: moneyOrNull(record.bid),
  cpc_target: moneyOrNull(record.cpc_target),
  event_optimisation: record.event_optimisation,
  tracking_tool: record.tracking_tool,
  schedule: scheduleView(record.schedule),
  device_types: [...record.device_types],
  device_id_types: [...record.device_id_types],
  video_positions: [...record.video_positions],
  video_attributes: [...record.video_attributes],
  viewability: record.viewability,
  targeting: {
    countries: [...record.targeting.countries],
    regions: [...record.targeting.regions],
    cities: [...record.targeting.cities],
    bundle_ids: [...record.targeting.bundle_ids],
    iab_categories: [...record.targeting.iab_categories],
    app_categories: [...record.targeting.app_categories],
    audiences: audiencesView(record.targeting.audiences),
    location_audiences: [...(record.targeting.location_audiences ?? [])],
    geolists: [...(record.targeting.geolists ?? [])],
    publisher_allowlists: [...(record.targeting.publisher_allowlists ?? [])],
    publisher_blocklists: [...(record.targeting.publisher_blocklists ?? [])],
    deals: [...(record.targeting.deals ?? [])],
  },
  source_campaign: idOrNull(record.source_campaign_id),
});

/** What a campaign read knows of its targeted resources: their rows and the publishers both allowed and blocked. */
export type CampaignResources = {
  readonly rows: readonly TargetedResourceRow[];
  readonly conflicts: PublisherConflicts;
};

/** A targeted resource as its module's lookup reads it. */
export type TargetedResourceRow = {
  kind: TargetedResourceKind;
  id: string;
  name: string;
  state: string;
  /** Audiences: type; publisher lists: allow or block; deals: supply partner. */
  detail: string | null;
  country: string | null;
  start_date: string | null;
  end_date: string | null;
};

export const toTargetedResource = (row: TargetedResourceRow): TTargetedResource => ({
  kind: row.kind,
  id: Number(row.id),
  name: row.name,
  state: row.state,
  detail: row.detail,
});

/**
 * One campaign with every field, its alerts, its targeted resources named and its tracking terms; `internal`
 * only when the caller may see it.
 */
export const toCampaignView = (
  record: CampaignRecord,
  strategies: readonly StrategyRecord[],
  options: { today: string; withInternal: boolean },
  resources: CampaignResources,
): TCampaign => {
  const fields = campaignFieldsOf(record);
  const strategyViews = strategies.map(toStrategyView);
  const infos = resources.rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    name: row.name,
    live: row.state !== 'deleted',
    country: row.country,
    start_date: row.start_date,
    end_date: row.end_date,
  }));
  return {
    ...toCampaignRow(record, options.today),
    ...fields,
    budget_reset_at: isoOrNull(record.budget_reset_at),
    deleted_at: isoOrNull(record.deleted_at),
    alerts: [
      ...targetingAlerts(fields, strategyViews),
      ...resourceTargetingAlerts(fields, strategyViews, infos, resources.conflicts),
    ],
    targeted_resources: resources.rows.map(toTargetedResource),
    tracking: trackingTerms(record.tracking_tool),
    ...(options.withInternal
      ? {
          internal: {
            fee_percent: record.internal.fee_percent,
            margin_percent: record.internal.margin_percent,
            notes: record.internal.notes,
            flags: [...record.internal.flags],
          },
        }
      : {}),
  };
};
