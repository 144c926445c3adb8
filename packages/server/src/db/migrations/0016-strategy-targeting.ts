import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * A strategy's own resource targeting (decision 021): the audiences (three groups), location
 * audiences and geolists that narrow its campaign's, as ids in the domain's normalised shape
 * (ZStrategyTargeting). Existing strategies target none. The campaign's resource targeting lives in its
 * `targeting` jsonb with the rest of its targeting, so campaigns need no column.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE strategies ADD COLUMN targeting jsonb NOT NULL
      DEFAULT '{"audiences":{"at_least_one_of":[],"mandatory":[],"excluded":[]},"location_audiences":[],"geolists":[]}';
  `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(db, 'ALTER TABLE strategies DROP COLUMN targeting;');
};
