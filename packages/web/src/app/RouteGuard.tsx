import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideNavigation, type GuardDecision } from './guard';
import { type LoginLocationState, loginPath } from './session/session-actions';
import { selectActiveIdentity, useSessionStore } from './session/session-store';

type UnauthorizedRedirectProps = {
  readonly decision: Extract<GuardDecision, { kind: 'unauthorized' }>;
  readonly from: string;
};

/** §2: unauthorized navigation is logged, then the user goes to the role-based fallback. */
const UnauthorizedRedirect = ({ decision, from }: UnauthorizedRedirectProps) => {
  const identity = useSessionStore(selectActiveIdentity);
  useEffect(() => {
    console.info('[guard] unauthorized navigation', {
      from,
      to: decision.to,
      resource: decision.resource,
      userId: identity?.user.id,
      role: identity?.role,
      organizationRole: identity?.organization.role,
      at: new Date().toISOString(),
    });
  }, [decision, from, identity]);
  return <Navigate to={decision.to} replace />;
};

/** The route guard of §2 around every page that is not under /access. */
export const RouteGuard = () => {
  const location = useLocation();
  const identity = useSessionStore(selectActiveIdentity);
  const signedOutReason = useSessionStore((state) => state.signedOutReason);
  const from = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideNavigation(
    location.pathname,
    identity && { role: identity.role, organizationRole: identity.organization.role, isTest: identity.test },
  );

  // A session the server ended goes to login with its message, even from the home page.
  if (decision.kind === 'login' || (!identity && signedOutReason)) {
    return <Navigate to={loginPath(signedOutReason)} replace state={{ from } satisfies LoginLocationState} />;
  }
  if (decision.kind === 'unauthorized') return <UnauthorizedRedirect decision={decision} from={from} />;
  return <Outlet />;
};
