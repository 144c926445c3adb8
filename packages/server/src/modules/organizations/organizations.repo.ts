import type { Kysely } from 'kysely';
import type { Database, NewOrganization, OrganizationRow } from '../../db/schema';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

export const insertOrganization = (db: Kysely<Database>, values: NewOrganization): Promise<OrganizationRow> =>
  db.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();

export const findOrganizationInScope = (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<OrganizationRow | undefined> =>
  db
    .selectFrom('organizations as o')
    .selectAll()
    .where('o.id', '=', id)
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .executeTakeFirst();

/** Unscoped read for the session itself: the caller's own organization and its ancestors. */
export const findOrganizationsByIds = (db: Kysely<Database>, ids: string[]): Promise<OrganizationRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('organizations').selectAll().where('id', 'in', ids).execute();

/** The white-label organization answering for a host name (§1); the list itself is never exposed. */
export const findWhitelabelByHost = (
  db: Kysely<Database>,
  host: string,
): Promise<OrganizationRow | undefined> =>
  db
    .selectFrom('organizations')
    .selectAll()
    .where('role', '=', 'customized')
    .where('state', '=', 'active')
    .where((eb) => eb(eb.val(host), '=', eb.fn.any('whitelabel_hosts')))
    .orderBy('id')
    .executeTakeFirst();

export const countOrganizations = async (db: Kysely<Database>): Promise<number> => {
  const row = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};
