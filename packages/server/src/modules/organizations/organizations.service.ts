import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import type { Kysely } from 'kysely';
import type { Database, NewOrganization, OrganizationRow } from '../../db/schema';
import type { TenantScope } from '../../lib/tenant-scope';
import { diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import {
  countOrganizations,
  findOrganizationInScope,
  findOrganizationsByIds,
  findWhitelabelByHost,
  insertOrganization,
} from './organizations.repo';

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
