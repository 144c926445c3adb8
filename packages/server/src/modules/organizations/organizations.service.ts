import { canEdit, isAdmin, isInternal } from '@beacon/domain/access/permissions';
import { fromMicros, toMicros } from '@beacon/domain/dictionary/currencies';
import type { OrganizationState } from '@beacon/domain/dictionary/organizations';
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  ADMIN_STATE_MESSAGE,
  BRANDING_FIELD_MESSAGE,
  CONTACT_NOT_STAFF_MESSAGE,
  HOST_TAKEN_MESSAGE,
  INTERNAL_FIELD_MESSAGE,
  OPERATOR_ORGANIZATION_FIXED_MESSAGE,
  PARENT_CYCLE_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import {
  ORGANIZATION_BRANDING_FIELDS,
  ORGANIZATION_INTERNAL_FIELDS,
  type TFieldIssue,
  type TOrganizationCreateRequest,
  type TOrganizationDuplicate,
  type TOrganizationsBulkUpdate,
  type TOrganizationUpdate,
  taxIdIssues,
  taxIdKindToStore,
} from '@beacon/domain/validation/organization-form';
import { normalizeTaxId } from '@beacon/domain/validation/vat';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, NewOrganization, OrganizationRow, OrganizationUpdate } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { hashPassword } from '../../lib/passwords';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import type { Upload } from '../../plugins/uploads';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import { assertUsernameAndEmailFree, createUser, findActiveUserIdsOf } from '../users/users.service';
import {
  countOrganizations,
  findChildrenInScope,
  findHostsTakenByOthers,
  findOrganizationInScope,
  findOrganizationsByIds,
  findOrganizationsInScopeByIds,
  findWhitelabelByHost,
  insertOrganization,
  listOrganizationsInScope,
  updateOrganizationAtVersion,
  updateOrganizationsByIds,
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

/** The white-label organization a host belongs to, if any: who may log in there (decision 037). */
export const whitelabelOrganizationOfHost = async (
  db: Kysely<Database>,
  host: string,
): Promise<{ id: string; path: string } | undefined> => {
  const organization = await findWhitelabelByHost(db, host.toLowerCase());
  return organization ? { id: organization.id, path: organization.path } : undefined;
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
export const toOrganizationView = (
  row: OrganizationRow,
  viewer: Pick<Principal, 'isOperatorStaff'>,
): TOrganization => ({
  id: Number(row.id),
  name: row.name,
  state: row.state,
  role: row.role,
  parent: idOrNull(row.parent_id),
  country: row.country,
  currency: row.currency,
  time_zone: row.time_zone,
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

// ---------------------------------------------------------------------------------------------------------
// Writes of spec §7: create, update, bulk changes, duplicate, CSV download. Who may do what is
// decision 010.

/** Internal staff (§6 "internal" roles of the operator's own organization) may set every field, anywhere. */
export const isInternalStaff = (principal: Principal): boolean =>
  principal.isOperatorStaff && isInternal(principal.role);

/** The fields of an organization a body may set, as the schemas hand them over (create, update, bulk). */
type TWritableFields = Partial<Omit<TOrganizationUpdate, 'version'>> & {
  readonly state?: OrganizationState | undefined;
};

const sentFields = (fields: object, names: readonly string[]): string[] =>
  names.filter(
    (name) => Object.hasOwn(fields, name) && (fields as Record<string, unknown>)[name] !== undefined,
  );

const forbidden = (paths: readonly string[], message: string): AppError =>
  new AppError('FORBIDDEN', { details: paths.map((path) => ({ path, message })) });

const invalid = (details: TFieldIssue[]): AppError => new AppError('VALIDATION_FAILED', { details });

const micros = (amount: string | null): string | null =>
  amount === null ? null : toMicros(amount).toString();
const idText = (id: number | null): string | null => (id === null ? null : String(id));

/** The columns for the fields present in a body; absent fields are left as they are. */
const columnsOf = (fields: TWritableFields): OrganizationUpdate => {
  const columns: OrganizationUpdate = {};
  const set = <K extends keyof OrganizationUpdate>(column: K, value: OrganizationUpdate[K] | undefined) => {
    if (value !== undefined) columns[column] = value;
  };
  set('name', fields.name);
  set('state', fields.state);
  set('role', fields.role);
  set('parent_id', fields.parent === undefined ? undefined : idText(fields.parent));
  set('country', fields.country);
  set('currency', fields.currency);
  set('time_zone', fields.time_zone);
  set('invoicing_currency', fields.invoicing_currency);
  set('payment_terms', fields.payment_terms);
  set('payment_method', fields.payment_method);
  set('title', fields.title);
  set('color', fields.color);
  set('image', fields.image);
  set('favicon', fields.favicon);
  set('billing_address', fields.billing_address);
  set('city', fields.city);
  set('zip', fields.zip);
  set('tax_id', fields.tax_id);
  set('legal_entity', fields.legal_entity);
  set(
    'max_daily_balance',
    fields.max_daily_balance === undefined ? undefined : micros(fields.max_daily_balance),
  );
  set(
    'prepayment_amount',
    fields.prepayment_amount === undefined ? undefined : micros(fields.prepayment_amount),
  );
  set('additional_domains', fields.additional_domains);
  set('services', fields.services);
  set('whitelabel_hosts', fields.whitelabel_hosts);
  set('account_type', fields.account_type);
  set('kind', fields.kind);
  set('commission_role', fields.commission_role);
  set('region', fields.region);
  set('fee_model', fields.fee_model);
  set('billing_basis', fields.billing_basis);
  const contacts = fields.contacts;
  if (contacts) {
    set(
      'client_services_owner_id',
      contacts.client_services_owner === undefined ? undefined : idText(contacts.client_services_owner),
    );
    set('sales_owner_id', contacts.sales_owner === undefined ? undefined : idText(contacts.sales_owner));
    set('support_contact_id', contacts.support === undefined ? undefined : idText(contacts.support));
  }
  return columns;
};

/** What history keeps of an organization: its API view, without what every write changes anyway. */
const historyView = (row: OrganizationRow): Record<string, unknown> => {
  const {
    version: _version,
    id: _id,
    created_at: _createdAt,
    ...view
  } = toOrganizationView(row, {
    isOperatorStaff: true,
  });
  return view;
};

/**
 * The fields a caller may not set, as 403 details (decision 010): the internal ones unless internal staff;
 * branding unless internal staff or the owner of the customized organization itself.
 */
const refusedFields = (
  principal: Principal,
  fields: object,
  target: Pick<OrganizationRow, 'id' | 'role'> | null,
  options: { allowParent: boolean; uploads?: readonly string[] },
): AppError | undefined => {
  if (isInternalStaff(principal)) return undefined;
  const internal = sentFields(fields, ORGANIZATION_INTERNAL_FIELDS).filter(
    (field) => !(options.allowParent && field === 'parent'),
  );
  const branding = [...sentFields(fields, ORGANIZATION_BRANDING_FIELDS), ...(options.uploads ?? [])];
  const mayBrand =
    target !== null &&
    principal.role === 'owner' &&
    target.id === principal.organizationId &&
    target.role === 'customized';
  const details = [
    ...internal.map((path) => ({ path, message: INTERNAL_FIELD_MESSAGE })),
    ...(mayBrand ? [] : branding.map((path) => ({ path, message: BRANDING_FIELD_MESSAGE }))),
  ];
  return details.length > 0 ? new AppError('FORBIDDEN', { details }) : undefined;
};

/** A parent to attach to: visible to the caller and not deleted, else 404 (its existence stays hidden). */
const findParent = async (
  db: Kysely<Database>,
  principal: Principal,
  id: number,
): Promise<OrganizationRow> => {
  const parent = await findOrganizationInScope(db, scopeOf(principal), String(id));
  if (!parent || parent.state === 'DELETED') throw new AppError('NOT_FOUND');
  return parent;
};

/** Whether `candidate` is `organization` itself or lies below it (moving there would make a cycle). */
const isSelfOrDescendant = (candidate: Pick<OrganizationRow, 'path'>, organizationId: string): boolean =>
  ancestorIds(candidate.path).includes(organizationId);

/** Contacts must be active users of the operator's staff; hosts must not belong to another organization. */
const checkReferences = async (
  deps: Deps,
  fields: TWritableFields,
  organizationId: string | null,
): Promise<void> => {
  const details: TFieldIssue[] = [];
  const contacts = Object.entries(fields.contacts ?? {}).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  const staff = new Set(
    await findActiveUserIdsOf(
      deps.db,
      String(deps.config.operatorOrganizationId),
      contacts.map(([, id]) => String(id)),
    ),
  );
  for (const [slot, id] of contacts) {
    if (!staff.has(String(id)))
      details.push({ path: `contacts.${slot}`, message: CONTACT_NOT_STAFF_MESSAGE });
  }
  const hosts = fields.whitelabel_hosts ?? [];
  const taken = new Set(await findHostsTakenByOthers(deps.db, hosts, organizationId));
  hosts.forEach((host, index) => {
    if (taken.has(host)) details.push({ path: `whitelabel_hosts.${index}`, message: HOST_TAKEN_MESSAGE });
  });
  if (details.length > 0) throw invalid(details);
};

/** Sessions remember their organization's role and place: after a change there, they are read again. */
const forgetCachedSessions = (deps: Deps): void => deps.sessionCache.clear();

const operatorId = (deps: Deps): string => String(deps.config.operatorOrganizationId);

/** The operator's own organization keeps its place, role and state: its staff would lose their access. */
const assertOperatorKept = (deps: Deps, ids: readonly string[], fields: TWritableFields, path = ''): void => {
  if (!ids.includes(operatorId(deps))) return;
  const fixed = sentFields(fields, ['state', 'role', 'parent']);
  if (fixed.length > 0)
    throw forbidden(
      fixed.map((field) => `${path}${field}`),
      OPERATOR_ORGANIZATION_FIXED_MESSAGE,
    );
};

/**
 * A taken username or email of the main user, pointed at its form field (`main_user.username`): the users
 * module answers the same 409 with the field's own name.
 */
const mainUserErrors = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    if (error instanceof AppError && (error.code === 'USERNAME_TAKEN' || error.code === 'EMAIL_TAKEN')) {
      throw new AppError(error.code, {
        details: (error.details ?? []).map((detail) => ({ ...detail, path: `main_user.${detail.path}` })),
      });
    }
    throw error;
  });

/**
 * `POST /v2/organization`: a new organization with its main user (role owner) in one transaction. Internal
 * staff create anywhere (top level included) and set every field; an owner creates a child inside its own
 * subtree, which inherits the parent's commercial terms (ORGANIZATION_CHILD_INHERITED_FIELDS). Any child
 * left without a time zone takes its parent's.
 */
export const createOrganizationWithOwner = async (
  deps: Deps,
  principal: Principal,
  body: TOrganizationCreateRequest,
): Promise<TOrganization> => {
  const internal = isInternalStaff(principal);
  if (!internal && principal.role !== 'owner') throw new AppError('FORBIDDEN');
  const { main_user: mainUser, ...fields } = body;
  const refused = refusedFields(principal, fields, null, { allowParent: true });
  if (refused) throw refused;

  const parentId =
    fields.parent === undefined ? (internal ? null : Number(principal.organizationId)) : fields.parent;
  if (parentId === null && !internal) throw forbidden(['parent'], INTERNAL_FIELD_MESSAGE);
  const parent = parentId === null ? null : await findParent(deps.db, principal, parentId);
  if (internal && fields.payment_terms === undefined) {
    throw invalid([{ path: 'payment_terms', message: REQUIRED_MESSAGE }]);
  }
  await checkReferences(deps, fields, null);

  const inherited: OrganizationUpdate =
    internal || parent === null
      ? {}
      : {
          payment_terms: parent.payment_terms,
          legal_entity: parent.legal_entity,
          region: parent.region,
          fee_model: parent.fee_model,
          billing_basis: parent.billing_basis,
          client_services_owner_id: parent.client_services_owner_id,
          sales_owner_id: parent.sales_owner_id,
          support_contact_id: parent.support_contact_id,
        };
  const values = {
    ...inherited,
    // A child's campaigns start in its parent's zone unless the body names another (docs/engine.md
    // "Time zones"); a top-level organization starts in UTC (the column's default).
    ...(parent === null ? {} : { time_zone: parent.time_zone }),
    ...columnsOf(fields),
    name: fields.name,
    role: fields.role ?? 'regular',
    parent_id: parent?.id ?? null,
    tax_id_kind: taxIdKindToStore(fields.country, fields.tax_id),
    ...(typeof fields.tax_id === 'string' ? { tax_id: normalizeTaxId(fields.country, fields.tax_id) } : {}),
  };

  await mainUserErrors(assertUsernameAndEmailFree(deps.db, mainUser.username, mainUser.email));
  const passwordHash = await hashPassword(mainUser.password);
  const actor = actorOf(principal);
  const organization = await mainUserErrors(
    deps.db.transaction().execute(async (trx) => {
      const created = await createOrganization(trx, values, actor);
      await createUser(
        trx,
        {
          organizationId: created.id,
          username: mainUser.username,
          email: mainUser.email,
          name: mainUser.name,
          phone: mainUser.phone ?? null,
          role: 'owner',
          password: mainUser.password,
          passwordHash,
          passwordChangedAt: deps.clock.now(),
        },
        actor,
      );
      return created;
    }),
  );
  return toOrganizationView(organization, principal);
};

/** The files a `PUT /v2/organization/{id}` may carry, by multipart field, and the column each one fills. */
export const ORGANIZATION_UPLOAD_COLUMNS = { logo: 'image', favicon: 'favicon' } as const;
export type OrganizationUploadField = keyof typeof ORGANIZATION_UPLOAD_COLUMNS;

/**
 * `PUT /v2/organization/{id}`: the fields sent, at the version last read (409 STALE_VERSION otherwise), with
 * a logo or favicon uploaded as files. A visible organization only (404), by a role that may edit (403),
 * setting only the fields its role owns (403 naming the refused fields).
 */
export const updateOrganization = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TOrganizationUpdate,
  uploads: Partial<Record<OrganizationUploadField, Upload>>,
): Promise<TOrganization> => {
  const row = await findOrganizationInScope(deps.db, scopeOf(principal), id);
  if (!row) throw new AppError('NOT_FOUND');
  if (!canEdit(principal.role)) throw new AppError('FORBIDDEN');
  const { version, ...fields } = body;
  const uploadFields = (Object.keys(ORGANIZATION_UPLOAD_COLUMNS) as OrganizationUploadField[]).filter(
    (field) => uploads[field] !== undefined,
  );
  const refused = refusedFields(principal, fields, row, { allowParent: false, uploads: uploadFields });
  if (refused) throw refused;
  if (version !== row.version) throw new AppError('STALE_VERSION');
  assertOperatorKept(deps, [row.id], fields);

  if (fields.parent !== undefined && fields.parent !== null) {
    const parent = await findParent(deps.db, principal, fields.parent);
    if (isSelfOrDescendant(parent, row.id))
      throw invalid([{ path: 'parent', message: PARENT_CYCLE_MESSAGE }]);
  }
  const country = fields.country ?? row.country;
  const taxId = fields.tax_id === undefined ? row.tax_id : fields.tax_id;
  const values = columnsOf(fields);
  if (fields.country !== undefined || fields.tax_id !== undefined || fields.tax_id_kind !== undefined) {
    const issues = taxIdIssues({ country, tax_id: taxId, tax_id_kind: fields.tax_id_kind });
    if (issues.length > 0) throw invalid(issues);
    values.tax_id_kind = country === null ? (fields.tax_id_kind ?? null) : taxIdKindToStore(country, taxId);
    if (typeof taxId === 'string') values.tax_id = normalizeTaxId(country, taxId);
  }
  await checkReferences(deps, fields, row.id);
  for (const field of uploadFields) {
    const upload = uploads[field];
    if (upload)
      values[ORGANIZATION_UPLOAD_COLUMNS[field]] = (await deps.files.save(upload.data, upload.kind)).url;
  }
  if (Object.keys(values).length === 0) return toOrganizationView(row, principal);

  const now = deps.clock.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const next = await updateOrganizationAtVersion(trx, row.id, version, values, now);
    if (!next) throw new AppError('STALE_VERSION');
    const changes = diffFields(historyView(row), historyView(next));
    if (changes.length > 0) {
      await recordHistory(trx, {
        entity: 'organization',
        entityId: row.id,
        organizationId: row.id,
        action: 'update',
        actor: actorOf(principal),
        changes,
      });
    }
    return next;
  });
  if (updated.role !== row.role || updated.parent_id !== row.parent_id) forgetCachedSessions(deps);
  return toOrganizationView(updated, principal);
};

/**
 * `PUT /backoffice/organizations`: the same changes on every listed organization, all or nothing. Every id must
 * be visible (404 otherwise); the fields are internal ones, so internal staff only (403); a state change
 * (DELETED removes, active restores) is for admins. Deleting keeps the row and its history, sets `deleted_at`,
 * and the lists leave it out; its users can no longer sign in.
 */
export const bulkUpdateOrganizations = async (
  deps: Deps,
  principal: Principal,
  body: TOrganizationsBulkUpdate,
): Promise<TOrganization[]> => {
  const ids = body.ids.map(String);
  const rows = await findOrganizationsInScopeByIds(deps.db, scopeOf(principal), ids);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  if (!isInternalStaff(principal)) throw new AppError('FORBIDDEN');
  const { changes } = body;
  if (changes.state !== undefined && !isAdmin(principal.role)) {
    throw forbidden(['changes.state'], ADMIN_STATE_MESSAGE);
  }
  assertOperatorKept(deps, ids, changes, 'changes.');
  if (changes.parent !== undefined && changes.parent !== null) {
    const parent = await findParent(deps.db, principal, changes.parent);
    if (ids.some((id) => isSelfOrDescendant(parent, id))) {
      throw invalid([{ path: 'changes.parent', message: PARENT_CYCLE_MESSAGE }]);
    }
  }

  const now = deps.clock.now();
  const values = columnsOf(changes);
  const before = new Map(rows.map((row) => [row.id, row]));
  const updated = await deps.db.transaction().execute(async (trx) => {
    const next = await updateOrganizationsByIds(trx, ids, values, now);
    for (const row of next) {
      const previous = before.get(row.id);
      const changed = previous ? diffFields(historyView(previous), historyView(row)) : [];
      if (changed.length === 0) continue;
      await recordHistory(trx, {
        entity: 'organization',
        entityId: row.id,
        organizationId: row.id,
        action: changes.state === 'DELETED' && previous?.state !== 'DELETED' ? 'delete' : 'bulk_update',
        actor: actorOf(principal),
        changes: changed,
      });
    }
    return next;
  });
  if (changes.state !== undefined || changes.role !== undefined || changes.parent !== undefined) {
    forgetCachedSessions(deps);
  }
  const order = new Map(ids.map((id, index) => [id, index]));
  return updated
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((row) => toOrganizationView(row, principal));
};

/**
 * `POST /v2/organization/{id}/duplicate`: a new organization with the source's settings
 * (ORGANIZATION_DUPLICATED_FIELDS) under a new name, next to it (same parent). Never copied: users (so no
 * credential), white-label hosts (each host answers for one organization), state and history. With
 * `main_user` the copy gets that new owner; without, it starts with no users. Internal staff duplicate any
 * organization; an owner duplicates the organizations below its own (the copy stays in its subtree).
 */
export const duplicateOrganization = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TOrganizationDuplicate,
): Promise<TOrganization> => {
  const source = await findOrganizationInScope(deps.db, scopeOf(principal), id);
  if (!source) throw new AppError('NOT_FOUND');
  if (!isInternalStaff(principal) && (principal.role !== 'owner' || source.id === principal.organizationId)) {
    throw new AppError('FORBIDDEN');
  }
  const values: NewOrganization = {
    name: body.name,
    role: source.role,
    parent_id: source.parent_id,
    country: source.country,
    currency: source.currency,
    time_zone: source.time_zone,
    invoicing_currency: source.invoicing_currency,
    payment_terms: source.payment_terms,
    payment_method: source.payment_method,
    title: source.title,
    image: source.image,
    favicon: source.favicon,
    color: source.color,
    decimal_mark: source.decimal_mark,
    hide_docs: source.hide_docs,
    billing_address: source.billing_address,
    city: source.city,
    zip: source.zip,
    tax_id: source.tax_id,
    tax_id_kind: source.tax_id_kind,
    legal_entity: source.legal_entity,
    max_daily_balance: source.max_daily_balance,
    prepayment_amount: source.prepayment_amount,
    additional_domains: source.additional_domains,
    services: source.services,
    client_services_owner_id: source.client_services_owner_id,
    sales_owner_id: source.sales_owner_id,
    support_contact_id: source.support_contact_id,
    account_type: source.account_type,
    kind: source.kind,
    commission_role: source.commission_role,
    region: source.region,
    fee_model: source.fee_model,
    billing_basis: source.billing_basis,
  };
  const mainUser = body.main_user;
  if (mainUser) await mainUserErrors(assertUsernameAndEmailFree(deps.db, mainUser.username, mainUser.email));
  const passwordHash = mainUser ? await hashPassword(mainUser.password) : undefined;
  const actor = actorOf(principal);
  const copy = await mainUserErrors(
    deps.db.transaction().execute(async (trx) => {
      const created = await insertOrganization(trx, values);
      await recordHistory(trx, {
        entity: 'organization',
        entityId: created.id,
        organizationId: created.id,
        action: 'duplicate',
        actor,
        changes: [
          { field: 'duplicated_from', from: null, to: Number(source.id) },
          ...diffFields(null, historyView(created)),
        ],
      });
      if (mainUser) {
        await createUser(
          trx,
          {
            organizationId: created.id,
            username: mainUser.username,
            email: mainUser.email,
            name: mainUser.name,
            phone: mainUser.phone ?? null,
            role: 'owner',
            password: mainUser.password,
            ...(passwordHash === undefined ? {} : { passwordHash }),
            passwordChangedAt: deps.clock.now(),
          },
          actor,
        );
      }
      return created;
    }),
  );
  return toOrganizationView(copy, principal);
};

/** The most rows one download holds; the grid's filters narrow a bigger result. */
export const MAX_EXPORT_ROWS = 100_000;

/** The columns of the organizations CSV, in order: the grid's fields and the §3 form's. */
const EXPORT_COLUMNS = [
  'id',
  'name',
  'state',
  'role',
  'parent',
  'country',
  'currency',
  'time_zone',
  'invoicing_currency',
  'payment_terms',
  'payment_method',
  'legal_entity',
  'tax_id_kind',
  'tax_id',
  'billing_address',
  'city',
  'zip',
  'max_daily_balance',
  'prepayment_amount',
  'account_type',
  'kind',
  'commission_role',
  'region',
  'fee_model',
  'billing_basis',
  'services',
  'additional_domains',
  'created_at',
  'deleted_at',
] as const satisfies readonly (keyof TOrganization)[];

/**
 * `POST /v2/backoffice/organizations/download`: the organizations of the grid's current query (filters,
 * search, sort; every page) as CSV, safe against formula injection (lib/csv).
 */
export const organizationsCsv = async (
  db: Kysely<Database>,
  principal: Principal,
  list: ListQuery,
): Promise<string> => {
  const { rows } = await listVisibleOrganizations(db, principal, {
    ...list,
    page: 1,
    limit: MAX_EXPORT_ROWS,
  });
  return toCsv(
    EXPORT_COLUMNS,
    rows.map((organization) =>
      EXPORT_COLUMNS.map((column) => {
        const value = organization[column];
        return Array.isArray(value) ? value.join(' ') : value;
      }),
    ),
  );
};
