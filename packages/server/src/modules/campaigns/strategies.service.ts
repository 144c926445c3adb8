import { canEdit } from '@beacon/domain/access/permissions';
import { copyName } from '@beacon/domain/api/history';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { STRATEGY_DELETED_MESSAGE, STRATEGY_SHARES_MESSAGE } from '@beacon/domain/validation/messages';
import {
  MAX_BUDGET_SHARE,
  STRATEGY_LIST_SPEC,
  STRATEGY_NAME_MAX_LENGTH,
  strategyIssues,
  type TStrategyContext,
  type TStrategyCreate,
  type TStrategyDuplicate,
  type TStrategyUpdate,
} from '@beacon/domain/validation/strategy-form';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, NewStrategy, StrategyUpdate } from '../../db/schema';
import {
  assertCanEdit,
  assertNotDeleted,
  assertVersion,
  insertWithHistory,
  type ResourceKind,
  readable,
  softDelete,
  versionedWrite,
} from '../../lib/resources';
import { actorOf, type HistoryActor } from '../history/history.service';
import { CAMPAIGN, campaignScopeOf, invalid, visibleCampaign, writableCampaign } from './campaigns.access';
import {
  type CampaignRecord,
  findAnyStrategyById,
  findStrategyById,
  insertStrategy,
  listStrategies,
  refreshStrategyCounts,
  type StrategyRecord,
  strategyListSource,
} from './campaigns.repo';
import { frequencyCapColumn } from './campaigns.rows';
import type { TStrategy } from './campaigns.schemas';
import { targetedResourceIssues } from './campaigns.targeting';
import { toStrategyView } from './campaigns.views';
import { unknownPlaceIssues } from './places-check';

/**
 * Strategies (decision 014), on the shared resource shape (decision 039): a strategy is visible when its campaign
 * is (404 otherwise, whoever asks); writes need an edit role (403), then a campaign and a strategy that are not
 * deleted (409 `DELETED`), then the version last read (409 `STALE_VERSION`). Every write keeps the campaign's
 * `strategies_count` and `strategies_bidding` in the same transaction, after locking the campaign row so that
 * two writers cannot push the budget shares past 100 together.
 */

const STRATEGY: ResourceKind & { table: 'strategies' } = {
  entity: 'strategy',
  table: 'strategies',
  canEdit,
  deletedMessage: STRATEGY_DELETED_MESSAGE,
};

/** A live strategy whose campaign the caller may see, with that campaign; 404 otherwise. */
const visibleStrategy = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<{ strategy: StrategyRecord; campaign: CampaignRecord }> => {
  const strategy = await readable(findStrategyById(deps.db, id));
  const { record } = await visibleCampaign(deps, principal, strategy.campaign_id);
  return { strategy, campaign: record };
};

/** A strategy the caller may change: 404, 403, 409 `DELETED` (its campaign's or its own), 409 when stale. */
const writableStrategy = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version?: number,
): Promise<{ strategy: StrategyRecord; campaign: CampaignRecord }> => {
  const strategy = await readable(findAnyStrategyById(deps.db, id));
  const { record: campaign } = await visibleCampaign(deps, principal, strategy.campaign_id);
  assertCanEdit(STRATEGY, principal);
  assertNotDeleted(CAMPAIGN, campaign);
  assertNotDeleted(STRATEGY, strategy);
  assertVersion(strategy, version);
  return { strategy, campaign };
};

/** Locks the campaign row for the rest of the transaction (strategy shares are checked under it). */
const lockCampaign = async (db: Kysely<Database>, campaignId: string): Promise<void> => {
  await sql`SELECT id FROM campaigns WHERE id = ${campaignId} FOR UPDATE`.execute(db);
};

/** The sum of the budget shares of a campaign's live strategies, leaving one out. */
const otherShares = async (
  db: Kysely<Database>,
  campaignId: string,
  exceptId: string | null,
): Promise<number> => {
  let query = db
    .selectFrom('strategies')
    .select(sql<string>`coalesce(sum(budget_share), 0)`.as('total'))
    .where('campaign_id', '=', campaignId)
    .where('deleted_at', 'is', null);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
};

/** What the domain's strategy rules need to know of the campaign. */
const contextOf = (campaign: CampaignRecord, shares: number): TStrategyContext => ({
  currency: campaign.currency,
  pricing: campaign.pricing ?? undefined,
  campaign_start_date: campaign.start_date,
  campaign_end_date: campaign.end_date,
  campaign_countries: campaign.targeting.countries,
  other_shares: shares,
});

const withoutNulls = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));

/** What history keeps of a strategy: its API fields without ids, versions and times. */
const historyViewOf = (strategy: StrategyRecord): Record<string, unknown> => {
  const {
    id: _id,
    version: _version,
    created_at: _created,
    updated_at: _updated,
    ...view
  } = toStrategyView(strategy);
  return view;
};

/**
 * Inserts a strategy with its `create` history (or its `duplicate` history naming the original) and refreshes
 * the campaign's counts (the services, the demo seed and the test factories use it).
 */
export const insertStrategyWithHistory = (
  db: Kysely<Database>,
  campaign: Pick<CampaignRecord, 'id' | 'organization_id'>,
  values: Omit<NewStrategy, 'campaign_id'>,
  actor: HistoryActor,
  duplicatedFrom?: string,
): Promise<StrategyRecord> =>
  insertWithHistory(db, STRATEGY, actor, {
    insert: async (trx) => {
      const id = await insertStrategy(trx, { ...values, campaign_id: campaign.id });
      await refreshStrategyCounts(trx, campaign.id);
      return id;
    },
    reload: findStrategyById,
    historyView: historyViewOf,
    duplicatedFrom,
  });

/** The values of a copy of a strategy (in the same campaign or in a copy of it). */
export const copyStrategyValues = (strategy: StrategyRecord): Omit<NewStrategy, 'campaign_id'> => {
  const view = toStrategyView(strategy);
  return {
    name: strategy.name,
    state: strategy.state,
    start_date: strategy.start_date,
    end_date: strategy.end_date,
    location: JSON.stringify(view.location),
    schedule: JSON.stringify(view.schedule),
    targeting: JSON.stringify(view.targeting),
    bid: strategy.bid,
    budget_share: strategy.budget_share,
    frequency_cap: frequencyCapColumn(view.frequency_cap),
  };
};

const money = (amount: string | null): string | null =>
  amount === null ? null : toMicros(amount).toString();

export const listCampaignStrategies = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
  list: ListQuery,
): Promise<{ rows: TStrategy[]; total: number }> => {
  const { record } = await visibleCampaign(deps, principal, campaignId);
  const { rows, total } = await listStrategies(
    deps.db,
    record.id,
    list,
    strategyListSource(STRATEGY_LIST_SPEC),
  );
  return { rows: rows.map(toStrategyView), total };
};

/** The live strategies of a campaign the caller may read, by name (404 outside the scope), oldest first. */
export const campaignStrategyNames = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
): Promise<{ id: string; name: string; state: StrategyRecord['state'] }[]> => {
  const { record } = await visibleCampaign(deps, principal, campaignId);
  const rows = await deps.db
    .selectFrom('strategies')
    .select(['id', 'name', 'state'])
    .where('campaign_id', '=', record.id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: String(row.id), name: row.name, state: row.state }));
};

/**
 * A campaign the caller may see (404 otherwise) with its strategies' ids, names, states and own bids (null: the
 * campaign's), for the goal rates of its internal tab (decision 051).
 */
export const campaignWithStrategyBids = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
): Promise<{
  campaign: CampaignRecord;
  strategies: { id: string; name: string; state: StrategyRecord['state']; bid: string | null }[];
}> => {
  const { record } = await visibleCampaign(deps, principal, campaignId);
  const rows = await deps.db
    .selectFrom('strategies')
    .select(['id', 'name', 'state', 'bid'])
    .where('campaign_id', '=', record.id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return {
    campaign: record,
    strategies: rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      state: row.state,
      bid: row.bid === null ? null : String(row.bid),
    })),
  };
};

export const getStrategy = async (deps: Deps, principal: Principal, id: string): Promise<TStrategy> =>
  toStrategyView((await visibleStrategy(deps, principal, id)).strategy);

/** `POST /campaign/{id}/strategies`: the domain's rules against the campaign, shares checked under a lock. */
export const createStrategy = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
  body: TStrategyCreate,
): Promise<TStrategy> => {
  const { record } = await writableCampaign(deps, principal, campaignId);
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    await lockCampaign(trx, record.id);
    const issues = [
      ...strategyIssues(withoutNulls(body), contextOf(record, await otherShares(trx, record.id, null))),
      ...(await unknownPlaceIssues(body.location, ['location'])),
      ...(await targetedResourceIssues(
        trx,
        campaignScopeOf(principal).tenant,
        record.organization_path,
        body.targeting,
        undefined,
        ['targeting'],
      )),
    ];
    if (issues.length > 0) throw invalid(issues);
    const strategy = await insertStrategyWithHistory(
      trx,
      record,
      {
        name: body.name,
        state: body.state,
        start_date: body.start_date,
        end_date: body.end_date,
        location: JSON.stringify(body.location),
        schedule: JSON.stringify(body.schedule),
        targeting: JSON.stringify(body.targeting),
        bid: money(body.bid),
        budget_share: body.budget_share,
        frequency_cap: frequencyCapColumn(body.frequency_cap),
      },
      actor,
    );
    return toStrategyView(strategy);
  });
};

/**
 * `PUT /strategy/{id}`: changes at the version last read; pausing and resuming move the campaign's counts. The
 * rules are checked after the version bump, under the campaign's lock, in the write's transaction.
 */
export const updateStrategy = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TStrategyUpdate,
): Promise<TStrategy> => {
  const { strategy, campaign } = await writableStrategy(deps, principal, id, body.version);
  const { version, ...changes } = body;
  const current = toStrategyView(strategy);
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const merged = { ...current, ...sent };
  const values: StrategyUpdate = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.state !== undefined ? { state: changes.state } : {}),
    ...(changes.start_date !== undefined ? { start_date: changes.start_date } : {}),
    ...(changes.end_date !== undefined ? { end_date: changes.end_date } : {}),
    ...(changes.location !== undefined ? { location: JSON.stringify(changes.location) } : {}),
    ...(changes.schedule !== undefined ? { schedule: JSON.stringify(changes.schedule) } : {}),
    ...(changes.targeting !== undefined ? { targeting: JSON.stringify(changes.targeting) } : {}),
    ...(changes.bid !== undefined ? { bid: money(changes.bid) } : {}),
    ...(changes.budget_share !== undefined ? { budget_share: changes.budget_share } : {}),
    ...(changes.frequency_cap !== undefined
      ? { frequency_cap: frequencyCapColumn(changes.frequency_cap) }
      : {}),
  };
  const next = await versionedWrite(deps.db, STRATEGY, actorOf(principal), {
    before: strategy,
    version,
    values,
    now: deps.clock.now(),
    alsoRun: async (trx) => {
      await lockCampaign(trx, campaign.id);
      const issues = strategyIssues(
        withoutNulls(merged),
        contextOf(campaign, await otherShares(trx, campaign.id, strategy.id)),
      );
      // Only what this change touches is refused: an older inconsistency (the campaign's dates moved since)
      // must not lock the strategy against a pause.
      const relevant = issues.filter((issue) => {
        const field = String(issue.path[0]);
        return (
          field in sent ||
          (field === 'end_date' && 'start_date' in sent) ||
          (field === 'start_date' && 'end_date' in sent)
        );
      });
      if (changes.location) relevant.push(...(await unknownPlaceIssues(changes.location, ['location'])));
      relevant.push(
        ...(await targetedResourceIssues(
          trx,
          campaignScopeOf(principal).tenant,
          campaign.organization_path,
          changes.targeting,
          current.targeting,
          ['targeting'],
        )),
      );
      if (relevant.length > 0) throw invalid(relevant);
      if (changes.state !== undefined && changes.state !== strategy.state) {
        await refreshStrategyCounts(trx, campaign.id);
      }
    },
    reload: findStrategyById,
    historyView: historyViewOf,
    action: (changed, after) =>
      changed.every((change) => change.field === 'state')
        ? after.state === 'paused'
          ? 'pause'
          : 'resume'
        : 'update',
  });
  return toStrategyView(next);
};

/** `DELETE /strategy/{id}?version=N`: kept with its history, out of lists and counts. */
export const deleteStrategy = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const { strategy, campaign } = await writableStrategy(deps, principal, id, version);
  const now = deps.clock.now();
  // A strategy has no deleted state: its delete sets `deleted_at`, and the campaign's counts follow.
  await softDelete(deps.db, STRATEGY, actorOf(principal), strategy, version, now, {
    deletedState: null,
    alsoRun: async (trx) => {
      await lockCampaign(trx, campaign.id);
      await refreshStrategyCounts(trx, campaign.id);
    },
  });
};

/**
 * `POST /strategy/{id}/duplicate`: a copy in the same campaign, named "<name> (copy)" unless named. Shares of a
 * campaign add up to at most 100: the copy keeps the original's share when it fits and otherwise takes what
 * is left; with nothing left it is refused (STRATEGY_SHARES_MESSAGE).
 */
export const duplicateStrategy = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TStrategyDuplicate,
): Promise<TStrategy> => {
  const { strategy, campaign } = await writableStrategy(deps, principal, id);
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    await lockCampaign(trx, campaign.id);
    const left = MAX_BUDGET_SHARE - (await otherShares(trx, campaign.id, null));
    if (left < 1) throw invalid([{ path: ['budget_share'], message: STRATEGY_SHARES_MESSAGE }]);
    const copy = await insertStrategyWithHistory(
      trx,
      campaign,
      {
        ...copyStrategyValues(strategy),
        name: body.name ?? copyName(strategy.name, STRATEGY_NAME_MAX_LENGTH),
        budget_share: Math.min(strategy.budget_share, left),
      },
      actor,
      strategy.id,
    );
    return toStrategyView(copy);
  });
};
