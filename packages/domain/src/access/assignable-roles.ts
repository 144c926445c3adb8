/**
 * Which roles a caller may give to a user (invite, edit, bulk change). Decision record 011:
 * - customer organizations hold the customer roles; the operator's own organization holds its staff;
 * - whoever may manage users (§6 "account users") may give every customer role in a customer organization;
 * - inside the operator's organization only internal staff (supervisor, admin, account manager) give staff
 *   roles, and never one above their own: supervisor only by a supervisor, admin by an admin or a supervisor,
 *   account manager and support by any of the three.
 */
import type { UserRole } from '../dictionary/roles';
import { isInternal, USER_ROLE_PERMISSIONS } from './permissions';

/** Roles of users of a customer organization, in the order the invite dialogs offer them. */
export const CUSTOMER_ROLES = [
  'owner',
  'editor',
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
] as const satisfies readonly UserRole[];

/** Roles of the operator's own staff, most privileged first. */
export const STAFF_ROLES = [
  'supervisor',
  'admin',
  'account_manager',
  'support',
] as const satisfies readonly UserRole[];

export type StaffRole = (typeof STAFF_ROLES)[number];

/** How privileged a staff role is; a caller gives staff roles up to its own rank. */
const STAFF_RANK = { supervisor: 3, admin: 2, account_manager: 1, support: 1 } as const satisfies Record<
  StaffRole,
  number
>;

const isStaffRole = (role: UserRole): role is StaffRole =>
  (STAFF_ROLES as readonly UserRole[]).includes(role);

export type AssignableRolesContext = {
  /** The caller's role (the simulated one while simulating: a simulated owner acts as an owner). */
  readonly callerRole: UserRole;
  /** The caller is a user of the operator's own organization (§6 "a specific organization id"). */
  readonly callerIsOperatorStaff: boolean;
  /** The user being invited or changed belongs to the operator's own organization. */
  readonly targetIsOperatorOrganization: boolean;
};

/** The roles the caller may give, in the order a role picker shows them; empty when it may give none. */
export const assignableRoles = ({
  callerRole,
  callerIsOperatorStaff,
  targetIsOperatorOrganization,
}: AssignableRolesContext): readonly UserRole[] => {
  const managers: readonly UserRole[] = USER_ROLE_PERMISSIONS['account-users'];
  if (!managers.includes(callerRole)) return [];
  if (!targetIsOperatorOrganization) return CUSTOMER_ROLES;
  if (!callerIsOperatorStaff || !isInternal(callerRole) || !isStaffRole(callerRole)) return [];
  const ceiling = STAFF_RANK[callerRole];
  return STAFF_ROLES.filter((role) => STAFF_RANK[role] <= ceiling);
};

/** Whether the caller may give `role` (see assignableRoles). */
export const canAssignRole = (context: AssignableRolesContext, role: UserRole): boolean =>
  assignableRoles(context).includes(role);
