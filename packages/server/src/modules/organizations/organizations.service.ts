import { fromMicros } from '@beacon/domain/dictionary/currencies';
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Kysely } from 'kysely';
import type { Principal } from '../../app-types';
import type { Database, NewOrganization, OrganizationRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import {
  countOrganizations,
  findChildrenInScope,
  findOrganizationInScope,
  findOrganizationsByIds,
  findWhitelabelByHost,
  insertOrganization,
  listOrganizationsInScope,
} from './organizations.repo';
import type { TOrganization } from './organizations.schemas';

export type Customization = {
  color: string | null;
  logo: string | null;
  favicon: string | null;
  title: string | null;
  isWhitelabel: boolean;
};

export const PRODUCT_CUSTOMIZATION: Customization = {
  color: '#1f5eff',
  logo: '/brand/beacon-logo.svg',
  favicon: '/brand/beacon-favicon.svg',
  title: 'Beacon',
  isWhitelabel: false,
};

const customizationOf = (organization: OrganizationRow): Customization => ({
  color: organization.color ?? PRODUCT_CUSTOMIZATION.color,
  logo: organization.image ?? PRODUCT_CUSTOMIZATION.logo,
  favicon: organization.favicon ?? PRODUCT_CUSTOMIZATION.favicon,
  title: organization.title ?? organization.name,
  isWhitelabel: true,
});

export const ancestorIds = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * The branding a member of an organization sees: the nearest customized organization on its ancestry
 * (itself, or the white-label partner above it), else the product's own.
 */
export const customizationForOrganization = async (
  db: Kysely<Database>,
  organization: OrganizationRow,
): Promise<Customization> => {
  const ancestry = await findOrganizationsByIds(db, ancestorIds(organization.path));
  const byId = new Map(ancestry.map((row) => [row.id, row]));
  const nearestCustomized = ancestorIds(organization.path)
    .reverse()
    .map((id) => byId.get(id))
    .find((row) => row?.role === 'customized' && row.state === 'active');
  return nearestCustomized ? customizationOf(nearestCustomized) : PRODUCT_CUSTOMIZATION;
};

export const customizationForHost = async (db: Kysely<Database>, host: string): Promise<Customization> => {
  const organization = await findWhitelabelByHost(db, host.toLowerCase());
  return organization ? customizationOf(organization) : PRODUCT_CUSTOMIZATION;
};

export type CreateOrganizationInput = Omit<NewOrganization, 'role'> & { role: OrganizationRole };

export const createOrganization = async (
  db: Kysely<Database>,
  input: CreateOrganizationInput,
  actor: HistoryActor,
): Promise<OrganizationRow> => {
  const organization = await insertOrganization(db, input);
  await recordHistory(db, {
    entity: 'organization',
    entityId: organization.id,
    organizationId: organization.id,
    action: 'create',
    actor,
    changes: diffFields(null, { ...input }),
  });
  return organization;
};

export const getOrganization = (db: Kysely<Database>, scope: TenantScope, id: string) =>
  findOrganizationInScope(db, scope, id);

export const isDatabaseEmpty = async (db: Kysely<Database>): Promise<boolean> =>
  (await countOrganizations(db)) === 0;

const idOrNull = (id: string | null): number | null => (id === null ? null : Number(id));
const moneyOrNull = (micros: string | null): string | null =>
  micros === null ? null : fromMicros(BigInt(micros));
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/**
 * The API's view of an organization (§3, §7). The white-label hosts are shown to the operator's staff only:
 * the list of supplied identities is not shown to customers (§1).
 */
export const toOrganizationView = (row: OrganizationRow, viewer: Principal): TOrganization => ({
  id: Number(row.id),
  name: row.name,
  state: row.state,
  role: row.role,
  parent: idOrNull(row.parent_id),
  country: row.country,
  currency: row.currency,
  invoicing_currency: row.invoicing_currency,
  payment_terms: row.payment_terms,
  payment_method: row.payment_method,
  title: row.title,
  image: row.image,
  favicon: row.favicon,
  color: row.color,
  billing_address: row.billing_address,
  city: row.city,
  zip: row.zip,
  tax_id: row.tax_id,
  tax_id_kind: row.tax_id_kind,
  legal_entity: row.legal_entity,
  max_daily_balance: moneyOrNull(row.max_daily_balance),
  prepayment_amount: moneyOrNull(row.prepayment_amount),
  additional_domains: row.additional_domains,
  services: row.services,
  contacts: {
    client_services_owner: idOrNull(row.client_services_owner_id),
    sales_owner: idOrNull(row.sales_owner_id),
    support: idOrNull(row.support_contact_id),
  },
  account_type: row.account_type,
  kind: row.kind,
  commission_role: row.commission_role,
  region: row.region,
  fee_model: row.fee_model,
  billing_basis: row.billing_basis,
  ...(viewer.isOperatorStaff ? { whitelabel_hosts: row.whitelabel_hosts } : {}),
  created_at: row.created_at.toISOString(),
  deleted_at: isoOrNull(row.deleted_at),
  version: row.version,
});

/** One organization the caller may see; absent and out of scope look the same (404, never 403). */
export const findVisibleOrganization = async (
  db: Kysely<Database>,
  principal: Principal,
  id: string,
): Promise<TOrganization> => {
  const row = await findOrganizationInScope(db, scopeOf(principal), id);
  if (!row) throw new AppError('NOT_FOUND');
  return toOrganizationView(row, principal);
};

/** The direct children of an organization the caller may see (404 when the parent is not visible). */
export const listVisibleChildren = async (
  db: Kysely<Database>,
  principal: Principal,
  parentId: string,
): Promise<TOrganization[]> => {
  const scope = scopeOf(principal);
  if (!(await findOrganizationInScope(db, scope, parentId))) throw new AppError('NOT_FOUND');
  const rows = await findChildrenInScope(db, scope, parentId);
  return rows.map((row) => toOrganizationView(row, principal));
};

/** A page of the organizations the caller may see; deleted ones only when the query filters on the state. */
export const listVisibleOrganizations = async (
  db: Kysely<Database>,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TOrganization[]; total: number }> => {
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listOrganizationsInScope(db, scopeOf(principal), list, { withDeleted });
  return { rows: rows.map((row) => toOrganizationView(row, principal)), total };
};
