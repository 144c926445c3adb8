import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/**
 * What other modules read of geolists (campaign targeting, decision 021), with this module's rule of a live
 * geolist: not deleted, of an organization of the caller's tenant scope. The queries are answered unexecuted so
 * that a caller can read several kinds of resources in one statement.
 */

/**
 * Of these ids, the geolists an organization (given by its materialised path) may target: live, and its own or
 * one of its ancestors'. Absent and foreign ids are simply not answered.
 */
export const usableGeolists = (
  db: Kysely<Database>,
  scope: TenantScope,
  organizationPath: string,
  ids: readonly string[],
) =>
  db
    .selectFrom('geolists as g')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .select(sql<string>`g.id::text`.as('id'))
    .where('g.id', 'in', [...ids])
    .where('g.state', '<>', 'deleted')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where(sql<boolean>`${organizationPath} LIKE o.path || '%'`);

/** What a campaign names of the geolists it targets, deleted ones too (its alerts say so). */
export const geolistNames = (db: Kysely<Database>, ids: readonly string[]) =>
  db
    .selectFrom('geolists as g')
    .select([sql<string>`g.id::text`.as('id'), 'g.name', 'g.state', 'g.country'])
    .where('g.id', 'in', [...ids]);
