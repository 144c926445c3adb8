import type { Kysely } from 'kysely';
import type { Principal } from '../../app-types';
import type { Database, HistoryChange } from '../../db/schema';

export type HistoryActor = { userId: string | null; impersonatorUserId: string | null };

/** Who history records for a write: the caller, and the real user behind a simulation (none for the system). */
export const actorOf = (principal: Principal | null): HistoryActor => ({
  userId: principal?.userId ?? null,
  impersonatorUserId: principal?.impersonatorUserId ?? null,
});

export type HistoryEntry = {
  entity: string;
  entityId: string;
  organizationId: string | null;
  action: string;
  actor: HistoryActor;
  changes: HistoryChange[];
};

/** Fields whose values never go into history, only the fact that they changed. */
const SECRET_FIELDS = new Set(['password', 'password_hash']);

/** The changed fields between two versions of an entity, secrets masked. */
export const diffFields = <T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T>,
): HistoryChange[] =>
  Object.keys(after)
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after[field]))
    .map((field) =>
      SECRET_FIELDS.has(field)
        ? { field, from: before ? '••••' : null, to: '••••' }
        : { field, from: before?.[field] ?? null, to: after[field] ?? null },
    );

/** Every write of a business entity calls this inside its transaction (docs/architecture.md). */
export const recordHistory = async (db: Kysely<Database>, entry: HistoryEntry): Promise<void> => {
  await db
    .insertInto('history')
    .values({
      entity: entry.entity,
      entity_id: entry.entityId,
      organization_id: entry.organizationId,
      action: entry.action,
      actor_user_id: entry.actor.userId,
      impersonator_user_id: entry.actor.impersonatorUserId,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
};

const historyOfEntity = (db: Kysely<Database>, entity: string, entityId: string) =>
  db
    .selectFrom('history')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');

export const listHistory = (db: Kysely<Database>, entity: string, entityId: string) =>
  historyOfEntity(db, entity, entityId).execute();

/** The newest history entry of an entity, if any. */
export const latestHistoryEntry = (db: Kysely<Database>, entity: string, entityId: string) =>
  historyOfEntity(db, entity, entityId).limit(1).executeTakeFirst();
