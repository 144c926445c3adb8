import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * User management (decision 011):
 * - `users.decimal_mark`: the profile's decimal mark, which the session now reads from the user (it used to be
 *   the organization's). Existing users start with their organization's mark.
 * - Deleting a user is a state: `state = 'deleted'` with `deleted_at`, so history keeps pointing at it. A deleted
 *   user keeps its username and email (the unique indexes of 0001 cover every row), so nobody can later sign in
 *   under a name the history shows for someone else. `users_state_check` lists the states of
 *   `domain/dictionary/users.ts` and `users_role_check` the roles of `domain/dictionary/roles.ts`, as they were
 *   when this migration was written.
 * - `user_advertisers`: the advertiser organizations (children of the user's organization) a user is
 *   restricted to; none means no restriction.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE users
      ADD COLUMN decimal_mark text NOT NULL DEFAULT '.'
        CONSTRAINT users_decimal_mark_check CHECK (decimal_mark IN ('.', ',')),
      ADD COLUMN deleted_at timestamptz,
      ADD CONSTRAINT users_state_check CHECK (state IN ('active', 'inactive', 'deleted')),
      ADD CONSTRAINT users_role_check CHECK (role IN ('supervisor', 'admin', 'account_manager', 'viewer',
        'editor', 'advertiser', 'owner', 'support', 'adexchange', 'audience_manager', 'creative_manager'));

    UPDATE users AS u SET decimal_mark = o.decimal_mark
      FROM organizations AS o
      WHERE o.id = u.organization_id AND o.decimal_mark IN ('.', ',');

    CREATE TABLE user_advertisers (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, organization_id)
    );
    CREATE INDEX user_advertisers_organization_idx ON user_advertisers (organization_id);
  `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP TABLE user_advertisers;
    ALTER TABLE users
      DROP CONSTRAINT users_role_check,
      DROP CONSTRAINT users_state_check,
      DROP COLUMN deleted_at,
      DROP COLUMN decimal_mark;
  `,
  );
};
