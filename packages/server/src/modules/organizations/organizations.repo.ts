import type { ListQuery } from '@beacon/domain/validation/list-query';
import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import { type Kysely, sql } from 'kysely';
import type { Database, NewOrganization, OrganizationRow, OrganizationUpdate } from '../../db/schema';
import { asText } from '../../lib/list-page-json';
import { listPage } from '../../lib/list-query';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

/** How the fields of ORGANIZATION_LIST_SPEC map onto the organizations table. */
export const ORGANIZATION_LIST_SOURCE = {
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
  changeSequence: 'organizations_changes',
  // The page is read as one JSON text (decision 026); selectOrganizationRow answers it JSON-safe.
  readAsJson: { timestamps: ['deleted_at', 'created_at', 'updated_at'] },
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

/** Every column of an organization, bigints as the text the driver answers them in (a page read as JSON). */
const selectOrganizationRow = (query: ReturnType<typeof organizationsInScope>) =>
  query.select([
    asText('o.id').as('id'),
    asText('o.parent_id').as('parent_id'),
    'o.path',
    'o.name',
    'o.state',
    'o.role',
    'o.country',
    'o.currency',
    'o.time_zone',
    'o.invoicing_currency',
    'o.payment_terms',
    'o.title',
    'o.image',
    'o.favicon',
    'o.color',
    'o.whitelabel_hosts',
    'o.decimal_mark',
    'o.hide_docs',
    'o.billing_address',
    'o.city',
    'o.zip',
    'o.tax_id',
    'o.tax_id_kind',
    'o.legal_entity',
    'o.payment_method',
    asText('o.max_daily_balance').as('max_daily_balance'),
    asText('o.prepayment_amount').as('prepayment_amount'),
    'o.additional_domains',
    'o.services',
    asText('o.client_services_owner_id').as('client_services_owner_id'),
    asText('o.sales_owner_id').as('sales_owner_id'),
    asText('o.support_contact_id').as('support_contact_id'),
    'o.account_type',
    'o.kind',
    'o.commission_role',
    'o.region',
    'o.fee_model',
    'o.billing_basis',
    'o.deleted_at',
    'o.created_at',
    'o.updated_at',
    'o.version',
  ]);

/**
 * One page of the organizations inside the scope and the total across pages. Organizations in state
 * DELETED are left out unless `withDeleted` (the caller filtered on the state).
 */
export const listOrganizationsInScope = async (
  db: Kysely<Database>,
  scope: TenantScope,
  list: ListQuery,
  options: { withDeleted: boolean },
): Promise<{ rows: OrganizationRow[]; total: number }> =>
  listPage(
    db,
    selectOrganizationRow(organizationsInScope(db, scope, options)),
    list,
    ORGANIZATION_LIST_SOURCE,
  );

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

// Writes (decision 010).

/** Applies changes to one organization if it still has `version` (optimistic concurrency); none when stale. */
export const updateOrganizationAtVersion = (
  db: Kysely<Database>,
  id: string,
  version: number,
  values: OrganizationUpdate,
  now: Date,
): Promise<OrganizationRow | undefined> =>
  db
    .updateTable('organizations')
    .set({ ...values, updated_at: now })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();

/**
 * Applies the same changes to several organizations (a bulk change), each one's version moving on. State
 * DELETED stamps `deleted_at` (an organization deleted before keeps its first date); active clears it.
 */
export const updateOrganizationsByIds = (
  db: Kysely<Database>,
  ids: readonly string[],
  values: OrganizationUpdate,
  now: Date,
): Promise<OrganizationRow[]> =>
  db
    .updateTable('organizations')
    .set({ ...values, updated_at: now })
    .set((eb) => ({
      version: eb('version', '+', 1),
      ...(values.state === 'DELETED' ? { deleted_at: sql<Date>`coalesce(deleted_at, ${now})` } : {}),
      ...(values.state === 'active' ? { deleted_at: null } : {}),
    }))
    .where('id', 'in', [...ids])
    .returningAll()
    .execute();

/** The organizations with these ids that are inside the scope (fewer rows than ids: some are not visible). */
export const findOrganizationsInScopeByIds = (
  db: Kysely<Database>,
  scope: TenantScope,
  ids: readonly string[],
): Promise<OrganizationRow[]> =>
  db
    .selectFrom('organizations as o')
    .selectAll()
    .where('o.id', 'in', [...ids])
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .execute();

/** Hosts of `hosts` already attached to another organization than `exceptId` (host identities are unique). */
export const findHostsTakenByOthers = async (
  db: Kysely<Database>,
  hosts: readonly string[],
  exceptId: string | null,
): Promise<string[]> => {
  if (hosts.length === 0) return [];
  let query = db
    .selectFrom('organizations')
    .select('whitelabel_hosts')
    .where((eb) => eb('whitelabel_hosts', '&&', sql<string[]>`${sql.val([...hosts])}::text[]`));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  const taken = new Set((await query.execute()).flatMap((row) => row.whitelabel_hosts));
  return hosts.filter((host) => taken.has(host));
};
