/**
 * Who edits the organization's settings on /account/profile (decision 042): its owner, the customer role that
 * runs the account (decision 010), when the organization may run campaigns at all (§6: the data-partner and
 * other-partner roles may not), since its time zone is the one new campaigns start in. Pure, unit-tested.
 */
import { canAccess } from '@beacon/domain/access/permissions';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';

export const mayEditOrganizationSettings = (identity: {
  readonly role: UserRole;
  readonly organization: { readonly role: OrganizationRole };
  readonly test: boolean;
}): boolean =>
  identity.role === 'owner' &&
  canAccess('campaigns', identity.role, identity.organization.role, { isTestEnvironment: identity.test });
