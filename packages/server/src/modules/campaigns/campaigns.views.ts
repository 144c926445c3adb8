import { deliveryStatus } from '@beacon/domain/campaigns/delivery-status';
import {
  type PublisherConflicts,
  resourceTargetingAlerts,
  targetingAlerts,
} from '@beacon/domain/campaigns/targeting-alerts';
import { trackingTerms } from '@beacon/domain/campaigns/tracking-terms';
import type { CampaignStatus, DayOfWeek, SchedulePreset } from '@beacon/domain/dictionary/campaigns';
import { fromMicros } from '@beacon/domain/dictionary/currencies';
import {
  EMPTY_AUDIENCE_TARGETING,
  type TargetedResourceKind,
} from '@beacon/domain/validation/resource-targeting';
import type { StoredAudienceTargeting, StoredFrequencyCap, StoredSchedule } from '../../db/schema';
import {
  type CampaignDeliveryFigures,
  ctrOf,
  expectedSpendTodayOf,
  RECENT_HOURS,
  recentDeliveryOf,
  totalConversions,
} from '../delivery/delivery.queries';
import { type TodayPace, todayPace } from '../delivery/pacing';
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

/** A stored cap (migrations 0024, 0026) as the API answers it; null: no cap. */
export const frequencyCapView = (cap: StoredFrequencyCap | null) =>
  cap === null ? null : { impressions: cap.impressions, period: cap.period, fingerprint: cap.fingerprint };

/** Stored audience groups (campaigns stored before decision 021 have none). */
const audiencesView = (audiences: StoredAudienceTargeting | undefined) => ({
  at_least_one_of: [...(audiences?.at_least_one_of ?? EMPTY_AUDIENCE_TARGETING.at_least_one_of)],
  mandatory: [...(audiences?.mandatory ?? EMPTY_AUDIENCE_TARGETING.mandatory)],
  excluded: [...(audiences?.excluded ?? EMPTY_AUDIENCE_TARGETING.excluded)],
});

/**
 * The domain's delivery status for a campaign as stored: its creative link counts are kept on the row by the
 * creatives module (migration 0017), its recent bids and wins come from the rollups (delivery.queries.ts).
 */
export const deliveryOf = (record: CampaignListRecord, today: string, figures: CampaignDeliveryFigures) =>
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
    delivery: recentDeliveryOf(figures),
  });

/** What a grid row and the campaign page need to know of a read besides the record. */
export type CampaignReadContext = { readonly today: string; readonly now: Date };

const micros = (value: bigint): string => fromMicros(value);

/**
 * A grid row. The status comes from SQL; the delivery status and its explanation are the domain's, from the
 * page's figures already read (the list's SQL mirror of it, with two rollup probes per row, is evaluated only
 * when a query filters or sorts on it: campaign-status.sql.ts). The delivery figures are the rollups'
 * (delivery.queries.ts); counts are JSON numbers, money decimal text in the campaign's currency.
 */
export const toCampaignRow = (
  record: CampaignListRecord,
  { today, now }: CampaignReadContext,
  figures: CampaignDeliveryFigures,
): TCampaignRow => {
  const delivery = deliveryOf(record, today, figures);
  const expected = expectedSpendTodayOf(
    {
      state: record.state,
      budget_timespan: record.budget_timespan,
      budget: record.budget,
      daily_budget: record.daily_budget,
      daily_limit_type: record.daily_limit_type,
      max_daily_cost_strategy: record.max_daily_cost_strategy,
      start_date: record.start_date,
      end_date: record.end_date,
      time_zone: record.time_zone,
    },
    figures,
    now,
  );
  return {
    id: Number(record.id),
    name: record.name,
    organization: Number(record.organization_id),
    organization_name: record.organization_name,
    type: record.type,
    objective: record.objective,
    state: record.state,
    status: record.status as CampaignStatus,
    delivery_status: delivery.status,
    delivery_explanation: delivery.explanation,
    start_date: record.start_date,
    end_date: record.end_date,
    currency: record.currency,
    time_zone: record.time_zone,
    budget_timespan: record.budget_timespan,
    budget: moneyOrNull(record.budget),
    impressions: Number(figures.impressions),
    clicks: Number(figures.clicks),
    ctr: ctrOf(figures),
    conversions: Number(totalConversions(figures)),
    spend: micros(figures.spend_micros),
    spend_today: micros(figures.spend_today_micros),
    expected_spend_today: expected === null ? null : micros(expected),
    last_delivery_hour: isoOrNull(figures.last_delivery_hour),
    strategies_count: record.strategies_count,
    strategies_bidding: record.strategies_bidding,
    source_campaign: idOrNull(record.source_campaign_id),
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  };
};

/**
 * The campaign page's delivery block: each conversion event, the spend counted against the budget and the
 * recent bids and wins behind the delivery status; the media cost (what the exchanges charged, which shows
 * the organization's fee) only for the internal roles.
 */
export const toCampaignDeliveryView = (
  figures: CampaignDeliveryFigures,
  withInternal: boolean,
  pace: TodayPace | null,
) => ({
  conversions_by_event: figures.conversions.map(Number),
  budget_spend: micros(figures.budget_spend_micros),
  recent_hours: RECENT_HOURS,
  recent_bids: Number(figures.recent_bids),
  recent_wins: Number(figures.recent_wins),
  target_spend_today: pace === null ? null : micros(pace.target),
  projected_spend_today: pace?.projected == null ? null : micros(pace.projected),
  ...(withInternal ? { media_cost: micros(figures.media_cost_micros) } : {}),
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
  frequency_cap: frequencyCapView(record.frequency_cap),
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
  time_zone: record.time_zone,
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
  frequency_cap: frequencyCapView(record.frequency_cap),
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
  options: CampaignReadContext & { withInternal: boolean; figures: CampaignDeliveryFigures },
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
    ...toCampaignRow(record, options, options.figures),
    // A single read's record has no delivery in its SQL status (statusExpressions): the domain decides with it.
    delivery_status: deliveryOf(record, options.today, options.figures).status,
    ...fields,
    delivery: toCampaignDeliveryView(
      options.figures,
      options.withInternal,
      todayPace(
        record,
        options.figures.budget_spend_before_today_micros,
        options.figures.spend_today_micros,
        options.now,
      ),
    ),
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
