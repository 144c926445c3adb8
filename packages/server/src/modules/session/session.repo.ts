import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import { type Kysely, sql } from 'kysely';
import type { Database, SessionPurpose } from '../../db/schema';

export type ActiveSessionRow = {
  session_id: string;
  purpose: SessionPurpose;
  impersonator_user_id: string | null;
  parent_session_id: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_id: string;
  username: string;
  role: UserRole;
  organization_id: string;
  organization_role: OrganizationRole;
  organization_path: string;
  impersonator_role: UserRole | null;
  /** Paths of the advertisers the user is limited to for campaigns; empty when it sees them all. */
  campaign_advertiser_paths: string[];
};

/** A session by token hash with its user and organization, if neither is revoked or deleted. */
export const findLiveSessionByTokenHash = (
  db: Kysely<Database>,
  tokenHash: string,
): Promise<ActiveSessionRow | undefined> =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('organizations as o', 'o.id', 'u.organization_id')
    .leftJoin('users as i', 'i.id', 's.impersonator_user_id')
    .select([
      's.id as session_id',
      's.purpose',
      's.impersonator_user_id',
      's.parent_session_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      'u.id as user_id',
      'u.username',
      'u.role',
      'o.id as organization_id',
      'o.role as organization_role',
      'o.path as organization_path',
      'i.role as impersonator_role',
      sql<string[]>`CASE WHEN u.view_all_campaigns THEN '{}'::text[] ELSE ARRAY(
        SELECT ao.path FROM user_advertisers ua JOIN organizations ao ON ao.id = ua.organization_id
        WHERE ua.user_id = u.id ORDER BY ao.path
      ) END`.as('campaign_advertiser_paths'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('u.state', '=', 'active')
    .where('o.state', '=', 'active')
    .executeTakeFirst();

export const insertSession = (
  db: Kysely<Database>,
  values: {
    tokenHash: string;
    userId: string;
    purpose: SessionPurpose;
    expiresAt: Date;
    now: Date;
    ip: string | null;
    userAgent: string | null;
    impersonatorUserId?: string | null;
    parentSessionId?: string | null;
  },
) =>
  db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      purpose: values.purpose,
      created_at: values.now,
      expires_at: values.expiresAt,
      last_seen_at: values.now,
      ip: values.ip,
      user_agent: values.userAgent,
      impersonator_user_id: values.impersonatorUserId ?? null,
      parent_session_id: values.parentSessionId ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();

export const touchSession = (db: Kysely<Database>, sessionId: string, now: Date) =>
  db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();

/** Revokes a session and the simulations started from it. */
export const revokeSessionTree = async (
  db: Kysely<Database>,
  sessionId: string,
  now: Date,
): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', sessionId), eb('parent_session_id', '=', sessionId)]))
    .execute();
};

/** Revokes every session of a user (and simulations of that user), optionally keeping one. */
export const revokeUserSessions = async (
  db: Kysely<Database>,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<void> => {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_user_id', '=', userId)]));
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
};

/** Dated by the app's clock, like the window it is counted in (not the database's `now()`). */
export const recordLoginAttempt = (
  db: Kysely<Database>,
  values: { username: string; ip: string; succeeded: boolean; now: Date },
) =>
  db
    .insertInto('login_attempts')
    .values({ username: values.username, ip: values.ip, succeeded: values.succeeded, created_at: values.now })
    .execute();

/**
 * Failed logins since a moment, counted the three ways throttling needs (decision 034): the username from this
 * address, the username from every address, and this address for every username. One scan of the rows of
 * either the username or the address (both indexed with `created_at`).
 */
export const countLoginFailures = async (
  db: Kysely<Database>,
  by: { username: string; ip: string },
  since: Date,
): Promise<{ accountAndAddress: number; account: number; address: number }> => {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [
      eb.fn
        .countAll<string>()
        .filterWhere(eb.and([eb('username', '=', by.username), eb('ip', '=', by.ip)]))
        .as('account_and_address'),
      eb.fn.countAll<string>().filterWhere('username', '=', by.username).as('account'),
      eb.fn.countAll<string>().filterWhere('ip', '=', by.ip).as('address'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('username', '=', by.username), eb('ip', '=', by.ip)]))
    .executeTakeFirstOrThrow();
  return {
    accountAndAddress: Number(row.account_and_address),
    account: Number(row.account),
    address: Number(row.address),
  };
};

/** Marks a simulation grant as used; false when it was used before (single use). */
export const consumeSimulationGrant = async (
  db: Kysely<Database>,
  values: { tokenHash: string; sessionId: string; targetUserId: string; expiresAt: Date; now: Date },
): Promise<boolean> => {
  const row = await db
    .insertInto('simulation_grants')
    .values({
      token_hash: values.tokenHash,
      session_id: values.sessionId,
      target_user_id: values.targetUserId,
      expires_at: values.expiresAt,
      used_at: values.now,
    })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};
