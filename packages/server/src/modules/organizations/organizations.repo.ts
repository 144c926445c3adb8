import type { ListQuery } from '@beacon/domain/validation/list-query';
import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import type { Kysely } from 'kysely';
import type { Database, NewOrganization, OrganizationRow } from '../../db/schema';
import { applyListQuery, countListQuery } from '../../lib/list-query';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/** How the fields of ORGANIZATION_LIST_SPEC map onto the organizations table. */
const ORGANIZATION_LIST_SOURCE = {
  spec: ORGANIZATION_LIST_SPEC,
  columns: {
    id: 'o.id',
    name: 'o.name',
    state: 'o.state',
    role: 'o.role',
    parent: 'o.parent_id',
    country: 'o.country',
    currency: 'o.currency',
    payment_terms: 'o.payment_terms',
    account_type: 'o.account_type',
    region: 'o.region',
    created_at: 'o.created_at',
  },
  searchColumns: ['o.name', 'o.title', 'o.tax_id'],
  idColumn: 'o.id',
} as const;

const organizationsInScope = (
  db: Kysely<Database>,
  scope: TenantScope,
  options: { withDeleted: boolean },
) => {
  const query = db
    .selectFrom('organizations as o')
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')));
  return options.withDeleted ? query : query.where('o.state', '<>', 'DELETED');
};

/**
 * One page of the organizations inside the scope and the total across pages. Organizations in state
 * DELETED are left out unless `withDeleted` (the caller filtered on the state).
 */
export const listOrganizationsInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  options: { withDeleted: boolean },
): Promise<{ rows: OrganizationRow[]; total: number }> => {
  const base = organizationsInScope(db, scope, options);
  const [rows, total] = await Promise.all([
    applyListQuery(base.selectAll('o'), list, ORGANIZATION_LIST_SOURCE).execute(),
    countListQuery(base, list, ORGANIZATION_LIST_SOURCE),
  ]);
  return { rows, total };
};

/** The direct children of an organization that are inside the scope, by name; DELETED ones are left out. */
export const findChildrenInScope = (
  db: Kysely<Database>,
  scope: TenantScope,
  parentId: string,
): Promise<OrganizationRow[]> =>
  organizationsInScope(db, scope, { withDeleted: false })
    .selectAll('o')
    .where('o.parent_id', '=', parentId)
    .orderBy((eb) => eb.fn('lower', ['o.name']))
    .orderBy('o.id')
    .execute();

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
