import { describe, expect, it } from 'vitest';
import { USER_ROLES, type UserRole } from '../dictionary/roles';
import { assignableRoles, CUSTOMER_ROLES, canAssignRole } from './assignable-roles';

const CUSTOMER = [...CUSTOMER_ROLES];

describe('assignableRoles', () => {
  it('gives every customer role in a customer organization to whoever manages users', () => {
    for (const callerRole of ['owner', 'support', 'account_manager', 'admin', 'supervisor'] as const) {
      const callerIsOperatorStaff = callerRole !== 'owner';
      expect(
        assignableRoles({ callerRole, callerIsOperatorStaff, targetIsOperatorOrganization: false }),
      ).toEqual(CUSTOMER);
    }
  });

  it('gives nothing to roles that may not manage users', () => {
    for (const callerRole of [
      'editor',
      'viewer',
      'advertiser',
      'adexchange',
      'audience_manager',
      'creative_manager',
    ] as const) {
      expect(
        assignableRoles({ callerRole, callerIsOperatorStaff: false, targetIsOperatorOrganization: false }),
      ).toEqual([]);
    }
  });

  it('gives staff roles in the operator organization, never above the caller', () => {
    const inOperator = (callerRole: UserRole) =>
      assignableRoles({ callerRole, callerIsOperatorStaff: true, targetIsOperatorOrganization: true });
    expect(inOperator('supervisor')).toEqual(['supervisor', 'admin', 'account_manager', 'support']);
    expect(inOperator('admin')).toEqual(['admin', 'account_manager', 'support']);
    expect(inOperator('account_manager')).toEqual(['account_manager', 'support']);
    expect(inOperator('support')).toEqual([]);
    expect(inOperator('owner')).toEqual([]);
  });

  it('never gives a staff role in a customer organization, nor a customer role in the operator one', () => {
    for (const callerRole of USER_ROLES) {
      const customer = { callerRole, callerIsOperatorStaff: true, targetIsOperatorOrganization: false };
      for (const role of ['supervisor', 'admin', 'account_manager', 'support'] as const) {
        expect(canAssignRole(customer, role)).toBe(false);
      }
      const operator = { callerRole, callerIsOperatorStaff: true, targetIsOperatorOrganization: true };
      for (const role of CUSTOMER_ROLES) expect(canAssignRole(operator, role)).toBe(false);
    }
  });

  it('gives no staff role to an internal role outside the operator organization', () => {
    expect(
      assignableRoles({
        callerRole: 'admin',
        callerIsOperatorStaff: false,
        targetIsOperatorOrganization: true,
      }),
    ).toEqual([]);
  });
});
