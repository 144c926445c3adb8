import type { UserRole } from '@beacon/domain/dictionary/roles';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { TenantScope } from '../../lib/tenant-scope';
import { diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  listUsersInScope,
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
  }).catch((error: unknown) => {
    throw takenErrorOf(error) ?? error;
  });
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
    }),
  });
  return user;
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

export { findUserByEmail, findUserById, findUserByUsername };

export const listSimulatableUsers = (
  db: Kysely<Database>,
  scope: TenantScope,
  options: { excludeUserId: string; roles: readonly UserRole[]; search: string | undefined; limit: number },
) => listUsersInScope(db, scope, options);

export type { TenantScope };
