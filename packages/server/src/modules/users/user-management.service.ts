/**
 * The user calls of spec §7 (decision 011): the users of an organization (invite, list, edit, delete, bulk
 * changes, a manager's password update) and the caller's own profile. The rules live here; users.service
 * keeps the writes and their history. A separate file because it uses the session service (sessions end when a
 * user is deleted, deactivated or gets a new password), which itself depends on users.service.
 */
import { type AssignableRolesContext, canAssignRole } from '@beacon/domain/access/assignable-roles';
import { canEdit, isInternal } from '@beacon/domain/access/permissions';
import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import type { DecimalMark, UserState } from '@beacon/domain/dictionary/users';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  ADVERTISER_NOT_CHILD_MESSAGE,
  type TProfileUpdate,
  type TUserCreate,
  type TUserItem,
  type TUsersBulkUpdate,
  type TUserUpdate,
} from '@beacon/domain/validation/user-form';
import type { Deps, Principal } from '../../app-types';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/tenant-scope';
import type { Upload } from '../../plugins/uploads';
import { actorOf } from '../history/history.service';
import { liveChildOrganizationIds } from '../organizations/organizations.lookups';
import { getOrganization } from '../organizations/organizations.service';
import { forgetRevokedSessions, revokeUserSessions } from '../session/session.service';
import {
  changeUser,
  createUser,
  findUserAdvertisers,
  findUserById,
  findUsersInSubtree,
  listOrganizationUsers,
  setUserPassword,
  type UserAdvertiserRow,
  type UserChanges,
  type UserWithOrganization,
} from './users.service';

type VisibleOrganization = { id: string; name: string; path: string; state: string };

const forbidden = (message: string, path?: string) =>
  new AppError('FORBIDDEN', { message, ...(path ? { details: [{ path, message }] } : {}) });

const roleLabel = (role: UserRole): string => USER_ROLE_LABELS[role];

// ---------------------------------------------------------------------------------------------------------
// Views

const toUserItem = (user: UserWithOrganization, advertisers: readonly UserAdvertiserRow[]): TUserItem => ({
  id: Number(user.id),
  organization: { id: Number(user.organization_id), name: user.organization_name },
  username: user.username,
  email: user.email,
  name: user.name,
  phone: user.phone,
  role: user.role,
  state: user.state,
  image: user.image,
  decimal_mark: user.decimal_mark,
  advertisers: advertisers
    .filter((row) => row.user_id === user.id)
    .map((row) => ({ id: Number(row.organization_id), name: row.name })),
  view_all_kpis: user.view_all_kpis,
  view_all_campaigns: user.view_all_campaigns,
  created_at: user.created_at.toISOString(),
  updated_at: user.updated_at.toISOString(),
  version: user.version,
});

const toUserItems = async (deps: Deps, users: readonly UserWithOrganization[]): Promise<TUserItem[]> => {
  const advertisers = await findUserAdvertisers(
    deps.db,
    users.map((user) => user.id),
  );
  return users.map((user) => toUserItem(user, advertisers));
};

/** A user as it is now (after a write), with its organization and advertisers. */
const userItemOf = async (deps: Deps, userId: string): Promise<TUserItem> => {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const [item] = await toUserItems(deps, [user]);
  if (!item) throw new AppError('NOT_FOUND');
  return item;
};

// ---------------------------------------------------------------------------------------------------------
// Rules

/** The organization of a user call: visible to the caller (404 otherwise), and not deleted for a write. */
const visibleOrganization = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  purpose: 'read' | 'write',
): Promise<VisibleOrganization> => {
  const organization = await getOrganization(deps.db, scopeOf(principal), organizationId);
  if (!organization || (purpose === 'write' && organization.state === 'DELETED')) {
    throw new AppError('NOT_FOUND');
  }
  return organization;
};

/** A user of exactly this organization, not deleted; anything else is a 404. */
const userOfOrganization = async (
  deps: Deps,
  organization: VisibleOrganization,
  userId: string,
): Promise<UserWithOrganization> => {
  const user = await findUserById(deps.db, userId);
  if (!user || user.organization_id !== organization.id || user.state === 'deleted') {
    throw new AppError('NOT_FOUND');
  }
  return user;
};

const assertCanWrite = (principal: Principal): void => {
  if (!canEdit(principal.role)) throw forbidden('You may not change users');
};

const rolesContext = (
  deps: Deps,
  principal: Principal,
  targetOrganizationId: string,
): AssignableRolesContext => ({
  callerRole: principal.role,
  callerIsOperatorStaff: principal.isOperatorStaff,
  targetIsOperatorOrganization: targetOrganizationId === String(deps.config.operatorOrganizationId),
});

/** A caller manages only users whose role it could give (so nobody edits someone above themselves). */
const assertManageable = (deps: Deps, principal: Principal, target: UserWithOrganization): void => {
  if (!canAssignRole(rolesContext(deps, principal, target.organization_id), target.role)) {
    throw forbidden(`You may not manage a user with the role ${roleLabel(target.role)}`);
  }
};

const assertAssignable = (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  role: UserRole,
  path = 'role',
): void => {
  if (!canAssignRole(rolesContext(deps, principal, organizationId), role)) {
    throw forbidden(`You may not give the role ${roleLabel(role)} in this organization`, path);
  }
};

/** Advertisers are direct, not deleted children of the user's organization (400 otherwise). */
const assertAdvertisers = async (
  deps: Deps,
  organizationId: string,
  advertisers: readonly number[],
): Promise<string[]> => {
  const ids = advertisers.map(String);
  const children = new Set(await liveChildOrganizationIds(deps.db, organizationId, ids));
  const index = ids.findIndex((id) => !children.has(id));
  if (index >= 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: ADVERTISER_NOT_CHILD_MESSAGE,
      details: [{ path: `advertisers.${index}`, message: ADVERTISER_NOT_CHILD_MESSAGE }],
    });
  }
  return ids;
};

/** States that end a user's sessions. */
const isLockedOut = (state: UserState | undefined): boolean => state === 'inactive' || state === 'deleted';

// ---------------------------------------------------------------------------------------------------------
// Calls

/** GET /organization/{id}/users: a page of its users (and of its descendants' with `includeChildren`). */
export const listUsers = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  query: { list: ListQuery; includeChildren: boolean },
): Promise<{ rows: TUserItem[]; total: number }> => {
  const organization = await visibleOrganization(deps, principal, organizationId, 'read');
  const { rows, total } = await listOrganizationUsers(
    deps.db,
    scopeOf(principal),
    { organizationId: organization.id, subtreePath: query.includeChildren ? organization.path : null },
    query.list,
  );
  return { rows: await toUserItems(deps, rows), total };
};

/** POST /organization/{id}/user: invites (creates) a user of the organization. */
export const inviteUser = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  input: TUserCreate,
): Promise<TUserItem> => {
  assertCanWrite(principal);
  const organization = await visibleOrganization(deps, principal, organizationId, 'write');
  assertAssignable(deps, principal, organization.id, input.role);
  const advertisers = await assertAdvertisers(deps, organization.id, input.advertisers);
  const user = await deps.db.transaction().execute((trx) =>
    createUser(
      trx,
      {
        organizationId: organization.id,
        username: input.username,
        email: input.email,
        name: input.name,
        phone: input.phone ?? null,
        role: input.role,
        password: input.password,
        passwordChangedAt: deps.clock.now(),
        advertisers,
        viewAllKpis: input.view_all_kpis,
        viewAllCampaigns: input.view_all_campaigns,
      },
      actorOf(principal),
    ),
  );
  return userItemOf(deps, user.id);
};

/** PUT /organization/{id}/user/{userId}: changes a user of the organization (409 on a stale version). */
export const editUser = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  userId: string,
  input: TUserUpdate,
): Promise<TUserItem> => {
  assertCanWrite(principal);
  const organization = await visibleOrganization(deps, principal, organizationId, 'write');
  const target = await userOfOrganization(deps, organization, userId);
  assertManageable(deps, principal, target);
  const { version, advertisers, ...fields } = input;
  if (fields.role !== undefined && fields.role !== target.role) {
    if (target.id === principal.userId) throw forbidden('You may not change your own role', 'role');
    assertAssignable(deps, principal, organization.id, fields.role);
  }
  const changes: UserChanges = { ...fields };
  if (advertisers !== undefined)
    changes.advertisers = await assertAdvertisers(deps, organization.id, advertisers);
  await deps.db.transaction().execute((trx) =>
    changeUser(trx, target, changes, {
      now: deps.clock.now(),
      actor: actorOf(principal),
      action: 'update',
      expectedVersion: version,
    }),
  );
  return userItemOf(deps, target.id);
};

/**
 * Deletes a user: state `deleted` with `deleted_at`, its sessions (and simulations of it) end. The row stays
 * for history, and its username and email stay taken (decision 011).
 */
const deleteChanges = (now: Date): UserChanges => ({ state: 'deleted', deleted_at: now });

/** DELETE /organization/{id}/user/{userId}. */
export const deleteUser = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  userId: string,
): Promise<void> => {
  assertCanWrite(principal);
  const organization = await visibleOrganization(deps, principal, organizationId, 'write');
  const target = await userOfOrganization(deps, organization, userId);
  if (target.id === principal.userId || target.id === principal.impersonatorUserId) {
    throw forbidden('You may not delete yourself');
  }
  assertManageable(deps, principal, target);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await changeUser(trx, target, deleteChanges(now), { now, actor: actorOf(principal), action: 'delete' });
    await revokeUserSessions(trx, target.id, now);
  });
  forgetRevokedSessions(deps);
};

/**
 * PUT /v2/organization/{id}/users: the same changes on several users of the organization or of its
 * descendants. All or nothing: an id that is not such a user is a 404 and a user the caller may not manage a
 * 403, and then nobody changes.
 */
export const bulkUpdateUsers = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  input: TUsersBulkUpdate,
): Promise<TUserItem[]> => {
  assertCanWrite(principal);
  const organization = await visibleOrganization(deps, principal, organizationId, 'write');
  const ids = input.ids.map(String);
  const targets = await findUsersInSubtree(deps.db, organization.path, ids);
  if (targets.length !== ids.length)
    throw new AppError('NOT_FOUND', { message: 'Some of the users were not found' });
  const { changes } = input;
  for (const target of targets) {
    const isSelf = target.id === principal.userId || target.id === principal.impersonatorUserId;
    if (isSelf && changes.role !== undefined && changes.role !== target.role) {
      throw forbidden('You may not change your own role', 'changes.role');
    }
    if (isSelf && changes.state !== undefined && changes.state !== target.state) {
      throw forbidden('You may not change your own state', 'changes.state');
    }
    assertManageable(deps, principal, target);
    if (changes.role !== undefined) {
      assertAssignable(deps, principal, target.organization_id, changes.role, 'changes.role');
    }
  }
  const now = deps.clock.now();
  const columns: UserChanges = {
    ...changes,
    ...(changes.state === 'deleted' ? { deleted_at: now } : {}),
  };
  await deps.db.transaction().execute(async (trx) => {
    for (const target of targets) {
      const action = changes.state === 'deleted' ? 'delete' : 'update';
      await changeUser(trx, target, columns, { now, actor: actorOf(principal), action });
      if (isLockedOut(changes.state)) await revokeUserSessions(trx, target.id, now);
    }
  });
  if (isLockedOut(changes.state)) forgetRevokedSessions(deps);
  const changed = await findUsersInSubtree(deps.db, organization.path, ids, { withDeleted: true });
  return toUserItems(deps, changed);
};

/**
 * The manager's password update (§7: organizationId, userId, password), PUT
 * /organization/{id}/user/{userId}/password. Internal staff (supervisor, admin, account manager) for users of
 * any organization they see, an owner for users of its organization and its descendants; never for a user the
 * caller could not appoint, never the caller's own (PUT /password, with the current one). Every session of
 * the user ends.
 */
export const setPasswordOfUser = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  userId: string,
  password: string,
): Promise<void> => {
  if (!isInternal(principal.role) && principal.role !== 'owner') {
    throw forbidden("You may not set other users' passwords");
  }
  const organization = await visibleOrganization(deps, principal, organizationId, 'write');
  const target = await userOfOrganization(deps, organization, userId);
  if (target.id === principal.userId || target.id === principal.impersonatorUserId) {
    throw forbidden('Change your own password from your profile, with your current password');
  }
  assertManageable(deps, principal, target);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await setUserPassword(trx, target, password, now, actorOf(principal));
    await revokeUserSessions(trx, target.id, now);
  });
  forgetRevokedSessions(deps);
};

/**
 * PUT /user: the caller's own profile (name, email, decimal mark, logo). While simulating it is the simulated
 * user's profile, and history records the impersonator.
 */
export const updateOwnProfile = async (
  deps: Deps,
  principal: Principal,
  input: TProfileUpdate,
  logo: Upload | undefined,
): Promise<TUserItem> => {
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new AppError('AUTHENTICATION_REQUIRED');
  const changes: UserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.decimal_mark !== undefined) changes.decimal_mark = input.decimal_mark satisfies DecimalMark;
  if (input.remove_logo === true) changes.image = '';
  if (logo) changes.image = (await deps.files.save(logo.data, logo.kind)).url;
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute((trx) =>
      changeUser(trx, user satisfies UserRow, changes, { now, actor: actorOf(principal), action: 'profile' }),
    );
  return userItemOf(deps, user.id);
};
