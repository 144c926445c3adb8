/**
 * Session calls of §7 (POST /login, POST /logout, GET /session, GET /session/users) and the session object of
 * §3 as the API returns it (packages/server/src/modules/session/session.schemas.ts).
 */
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import { api } from './client';

export type Customization = {
  readonly color: string | null;
  readonly logo: string | null;
  readonly favicon: string | null;
  readonly title: string | null;
  readonly isWhitelabel: boolean;
};

export type SimulatableUser = {
  readonly id: number;
  /** A short-lived, single-use grant exchanged by POST /login {token}; while simulating, the session token. */
  readonly token: string;
  readonly username: string;
  readonly name: string;
  readonly role: UserRole;
  readonly organization: { readonly id: number; readonly name: string };
};

export type SessionUser = {
  readonly id: number;
  readonly username: string;
  readonly name: string;
  readonly email: string;
};

export type SessionOrganization = {
  readonly id: number;
  readonly role: OrganizationRole;
  readonly name: string;
  readonly image: string | null;
  readonly title: string | null;
  readonly favicon: string | null;
  readonly color: string | null;
  readonly parent: number | null;
  readonly invoicing: { readonly payment_terms: string; readonly currency_invoicing: string };
};

/** One signed-in identity: the real user's, or a simulated one. */
export type SessionIdentity = {
  readonly token: string;
  readonly role: UserRole;
  readonly user: SessionUser;
  readonly organization: SessionOrganization;
  readonly customization: Customization;
  readonly users: readonly SimulatableUser[];
  readonly impersonator: { readonly id: number; readonly username: string; readonly name: string } | null;
  /** Where this user lands after login: the role-based route of §2. */
  readonly landing: string;
  readonly created_at: string;
  readonly expires_at: string;
  readonly password_expires_at: string | null;
  readonly password_warning_at: string | null;
  readonly decimal_mark: string;
  readonly hide_docs: boolean;
  readonly test: boolean;
  readonly image: string;
  /** The operator's own staff, who see and act for every organization. */
  readonly operator_staff: boolean;
};

/** The session of §3: the real identity, and the simulated one the console stores while simulating (§4). */
export type Session = SessionIdentity & { readonly simulation: SessionIdentity | null };

export type Credentials = { readonly username: string; readonly password: string };

/** POST /login {username, password}. A 401 here is an answer (wrong password, expired password), never a logout. */
export const login = (credentials: Credentials, signal?: AbortSignal): Promise<Session> =>
  api<Session>('/login', { method: 'POST', body: credentials, token: null, handleAuthErrors: false, signal });

/** POST /login {token}: exchanges a simulation grant, presented with the real user's bearer. */
export const loginAsSimulatedUser = (grant: string, realToken: string): Promise<Session> =>
  api<Session>('/login', {
    method: 'POST',
    body: { token: grant },
    token: realToken,
    handleAuthErrors: false,
  });

/** POST /logout with a given bearer (the simulated one when leaving a simulation). */
export const logout = async (token: string): Promise<void> => {
  await api<{ message: string }>('/logout', { method: 'POST', token, handleAuthErrors: false });
};

export const fetchSession = (signal?: AbortSignal): Promise<Session> => api<Session>('/session', { signal });

/** GET /session/users?search=: users the real user may simulate, each with a fresh grant. */
export const searchSimulatableUsers = (
  search: string,
  realToken: string,
  signal?: AbortSignal,
): Promise<SimulatableUser[]> =>
  api<SimulatableUser[]>('/session/users', { params: { search, limit: 50 }, token: realToken, signal });
