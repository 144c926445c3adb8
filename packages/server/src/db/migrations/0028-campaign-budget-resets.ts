import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The campaigns whose budget was reset (migration 0007 `budget_reset_at`), which every reload of the counters'
 * totals looks up (decision 056): a partial index holding only them, so that the lookup reads those few rows
 * rather than the whole campaigns table.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `CREATE INDEX campaigns_budget_reset_idx ON campaigns (id, budget_reset_at)
       WHERE budget_reset_at IS NOT NULL;`,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(db, 'DROP INDEX campaigns_budget_reset_idx;');
};
