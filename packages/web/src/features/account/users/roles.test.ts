import { CUSTOMER_ROLES } from '@beacon/domain/access/assignable-roles';
import { describe, expect, it } from 'vitest';
import {
  invitableRoles,
  mayManageUsers,
  maySetPasswords,
  rolesAssignableIn,
  rolesAssignableInAll,
  type UserManager,
} from './roles';

const OPERATOR = 1;
const AGENCY = 2;
const ADVERTISER = 3;

const manager = (
  role: UserManager['role'],
  organizationId: number,
  organizationRole: UserManager['organizationRole'] = 'regular',
): UserManager => ({
  role,
  organizationId,
  organizationRole,
  isTest: false,
});

describe('who may manage users (§6 account users)', () => {
  it('follows the user role and the organization role', () => {
    expect(mayManageUsers(manager('owner', AGENCY))).toBe(true);
    expect(mayManageUsers(manager('support', OPERATOR))).toBe(true);
    expect(mayManageUsers(manager('editor', AGENCY))).toBe(false);
    expect(mayManageUsers(manager('owner', 5, 'data-partner'))).toBe(true);
  });
});

describe('the roles a manager may give (decision 011)', () => {
  it('gives an owner every customer role in its organization and its children', () => {
    expect(invitableRoles(manager('owner', AGENCY))).toEqual(CUSTOMER_ROLES);
    expect(rolesAssignableIn(manager('owner', AGENCY), ADVERTISER)).toEqual(CUSTOMER_ROLES);
  });

  it('gives the operator’s staff the staff roles up to their own in the operator’s organization', () => {
    expect(invitableRoles(manager('supervisor', OPERATOR))).toEqual([
      'supervisor',
      'admin',
      'account_manager',
      'support',
    ]);
    expect(invitableRoles(manager('admin', OPERATOR))).toEqual(['admin', 'account_manager', 'support']);
    // Support manages users but is not internal staff: no staff role to give.
    expect(invitableRoles(manager('support', OPERATOR))).toEqual([]);
    // In a customer organization, the customer roles.
    expect(rolesAssignableIn(manager('support', OPERATOR), AGENCY)).toEqual(CUSTOMER_ROLES);
  });

  it('gives nothing to a role that may not manage users', () => {
    expect(invitableRoles(manager('viewer', AGENCY))).toEqual([]);
  });

  it('gives a bulk change only the roles allowed in every organization of the selection', () => {
    const admin = manager('admin', OPERATOR);
    expect(rolesAssignableInAll(admin, [OPERATOR, OPERATOR])).toEqual([
      'admin',
      'account_manager',
      'support',
    ]);
    expect(rolesAssignableInAll(admin, [OPERATOR, AGENCY])).toEqual([]);
    expect(rolesAssignableInAll(manager('owner', AGENCY), [AGENCY, ADVERTISER])).toEqual(CUSTOMER_ROLES);
    expect(rolesAssignableInAll(admin, [])).toEqual([]);
  });
});

describe('who may set another user’s password (§7 password update)', () => {
  it('is internal staff and owners, not support', () => {
    expect(maySetPasswords(manager('owner', AGENCY))).toBe(true);
    expect(maySetPasswords(manager('account_manager', OPERATOR))).toBe(true);
    expect(maySetPasswords(manager('support', OPERATOR))).toBe(false);
    expect(maySetPasswords(manager('editor', AGENCY))).toBe(false);
  });
});
