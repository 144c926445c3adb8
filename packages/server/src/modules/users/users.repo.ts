import type { UserRole } from '@beacon/domain/dictionary/roles';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';
import { escapeLike } from '../../lib/list-query';
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
