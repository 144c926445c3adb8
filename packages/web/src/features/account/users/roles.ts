/**
 * Who may manage users and which roles they may give (decision 011, domain access/assignable-roles): the user
 * menu's "New user", the invite dialogs, the role of the edit dialog and the bulk changes all ask here. Staff
 * roles only exist in the operator's own organization, so a caller with one is the operator's staff, and its
 * own organization is the operator's. Pure, unit-tested.
 */
import { assignableRoles, STAFF_ROLES } from '@beacon/domain/access/assignable-roles';
import { canAccess, isInternal } from '@beacon/domain/access/permissions';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';

export type UserManager = {
  readonly role: UserRole;
  readonly organizationId: number;
  readonly organizationRole: OrganizationRole;
  readonly isTest: boolean;
};

export const isOperatorStaffRole = (role: UserRole): boolean =>
  (STAFF_ROLES as readonly UserRole[]).includes(role);

/** §6 "account users": the users page and every user write. */
export const mayManageUsers = (manager: UserManager): boolean =>
  canAccess('account-users', manager.role, manager.organizationRole, { isTestEnvironment: manager.isTest });

/** The roles the manager may give to a user of the organization `organizationId`. */
export const rolesAssignableIn = (manager: UserManager, organizationId: number): readonly UserRole[] => {
  if (!mayManageUsers(manager)) return [];
  const isStaff = isOperatorStaffRole(manager.role);
  return assignableRoles({
    callerRole: manager.role,
    callerIsOperatorStaff: isStaff,
    targetIsOperatorOrganization: isStaff && organizationId === manager.organizationId,
  });
};

/** The roles of the invite dialogs: users of the manager's own organization. */
export const invitableRoles = (manager: UserManager): readonly UserRole[] =>
  rolesAssignableIn(manager, manager.organizationId);

/** The roles a bulk change may give to users of all these organizations at once. */
export const rolesAssignableInAll = (
  manager: UserManager,
  organizationIds: readonly number[],
): readonly UserRole[] => {
  const [first, ...rest] = [...new Set(organizationIds)];
  if (first === undefined) return [];
  return rest.reduce<readonly UserRole[]>(
    (roles, organizationId) => {
      const allowed = rolesAssignableIn(manager, organizationId);
      return roles.filter((role) => allowed.includes(role));
    },
    rolesAssignableIn(manager, first),
  );
};

/** The manager as the session in use describes it. */
export const userManagerOf = (identity: {
  readonly role: UserRole;
  readonly organization: { readonly id: number; readonly role: OrganizationRole };
  readonly test: boolean;
}): UserManager => ({
  role: identity.role,
  organizationId: identity.organization.id,
  organizationRole: identity.organization.role,
  isTest: identity.test,
});

/** The password update of §7 for another user: internal staff, or an owner for its organization's users. */
export const maySetPasswords = (manager: UserManager): boolean =>
  mayManageUsers(manager) && (isInternal(manager.role) || manager.role === 'owner');
