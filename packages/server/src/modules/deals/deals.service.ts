import { canEdit, ORGANIZATION_ROLE_RESOURCES } from '@beacon/domain/access/permissions';
import { copyName, type THistoryEntry } from '@beacon/domain/api/history';
import { fromMicros, toMicros } from '@beacon/domain/dictionary/currencies';
import { SUPPLY_PARTNER_LABELS, type SupplyPartner } from '@beacon/domain/dictionary/partners';
import {
  DEAL_LIST_SPEC,
  DEAL_NAME_MAX_LENGTH,
  dealIssues,
  type TDealCreate,
  type TDealDuplicate,
  type TDealIssue,
  type TDealUpdate,
} from '@beacon/domain/validation/deal-form';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  DEAL_DELETED_MESSAGE,
  DEAL_EXTERNAL_ID_TAKEN_MESSAGE,
  DEAL_MONITOR_UNAVAILABLE_MESSAGE,
  DEAL_ORGANIZATION_MESSAGE,
  dealDuplicationMessage,
} from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, DealUpdate, NewDeal } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  assertCanEdit,
  historyOf,
  insertWithHistory,
  type ResourceKind,
  readable,
  softDelete,
  versionedWrite,
  writable,
} from '../../lib/resources';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorOf, type HistoryActor } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import {
  type DealRecord,
  dealListSource,
  findDealById,
  findDealInScope,
  findDealUsingExternalId,
  insertDeal,
  listDealsInScope,
} from './deals.repo';
import type { TDeal, TDealRow } from './deals.schemas';

/**
 * Deals (decision 016), on the shared resource shape (decision 039). Every call needs §6 `resources deals` (the route declares it; data-partner
 * and other-partner organizations are refused there); writes also need an edit role. A deal belongs to an
 * organization of the caller's tenant scope (404 otherwise, never 403). Every write records history (actor and
 * impersonator) in its own transaction.
 */

/**
 * A 409 with the field it concerns: the external deal id is taken (create, update), or the copy of a duplicate
 * would take it (§8 "deal duplication error"). The routes answer it (deals.routes.ts).
 */

/** A clash of the external deal id: 409 naming the field. */
const externalIdTaken = () =>
  new AppError('DEAL_EXTERNAL_ID_TAKEN', {
    details: [{ path: 'external_id', message: DEAL_EXTERNAL_ID_TAKEN_MESSAGE }],
  });
/** §8's deal duplication error: the copy would keep an id already used with that exchange. */
const duplicationFailed = (externalId: string, supplyPartner: SupplyPartner) => {
  const message = dealDuplicationMessage(externalId, SUPPLY_PARTNER_LABELS[supplyPartner]);
  return new AppError('DEAL_DUPLICATION_FAILED', { message, details: [{ path: 'external_id', message }] });
};

/** The unique index of migration 0010 refusing a concurrent insert or update that the check could not see. */
const isExternalIdClash = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === 'deals_external_id_key';

const invalid = (issues: readonly TDealIssue[]): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: issues[0]?.message,
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });

const DEAL: ResourceKind & { table: 'deals' } = {
  entity: 'deal',
  table: 'deals',
  canEdit,
  deletedMessage: DEAL_DELETED_MESSAGE,
};

// ---------------------------------------------------------------------------------------------------------
// Views

export const toDealRow = (record: DealRecord): TDealRow => ({
  id: Number(record.id),
  external_id: record.external_id,
  name: record.name,
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  supply_partner: record.supply_partner,
  type: record.type,
  floor_price: fromMicros(BigInt(record.floor_price)),
  currency: record.currency,
  start_date: record.start_date,
  end_date: record.end_date,
  state: record.state,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
  version: record.version,
});

/**
 * One deal. Requests and impressions exist only where delivery data exists; the bidder records none yet, so
 * `monitor` is null and the explanation says so (no invented numbers).
 */
export const toDealView = (record: DealRecord): TDeal => ({
  ...toDealRow(record),
  deleted_at: record.deleted_at?.toISOString() ?? null,
  monitor: null,
  monitor_explanation: DEAL_MONITOR_UNAVAILABLE_MESSAGE,
});

/** What history keeps of a deal: its fields and state (never ids or versions). */
const historyViewOf = (record: DealRecord): Record<string, unknown> => ({
  external_id: record.external_id,
  name: record.name,
  organization: Number(record.organization_id),
  supply_partner: record.supply_partner,
  type: record.type,
  floor_price: fromMicros(BigInt(record.floor_price)),
  currency: record.currency,
  start_date: record.start_date,
  end_date: record.end_date,
  state: record.state,
});

/** Writes a deal and its `create` (or `duplicate`) history (the service, the demo seed and tests use it). */
export const insertDealWithHistory = (
  db: Kysely<Database>,
  values: NewDeal,
  actor: HistoryActor,
  duplicatedFrom?: string,
): Promise<DealRecord> =>
  insertWithHistory(db, DEAL, actor, {
    insert: (trx) => insertDeal(trx, values),
    reload: findDealById,
    historyView: historyViewOf,
    duplicatedFrom,
  });

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A deal the caller may see, else 404. */
const visibleDeal = (deps: Deps, principal: Principal, id: string): Promise<DealRecord> =>
  readable(findDealInScope(deps.db, scopeOf(principal), id));

export const listVisibleDeals = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TDealRow[]; total: number }> => {
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listDealsInScope(
    deps.db,
    scopeOf(principal),
    list,
    dealListSource(DEAL_LIST_SPEC),
    { withDeleted },
  );
  return { rows: rows.map(toDealRow), total };
};

export const getDeal = async (deps: Deps, principal: Principal, id: string): Promise<TDeal> =>
  toDealView(await visibleDeal(deps, principal, id));

export const dealHistory = async (deps: Deps, principal: Principal, id: string): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, DEAL, (await visibleDeal(deps, principal, id)).id);

// ---------------------------------------------------------------------------------------------------------
// Writes

/**
 * The organization a deal goes to: in the caller's scope and not deleted (404 otherwise), and of an
 * organization role that may use deals (§6: not data-partner or other-partner; 400 on `organization`).
 */
const targetOrganization = async (deps: Deps, scope: TenantScope, id: string) => {
  const organization = await getOrganization(deps.db, scope, id);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  const resources: readonly string[] = ORGANIZATION_ROLE_RESOURCES[organization.role];
  if (!resources.includes('resources-deals')) {
    throw invalid([{ path: ['organization'], message: DEAL_ORGANIZATION_MESSAGE }]);
  }
  return organization;
};

/** `POST /deal`: in the caller's organization unless another one in scope is named; currency its own by default. */
export const createDeal = async (deps: Deps, principal: Principal, body: TDealCreate): Promise<TDeal> => {
  assertCanEdit(DEAL, principal);
  const organization = await targetOrganization(
    deps,
    scopeOf(principal),
    String(body.organization ?? principal.organizationId),
  );
  const key = {
    organizationId: organization.id,
    supplyPartner: body.supply_partner,
    externalId: body.external_id,
  };
  if (await findDealUsingExternalId(deps.db, key)) throw externalIdTaken();
  const values: NewDeal = {
    organization_id: organization.id,
    external_id: body.external_id,
    name: body.name,
    supply_partner: body.supply_partner,
    type: body.type,
    floor_price: toMicros(body.floor_price).toString(),
    currency: body.currency ?? organization.currency,
    start_date: body.start_date,
    end_date: body.end_date ?? null,
    state: body.state,
  };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const record = await insertDealWithHistory(trx, values, actorOf(principal));
      return toDealView(record);
    });
  } catch (error) {
    if (isExternalIdClash(error)) throw externalIdTaken();
    throw error;
  }
};

/** `PUT /deal/{id}`: the changes at the version last read (409 when stale); a deleted deal cannot change. */
export const updateDeal = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TDealUpdate,
): Promise<TDeal> => {
  const record = await writable(
    DEAL,
    principal,
    findDealInScope(deps.db, scopeOf(principal), id),
    body.version,
  );
  const { version, ...changes } = body;
  const merged = {
    external_id: changes.external_id ?? record.external_id,
    supply_partner: changes.supply_partner ?? record.supply_partner,
    type: changes.type ?? record.type,
    start_date: changes.start_date ?? record.start_date,
    end_date: changes.end_date === undefined ? record.end_date : changes.end_date,
  };
  const issues = dealIssues(merged);
  if (issues.length > 0) throw invalid(issues);
  if (
    (merged.external_id !== record.external_id || merged.supply_partner !== record.supply_partner) &&
    (await findDealUsingExternalId(deps.db, {
      organizationId: record.organization_id,
      supplyPartner: merged.supply_partner,
      externalId: merged.external_id,
      exceptId: record.id,
    }))
  ) {
    throw externalIdTaken();
  }
  const values: DealUpdate = {
    ...merged,
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.floor_price === undefined ? {} : { floor_price: toMicros(changes.floor_price).toString() }),
    ...(changes.currency === undefined ? {} : { currency: changes.currency }),
    ...(changes.state === undefined ? {} : { state: changes.state }),
  };
  try {
    const next = await versionedWrite(deps.db, DEAL, actorOf(principal), {
      before: record,
      version,
      values,
      now: deps.clock.now(),
      reload: findDealById,
      historyView: historyViewOf,
      action: (changed, after) =>
        changed.every((change) => change.field === 'state')
          ? after.state === 'active'
            ? 'activate'
            : 'deactivate'
          : 'update',
    });
    return toDealView(next);
  } catch (error) {
    if (isExternalIdClash(error)) throw externalIdTaken();
    throw error;
  }
};

/** `DELETE /deal/{id}?version=N`: state deleted (the row and its history stay; its ID is free again). */
export const deleteDeal = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const record = await writable(DEAL, principal, findDealInScope(deps.db, scopeOf(principal), id), version);
  await softDelete(deps.db, DEAL, actorOf(principal), record, version, deps.clock.now());
};

/**
 * `POST /deal/{id}/duplicate`: a copy, state inactive (a copy never starts delivering), named "<name> (copy)"
 * unless named, in the same organization unless another one in scope is named. It keeps the ID at the exchange
 * and the supply partner unless given others; when the copy's ID would clash, the answer is the deal duplication
 * error (409, on `external_id`).
 */
export const duplicateDeal = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TDealDuplicate,
): Promise<TDeal> => {
  const record = await writable(DEAL, principal, findDealInScope(deps.db, scopeOf(principal), id));
  const organizationId =
    body.organization === undefined
      ? record.organization_id
      : (await targetOrganization(deps, scopeOf(principal), String(body.organization))).id;
  const externalId = body.external_id ?? record.external_id;
  const supplyPartner = body.supply_partner ?? record.supply_partner;
  if (await findDealUsingExternalId(deps.db, { organizationId, supplyPartner, externalId })) {
    throw duplicationFailed(externalId, supplyPartner);
  }
  const values: NewDeal = {
    organization_id: organizationId,
    external_id: externalId,
    name: body.name ?? copyName(record.name, DEAL_NAME_MAX_LENGTH),
    supply_partner: supplyPartner,
    type: record.type,
    floor_price: record.floor_price,
    currency: record.currency,
    start_date: record.start_date,
    end_date: record.end_date,
    state: 'inactive',
  };
  try {
    return await deps.db
      .transaction()
      .execute(async (trx) =>
        toDealView(await insertDealWithHistory(trx, values, actorOf(principal), record.id)),
      );
  } catch (error) {
    if (isExternalIdClash(error)) throw duplicationFailed(externalId, supplyPartner);
    throw error;
  }
};
