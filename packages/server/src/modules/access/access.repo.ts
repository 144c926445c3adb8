import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const insertPasswordReset = (
  db: Kysely<Database>,
  values: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
) =>
  db
    .insertInto('password_resets')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      created_at: values.now,
    })
    .execute();

export const countRecentResets = async (
  db: Kysely<Database>,
  userId: string,
  since: Date,
): Promise<number> => {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const findUsablePasswordReset = (db: Kysely<Database>, tokenHash: string, now: Date) =>
  db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Uses up every outstanding reset link of a user (single use, and older links die with the new password). */
export const usePasswordResets = (db: Kysely<Database>, userId: string, now: Date) =>
  db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
