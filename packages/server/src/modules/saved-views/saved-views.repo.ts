import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const COLUMNS = ['id', 'grid', 'name', 'state', 'created_at', 'updated_at'] as const;

export const listSavedViews = (db: Kysely<Database>, userId: string, grid: string) =>
  db
    .selectFrom('saved_views')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('grid', '=', grid)
    .orderBy('name')
    .orderBy('id')
    .execute();

export const findSavedView = (db: Kysely<Database>, userId: string, id: string) =>
  db
    .selectFrom('saved_views')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Holds the user's row until the transaction ends, so two saves of one user count their views one at a time. */
export const lockUser = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();

export const countSavedViews = async (
  db: Kysely<Database>,
  userId: string,
  grid: string,
): Promise<number> => {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('grid', '=', grid)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const nameTaken = async (
  db: Kysely<Database>,
  view: { userId: string; grid: string; name: string; exceptId?: string },
): Promise<boolean> => {
  let query = db
    .selectFrom('saved_views')
    .select('id')
    .where('user_id', '=', view.userId)
    .where('grid', '=', view.grid)
    .where('name', '=', view.name);
  if (view.exceptId !== undefined) query = query.where('id', '<>', view.exceptId);
  return (await query.executeTakeFirst()) !== undefined;
};

export const insertSavedView = (
  db: Kysely<Database>,
  view: { userId: string; grid: string; name: string; state: unknown },
) =>
  db
    .insertInto('saved_views')
    .values({ user_id: view.userId, grid: view.grid, name: view.name, state: JSON.stringify(view.state) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const updateSavedView = (
  db: Kysely<Database>,
  userId: string,
  id: string,
  changes: { name?: string; state?: unknown; now: Date },
) =>
  db
    .updateTable('saved_views')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.state === undefined ? {} : { state: JSON.stringify(changes.state) }),
      updated_at: changes.now,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();

export const deleteSavedView = async (db: Kysely<Database>, userId: string, id: string): Promise<boolean> => {
  const result = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
};
