import type { THistoryEntry } from '@beacon/domain/api/history';
import type { UserRole } from '@beacon/domain/dictionary/roles';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Principal } from '../app-types';
import type { Database, HistoryChange } from '../db/schema';
import { diffFields, type HistoryActor, recordHistory } from '../modules/history/history.service';
import { AppError } from './app-error';
import { withHistoryLabels } from './history-labels';

/**
 * The one shape of a tenant resource's reads and writes (docs/decisions/039). A module keeps its routes, schemas,
 * SQL and rules; these few functions give every module the same order of checks and the same answers:
 *
 * 1. a row outside the caller's tenant scope is 404, whoever asks (`readable`, `writable`);
 * 2. then a caller without the edit right is 403 (`writable`);
 * 3. then a deleted row is 409 `DELETED` with the resource's "A deleted … cannot be changed" message;
 * 4. then a version other than the one read is 409 `STALE_VERSION` (checked before any work, and again by the
 *    UPDATE's `WHERE version = …` for a write that raced).
 *
 * Every write records history in its own transaction; a copy names its original in `duplicated_from`.
 */

/** The caller of a route behind the access plugin, which has already refused a request without a session. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
  return request.principal;
};

/** What the shared functions need to know of a resource. */
export type ResourceKind = {
  /** The `history.entity` of its rows, e.g. 'deal'. */
  entity: string;
  /** Who may change it (§6 with decision 038). */
  canEdit: (role: UserRole) => boolean;
  /** The message of a write to a deleted row. */
  deletedMessage: string;
};

/** What every resource row has. */
export type StoredRow = {
  id: string;
  organization_id: string;
  version: number;
  deleted_at: Date | null;
};

/** The tables whose rows are versioned resources (`id`, `version`, `updated_at`, `deleted_at`). */
export type VersionedTable = {
  [K in keyof Database]: Database[K] extends {
    id: unknown;
    version: unknown;
    updated_at: unknown;
    deleted_at: unknown;
  }
    ? K
    : never;
}[keyof Database];

/** A row the caller may read: found in its scope, else 404. */
export const readable = async <R>(
  found: Promise<R | undefined | null> | R | undefined | null,
): Promise<R> => {
  const row = await found;
  if (row === undefined || row === null) throw new AppError('NOT_FOUND');
  return row;
};

/** 403 unless the caller may change rows of this kind (for creates, which have no row to find first). */
export const assertCanEdit = (kind: ResourceKind, principal: Principal): void => {
  if (!kind.canEdit(principal.role)) throw new AppError('FORBIDDEN');
};

/** 409 `DELETED` for a deleted row. */
export const assertNotDeleted = (kind: ResourceKind, row: Pick<StoredRow, 'deleted_at'>): void => {
  if (row.deleted_at !== null) {
    throw new AppError('DELETED', {
      message: kind.deletedMessage,
      details: [{ path: 'state', message: kind.deletedMessage }],
    });
  }
};

/** 409 `STALE_VERSION` unless the row is at the version the caller read. */
export const assertVersion = (row: Pick<StoredRow, 'version'>, version: number | undefined): void => {
  if (version !== undefined && row.version !== version) throw new AppError('STALE_VERSION');
};

/**
 * A row the caller may change, in the one order of checks: 404 outside the scope, 403 without the right, 409 when
 * deleted, 409 when the version is not the one read (when one is given).
 */
export const writable = async <R extends Pick<StoredRow, 'version' | 'deleted_at'>>(
  kind: ResourceKind,
  principal: Principal,
  found: Promise<R | undefined | null> | R | undefined | null,
  version?: number,
): Promise<R> => {
  const row = await readable(found);
  assertCanEdit(kind, principal);
  assertNotDeleted(kind, row);
  assertVersion(row, version);
  return row;
};

/**
 * Bumps the version of a live row read at `version` and sets `values`; false when someone changed (or deleted) it
 * since. The module's other changes of the same write run in the same transaction.
 */
export const updateAtVersion = async <T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  version: number,
  values: Record<string, unknown>,
  now: Date,
): Promise<boolean> => {
  // Kysely cannot type an update over a union of tables; the columns named here exist on every VersionedTable.
  const anyDb = db as unknown as Kysely<{
    resource: { id: string; version: number; deleted_at: Date | null };
  }>;
  const result = await anyDb
    .updateTable(table as unknown as 'resource')
    .set({ ...values, updated_at: now, version: sql<number>`version + 1` } as never)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

/** One history entry of a resource row, by `actor` (`actorOf(principal)`; no user for the system). */
export const recordChange = (
  db: Kysely<Database>,
  kind: ResourceKind,
  row: Pick<StoredRow, 'id' | 'organization_id'>,
  actor: HistoryActor,
  action: string,
  changes: HistoryChange[],
): Promise<void> =>
  recordHistory(db, {
    entity: kind.entity,
    entityId: row.id,
    organizationId: row.organization_id,
    action,
    actor,
    changes,
  });

/**
 * A versioned write: in one transaction, bumps the version of `before` (409 when stale), runs the module's own
 * changes, reads the row back and records history of what changed in its history view. `action` may depend on the
 * changes (e.g. 'activate' when only the state changed); no entry is written when nothing changed.
 */
export const versionedWrite = async <R extends StoredRow>(
  db: Kysely<Database>,
  kind: ResourceKind & { table: VersionedTable },
  actor: HistoryActor,
  write: {
    before: R;
    version: number;
    values: Record<string, unknown>;
    now: Date;
    /** The module's other statements of this write (child rows, sets), after the version bump. */
    alsoRun?: (trx: Kysely<Database>) => Promise<void>;
    /** Reads the row back in the transaction. */
    reload: (trx: Kysely<Database>, id: string) => Promise<R | undefined | null>;
    /** What history keeps of a row (its fields, never ids or versions). */
    historyView: (row: R) => Record<string, unknown>;
    action?: string | ((changes: HistoryChange[], after: R) => string);
    /** Changes history records beyond the history view's (e.g. a count of replaced areas). */
    extraChanges?: (after: R) => HistoryChange[];
  },
): Promise<R> =>
  db.transaction().execute(async (trx) => {
    const { before } = write;
    if (!(await updateAtVersion(trx, kind.table, before.id, write.version, write.values, write.now))) {
      throw new AppError('STALE_VERSION');
    }
    await write.alsoRun?.(trx);
    const after = await readable(write.reload(trx, before.id));
    const changes = [
      ...diffFields(write.historyView(before), write.historyView(after)),
      ...(write.extraChanges?.(after) ?? []),
    ];
    if (changes.length > 0) {
      const action =
        typeof write.action === 'function' ? write.action(changes, after) : (write.action ?? 'update');
      await recordChange(trx, kind, after, actor, action, changes);
    }
    return after;
  });

/**
 * A soft delete: the row is kept with its history and `deleted_at` is set at the version read (409 when stale).
 * A resource with a deleted state (`deletedState`, 'deleted' by default) also takes that state and history records
 * the state's change; one without (`deletedState: null`, e.g. creatives, strategies) records `deleted: false → true`.
 * `alsoRun` carries the module's own consequences in the same transaction.
 */
export const softDelete = async <R extends StoredRow & { state?: string }>(
  db: Kysely<Database>,
  kind: ResourceKind & { table: VersionedTable },
  actor: HistoryActor,
  before: R,
  version: number,
  now: Date,
  options: { deletedState?: string | null; alsoRun?: (trx: Kysely<Database>) => Promise<void> } = {},
): Promise<void> => {
  const deletedState = options.deletedState === undefined ? 'deleted' : options.deletedState;
  await db.transaction().execute(async (trx) => {
    const values = deletedState === null ? { deleted_at: now } : { state: deletedState, deleted_at: now };
    if (!(await updateAtVersion(trx, kind.table, before.id, version, values, now))) {
      throw new AppError('STALE_VERSION');
    }
    await options.alsoRun?.(trx);
    await recordChange(trx, kind, before, actor, 'delete', [
      deletedState === null
        ? { field: 'deleted', from: false, to: true }
        : { field: 'state', from: before.state ?? null, to: deletedState },
    ]);
  });
};

/**
 * A new row with its history, in the caller's transaction (services, the demo seed and test factories all use it):
 * `insert` writes the row (and its parts) and returns its id; the `create` entry (or `duplicate`, naming the
 * original in `duplicated_from`) lists every field of its history view.
 */
export const insertWithHistory = async <R extends StoredRow>(
  db: Kysely<Database>,
  kind: ResourceKind,
  actor: HistoryActor,
  write: {
    insert: (db: Kysely<Database>) => Promise<string>;
    reload: (db: Kysely<Database>, id: string) => Promise<R | undefined | null>;
    historyView: (row: R) => Record<string, unknown>;
    /** The id of the original when the row is a copy. */
    duplicatedFrom?: string;
    action?: string;
  },
): Promise<R> => {
  const row = await readable(write.reload(db, await write.insert(db)));
  const copied =
    write.duplicatedFrom === undefined
      ? []
      : [{ field: 'duplicated_from', from: null, to: Number(write.duplicatedFrom) }];
  await recordChange(
    db,
    kind,
    row,
    actor,
    write.action ?? (write.duplicatedFrom === undefined ? 'create' : 'duplicate'),
    [...copied, ...diffFields(null, write.historyView(row))],
  );
  return row;
};

/** Whose history to read: a row of a kind, and optionally its parts (e.g. a campaign's strategies). */
export type HistorySubject = {
  kind: ResourceKind;
  id: string;
  /** Rows of another entity whose history belongs to this one: their entity and a subquery of their ids. */
  parts?: { entity: string; ids: SelectQueryBuilder<Database, keyof Database, { id: string }> };
};

/**
 * A resource row's history (with its parts', if any), newest first, with who did each change (and who simulated
 * them); each entry names the entity and row it is about, and the names of the rows its changes refer to by id
 * that `viewer` may read (`labels`, lib/history-labels.ts).
 */
export const historyOf = async (
  db: Kysely<Database>,
  viewer: Principal,
  kind: ResourceKind,
  id: string,
  parts?: HistorySubject['parts'],
): Promise<(THistoryEntry & { entity: string; entity_id: number })[]> => {
  const rows = await db
    .selectFrom('history as h')
    .leftJoin('users as a', 'a.id', 'h.actor_user_id')
    .leftJoin('users as i', 'i.id', 'h.impersonator_user_id')
    .select([
      'h.id',
      'h.entity',
      'h.entity_id',
      'h.action',
      'h.changes',
      'h.created_at',
      'a.id as actor_id',
      'a.name as actor_name',
      'a.username as actor_username',
      'i.id as impersonator_id',
      'i.name as impersonator_name',
      'i.username as impersonator_username',
    ])
    .where((eb) => {
      const own = eb.and([eb('h.entity', '=', kind.entity), eb('h.entity_id', '=', id)]);
      return parts === undefined
        ? own
        : eb.or([own, eb.and([eb('h.entity', '=', parts.entity), eb('h.entity_id', 'in', parts.ids)])]);
    })
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  const user = (userId: string | null, name: string | null, username: string | null) =>
    userId === null || name === null || username === null ? null : { id: Number(userId), name, username };
  const entries = rows.map((row) => ({
    id: Number(row.id),
    entity: row.entity,
    entity_id: Number(row.entity_id),
    action: row.action,
    actor: user(row.actor_id, row.actor_name, row.actor_username),
    impersonator: user(row.impersonator_id, row.impersonator_name, row.impersonator_username),
    changes: row.changes,
    created_at: row.created_at.toISOString(),
  }));
  return withHistoryLabels(db, viewer, kind.entity, entries);
};
