import { CAMPAIGN_LIST_SPEC } from '@beacon/domain/validation/campaign-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { historyOf } from '../../lib/resources';
import {
  campaignDelivery,
  NO_DELIVERY,
  oneCampaignDelivery,
  recentSince,
} from '../delivery/delivery.queries';
import { utcDay } from './campaign-status';
import { CAMPAIGN, campaignScopeOf, mayUseInternal, visibleCampaign } from './campaigns.access';
import {
  type CampaignRecord,
  campaignListSource,
  findLiveStrategies,
  listCampaignsInScope,
} from './campaigns.repo';
import type { TCampaign, TCampaignHistoryEntry, TCampaignRow } from './campaigns.schemas';
import { campaignResources } from './campaigns.targeting';
import { toCampaignRow, toCampaignView } from './campaigns.views';

/**
 * Campaign reads (decision 014): the grid, one campaign with its strategies, targeted resources and alerts, and
 * its history. A campaign outside the caller's campaign scope is 404.
 */

/**
 * The full view of a campaign at `now`: its live strategies, targeted resources and delivery figures read,
 * `internal` when allowed.
 */
export const campaignViewOf = async (
  db: Kysely<Database>,
  record: CampaignRecord,
  principal: Principal,
  now: Date,
): Promise<TCampaign> => {
  const strategies = await findLiveStrategies(db, record.id);
  const resources = await campaignResources(db, record, strategies);
  const figures = await oneCampaignDelivery(db, record.id, now);
  return toCampaignView(
    record,
    strategies,
    { today: utcDay(now), now, withInternal: mayUseInternal(principal), figures },
    resources,
  );
};

export const listVisibleCampaigns = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TCampaignRow[]; total: number }> => {
  const scope = campaignScopeOf(principal);
  const now = deps.clock.now();
  const today = utcDay(now);
  const deliverySince = recentSince(now);
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listCampaignsInScope(
    deps.db,
    scope,
    list,
    campaignListSource(CAMPAIGN_LIST_SPEC, today, deliverySince),
    { withDeleted, today },
  );
  // The page's figures in one grouped read of the rollups (the ids are the scoped page's).
  const figures = await campaignDelivery(
    deps.db,
    rows.map((row) => row.id),
    now,
  );
  return {
    rows: rows.map((row) => toCampaignRow(row, { today, now }, figures.get(row.id) ?? NO_DELIVERY)),
    total,
  };
};

export const getCampaign = async (deps: Deps, principal: Principal, id: string): Promise<TCampaign> => {
  const { record } = await visibleCampaign(deps, principal, id);
  return campaignViewOf(deps.db, record, principal, deps.clock.now());
};

/**
 * The history of a campaign and of its strategies in one list, newest first: each entry is the shared
 * `THistoryEntry` (domain/api/history.ts) naming the entity it is about. Only internal roles read the changes
 * of the internal block.
 */
export const campaignHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TCampaignHistoryEntry[]> => {
  const { record } = await visibleCampaign(deps, principal, id);
  const strategyIds = deps.db
    .selectFrom('strategies')
    .select(sql<string>`id::text`.as('id'))
    .where('campaign_id', '=', record.id);
  const internal = mayUseInternal(principal);
  return (
    await historyOf(deps.db, principal, CAMPAIGN, record.id, { entity: 'strategy', ids: strategyIds })
  ).map((entry) => ({
    ...entry,
    entity: entry.entity === 'strategy' ? 'strategy' : 'campaign',
    changes: entry.changes.filter((change) => internal || change.field !== 'internal'),
  }));
};
