import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The event intake writes a de-duplication key per event and a touch per device (migrations 0021, 0022); their
 * time columns are read only to prune old rows, by range. A BRIN index answers that as well as a B-tree on rows
 * written in time order, for a fraction of the cost of each insert (decision 053).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP INDEX delivery_events_seen_at_idx;
    CREATE INDEX delivery_events_seen_at_idx ON delivery_events_seen USING brin (seen_at);
    DROP INDEX delivery_touches_at_idx;
    CREATE INDEX delivery_touches_at_idx ON delivery_touches USING brin (touched_at);
    `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP INDEX delivery_events_seen_at_idx;
    CREATE INDEX delivery_events_seen_at_idx ON delivery_events_seen (seen_at);
    DROP INDEX delivery_touches_at_idx;
    CREATE INDEX delivery_touches_at_idx ON delivery_touches (touched_at);
    `,
  );
};
