import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { TCampaignValues } from '@beacon/domain/validation/campaign-form';
import type { TFrequencyCap } from '@beacon/domain/validation/frequency-cap';
import type { Kysely } from 'kysely';
import type { CampaignUpdate, Database, NewCampaign, StoredInternal } from '../../db/schema';
import { insertWithHistory } from '../../lib/resources';
import type { HistoryActor } from '../history/history.service';
import { CAMPAIGN } from './campaigns.access';
import { type CampaignRecord, findCampaignById, insertCampaign } from './campaigns.repo';
import { campaignFieldsOf } from './campaigns.views';

/**
 * A campaign's stored row: its columns from the API's fields, what history keeps of it, and its insert with
 * history (the services, the demo seed and the test factories use it).
 */

export type CampaignFields = ReturnType<typeof campaignFieldsOf>;

/** The whole campaign as the domain's rules read it: nulls as missing. */
export const valuesOf = (fields: Record<string, unknown>): TCampaignValues =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as TCampaignValues;

const micros = (amount: string | null | undefined): string | null =>
  amount === null || amount === undefined ? null : toMicros(amount).toString();

/** A stored cap, a campaign's or a strategy's (migrations 0024, 0026): JSON text, or null for no cap. */
export const frequencyCapColumn = (cap: TFrequencyCap | null): string | null =>
  cap === null ? null : JSON.stringify(cap);

/** The columns of a whole campaign (API fields merged with what is stored). */
export const columnsOf = (fields: CampaignFields, internal: StoredInternal): CampaignUpdate => ({
  organization_id: String(fields.organization),
  name: fields.name,
  type: fields.type,
  objective: fields.objective ?? null,
  time_zone: fields.time_zone,
  start_date: fields.start_date ?? null,
  end_date: fields.end_date ?? null,
  budget_timespan: fields.budget_timespan ?? null,
  budget: micros(fields.budget),
  daily_limit_type: fields.daily_limit_type ?? null,
  daily_budget: micros(fields.daily_budget),
  daily_impressions: fields.daily_impressions ?? null,
  daily_clicks: fields.daily_clicks ?? null,
  max_daily_cost_strategy: fields.max_daily_cost_strategy ?? null,
  pricing: fields.pricing ?? null,
  price_model: fields.price_model ?? null,
  bid: micros(fields.bid),
  cpc_target: micros(fields.cpc_target),
  event_optimisation: fields.event_optimisation ?? null,
  tracking_tool: fields.tracking_tool,
  schedule: JSON.stringify(fields.schedule),
  device_types: fields.device_types,
  device_id_types: fields.device_id_types,
  video_positions: fields.video_positions,
  video_attributes: fields.video_attributes,
  viewability: fields.viewability,
  targeting: JSON.stringify(fields.targeting),
  source_campaign_id: fields.source_campaign === null ? null : String(fields.source_campaign),
  internal: JSON.stringify(internal),
  frequency_cap: frequencyCapColumn(fields.frequency_cap),
});

/** What history keeps of a campaign: its fields, state and internal block (never ids or versions). */
export const historyViewOf = (record: CampaignRecord): Record<string, unknown> => ({
  ...campaignFieldsOf(record),
  state: record.state,
  spend: record.spend,
  budget_reset_at: record.budget_reset_at?.toISOString() ?? null,
  internal: record.internal,
});

/** Reads a campaign back in a write's transaction, with its status for `today`. */
export const reloadFor =
  (today: string) =>
  (db: Kysely<Database>, id: string): Promise<CampaignRecord | undefined> =>
    findCampaignById(db, id, today);

/**
 * Writes a campaign row and its `create` history, or its `duplicate` history naming the original when
 * `duplicatedFrom` is given (the services, the demo seed and the test factories use it).
 */
export const insertCampaignWithHistory = (
  db: Kysely<Database>,
  values: NewCampaign,
  actor: HistoryActor,
  today: string,
  duplicatedFrom?: string,
): Promise<CampaignRecord> =>
  insertWithHistory(db, CAMPAIGN, actor, {
    insert: (trx) => insertCampaign(trx, values),
    reload: reloadFor(today),
    historyView: historyViewOf,
    duplicatedFrom,
  });
