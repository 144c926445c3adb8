import type { FeeModel } from '@beacon/domain/dictionary/organizations';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What other modules read of organizations besides the tenant path their own queries join on (the event intake's
 * fee, a user's advertisers), with this module's rules: a live organization is not DELETED.
 */

/** Which of some organization ids are direct children of a parent, and live (not DELETED). */
export const liveChildOrganizationIds = async (
  db: Kysely<Database>,
  parentId: string,
  ids: readonly string[],
): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('organizations')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('id', 'in', [...ids])
    .where('state', '<>', 'DELETED')
    .execute();
  return rows.map((row) => row.id);
};

/** The fee model of an organization, or of its nearest ancestor that sets one; null when none does. */
export const feeModelOf = async (db: Kysely<Database>, organizationId: string): Promise<FeeModel | null> => {
  const row = await db
    .selectFrom('organizations as o')
    .innerJoin('organizations as a', (join) => join.on(sql<boolean>`o.path LIKE a.path || '%'`))
    .select('a.fee_model')
    .where('o.id', '=', organizationId)
    .where('a.fee_model', 'is not', null)
    .orderBy(sql`length(a.path)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.fee_model ?? null;
};
