/**
 * Session transitions with their side effects (§4): log in, log out, forced logout on 401, simulate another
 * user, return to the real one and toggle demo mode. Each resets the query cache, which reloads the
 * dictionary (its key follows the token and the demo flag) while the application loading flag is on.
 */
import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { SIMULATION_RETURN_DELAY_MS } from '@beacon/domain/dictionary/constants';
import {
  loginAsSimulatedUser,
  logout as revokeToken,
  type Session,
  type SimulatableUser,
} from '../../api/session';
import { reachableRoute } from '../areas';
import { navigateTo } from '../navigation';
import { queryClient } from '../query-client';
import { useUnsavedChangesStore } from '../unsaved-changes';
import { identityOf, useSessionStore } from './session-store';

export const LOGIN_PATH = '/access/login';

/** Router state of the login page: where to go back after logging in. */
export type LoginLocationState = { readonly from?: string };

const store = () => useSessionStore.getState();

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a switch of identity or demo mode: drop the answers nobody shows, and reload the ones on screen. The
 * dictionary is left out: its key follows the token and the demo flag, so it already loads under its new key.
 */
const reloadAfterSwitch = async (): Promise<void> => {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.resetQueries({
    type: 'active',
    predicate: (query) => query.queryKey[0] !== 'dictionary',
  });
};

/** Where a user goes after logging in: the requested page, else the role-based landing of §2. */
export const landingAfterLogin = (session: Session, from: string | undefined): string =>
  from && !from.startsWith('/access') ? from : reachableRoute(session.landing);

/** Stores a new session (login, sign-up, password change) and drops every cached answer of the previous one. */
export const signIn = (session: Session): void => {
  queryClient.clear();
  store().create(session);
};

/** Log out (§4 destroy): revoke the token with POST /logout, then clear the session and leave for the login page. */
export const logout = async (): Promise<void> => {
  const { session, setSwitching } = store();
  setSwitching(true);
  try {
    // Revoking the real session ends its simulations too; an unreachable server must not keep anyone signed in.
    if (session) await revokeToken(session.token).catch(() => undefined);
  } finally {
    useUnsavedChangesStore.getState().clearAll();
    store().destroy();
    setSwitching(false);
    await navigateTo(LOGIN_PATH, { replace: true });
    queryClient.clear();
  }
};

/**
 * A 401 on an authenticated call (§8): the token is no longer valid, so the session ends here. The route guard
 * then sends the browser to /access/login?error=<message>, remembering the page to come back to.
 */
export const forceLogout = (message: string): void => {
  if (!store().session) return;
  useUnsavedChangesStore.getState().clearAll();
  store().destroy(message);
  queryClient.clear();
};

/** The login page with the message of a forced logout (§2: login accepts an optional error parameter). */
export const loginPath = (reason: string | null): string =>
  reason ? `${LOGIN_PATH}?error=${encodeURIComponent(reason)}` : LOGIN_PATH;

/**
 * Simulate a user (§4): exchange the grant with the real user's token, keep the simulated session under
 * `session.simulation` and land where that user lands. Choosing another user while simulating replaces the
 * simulation, whose token is then revoked.
 */
export const startSimulation = async (user: SimulatableUser): Promise<void> => {
  const { session, setSwitching } = store();
  if (!session) return;
  setSwitching(true);
  try {
    const simulated = await loginAsSimulatedUser(user.token, session.token);
    const previous = session.simulation;
    store().simulate(identityOf(simulated));
    if (previous) void revokeToken(previous.token).catch(() => undefined);
    await navigateTo(reachableRoute(simulated.landing));
    await reloadAfterSwitch();
  } finally {
    setSwitching(false);
  }
};

/**
 * Return to the real user (§4): after SIMULATION_RETURN_DELAY_MS drop the simulation, revoke its token and go
 * to the real user's role-based page (§6).
 */
export const returnToRealUser = async (): Promise<void> => {
  const { session, setSwitching } = store();
  const simulation = session?.simulation;
  if (!session || !simulation) return;
  setSwitching(true);
  try {
    await delay(SIMULATION_RETURN_DELAY_MS);
    store().dropSimulation();
    void revokeToken(simulation.token).catch(() => undefined);
    await navigateTo(reachableRoute(fallbackRoute(session.role, session.organization.role)));
    await reloadAfterSwitch();
  } finally {
    setSwitching(false);
  }
};

/** Demo mode on or off (§4): persisted, sent as a header with every request, and every answer reloaded. */
export const setDemoMode = async (isDemo: boolean): Promise<void> => {
  store().setDemo(isDemo);
  await reloadAfterSwitch();
};
