import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * Interaction audiences (decision 019) collect the devices that triggered chosen events of chosen campaigns,
 * so a tracking event may name its campaign. Null for events that did not say (earlier ones, and postbacks
 * sent without one). The index serves the audience count: distinct devices per campaign and event.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE tracking_events ADD COLUMN campaign_id bigint REFERENCES campaigns(id);
    CREATE INDEX tracking_events_campaign_idx ON tracking_events (campaign_id, event_id, device_id)
      WHERE campaign_id IS NOT NULL AND device_id IS NOT NULL;
  `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP INDEX tracking_events_campaign_idx;
    ALTER TABLE tracking_events DROP COLUMN campaign_id;
  `,
  );
};
