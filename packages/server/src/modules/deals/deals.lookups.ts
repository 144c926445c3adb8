import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/**
 * What other modules read of deals (campaign targeting, decision 021), with this module's rule of a live deal:
 * not deleted, of an organization of the caller's tenant scope. The queries are answered unexecuted so that a
 * caller can read several kinds of resources in one statement.
 */

/**
 * Of these ids, the deals an organization (given by its materialised path) may target: live, and its own or one
 * of its ancestors'. Absent and foreign ids are simply not answered.
 */
export const usableDeals = (
  db: Kysely<Database>,
  scope: TenantScope,
  organizationPath: string,
  ids: readonly string[],
) =>
  db
    .selectFrom('deals as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select(sql<string>`d.id::text`.as('id'))
    .where('d.id', 'in', [...ids])
    .where('d.state', '<>', 'deleted')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where(sql<boolean>`${organizationPath} LIKE o.path || '%'`);

/** What a campaign names of the deals it targets, deleted ones too (its alerts say so). */
export const dealNames = (db: Kysely<Database>, ids: readonly string[]) =>
  db
    .selectFrom('deals as d')
    .select([sql<string>`d.id::text`.as('id'), 'd.name', 'd.state', 'd.supply_partner'])
    .where('d.id', 'in', [...ids]);
