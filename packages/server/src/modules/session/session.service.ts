import { canSimulate, isAdmin, isInternal } from '@beacon/domain/access/permissions';
import { fallbackRoute } from '@beacon/domain/access/route-guard';
import { USER_ROLES, type UserRole } from '@beacon/domain/dictionary/roles';
import type { Deps, Principal } from '../../app-types';
import type { OrganizationRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addDays, addMinutes } from '../../lib/clock';
import { installationSecret } from '../../lib/installation-secrets';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { scopeOf } from '../../lib/tenant-scope';
import { hashToken, newToken } from '../../lib/tokens';
import {
  ancestorIds,
  type Customization,
  customizationForOrganization,
  getOrganization,
  whitelabelOrganizationOfHost,
} from '../organizations/organizations.service';
import {
  findUserById,
  findUserByUsername,
  listSimulatableUsers,
  type UserWithOrganization,
} from '../users/users.service';
import {
  type ActiveSessionRow,
  consumeSimulationGrant,
  countLoginFailures,
  findLiveSessionByTokenHash,
  insertSession,
  recordLoginAttempt,
  revokeSessionTree,
  revokeUserSessions,
  touchSession,
} from './session.repo';
import { signGrant, verifyGrant } from './simulation-grants';

export { revokeUserSessions };

/** How many simulatable users a session lists inline; the rest are found with GET /session/users?search=. */
export const SESSION_USERS_LIMIT = 50;
const PASSWORD_CHANGE_SESSION_MINUTES = 15;
const TOUCH_INTERVAL_MS = 60_000;

export type RequestOrigin = { ip: string; userAgent: string | null };

export type SessionOrganization = {
  id: number;
  role: string;
  name: string;
  image: string | null;
  title: string | null;
  favicon: string | null;
  color: string | null;
  parent: number | null;
  invoicing: { payment_terms: string; currency_invoicing: string };
};

export type SimulatableUser = {
  id: number;
  token: string;
  username: string;
  name: string;
  role: UserRole;
  organization: { id: number; name: string };
};

export type SessionView = {
  token: string;
  role: UserRole;
  user: { id: number; username: string; name: string; email: string };
  organization: SessionOrganization;
  customization: Customization;
  users: SimulatableUser[];
  /** Always null from the server: the console stores a simulated session here (§4). */
  simulation: null;
  impersonator: { id: number; username: string; name: string } | null;
  landing: string;
  created_at: string;
  expires_at: string;
  password_expires_at: string | null;
  /** When the console starts warning about the expiry (PASSWORD_EXPIRY_WARNING_DAYS before it). */
  password_warning_at: string | null;
  decimal_mark: string;
  hide_docs: boolean;
  test: boolean;
  image: string;
  /** The operator's own staff see and act for every organization (decision 002). */
  operator_staff: boolean;
};

const toOrganizationView = (organization: OrganizationRow): SessionOrganization => ({
  id: Number(organization.id),
  role: organization.role,
  name: organization.name,
  image: organization.image,
  title: organization.title,
  favicon: organization.favicon,
  color: organization.color,
  parent: organization.parent_id === null ? null : Number(organization.parent_id),
  invoicing: {
    payment_terms: organization.payment_terms,
    currency_invoicing: organization.invoicing_currency,
  },
});

/** Loads (creating on first use) the key that signs simulation grants. */
export const loadGrantSecret = (deps: Pick<Deps, 'db'>): Promise<string> =>
  installationSecret(deps.db, 'simulationGrant');

const isOperatorStaff = (deps: Deps, role: UserRole, organizationId: string): boolean =>
  organizationId === String(deps.config.operatorOrganizationId) && (isInternal(role) || role === 'support');

/** The live session of a token hash from the database, touched when its idle window nears its end. */
const lookUpSession = async (deps: Deps, tokenHash: string, now: Date): Promise<ActiveSessionRow | null> => {
  const found = await findLiveSessionByTokenHash(deps.db, tokenHash);
  if (!found) return null;
  // Writes are spared by touching at most once a minute, yet often enough to keep a short idle window open.
  const touchInterval = Math.min(TOUCH_INTERVAL_MS, (deps.config.session.idleTimeoutMinutes * 60_000) / 10);
  const isIdleSoon = now.getTime() - found.last_seen_at.getTime() > touchInterval;
  const isAlive =
    found.expires_at > now && addMinutes(found.last_seen_at, deps.config.session.idleTimeoutMinutes) > now;
  if (!isAlive || !isIdleSoon) return found;
  await touchSession(deps.db, found.session_id, now);
  return { ...found, last_seen_at: now };
};

/** Resolves a bearer token to its caller, enforcing revocation, absolute and idle expiry. */
export const resolvePrincipal = async (deps: Deps, token: string): Promise<Principal | null> => {
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  const row =
    deps.sessionCache.get(tokenHash) ??
    (await deps.sessionCache.load(tokenHash, () => lookUpSession(deps, tokenHash, now)));
  if (!row) return null;
  if (row.expires_at <= now) return null;
  if (addMinutes(row.last_seen_at, deps.config.session.idleTimeoutMinutes) <= now) return null;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    username: row.username,
    role: row.role,
    organizationId: row.organization_id,
    organizationRole: row.organization_role,
    organizationPath: row.organization_path,
    purpose: row.purpose,
    impersonatorUserId: row.impersonator_user_id,
    realRole: row.impersonator_role,
    rootSessionId: row.parent_session_id ?? row.session_id,
    isOperatorStaff: isOperatorStaff(deps, row.role, row.organization_id),
    campaignAdvertiserPaths: row.campaign_advertiser_paths.length > 0 ? row.campaign_advertiser_paths : null,
  };
};

/** Roles a caller may become: nobody simulates someone more privileged than themselves. */
export const simulatableRoles = (role: UserRole): readonly UserRole[] =>
  USER_ROLES.filter((target) => {
    if (target === 'supervisor') return role === 'supervisor';
    if (isInternal(target) || target === 'support') return isAdmin(role);
    return true;
  });

const mayOfferSimulation = (principal: Principal): boolean =>
  canSimulate({
    role: principal.role,
    realRole: principal.realRole,
    isSimulating: principal.impersonatorUserId !== null,
  });

const passwordExpiresAt = (deps: Deps, user: { password_changed_at: Date }): Date | null =>
  deps.config.password.maxAgeDays > 0
    ? addDays(user.password_changed_at, deps.config.password.maxAgeDays)
    : null;

export const listUsersToSimulate = async (
  deps: Deps,
  principal: Principal,
  search: string | undefined,
  limit = SESSION_USERS_LIMIT,
): Promise<SimulatableUser[]> => {
  if (principal.purpose !== 'full' || !mayOfferSimulation(principal)) return [];
  const users = await listSimulatableUsers(deps.db, scopeOf(principal), {
    excludeUserId: principal.userId,
    roles: simulatableRoles(principal.role),
    search,
    limit,
  });
  const expiresAt = deps.clock.now().getTime() + deps.config.simulationGrantSeconds * 1000;
  return users.map((user) => ({
    id: Number(user.id),
    token: signGrant(deps.grantSecret, { sessionId: principal.sessionId, targetUserId: user.id, expiresAt }),
    username: user.username,
    name: user.name,
    role: user.role,
    organization: { id: Number(user.organization_id), name: user.organization_name },
  }));
};

/** The session object of spec §3 for a token and its caller. */
export const buildSessionView = async (
  deps: Deps,
  token: string,
  principal: Principal,
): Promise<SessionView> => {
  const user = await findUserById(deps.db, principal.userId);
  const organization = await getOrganization(deps.db, { kind: 'all' }, principal.organizationId);
  if (!user || !organization) throw new AppError('AUTHENTICATION_REQUIRED');
  const session = await deps.db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('id', '=', principal.sessionId)
    .executeTakeFirstOrThrow();
  const impersonator = principal.impersonatorUserId
    ? await findUserById(deps.db, principal.impersonatorUserId)
    : undefined;
  const expiresAt = passwordExpiresAt(deps, user);
  return {
    token,
    role: user.role,
    user: { id: Number(user.id), username: user.username, name: user.name, email: user.email },
    organization: toOrganizationView(organization),
    customization: await customizationForOrganization(deps.db, organization),
    users: await listUsersToSimulate(deps, principal, undefined),
    simulation: null,
    impersonator: impersonator
      ? { id: Number(impersonator.id), username: impersonator.username, name: impersonator.name }
      : null,
    landing: fallbackRoute(user.role, organization.role),
    created_at: session.created_at.toISOString(),
    expires_at: session.expires_at.toISOString(),
    password_expires_at: expiresAt?.toISOString() ?? null,
    password_warning_at: expiresAt
      ? addDays(expiresAt, -deps.config.password.expiryWarningDays).toISOString()
      : null,
    decimal_mark: user.decimal_mark,
    hide_docs: organization.hide_docs,
    test: false,
    image: user.image,
    operator_staff: principal.isOperatorStaff,
  };
};

type NewSessionOptions = {
  purpose?: 'full' | 'password_change';
  impersonatorUserId?: string | null;
  parentSessionId?: string | null;
  expiresAt?: Date;
};

/** Opens a session for a user and returns its token (shown once, stored only as a hash). */
export const openSession = async (
  deps: Deps,
  user: Pick<UserWithOrganization, 'id'>,
  origin: RequestOrigin,
  options: NewSessionOptions = {},
): Promise<{ token: string; principal: Principal }> => {
  const now = deps.clock.now();
  const purpose = options.purpose ?? 'full';
  const absolute = addMinutes(now, deps.config.session.absoluteTimeoutHours * 60);
  const expiresAt =
    purpose === 'password_change'
      ? addMinutes(now, PASSWORD_CHANGE_SESSION_MINUTES)
      : (options.expiresAt ?? absolute);
  const token = newToken();
  await insertSession(deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    expiresAt: new Date(Math.min(expiresAt.getTime(), absolute.getTime())),
    now,
    ip: origin.ip,
    userAgent: origin.userAgent,
    impersonatorUserId: options.impersonatorUserId ?? null,
    parentSessionId: options.parentSessionId ?? null,
  });
  const principal = await resolvePrincipal(deps, token);
  if (!principal) throw new AppError('INTERNAL', { message: 'session could not be opened' });
  return { token, principal };
};

/** POST /login {username, password}: same answer for unknown users and wrong passwords; throttled. */
/**
 * Whether a user may log in on the host the console is served on: anyone on the product's own hosts; on a
 * white-label host only the users of its organization and of the organizations below it, and the operator's
 * staff (decision 037).
 */
const mayLogInOnHost = async (
  deps: Deps,
  user: { role: UserRole; organization_id: string; organization_path: string },
  host: string | undefined,
): Promise<boolean> => {
  if (host === undefined) return true;
  const whitelabel = await whitelabelOrganizationOfHost(deps.db, host);
  if (!whitelabel) return true;
  return (
    isOperatorStaff(deps, user.role, user.organization_id) ||
    ancestorIds(user.organization_path).includes(whitelabel.id)
  );
};

export const loginWithPassword = async (
  deps: Deps,
  credentials: { username: string; password: string },
  origin: RequestOrigin,
  host?: string,
): Promise<SessionView> => {
  const username = credentials.username.trim().toLowerCase();
  const now = deps.clock.now();
  const since = addMinutes(now, -deps.config.login.windowMinutes);
  // Throttled per (username, address) at a low ceiling, per address and per username from all addresses at
  // higher ones: a stranger elsewhere cannot lock the owner out, and guessing stays slow (decision 034). The
  // check runs before the user is looked up, so a throttled answer is the same for unknown usernames.
  const failures = await countLoginFailures(deps.db, { username, ip: origin.ip }, since);
  const limits = deps.config.login;
  if (
    failures.accountAndAddress >= limits.maxFailuresPerAccountAndAddress ||
    failures.address >= limits.maxFailuresPerAddress ||
    failures.account >= limits.maxFailuresPerAccountAllAddresses
  ) {
    throw new AppError('TOO_MANY_ATTEMPTS', {
      message: `Too many failed login attempts. Try again in ${limits.windowMinutes} minutes`,
    });
  }
  const user = await findUserByUsername(deps.db, username);
  const isValid = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : await burnPasswordCheck(credentials.password).then(() => false);
  // A user of another organization on a white-label host gets the answer of a wrong password (decision 037).
  if (
    !user ||
    !isValid ||
    user.state !== 'active' ||
    user.organization_state !== 'active' ||
    !(await mayLogInOnHost(deps, user, host))
  ) {
    await recordLoginAttempt(deps.db, { username, ip: origin.ip, succeeded: false, now });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await recordLoginAttempt(deps.db, { username, ip: origin.ip, succeeded: true, now });
  const expiresAt = passwordExpiresAt(deps, user);
  if (expiresAt && expiresAt <= now) {
    const { token } = await openSession(deps, user, origin, { purpose: 'password_change' });
    // The restricted token cannot read GET /session, so the ids that PUT /password takes come with it.
    throw new AppError('PASSWORD_EXPIRED', {
      extra: { token, userId: Number(user.id), organizationId: Number(user.organization_id) },
    });
  }
  const { token, principal } = await openSession(deps, user, origin);
  return buildSessionView(deps, token, principal);
};

/** POST /login {token}: exchanges a simulation grant, presented by the session it was issued to. */
export const startSimulation = async (
  deps: Deps,
  caller: Principal | null,
  grant: string,
  origin: RequestOrigin,
): Promise<SessionView> => {
  const now = deps.clock.now();
  const claims = verifyGrant(deps.grantSecret, grant, now.getTime());
  if (!claims || !caller || caller.sessionId !== claims.sessionId)
    throw new AppError('INVALID_SIMULATION_GRANT');
  if (caller.purpose !== 'full' || !mayOfferSimulation(caller)) throw new AppError('SIMULATION_NOT_ALLOWED');
  const target = await findUserById(deps.db, claims.targetUserId);
  const scope = scopeOf(caller);
  const isInScope =
    target !== undefined &&
    (scope.kind === 'all' || ancestorIds(target.organization_path).includes(scope.organizationId));
  if (
    !target ||
    !isInScope ||
    target.id === caller.userId ||
    target.state !== 'active' ||
    target.organization_state !== 'active' ||
    !simulatableRoles(caller.role).includes(target.role)
  ) {
    throw new AppError('SIMULATION_NOT_ALLOWED');
  }
  const isFirstUse = await consumeSimulationGrant(deps.db, {
    tokenHash: hashToken(grant),
    sessionId: caller.sessionId,
    targetUserId: target.id,
    expiresAt: new Date(claims.expiresAt),
    now,
  });
  if (!isFirstUse) throw new AppError('INVALID_SIMULATION_GRANT');
  const parent = await deps.db
    .selectFrom('sessions')
    .select('expires_at')
    .where('id', '=', caller.sessionId)
    .executeTakeFirstOrThrow();
  // The simulation never outlives the real session; nested simulations keep the original real user.
  const { token, principal } = await openSession(deps, target, origin, {
    impersonatorUserId: caller.impersonatorUserId ?? caller.userId,
    // Nested simulations hang from the real user's session, so its logout ends all of them.
    parentSessionId: caller.rootSessionId,
    expiresAt: parent.expires_at,
  });
  deps.logger.info(
    {
      impersonator: caller.impersonatorUserId ?? caller.userId,
      target: target.id,
      session: principal.sessionId,
    },
    'simulation started',
  );
  return buildSessionView(deps, token, principal);
};

export const logout = async (deps: Deps, principal: Principal): Promise<void> => {
  await revokeSessionTree(deps.db, principal.sessionId, deps.clock.now());
  deps.sessionCache.clear();
};

/** Ends every session of a user (password changed or reset); call after the transaction that changed it. */
export const forgetRevokedSessions = (deps: Deps): void => deps.sessionCache.clear();
