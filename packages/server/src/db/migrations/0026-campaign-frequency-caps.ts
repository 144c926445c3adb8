import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * Campaign frequency caps (docs/engine.md "Frequency caps", decision 047): a campaign's optional cap over all its
 * strategies, at most `impressions` per user per `period`, checked like a strategy's (migration 0024). Null: no
 * cap.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE campaigns ADD COLUMN frequency_cap jsonb
      CONSTRAINT campaigns_frequency_cap_check CHECK (
        frequency_cap IS NULL OR (
          jsonb_typeof(frequency_cap -> 'impressions') = 'number'
          AND (frequency_cap ->> 'impressions')::numeric >= 1
          AND frequency_cap ->> 'period' IN ('hour', 'day', 'lifetime')
          AND frequency_cap ->> 'fingerprint' IN ('soft', 'exact')
        )
      );
    `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(db, 'ALTER TABLE campaigns DROP COLUMN frequency_cap;');
};
