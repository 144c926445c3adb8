import { CAMPAIGN_LIST_SPEC } from '@beacon/domain/validation/campaign-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { campaignScopeOf, mayUseInternal, todayOf, visibleCampaign } from './campaigns.access';
import {
  type CampaignRecord,
  campaignListSource,
  findCampaignHistory,
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

/** The full view of a campaign: its live strategies and targeted resources read, `internal` when allowed. */
export const campaignViewOf = async (
  db: Kysely<Database>,
  record: CampaignRecord,
  principal: Principal,
  today: string,
): Promise<TCampaign> => {
  const strategies = await findLiveStrategies(db, record.id);
  const resources = await campaignResources(db, record, strategies);
  return toCampaignView(record, strategies, { today, withInternal: mayUseInternal(principal) }, resources);
};

export const listVisibleCampaigns = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TCampaignRow[]; total: number }> => {
  const scope = campaignScopeOf(principal);
  const today = todayOf(deps);
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listCampaignsInScope(
    deps.db,
    scope,
    list,
    campaignListSource(CAMPAIGN_LIST_SPEC, today),
    { withDeleted, today },
  );
  return { rows: rows.map((row) => toCampaignRow(row, today)), total };
};

export const getCampaign = async (deps: Deps, principal: Principal, id: string): Promise<TCampaign> => {
  const { record, today } = await visibleCampaign(deps, principal, id);
  return campaignViewOf(deps.db, record, principal, today);
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
  const rows = await findCampaignHistory(deps.db, record.id);
  const user = (userId: string | null, name: string | null, username: string | null) =>
    userId === null || name === null || username === null ? null : { id: Number(userId), name, username };
  const internal = mayUseInternal(principal);
  return rows.map((row) => ({
    id: Number(row.id),
    entity: row.entity === 'strategy' ? 'strategy' : 'campaign',
    entity_id: Number(row.entity_id),
    action: row.action,
    actor: user(row.actor_id, row.actor_name, row.actor_username),
    impersonator: user(row.impersonator_id, row.impersonator_name, row.impersonator_username),
    changes: row.changes.filter((change) => internal || change.field !== 'internal'),
    created_at: row.created_at.toISOString(),
  }));
};
