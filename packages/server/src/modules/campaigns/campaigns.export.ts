import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Deps, Principal } from '../../app-types';
import { type CsvCell, toCsv } from '../../lib/csv';
import { findLiveStrategies } from './campaigns.repo';
import type { TCampaign, TCampaignRow, TStrategy } from './campaigns.schemas';
import { getCampaign, listVisibleCampaigns } from './campaigns.service';
import { toStrategyView } from './campaigns.views';
import { toXlsx } from './xlsx';

/** The most rows one grid download holds; the grid's filters narrow a bigger result. */
export const MAX_EXPORT_ROWS = 100_000;

/** The columns of campaigns.csv, in order: the grid's, with the zone the dates are read in after them. */
export const GRID_CSV_COLUMNS = [
  'id',
  'name',
  'organization',
  'organization_name',
  'type',
  'objective',
  'state',
  'status',
  'delivery_status',
  'delivery_explanation',
  'start_date',
  'end_date',
  'time_zone',
  'currency',
  'budget_timespan',
  'budget',
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'spend',
  'spend_today',
  'expected_spend_today',
  'strategies_count',
  'strategies_bidding',
  'source_campaign',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof TCampaignRow)[];

/** `POST /campaigns/download`: the campaigns of the grid's query (filters, search, sort; every page) as CSV. */
export const campaignsCsv = async (deps: Deps, principal: Principal, list: ListQuery): Promise<string> => {
  const { rows } = await listVisibleCampaigns(deps, principal, { ...list, page: 1, limit: MAX_EXPORT_ROWS });
  return toCsv(
    GRID_CSV_COLUMNS,
    rows.map((row) => GRID_CSV_COLUMNS.map((column) => row[column])),
  );
};

const list = (values: readonly (string | number)[]): string => values.join(' ');

/** A schedule in one cell: "monday tuesday 08:00-18:00". */
const scheduleText = (schedule: TCampaign['schedule']): string =>
  [schedule.preset, list(schedule.days), list(schedule.ranges.map((range) => `${range.from}-${range.to}`))]
    .filter(Boolean)
    .join(' | ');

/** A frequency cap in one cell: "2 | day | soft"; blank without one. */
const frequencyCapText = (cap: TCampaign['frequency_cap']): string | null =>
  cap === null ? null : [cap.impressions, cap.period, cap.fingerprint].join(' | ');

/** Targeted resources in one cell, named: "Buyers (#12); Churned (#14)". */
const resourcesText = (
  campaign: TCampaign,
  kind: TCampaign['targeted_resources'][number]['kind'],
  ids: readonly number[],
): string =>
  ids
    .map((id) => {
      const resource = campaign.targeted_resources.find((item) => item.kind === kind && item.id === id);
      return resource ? `${resource.name} (#${id})` : `#${id}`;
    })
    .join('; ');

/** The campaign's configuration as field/value rows (what the Campaign sheet and CSV section hold). */
export const campaignFieldRows = (campaign: TCampaign): [string, CsvCell][] => {
  const { targeting } = campaign;
  const rows: [string, CsvCell][] = [
    ['id', campaign.id],
    ['name', campaign.name],
    ['organization', campaign.organization],
    ['organization_name', campaign.organization_name],
    ['type', campaign.type],
    ['objective', campaign.objective],
    ['state', campaign.state],
    ['status', campaign.status],
    ['delivery_status', campaign.delivery_status],
    ['delivery_explanation', campaign.delivery_explanation],
    ['start_date', campaign.start_date],
    ['end_date', campaign.end_date],
    ['time_zone', campaign.time_zone],
    ['currency', campaign.currency],
    ['budget_timespan', campaign.budget_timespan],
    ['budget', campaign.budget],
    ['impressions', campaign.impressions],
    ['clicks', campaign.clicks],
    ['ctr', campaign.ctr],
    ['conversions', campaign.conversions],
    ['spend', campaign.spend],
    ['spend_today', campaign.spend_today],
    ['expected_spend_today', campaign.expected_spend_today],
    ['budget_spend', campaign.delivery.budget_spend],
    ['budget_reset_at', campaign.budget_reset_at],
    ['daily_limit_type', campaign.daily_limit_type],
    ['daily_budget', campaign.daily_budget],
    ['daily_impressions', campaign.daily_impressions],
    ['daily_clicks', campaign.daily_clicks],
    ['max_daily_cost_strategy', campaign.max_daily_cost_strategy],
    ['pricing', campaign.pricing],
    ['price_model', campaign.price_model],
    ['bid', campaign.bid],
    ['cpc_target', campaign.cpc_target],
    ['event_optimisation', campaign.event_optimisation],
    ['tracking_tool', campaign.tracking_tool],
    ['schedule', scheduleText(campaign.schedule)],
    ['device_types', list(campaign.device_types)],
    ['device_id_types', list(campaign.device_id_types)],
    ['video_positions', list(campaign.video_positions)],
    ['video_attributes', list(campaign.video_attributes)],
    ['viewability', campaign.viewability],
    ['countries', list(campaign.targeting.countries)],
    ['regions', list(campaign.targeting.regions)],
    ['cities', list(campaign.targeting.cities)],
    ['bundle_ids', list(campaign.targeting.bundle_ids)],
    ['iab_categories', list(campaign.targeting.iab_categories)],
    ['app_categories', list(campaign.targeting.app_categories)],
    ['audiences.at_least_one_of', resourcesText(campaign, 'audience', targeting.audiences.at_least_one_of)],
    ['audiences.mandatory', resourcesText(campaign, 'audience', targeting.audiences.mandatory)],
    ['audiences.excluded', resourcesText(campaign, 'audience', targeting.audiences.excluded)],
    ['location_audiences', resourcesText(campaign, 'location_audience', targeting.location_audiences)],
    ['geolists', resourcesText(campaign, 'geolist', targeting.geolists)],
    ['publisher_allowlists', resourcesText(campaign, 'publisher_list', targeting.publisher_allowlists)],
    ['publisher_blocklists', resourcesText(campaign, 'publisher_list', targeting.publisher_blocklists)],
    ['deals', resourcesText(campaign, 'deal', targeting.deals)],
    ['frequency_cap', frequencyCapText(campaign.frequency_cap)],
    ['source_campaign', campaign.source_campaign],
    ['strategies_count', campaign.strategies_count],
    ['created_at', campaign.created_at],
    ['updated_at', campaign.updated_at],
  ];
  const internal = campaign.internal;
  if (internal) {
    rows.push(
      ['internal.fee_percent', internal.fee_percent],
      ['internal.margin_percent', internal.margin_percent],
      ['internal.notes', internal.notes],
      ['internal.flags', list(internal.flags)],
    );
  }
  return rows;
};

export const STRATEGY_EXPORT_COLUMNS = [
  'id',
  'name',
  'state',
  'start_date',
  'end_date',
  'countries',
  'regions',
  'cities',
  'schedule',
  'audiences.at_least_one_of',
  'audiences.mandatory',
  'audiences.excluded',
  'location_audiences',
  'geolists',
  'bid',
  'budget_share',
  'created_at',
] as const;

export const strategyRow = (strategy: TStrategy, campaign: TCampaign): CsvCell[] => [
  strategy.id,
  strategy.name,
  strategy.state,
  strategy.start_date,
  strategy.end_date,
  list(strategy.location.countries),
  list(strategy.location.regions),
  list(strategy.location.cities),
  scheduleText(strategy.schedule),
  resourcesText(campaign, 'audience', strategy.targeting.audiences.at_least_one_of),
  resourcesText(campaign, 'audience', strategy.targeting.audiences.mandatory),
  resourcesText(campaign, 'audience', strategy.targeting.audiences.excluded),
  resourcesText(campaign, 'location_audience', strategy.targeting.location_audiences),
  resourcesText(campaign, 'geolist', strategy.targeting.geolists),
  strategy.bid,
  strategy.budget_share,
  strategy.created_at,
];

export type CampaignExport = { filename: string; contentType: string; body: string | Buffer };

/**
 * `GET /campaign/{id}/export?format=csv|xlsx`: the campaign's full configuration and its strategies.
 * CSV: a field/value section, an empty line, then the strategies table. XLSX: sheets Campaign and Strategies.
 */
export const exportCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
  format: 'csv' | 'xlsx',
): Promise<CampaignExport> => {
  const campaign = await getCampaign(deps, principal, id);
  const strategies = (await findLiveStrategies(deps.db, String(campaign.id))).map(toStrategyView);
  const fieldRows = campaignFieldRows(campaign);
  const strategyRows = strategies.map((strategy) => strategyRow(strategy, campaign));
  if (format === 'xlsx') {
    return {
      filename: `campaign-${campaign.id}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: await toXlsx([
        { name: 'Campaign', rows: [['field', 'value'], ...fieldRows] },
        { name: 'Strategies', rows: [[...STRATEGY_EXPORT_COLUMNS], ...strategyRows] },
      ]),
    };
  }
  return {
    filename: `campaign-${campaign.id}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: `${toCsv(['field', 'value'], fieldRows)}\r\n${toCsv(STRATEGY_EXPORT_COLUMNS, strategyRows)}`,
  };
};
