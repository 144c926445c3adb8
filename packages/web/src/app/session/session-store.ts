/**
 * The session of §3 and its transitions of §4, kept in localStorage so that a reload keeps the user signed in:
 * create, update (merge), destroy, simulate (the simulated session under `simulation`, its token mirrored into
 * the matching entry of `users`), drop the simulation, and the demo flag. Side effects (API calls, cache,
 * navigation) live in session-actions.ts; this store only holds state.
 */
import { canUseDemo } from '@beacon/domain/access/permissions';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Session, SessionIdentity } from '../../api/session';
import { SESSION_STORAGE_KEY } from './session-storage-key';

const SESSION_STORAGE_VERSION = 1;

type SessionState = {
  readonly session: Session | null;
  readonly isDemo: boolean;
  /** Logging in, out, simulating or returning: part of the application loading flag (§4). Not persisted. */
  readonly isSwitching: boolean;
  /** Why the session ended when the server ended it (§8: the 401 message shown on the login page). */
  readonly signedOutReason: string | null;
};

type SessionActions = {
  readonly create: (session: Session) => void;
  /** Merges changes into the identity in use: the simulated one while simulating. */
  readonly update: (changes: Partial<SessionIdentity>) => void;
  /** Ends the session; `reason` is set when the server ended it, and shown at login. */
  readonly destroy: (reason?: string) => void;
  readonly clearSignedOutReason: () => void;
  readonly simulate: (simulation: SessionIdentity) => void;
  readonly dropSimulation: () => void;
  readonly setDemo: (isDemo: boolean) => void;
  readonly setSwitching: (isSwitching: boolean) => void;
};

export type SessionStore = SessionState & SessionActions;

/** The identity a server answer describes, without a simulation of its own. */
export const identityOf = ({ simulation: _simulation, ...identity }: Session): SessionIdentity => identity;

export const useSessionStore = create<SessionStore>()(
  persist(
    (set) => ({
      session: null,
      isDemo: false,
      isSwitching: false,
      signedOutReason: null,
      create: (session) =>
        set((state) => ({
          session,
          isDemo: state.isDemo && canUseDemo(session.role),
          signedOutReason: null,
        })),
      update: (changes) =>
        set(({ session }) => {
          if (!session) return {};
          if (session.simulation)
            return { session: { ...session, simulation: { ...session.simulation, ...changes } } };
          return { session: { ...session, ...changes } };
        }),
      destroy: (reason) => set({ session: null, isDemo: false, signedOutReason: reason ?? null }),
      clearSignedOutReason: () => set({ signedOutReason: null }),
      simulate: (simulation) =>
        set(({ session }) => {
          if (!session) return {};
          const users = session.users.map((user) =>
            user.id === simulation.user.id ? { ...user, token: simulation.token } : user,
          );
          return { session: { ...session, users, simulation } };
        }),
      dropSimulation: () =>
        set(({ session }) => (session ? { session: { ...session, simulation: null } } : {})),
      setDemo: (isDemo) => set({ isDemo }),
      setSwitching: (isSwitching) => set({ isSwitching }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: SESSION_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ session, isDemo }) => ({ session, isDemo }),
      // A session stored by another version of the console is not trusted: log in again.
      migrate: () => ({ session: null, isDemo: false }),
    },
  ),
);

export const selectRealIdentity = (state: SessionState): Session | null => state.session;

/** The identity the console acts as: the simulated one while simulating. */
export const selectActiveIdentity = (state: SessionState): SessionIdentity | null =>
  state.session?.simulation ?? state.session;

export const selectActiveToken = (state: SessionState): string | null =>
  selectActiveIdentity(state)?.token ?? null;

export const selectIsSimulating = (state: SessionState): boolean => Boolean(state.session?.simulation);

/** Another tab logged in or out: follow it, so that no tab keeps acting with a revoked token. */
export const syncSessionAcrossTabs = (): void => {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) void useSessionStore.persist.rehydrate();
  });
};
