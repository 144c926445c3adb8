import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The campaign grid's date orders (decision 012's rule: indexes for the usual questions, not
 * for every combination). 0007 serves newest first, one organization, the state filter and the name order.
 * The grid's other usual click is a flight date: "ending soonest", "starting latest". Without an index such a
 * page sorts every matching campaign: at 100,000 campaigns, active ones by end date cost about 110 ms of CPU
 * per page on the embedded database (50 ms inside an agency's subtree) against under 1 ms along an index, and
 * a filter on a common value (state, type, subtree) is found along the order's index as for created_at. The
 * id breaks ties in the same direction, as the list orders; NULL dates (open-ended flights, drafts) come last
 * ascending and first descending, which is what a backward scan of the index gives.
 *
 * Not indexed, on purpose: money and counts (budget, spend, strategies_count) are sorted by their value in
 * units, an expression, and are rare orders; the delivery status depends on the day, so no index can hold it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    CREATE INDEX campaigns_start_date_idx ON campaigns (start_date, id);
    CREATE INDEX campaigns_end_date_idx ON campaigns (end_date, id);
  `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP INDEX campaigns_end_date_idx;
    DROP INDEX campaigns_start_date_idx;
  `,
  );
};
