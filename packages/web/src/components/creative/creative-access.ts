import { canAccess, canEditCreatives } from '@beacon/domain/access/permissions';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';

/** What the rule reads of a session identity. */
export type CreativeViewer = {
  readonly role: UserRole;
  readonly organization: { readonly role: OrganizationRole };
  readonly test: boolean;
};

/**
 * Who may create and change creatives in the console: a role that edits creatives (the edit roles and the
 * creative manager) and may open the creatives library (§6 `creatives`). A viewer has `creative` only: it
 * reads a creative and a campaign's creatives. The server checks the same rules on every write.
 */
export const canWriteCreatives = (viewer: CreativeViewer): boolean =>
  canEditCreatives(viewer.role) &&
  canAccess('creatives', viewer.role, viewer.organization.role, { isTestEnvironment: viewer.test });
