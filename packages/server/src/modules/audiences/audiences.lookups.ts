import { AUDIENCE_SEGMENT_TYPES } from '@beacon/domain/dictionary/audiences';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/**
 * What other modules read of audiences (campaign targeting, decision 021), with this module's rules: a live
 * audience is not deleted and of an organization of the caller's tenant scope; a shared segment (a data
 * partner's, published for everyone) is shared, active and of a segment type. The queries are answered
 * unexecuted so that a caller can read several kinds of resources in one statement.
 */

/**
 * Of these ids, the audiences an organization (given by its materialised path) may target: live and its own or
 * one of its ancestors', or a shared segment, which anyone may target. Absent and foreign ids are not answered.
 */
export const usableAudiences = (
  db: Kysely<Database>,
  scope: TenantScope,
  organizationPath: string,
  ids: readonly string[],
) =>
  db
    .selectFrom('audiences as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .select(sql<string>`a.id::text`.as('id'))
    .where('a.id', 'in', [...ids])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('a.state', '<>', 'deleted'),
          organizationPathInScope(scope, eb.ref('o.path')),
          sql<boolean>`${organizationPath} LIKE o.path || '%'`,
        ]),
        eb.and([
          eb('a.is_shared', '=', true),
          eb('a.state', '=', 'active'),
          eb('a.type', 'in', [...AUDIENCE_SEGMENT_TYPES]),
        ]),
      ]),
    );

/** What a campaign names of the audiences it targets, deleted ones too (its alerts say so). */
export const audienceNames = (db: Kysely<Database>, ids: readonly string[]) =>
  db
    .selectFrom('audiences as a')
    .select([sql<string>`a.id::text`.as('id'), 'a.name', 'a.state', 'a.type'])
    .where('a.id', 'in', [...ids]);
