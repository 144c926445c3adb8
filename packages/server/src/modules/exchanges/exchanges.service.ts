import { BlockList, isIP } from 'node:net';
import { canManageExchanges, isInternal } from '@beacon/domain/access/permissions';
import {
  EXCHANGE_ADDRESS_MESSAGE,
  EXCHANGE_DELETED_MESSAGE,
  EXCHANGE_KEY_TAKEN_MESSAGE,
  EXCHANGE_LIST_SPEC,
  type TExchange,
  type TExchangeCreate,
  type TExchangeRow,
  type TExchangeUpdate,
  ZExchangeRow,
} from '@beacon/domain/api/exchanges';
import type { THistoryEntry } from '@beacon/domain/api/history';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, HistoryChange } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  assertCanEdit,
  historyOf,
  type ResourceKind,
  readable,
  updateAtVersion,
  writable,
} from '../../lib/resources';
import { newToken } from '../../lib/tokens';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import {
  type ExchangeRecord,
  exchangeListSource,
  findExchangeById,
  findLiveExchangeByKey,
  insertExchange,
  listLiveExchanges,
  type NewExchangeValues,
} from './exchanges.repo';

/**
 * The bidder's exchanges in the back office (docs/engine.md). They belong to no organization: the operator's
 * internal staff read and change them (403 for anyone else, whatever the row), with the checks of the shared
 * resource shape (docs/decisions/039): 404, 403, 409 DELETED, 409 STALE_VERSION. Every write records history
 * (entity `exchange`, no organization); a token's value never goes into history, only that it changed.
 */

const EXCHANGE: ResourceKind & { table: 'exchanges' } = {
  entity: 'exchange',
  table: 'exchanges',
  canEdit: canManageExchanges,
  deletedMessage: EXCHANGE_DELETED_MESSAGE,
};

/** The back office: internal roles of the operator's own organization. */
export const assertOperatorStaff = (principal: Principal): void => {
  if (!principal.isOperatorStaff || !isInternal(principal.role)) throw new AppError('FORBIDDEN');
};

const keyTaken = () =>
  new AppError('EXCHANGE_KEY_TAKEN', { details: [{ path: 'key', message: EXCHANGE_KEY_TAKEN_MESSAGE }] });

/** The partial unique index of migration 0020 refusing a concurrent write the check could not see. */
const isKeyClash = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === 'exchanges_key_live_idx';

/** An IP address, or a CIDR block whose prefix fits its family (what the bidder's BlockList accepts). */
export const isAddressOrBlock = (text: string): boolean => {
  const [address, prefix, ...rest] = text.split('/');
  if (address === undefined || rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return false;
  try {
    new BlockList().addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
};

/** 400 naming every entry that is no IP or CIDR block; the list without repeats otherwise. */
const checkedAddresses = (addresses: readonly string[]): string[] => {
  const details = addresses.flatMap((address, index) =>
    isAddressOrBlock(address)
      ? []
      : [{ path: `allowed_addresses.${index}`, message: EXCHANGE_ADDRESS_MESSAGE }],
  );
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', { message: details[0]?.message, details });
  }
  return [...new Set(addresses)];
};

// ---------------------------------------------------------------------------------------------------------
// Views

const toRow = (record: ExchangeRecord): TExchangeRow =>
  ZExchangeRow.parse({
    id: Number(record.id),
    name: record.name,
    key: record.key,
    partner: record.partner,
    auction_type: Number(record.auction_type),
    // The table's default is the ISO code; the product's currencies are lower-case codes.
    currency: record.currency.toLowerCase(),
    enabled: record.enabled,
    qps_limit: record.qps_limit,
    allowed_addresses: record.allowed_addresses,
    allow_loopback: record.allow_loopback,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  });

const toView = (record: ExchangeRecord): TExchange => ({
  ...toRow(record),
  token: record.token,
  deleted_at: record.deleted_at?.toISOString() ?? null,
});

/** What history keeps of an exchange: its settings, never its token (only whether one is set). */
const historyViewOf = (record: ExchangeRecord): Record<string, unknown> => ({
  name: record.name,
  key: record.key,
  partner: record.partner,
  auction_type: Number(record.auction_type),
  currency: record.currency,
  enabled: record.enabled,
  qps_limit: record.qps_limit,
  allowed_addresses: record.allowed_addresses,
  allow_loopback: record.allow_loopback,
  token: record.token === null ? null : '••••',
});

const record = (
  db: Kysely<Database>,
  row: ExchangeRecord,
  actor: HistoryActor,
  action: string,
  changes: HistoryChange[],
) =>
  recordHistory(db, {
    entity: EXCHANGE.entity,
    entityId: row.id,
    organizationId: null,
    action,
    actor,
    changes,
  });

/** Writes an exchange and its `create` history (the service, the demo seed and tests use it). */
export const insertExchangeWithHistory = async (
  db: Kysely<Database>,
  values: NewExchangeValues,
  actor: HistoryActor,
): Promise<ExchangeRecord> => {
  const row = await readable(findExchangeById(db, await insertExchange(db, values)));
  await record(db, row, actor, 'create', diffFields(null, historyViewOf(row)));
  return row;
};

// ---------------------------------------------------------------------------------------------------------
// Reads

export const listExchanges = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TExchangeRow[]; total: number }> => {
  assertOperatorStaff(principal);
  const { rows, total } = await listLiveExchanges(deps.db, list, exchangeListSource(EXCHANGE_LIST_SPEC));
  return { rows: rows.map(toRow), total };
};

const visibleExchange = (deps: Deps, principal: Principal, id: string): Promise<ExchangeRecord> => {
  assertOperatorStaff(principal);
  return readable(findExchangeById(deps.db, id));
};

export const getExchange = async (deps: Deps, principal: Principal, id: string): Promise<TExchange> =>
  toView(await visibleExchange(deps, principal, id));

export const exchangeHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, EXCHANGE, (await visibleExchange(deps, principal, id)).id);

// ---------------------------------------------------------------------------------------------------------
// Writes

const withKeyClash = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (isKeyClash(error)) throw keyTaken();
    throw error;
  }
};

/** `POST /backoffice/exchanges`: a new exchange with a fresh token, shown in the answer. */
export const createExchange = async (
  deps: Deps,
  principal: Principal,
  body: TExchangeCreate,
): Promise<TExchange> => {
  assertOperatorStaff(principal);
  assertCanEdit(EXCHANGE, principal);
  const allowed = checkedAddresses(body.allowed_addresses);
  if (await findLiveExchangeByKey(deps.db, body.key)) throw keyTaken();
  const values: NewExchangeValues = { ...body, allowed_addresses: allowed, token: newToken() };
  return withKeyClash(() =>
    deps.db
      .transaction()
      .execute(async (trx) => toView(await insertExchangeWithHistory(trx, values, actorOf(principal)))),
  );
};

/** A versioned change of an exchange with its history, in one transaction (409 when stale). */
const writeExchange = (
  deps: Deps,
  principal: Principal,
  before: ExchangeRecord,
  version: number,
  values: Record<string, unknown>,
  action: (changes: HistoryChange[]) => string,
  extraChanges: HistoryChange[] = [],
): Promise<ExchangeRecord> =>
  withKeyClash(() =>
    deps.db.transaction().execute(async (trx) => {
      if (!(await updateAtVersion(trx, EXCHANGE.table, before.id, version, values, deps.clock.now()))) {
        throw new AppError('STALE_VERSION');
      }
      const after = await readable(findExchangeById(trx, before.id));
      const changes = [...diffFields(historyViewOf(before), historyViewOf(after)), ...extraChanges];
      if (changes.length > 0) await record(trx, after, actorOf(principal), action(changes), changes);
      return after;
    }),
  );

const writableExchange = (deps: Deps, principal: Principal, id: string, version?: number) => {
  assertOperatorStaff(principal);
  return writable(EXCHANGE, principal, findExchangeById(deps.db, id), version);
};

/** `PUT /backoffice/exchanges/{id}`: the changes at the version last read. */
export const updateExchange = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TExchangeUpdate,
): Promise<TExchange> => {
  const { version, ...changes } = body;
  const before = await writableExchange(deps, principal, id, version);
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  if (changes.allowed_addresses !== undefined) {
    values.allowed_addresses = checkedAddresses(changes.allowed_addresses);
  }
  if (changes.key !== undefined && changes.key !== before.key) {
    if (await findLiveExchangeByKey(deps.db, changes.key, before.id)) throw keyTaken();
  }
  const after = await writeExchange(deps, principal, before, version, values, (changed) =>
    changed.every((change) => change.field === 'enabled')
      ? changes.enabled
        ? 'enable'
        : 'disable'
      : 'update',
  );
  return toView(after);
};

/** `POST /backoffice/exchanges/{id}/token`: a new token, answered once here; history says only that it changed. */
export const rotateExchangeToken = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TExchange> => {
  const before = await writableExchange(deps, principal, id);
  // Both values are masked: the entry records that the token changed, never what it was or is.
  const changed = before.token === null ? [] : [{ field: 'token', from: '••••', to: '••••' }];
  const after = await writeExchange(
    deps,
    principal,
    before,
    before.version,
    { token: newToken() },
    () => 'rotate_token',
    changed,
  );
  return toView(after);
};

/** `DELETE /backoffice/exchanges/{id}?version=N`: kept with its history; the bidder stops answering its key. */
export const deleteExchange = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const before = await writableExchange(deps, principal, id, version);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateAtVersion(trx, EXCHANGE.table, before.id, version, { deleted_at: now }, now))) {
      throw new AppError('STALE_VERSION');
    }
    await record(trx, before, actorOf(principal), 'delete', [{ field: 'deleted', from: false, to: true }]);
  });
};
