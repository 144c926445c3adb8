import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * Frequency caps (docs/engine.md "Frequency caps", decision 047): a strategy's optional cap, at most
 * `impressions` per user per `period` (hour, day or lifetime), users without a device identifier told apart by
 * a `fingerprint` of the given type. Null: no cap.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE strategies ADD COLUMN frequency_cap jsonb
      CONSTRAINT strategies_frequency_cap_check CHECK (
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
  await runSqlScript(db, 'ALTER TABLE strategies DROP COLUMN frequency_cap;');
};
