import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/**
 * What other modules read of location audiences (campaign targeting, decision 021), with this module's rule of a
 * live location audience: not deleted, of an organization of the caller's tenant scope. The queries are answered
 * unexecuted so that a caller can read several kinds of resources in one statement.
 */

/**
 * Of these ids, the location audiences an organization (given by its materialised path) may target: live, and
 * its own or one of its ancestors'. Absent and foreign ids are simply not answered.
 */
export const usableLocationAudiences = (
  db: Kysely<Database>,
  scope: TenantScope,
  organizationPath: string,
  ids: readonly string[],
) =>
  db
    .selectFrom('location_audiences as la')
    .innerJoin('organizations as o', 'o.id', 'la.organization_id')
    .select(sql<string>`la.id::text`.as('id'))
    .where('la.id', 'in', [...ids])
    .where('la.state', '<>', 'deleted')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where(sql<boolean>`${organizationPath} LIKE o.path || '%'`);

/** What a campaign names of the location audiences it targets, deleted ones too (its alerts say so). */
export const locationAudienceNames = (db: Kysely<Database>, ids: readonly string[]) =>
  db
    .selectFrom('location_audiences as la')
    .select([
      sql<string>`la.id::text`.as('id'),
      'la.name',
      'la.state',
      sql<string | null>`to_char(la.start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(la.end_date, 'YYYY-MM-DD')`.as('end_date'),
    ])
    .where('la.id', 'in', [...ids]);
