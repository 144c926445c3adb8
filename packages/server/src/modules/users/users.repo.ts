import type { UserRole } from '@beacon/domain/dictionary/roles';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { USER_LIST_SPEC } from '@beacon/domain/validation/user-form';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { applyListQuery, countListQuery, escapeLike } from '../../lib/list-sql';
import { organizationPathInScope, type TenantScope } from '../../lib/tenant-scope';

export type UserWithOrganization = UserRow & {
  organization_name: string;
  organization_role: string;
  organization_path: string;
  organization_state: string;
};

const withOrganization = (db: Kysely<Database>) =>
  db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.organization_id')
    .selectAll('u')
    .select([
      'o.name as organization_name',
      'o.role as organization_role',
      'o.path as organization_path',
      'o.state as organization_state',
    ]);

export const findUserByUsername = (
  db: Kysely<Database>,
  username: string,
): Promise<UserWithOrganization | undefined> =>
  withOrganization(db).where(sql`lower(u.username)`, '=', username.toLowerCase()).executeTakeFirst();

export const findUserByEmail = (
  db: Kysely<Database>,
  email: string,
): Promise<UserWithOrganization | undefined> =>
  withOrganization(db).where(sql`lower(u.email)`, '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Kysely<Database>, id: string): Promise<UserWithOrganization | undefined> =>
  withOrganization(db).where('u.id', '=', id).executeTakeFirst();

export const insertUser = (db: Kysely<Database>, values: NewUser): Promise<UserRow> =>
  db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();

export const updateUserPassword = (db: Kysely<Database>, id: string, passwordHash: string, changedAt: Date) =>
  db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      password_changed_at: changedAt,
      updated_at: changedAt,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();

export const usernameOrEmailTaken = async (
  db: Kysely<Database>,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> => {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', username.toLowerCase()),
        eb(sql`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .execute();
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
};

/** Active users of active organizations inside the scope, for the simulation list. */
export const listUsersInScope = (
  db: Kysely<Database>,
  scope: TenantScope,
  options: { excludeUserId: string; roles: readonly UserRole[]; search: string | undefined; limit: number },
): Promise<UserWithOrganization[]> => {
  let query = withOrganization(db)
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where('u.state', '=', 'active')
    .where('o.state', '=', 'active')
    .where('u.id', '!=', options.excludeUserId)
    .where('u.role', 'in', options.roles);
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('u.username', 'ilike', pattern),
        eb('u.name', 'ilike', pattern),
        eb('o.name', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('o.name').orderBy('u.username').limit(options.limit).execute();
};

/** How the fields of USER_LIST_SPEC map onto users joined with their organization. */
const USER_LIST_SOURCE = {
  spec: USER_LIST_SPEC,
  columns: {
    id: 'u.id',
    username: 'u.username',
    name: 'u.name',
    email: 'u.email',
    role: 'u.role',
    state: 'u.state',
    organization: 'u.organization_id',
    created_at: 'u.created_at',
  },
  searchColumns: ['u.username', 'u.name', 'u.email'],
  idColumn: 'u.id',
} as const;

/**
 * One page of the users of an organization (or of it and its descendants: `organizationPath` given) that are
 * inside the scope, and the total across pages. Deleted users are never listed.
 */
export const listOrganizationUsers = async (
  db: Kysely<Database>,
  scope: TenantScope,
  where: { organizationId: string; subtreePath: string | null },
  list: ListQuery,
): Promise<{ rows: UserWithOrganization[]; total: number }> => {
  let base = withOrganization(db)
    .where((eb) => organizationPathInScope(scope, eb.ref('o.path')))
    .where('u.state', '<>', 'deleted');
  base = where.subtreePath
    ? base.where('o.path', 'like', `${escapeLike(where.subtreePath)}%`)
    : base.where('u.organization_id', '=', where.organizationId);
  const [rows, total] = await Promise.all([
    applyListQuery(base, list, USER_LIST_SOURCE).execute(),
    countListQuery(base, list, USER_LIST_SOURCE),
  ]);
  return { rows, total };
};

/** Users by id of an organization or of its descendants (by its path); deleted ones only `withDeleted`. */
export const findUsersInSubtree = (
  db: Kysely<Database>,
  subtreePath: string,
  ids: readonly string[],
  options: { withDeleted?: boolean } = {},
): Promise<UserWithOrganization[]> => {
  if (ids.length === 0) return Promise.resolve([]);
  const query = withOrganization(db)
    .where('u.id', 'in', ids)
    .where('o.path', 'like', `${escapeLike(subtreePath)}%`);
  return (options.withDeleted ? query : query.where('u.state', '<>', 'deleted')).orderBy('u.id').execute();
};

export type UserAdvertiserRow = { user_id: string; organization_id: string; name: string };

/** The advertiser organizations of some users, by name. */
export const findUserAdvertisers = (
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<UserAdvertiserRow[]> =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('user_advertisers as a')
        .innerJoin('organizations as o', 'o.id', 'a.organization_id')
        .select(['a.user_id', 'a.organization_id', 'o.name'])
        .where('a.user_id', 'in', userIds)
        .orderBy((eb) => eb.fn('lower', ['o.name']))
        .orderBy('o.id')
        .execute();

export const replaceUserAdvertisers = async (
  db: Kysely<Database>,
  userId: string,
  organizationIds: readonly string[],
): Promise<void> => {
  await db.deleteFrom('user_advertisers').where('user_id', '=', userId).execute();
  if (organizationIds.length === 0) return;
  await db
    .insertInto('user_advertisers')
    .values(organizationIds.map((organizationId) => ({ user_id: userId, organization_id: organizationId })))
    .execute();
};

/**
 * Changes one user, bumping its version. With `expectedVersion` the change only applies to that version:
 * `undefined` then means someone else changed the user first.
 */
export const updateUser = (
  db: Kysely<Database>,
  id: string,
  changes: UserUpdate,
  now: Date,
  expectedVersion?: number,
): Promise<UserRow | undefined> => {
  let query = db
    .updateTable('users')
    .set((eb) => ({ ...changes, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  return query.returningAll().executeTakeFirst();
};

/** Whether another user (not `exceptUserId`) already has this email, ignoring case. */
export const emailTakenByOther = async (
  db: Kysely<Database>,
  email: string,
  exceptUserId: string,
): Promise<boolean> => {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
};

/** The ids among `userIds` that are active users of the organization. */
export const findActiveUserIdsOf = async (
  db: Kysely<Database>,
  organizationId: string,
  userIds: readonly string[],
): Promise<string[]> => {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .where('organization_id', '=', organizationId)
    .where('state', '=', 'active')
    .execute();
  return rows.map((row) => row.id);
};
