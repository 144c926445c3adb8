import { isInternal } from '@beacon/domain/access/permissions';
import { CREATIVE_LIST_SPEC } from '@beacon/domain/validation/creative-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  CREATIVE_REVIEW_STATE_MESSAGE,
  creativeApprovedAlert,
  creativeRejectedAlert,
} from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import type { CreativeUpdate } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertNotDeleted, readable, recordChange } from '../../lib/resources';
import { actorOf, diffFields } from '../history/history.service';
import { refreshLinkedCampaignCounts } from './creatives.links';
import {
  type CreativeRecord,
  creativeListSource,
  findCreativeById,
  findCreativesInScope,
  insertCreativeAlerts,
  listCreativesInScope,
  setReviewState,
} from './creatives.repo';
import { CREATIVE, creativeView, historyViewOf, toCreativeRow } from './creatives.resource';
import type { TCreative, TCreativeRow } from './creatives.schemas';

/**
 * The back office's approval of creatives (decision 022): the operator's internal staff review creatives of
 * every organization (§6 backoffice is checked by the route). A review is no versioned write — it moves a
 * creative out of pending approval, whatever edit came before — but it makes the same checks in the same order
 * (decision 039): 404 for a creative that does not exist, 409 `DELETED` for a deleted one, then 400 for one not
 * pending; the UPDATE only changes creatives still live and pending (409 `STALE_VERSION` when one moved since).
 */

/** The back office: internal roles of the operator's own organization. */
const assertOperatorStaff = (principal: Principal): void => {
  if (!principal.isOperatorStaff || !isInternal(principal.role)) throw new AppError('FORBIDDEN');
};

/** The back office's approval queue: every organization; pending approval unless `state` is filtered. */
export const listReviewQueue = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TCreativeRow[]; total: number }> => {
  assertOperatorStaff(principal);
  const hasStateFilter = list.filters.some((filter) => filter.field === 'state');
  const query: ListQuery = hasStateFilter
    ? list
    : {
        ...list,
        filters: [...list.filters, { field: 'state', operator: 'is', value: 'pending-approval' }],
      };
  const { rows, total } = await listCreativesInScope(
    deps.db,
    { kind: 'all' },
    query,
    creativeListSource(CREATIVE_LIST_SPEC),
  );
  return { rows: rows.map(toCreativeRow), total };
};

type Review = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * Approves or rejects creatives pending approval, all or nothing. Raises the creative alert for each
 * organization, records history and recounts the linked campaigns in the same transaction.
 */
const review = async (
  deps: Deps,
  principal: Principal,
  ids: readonly string[],
  outcome: Review,
): Promise<TCreative[]> => {
  assertOperatorStaff(principal);
  const found = new Map(
    (await findCreativesInScope(deps.db, { kind: 'all' }, ids)).map((record) => [record.id, record]),
  );
  const records: CreativeRecord[] = [];
  for (const id of ids) {
    const record = await readable(found.get(id));
    assertNotDeleted(CREATIVE, record);
    records.push(record);
  }
  const notPending = records.findIndex((record) => record.state !== 'pending-approval');
  if (notPending >= 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: CREATIVE_REVIEW_STATE_MESSAGE,
      details: [
        {
          path: ids.length > 1 ? `ids.${notPending}` : 'state',
          message: CREATIVE_REVIEW_STATE_MESSAGE,
        },
      ],
    });
  }
  const values: CreativeUpdate =
    outcome.kind === 'approve'
      ? { state: 'active', audit_status: 'audited', rejection_reason: null }
      : { state: 'rejected', audit_status: 'rejected', rejection_reason: outcome.reason };
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const changed = await setReviewState(trx, ids, 'pending-approval', values, now);
    if (changed.length !== ids.length) throw new AppError('STALE_VERSION');
    const views: TCreative[] = [];
    for (const record of records) {
      const next = await readable(findCreativeById(trx, record.id));
      await recordChange(
        trx,
        CREATIVE,
        record,
        actorOf(principal),
        outcome.kind,
        diffFields(historyViewOf(record), historyViewOf(next)),
      );
      views.push(await creativeView(trx, next));
    }
    await insertCreativeAlerts(
      trx,
      records.map((record) => ({
        organization_id: record.organization_id,
        type: outcome.kind === 'approve' ? 'creative_approved' : 'creative_rejected',
        entity_id: record.id,
        message:
          outcome.kind === 'approve'
            ? creativeApprovedAlert(record.name)
            : creativeRejectedAlert(record.name, outcome.reason),
      })),
    );
    await refreshLinkedCampaignCounts(trx, ids);
    return views;
  });
};

export const approveCreatives = (deps: Deps, principal: Principal, ids: readonly number[]) =>
  review(deps, principal, ids.map(String), { kind: 'approve' });

export const rejectCreatives = (deps: Deps, principal: Principal, ids: readonly number[], reason: string) =>
  review(deps, principal, ids.map(String), { kind: 'reject', reason });
