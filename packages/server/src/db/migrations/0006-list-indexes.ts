import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * What keeps `GET /organizations` within its budget at 50,000 organizations (decision 012).
 *
 * Indexes serve the grid's usual questions, not every filter with every sort. The default order,
 * `lower(name), id`, has had its index since 0003. Newest first needs `(created_at, id)`. The country is the
 * back office's usual filter; text equality compiles to `lower(column) = lower(value)`, so its index is on
 * `lower(country)`, followed by `created_at, id` so that "one country, newest first" reads 32 entries and no
 * more; the same prefix serves a country filter under any other order. Enumerations with a few values (state,
 * currency, region…) get none: a common value is found along the order's index, a rare one by a short scan.
 *
 * `list_changed()` moves a sequence on every statement that writes the table, so that a server remembers a
 * list's count until the rows change instead of counting 50,000 rows for every page (lib/list-count-cache.ts).
 * It is a sequence, not a counter row, because a sequence takes no row lock: concurrent writers never wait
 * on it. Other lists reuse the function with a sequence of their own.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    CREATE INDEX organizations_created_idx ON organizations (created_at, id);
    CREATE INDEX organizations_country_created_idx ON organizations (lower(country), created_at, id);

    CREATE FUNCTION list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM nextval(TG_ARGV[0]::regclass);
      RETURN NULL;
    END $$;

    CREATE SEQUENCE organizations_changes;
    CREATE TRIGGER organizations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations
      FOR EACH STATEMENT EXECUTE FUNCTION list_changed('organizations_changes');
  `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP TRIGGER organizations_changes ON organizations;
    DROP SEQUENCE organizations_changes;
    DROP FUNCTION list_changed();
    DROP INDEX organizations_country_created_idx;
    DROP INDEX organizations_created_idx;
  `,
  );
};
