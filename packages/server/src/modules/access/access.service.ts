import { PASSWORD_REUSED_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { addMinutes } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { actorOf } from '../history/history.service';
import { createOrganization } from '../organizations/organizations.service';
import {
  buildSessionView,
  forgetRevokedSessions,
  openSession,
  type RequestOrigin,
  revokeUserSessions,
  type SessionView,
} from '../session/session.service';
import {
  assertUsernameAndEmailFree,
  createUser,
  findUserByEmail,
  findUserById,
  setUserPassword,
} from '../users/users.service';
import {
  countRecentResets,
  findUsablePasswordReset,
  insertPasswordReset,
  usePasswordResets,
} from './access.repo';

/** At most this many reset emails per account per login window: more would only flood the mailbox. */
const MAX_RESET_EMAILS_PER_WINDOW = 3;

export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this email address, we have sent it a link to choose a new password. The link works for 60 minutes.';

/**
 * Password update (§7: organizationId, userId, password). The caller changes its own password and proves it
 * with the current one; every other session of the user ends, and a fresh full session is returned.
 */
export const changeOwnPassword = async (
  deps: Deps,
  principal: Principal,
  input: { organizationId: number; userId: number; currentPassword: string; password: string },
  origin: RequestOrigin,
): Promise<SessionView> => {
  // A password is personal: not even a simulation may change it (the fresh session would also drop the
  // impersonator, losing the second identity that history keeps on every write).
  if (
    principal.impersonatorUserId !== null ||
    String(input.userId) !== principal.userId ||
    String(input.organizationId) !== principal.organizationId
  ) {
    throw new AppError('FORBIDDEN');
  }
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new AppError('AUTHENTICATION_REQUIRED');
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError('WRONG_CURRENT_PASSWORD', {
      details: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }],
    });
  }
  if (await verifyPassword(user.password_hash, input.password)) {
    throw new AppError('VALIDATION_FAILED', {
      message: PASSWORD_REUSED_MESSAGE,
      details: [{ path: 'password', message: PASSWORD_REUSED_MESSAGE }],
    });
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await setUserPassword(trx, user, input.password, now, actorOf(principal));
    await revokeUserSessions(trx, user.id, now);
  });
  forgetRevokedSessions(deps);
  const { token, principal: fresh } = await openSession(deps, user, origin);
  return buildSessionView(deps, token, fresh);
};

/** Forgotten password: the same answer whether or not the address exists. */
export const requestPasswordReset = async (deps: Deps, email: string): Promise<void> => {
  const user = await findUserByEmail(deps.db, email.trim());
  if (user?.state !== 'active' || user.organization_state !== 'active') return;
  const now = deps.clock.now();
  const recent = await countRecentResets(deps.db, user.id, addMinutes(now, -deps.config.login.windowMinutes));
  if (recent >= MAX_RESET_EMAILS_PER_WINDOW) return;
  const token = newToken();
  await insertPasswordReset(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: addMinutes(now, deps.config.password.resetTokenMinutes),
    now,
  });
  const link = `${deps.config.publicUrl}/access/reset?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Beacon password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your Beacon account. To choose a new password, open this link:',
      link,
      '',
      `The link works once and for ${deps.config.password.resetTokenMinutes} minutes.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
};

/** Resets a password with an emailed token: single use, and every session of the user ends. */
/**
 * `POST /password/reset/check`: whether a reset link can still be used (not used, not expired, its user
 * active), so that its page says so on opening instead of after the new password is typed. Uses nothing.
 */
export const checkPasswordReset = async (deps: Deps, token: string): Promise<{ expires_at: string }> => {
  const reset = await findUsablePasswordReset(deps.db, hashToken(token), deps.clock.now());
  const user = reset ? await findUserById(deps.db, reset.user_id) : undefined;
  if (!reset || !user || user.state !== 'active') throw new AppError('INVALID_RESET_TOKEN');
  return { expires_at: reset.expires_at.toISOString() };
};

export const resetPassword = async (deps: Deps, token: string, password: string): Promise<void> => {
  const now = deps.clock.now();
  const reset = await findUsablePasswordReset(deps.db, hashToken(token), now);
  const user = reset ? await findUserById(deps.db, reset.user_id) : undefined;
  if (!reset || !user || user.state !== 'active') throw new AppError('INVALID_RESET_TOKEN');
  await deps.db.transaction().execute(async (trx) => {
    await setUserPassword(trx, user, password, now, { userId: user.id, impersonatorUserId: null });
    await usePasswordResets(trx, user.id, now);
    await revokeUserSessions(trx, user.id, now);
  });
  forgetRevokedSessions(deps);
};

export type SignUpInput = {
  company: string;
  country?: string | undefined;
  name: string;
  username: string;
  email: string;
  password: string;
};

/** Sign-up creates a regular organization with its owner and logs the owner in. */
export const signUp = async (deps: Deps, input: SignUpInput, origin: RequestOrigin): Promise<SessionView> => {
  await assertUsernameAndEmailFree(deps.db, input.username, input.email);
  const user = await deps.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(
      trx,
      { name: input.company, role: 'regular', country: input.country ?? null },
      { userId: null, impersonatorUserId: null },
    );
    return createUser(
      trx,
      {
        organizationId: organization.id,
        username: input.username,
        email: input.email,
        name: input.name,
        role: 'owner',
        password: input.password,
        passwordChangedAt: deps.clock.now(),
      },
      { userId: null, impersonatorUserId: null },
    );
  });
  const { token, principal } = await openSession(deps, user, origin);
  return buildSessionView(deps, token, principal);
};
