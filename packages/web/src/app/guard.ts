/**
 * The route guard of §2 as a pure decision: public /access pages pass; a visitor without a session goes to
 * login, except on the empty path; the first path segment selects the §6 resource; an unauthorized user goes
 * to the role-based fallback route.
 */
import { canAccess } from '@beacon/domain/access/permissions';
import type { AccessResource } from '@beacon/domain/access/resources';
import { fallbackRoute, isPublicPath, resourceForPath } from '@beacon/domain/access/route-guard';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import { HOME_PATH, reachableRoute } from './areas';

export type GuardIdentity = {
  readonly role: UserRole;
  readonly organizationRole: OrganizationRole;
  /** Sessions of the test environment may use everything (§6). */
  readonly isTest: boolean;
};

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'login' }
  | { readonly kind: 'unauthorized'; readonly resource: AccessResource; readonly to: string };

export const decideNavigation = (pathname: string, identity: GuardIdentity | null): GuardDecision => {
  if (isPublicPath(pathname)) return { kind: 'allow' };
  if (!identity) return pathname === HOME_PATH || pathname === '' ? { kind: 'allow' } : { kind: 'login' };
  const resource = resourceForPath(pathname);
  if (canAccess(resource, identity.role, identity.organizationRole, { isTestEnvironment: identity.isTest })) {
    return { kind: 'allow' };
  }
  const fallback = reachableRoute(fallbackRoute(identity.role, identity.organizationRole));
  // Never bounce back to the page that was refused.
  return { kind: 'unauthorized', resource, to: fallback === pathname ? HOME_PATH : fallback };
};
