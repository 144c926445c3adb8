import { canAccess, canEditCreatives } from '@beacon/domain/access/permissions';
import type { SessionIdentity } from '../../api/session';

/**
 * Who may create and change creatives in the console: a role that edits creatives (the edit roles and the
 * creative manager) and may open the creatives library (§6 `creatives`). A viewer has `creative` only: it
 * reads a creative and a campaign's creatives. The server checks the same rules on every write.
 */
export const canWriteCreatives = (identity: SessionIdentity): boolean =>
  canEditCreatives(identity.role) &&
  canAccess('creatives', identity.role, identity.organization.role, { isTestEnvironment: identity.test });
