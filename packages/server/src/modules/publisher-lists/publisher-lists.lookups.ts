import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/**
 * What other modules read of publisher lists (campaign targeting, decision 021), with this module's rules: a
 * live list is not deleted and of an organization of the caller's tenant scope; only a list's current set of
 * entries counts (decision 033). The id queries are answered unexecuted so that a caller can read several kinds
 * of resources in one statement.
 */

/**
 * Of these ids, the publisher lists an organization (given by its materialised path) may target, with their
 * kind (allow or block): live, and its own or one of its ancestors'. Absent and foreign ids are not answered.
 */
export const usablePublisherLists = (
  db: Kysely<Database>,
  scope: TenantScope,
  organizationPath: string,
  ids: readonly string[],
) =>
  db
    .selectFrom('publisher_lists as pl')
    .innerJoin('organizations as o', 'o.id', 'pl.organization_id')
    .select([sql<string>`pl.id::text`.as('id'), 'pl.kind'])
    .where('pl.id', 'in', [...ids])
    .where('pl.state', '<>', 'deleted')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where(sql<boolean>`${organizationPath} LIKE o.path || '%'`);

/** What a campaign names of the publisher lists it targets, deleted ones too (its alerts say so). */
export const publisherListNames = (db: Kysely<Database>, ids: readonly string[]) =>
  db
    .selectFrom('publisher_lists as pl')
    .select([sql<string>`pl.id::text`.as('id'), 'pl.name', 'pl.state', 'pl.kind'])
    .where('pl.id', 'in', [...ids]);

/** How many publishers a conflict alert names; the total is counted in full. */
export const PUBLISHER_CONFLICTS_SHOWN = 10;

/**
 * Publishers present in both a live allowlist and a live blocklist among these lists (a campaign excludes them
 * from its targeting): the first ones by name and how many there are, in one statement.
 */
export const findPublisherConflicts = async (
  db: Kysely<Database>,
  allowlists: readonly number[],
  blocklists: readonly number[],
): Promise<{ publishers: string[]; total: number }> => {
  if (allowlists.length === 0 || blocklists.length === 0) return { publishers: [], total: 0 };
  const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${String(id)}::bigint`));
  const result = await sql<{ publisher: string; total: string }>`
    SELECT a.publisher, count(*) OVER () AS total
    FROM publisher_list_entries a
    JOIN publisher_lists la
      ON la.id = a.list_id AND la.entry_set = a.set_id AND la.state <> 'deleted' AND la.kind = 'allow'
    WHERE a.list_id IN (${ids(allowlists)})
      AND EXISTS (
        SELECT 1 FROM publisher_list_entries b
        JOIN publisher_lists lb
          ON lb.id = b.list_id AND lb.entry_set = b.set_id AND lb.state <> 'deleted' AND lb.kind = 'block'
        WHERE b.list_id IN (${ids(blocklists)}) AND b.publisher = a.publisher
      )
    GROUP BY a.publisher
    ORDER BY a.publisher
    LIMIT ${PUBLISHER_CONFLICTS_SHOWN}
  `.execute(db);
  return {
    publishers: result.rows.map((row) => row.publisher),
    total: Number(result.rows[0]?.total ?? 0),
  };
};
