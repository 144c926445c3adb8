import {
  campaignChangeIssues,
  isCampaignComplete,
  type TCampaignsBulkUpdate,
} from '@beacon/domain/validation/campaign-form';
import {
  ACTIVATION_NEEDS_COMPLETE_MESSAGE,
  CAMPAIGN_DELETED_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import { AppError, type ErrorDetail } from '../../lib/app-error';
import { assertCanEdit, recordChange, softDelete } from '../../lib/resources';
import { actorOf } from '../history/history.service';
import { CAMPAIGN, campaignScopeOf, todayOf, writableCampaign } from './campaigns.access';
import { type CampaignRecord, findCampaignsInScopeByIds, updateLiveCampaign } from './campaigns.repo';
import { valuesOf } from './campaigns.rows';
import { stopFollowers } from './campaigns.sync';
import { campaignFieldsOf } from './campaigns.views';

/**
 * A campaign's state changes: its delete (kept with its history; its synchronized followers stop) and the
 * grid's bulk changes, which keep their own code but make the same checks in the same order: 404 for an id
 * outside the scope, 403 without the edit right, 409 `DELETED` for a deleted campaign, then the domain's rules.
 */

/** `DELETE /campaign/{id}?version=N`: state deleted (the row and its history stay); its followers stop. */
export const deleteCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const { record, today } = await writableCampaign(deps, principal, id, { version });
  const now = deps.clock.now();
  const actor = actorOf(principal);
  await softDelete(deps.db, CAMPAIGN, actor, record, version, now, {
    alsoRun: (trx) => stopFollowers(trx, record.id, actor, today, now),
  });
};

type BulkState = TCampaignsBulkUpdate['changes']['state'];

/** Why one campaign of a bulk change cannot take the state, or undefined when it can (or already has it). */
const bulkRefusal = (record: CampaignRecord, state: BulkState): string | undefined => {
  if (record.state === state || state === 'deleted') return undefined;
  const transition = campaignChangeIssues(
    {
      state: record.state,
      type: record.type,
      budget_timespan: record.budget_timespan,
      start_date: record.start_date,
      source_campaign: record.source_campaign_id === null ? null : Number(record.source_campaign_id),
    },
    { state },
    record.strategies_count,
  );
  if (transition.length > 0) return transition[0]?.message;
  if (!isCampaignComplete(valuesOf(campaignFieldsOf(record)), record.currency)) {
    return ACTIVATION_NEEDS_COMPLETE_MESSAGE;
  }
  return undefined;
};

const deletedDetail = (id: string, index: number): ErrorDetail => ({
  path: `ids.${index}`,
  message: `Campaign ${id}: ${CAMPAIGN_DELETED_MESSAGE}`,
});

/** 409 `DELETED` naming the deleted campaigns of a bulk change. */
const deletedCampaigns = (details: ErrorDetail[]): AppError =>
  new AppError('DELETED', { message: CAMPAIGN_DELETED_MESSAGE, details });

/**
 * `PUT /campaigns`: one state change (active, inactive, deleted) on up to 500 campaigns, all or nothing. An id
 * the caller cannot see answers 404 naming it; a deleted campaign (unless deleting) 409 `DELETED` naming it; a
 * campaign that cannot take the state 400 naming it; nothing changes then. Campaigns already in the state are
 * left as they are and not counted.
 */
export const bulkUpdateCampaigns = async (
  deps: Deps,
  principal: Principal,
  body: TCampaignsBulkUpdate,
): Promise<{ updated: number }> => {
  const today = todayOf(deps);
  const ids = body.ids.map(String);
  const records = await findCampaignsInScopeByIds(deps.db, campaignScopeOf(principal), ids, today);
  const byId = new Map(records.map((record) => [record.id, record]));
  const missing: ErrorDetail[] = ids
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !byId.has(id))
    .map(({ id, index }) => ({ path: `ids.${index}`, message: `Campaign ${id} was not found` }));
  if (missing.length > 0) throw new AppError('NOT_FOUND', { details: missing });
  assertCanEdit(CAMPAIGN, principal);
  const { state } = body.changes;
  const deleted = ids.flatMap((id, index) =>
    byId.get(id)?.state === 'deleted' && state !== 'deleted' ? [deletedDetail(id, index)] : [],
  );
  if (deleted.length > 0) throw deletedCampaigns(deleted);
  const refused: ErrorDetail[] = ids.flatMap((id, index) => {
    const record = byId.get(id);
    const refusal = record && bulkRefusal(record, state);
    return refusal === undefined ? [] : [{ path: `ids.${index}`, message: `Campaign ${id}: ${refusal}` }];
  });
  if (refused.length > 0) {
    throw new AppError('VALIDATION_FAILED', { message: refused[0]?.message, details: refused });
  }

  const now = deps.clock.now();
  const actor = actorOf(principal);
  return deps.db.transaction().execute(async (trx) => {
    let updated = 0;
    for (const [index, id] of ids.entries()) {
      const record = byId.get(id);
      if (!record || record.state === state) continue;
      const values = state === 'deleted' ? { state, deleted_at: now } : { state };
      // A campaign deleted since it was read: the whole change is refused, as for one campaign.
      if (!(await updateLiveCampaign(trx, record.id, values, now))) {
        throw deletedCampaigns([deletedDetail(id, index)]);
      }
      const action = state === 'deleted' ? 'delete' : state === 'active' ? 'activate' : 'deactivate';
      await recordChange(trx, CAMPAIGN, record, actor, action, [
        { field: 'state', from: record.state, to: state },
      ]);
      if (state === 'deleted') await stopFollowers(trx, record.id, actor, today, now);
      updated += 1;
    }
    return { updated };
  });
};
