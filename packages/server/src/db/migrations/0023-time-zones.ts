import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * Time zones (spec §5 "Campaigns", docs/engine.md "Time zones"): an organization has an IANA zone, the
 * default of its campaigns' zone; a campaign's schedule, flight and daily budget day are read in its own
 * zone. Existing campaigns take their organization's zone, which is UTC for every organization here.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE organizations ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
    ALTER TABLE campaigns ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
    UPDATE campaigns c SET time_zone = o.time_zone FROM organizations o
      WHERE o.id = c.organization_id AND c.time_zone <> o.time_zone;
    `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE campaigns DROP COLUMN time_zone;
    ALTER TABLE organizations DROP COLUMN time_zone;
    `,
  );
};
