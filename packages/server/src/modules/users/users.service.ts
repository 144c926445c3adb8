import type { UserRole } from '@beacon/domain/dictionary/roles';
import type { DecimalMark } from '@beacon/domain/dictionary/users';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { TenantScope } from '../../lib/tenant-scope';
import { diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import {
  emailTakenByOther,
  findUserAdvertisers,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  listUsersInScope,
  replaceUserAdvertisers,
  updateUser,
  updateUserPassword,
  usernameOrEmailTaken,
} from './users.repo';

export type { UserWithOrganization } from './users.repo';

export type CreateUserInput = {
  organizationId: string;
  username: string;
  email: string;
  name: string;
  phone?: string | null;
  role: UserRole;
  password: string;
  /** A precomputed hash of `password` (the demo seed hashes its shared password once). */
  passwordHash?: string;
  passwordChangedAt?: Date;
  /** Advertiser organizations (children of `organizationId`) the user is restricted to; checked by the caller. */
  advertisers?: readonly string[];
  viewAllKpis?: boolean;
  viewAllCampaigns?: boolean;
  decimalMark?: DecimalMark;
};

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', {
    details: [{ path: 'username', message: USERNAME_TAKEN_MESSAGE }],
  });
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', {
    details: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }],
  });

/** Usernames and emails are unique across the platform, case-insensitively (409 with a clear message). */
export const assertUsernameAndEmailFree = async (db: Kysely<Database>, username: string, email: string) => {
  const taken = await usernameOrEmailTaken(db, username, email);
  if (taken.username) throw usernameTaken();
  if (taken.email) throw emailTaken();
};

/**
 * The check above cannot see a concurrent insert: the unique indexes (migration 0001) then refuse the second
 * one, and that refusal is the same 409, not a 500.
 */
const takenErrorOf = (error: unknown): AppError | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505')
    return undefined;
  const constraint = 'constraint' in error ? error.constraint : undefined;
  if (constraint === 'users_username_key') return usernameTaken();
  if (constraint === 'users_email_key') return emailTaken();
  return undefined;
};

export const createUser = async (
  db: Kysely<Database>,
  input: CreateUserInput,
  actor: HistoryActor,
): Promise<UserRow> => {
  await assertUsernameAndEmailFree(db, input.username, input.email);
  const user = await insertUser(db, {
    organization_id: input.organizationId,
    username: input.username,
    email: input.email,
    name: input.name,
    phone: input.phone ?? null,
    role: input.role,
    password_hash: input.passwordHash ?? (await hashPassword(input.password)),
    password_changed_at: input.passwordChangedAt ?? new Date(),
    view_all_kpis: input.viewAllKpis ?? false,
    view_all_campaigns: input.viewAllCampaigns ?? false,
    ...(input.decimalMark ? { decimal_mark: input.decimalMark } : {}),
  }).catch((error: unknown) => {
    throw takenErrorOf(error) ?? error;
  });
  const advertisers = [...(input.advertisers ?? [])].sort();
  if (advertisers.length > 0) await replaceUserAdvertisers(db, user.id, advertisers);
  await recordHistory(db, {
    entity: 'user',
    entityId: user.id,
    organizationId: user.organization_id,
    action: 'create',
    actor,
    changes: diffFields(null, {
      username: user.username,
      email: user.email,
      name: user.name,
      role: user.role,
      organization_id: user.organization_id,
      password: '',
      ...(advertisers.length > 0 ? { advertisers } : {}),
      ...(user.view_all_kpis ? { view_all_kpis: true } : {}),
      ...(user.view_all_campaigns ? { view_all_campaigns: true } : {}),
    }),
  });
  return user;
};

/** An email address no other user has (409 EMAIL_TAKEN otherwise). */
export const assertEmailFreeFor = async (db: Kysely<Database>, email: string, userId: string) => {
  if (await emailTakenByOther(db, email, userId)) throw emailTaken();
};

export type UserChanges = Omit<
  UserUpdate,
  'id' | 'version' | 'created_at' | 'updated_at' | 'password_hash'
> & {
  /** The new set of advertiser organization ids; checked by the caller. */
  advertisers?: readonly string[];
};

/** The advertiser organization ids of a user, sorted (how history records them). */
const advertiserIdsOf = async (db: Kysely<Database>, userId: string): Promise<string[]> =>
  (await findUserAdvertisers(db, [userId])).map((row) => row.organization_id).sort();

/**
 * Applies changes to one user and records them in history (`action`, e.g. update, delete, profile). With
 * `expectedVersion`, a user changed since that version answers 409 STALE_VERSION; a new email is checked
 * for uniqueness first and the unique index settles a race the same way.
 */
export const changeUser = async (
  db: Kysely<Database>,
  before: UserRow,
  changes: UserChanges,
  options: { now: Date; actor: HistoryActor; action: string; expectedVersion?: number },
): Promise<UserRow> => {
  const { advertisers, ...columns } = changes;
  if (columns.email !== undefined && columns.email.toLowerCase() !== before.email.toLowerCase()) {
    await assertEmailFreeFor(db, columns.email, before.id);
  }
  const after = await updateUser(db, before.id, columns, options.now, options.expectedVersion).catch(
    (error: unknown) => {
      throw takenErrorOf(error) ?? error;
    },
  );
  if (!after) throw new AppError('STALE_VERSION');
  const beforeFields: Record<string, unknown> = {};
  const afterFields: Record<string, unknown> = {};
  for (const field of Object.keys(columns) as (keyof typeof columns)[]) {
    beforeFields[field] = before[field as keyof UserRow];
    afterFields[field] = after[field as keyof UserRow];
  }
  if (advertisers !== undefined) {
    const next = [...new Set(advertisers)].sort();
    beforeFields.advertisers = await advertiserIdsOf(db, before.id);
    afterFields.advertisers = next;
    if (JSON.stringify(beforeFields.advertisers) !== JSON.stringify(next)) {
      await replaceUserAdvertisers(db, before.id, next);
    }
  }
  const diff = diffFields(beforeFields, afterFields);
  if (diff.length > 0) {
    await recordHistory(db, {
      entity: 'user',
      entityId: before.id,
      organizationId: before.organization_id,
      action: options.action,
      actor: options.actor,
      changes: diff,
    });
  }
  return after;
};

export const setUserPassword = async (
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'organization_id'>,
  password: string,
  now: Date,
  actor: HistoryActor,
): Promise<void> => {
  await updateUserPassword(db, user.id, await hashPassword(password), now);
  await recordHistory(db, {
    entity: 'user',
    entityId: user.id,
    organizationId: user.organization_id,
    action: 'password_change',
    actor,
    changes: diffFields({ password: '' }, { password: 'changed' }),
  });
};

export {
  findActiveUserIdsOf,
  findUserAdvertisers,
  findUsersInSubtree,
  listOrganizationUsers,
  type UserAdvertiserRow,
} from './users.repo';
export { findUserByEmail, findUserById, findUserByUsername };

export const listSimulatableUsers = (
  db: Kysely<Database>,
  scope: TenantScope,
  options: { excludeUserId: string; roles: readonly UserRole[]; search: string | undefined; limit: number },
) => listUsersInScope(db, scope, options);

export type { TenantScope };
