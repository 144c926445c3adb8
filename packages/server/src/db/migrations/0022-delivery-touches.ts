import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The last impression and the last click of each device on each campaign (docs/engine.md "Conversions"),
 * written only by the delivery counters' flush, so that a conversion postback can be attributed to the last
 * click, else impression, of its device within the attribution windows of §9 and counted into the same
 * rollup row as that touch. `device_hash` is the keyed hash of the device's advertising id
 * (lib/identifier-hash.ts); the dimensions are those of the touch's rollup keys (migration 0021). One row per
 * (device, campaign, kind), the newest kept; rows older than the longest window (30 days) are pruned.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    CREATE TABLE delivery_touches (
      device_hash text NOT NULL,
      campaign_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('impression', 'click')),
      touched_at timestamptz NOT NULL,
      organization_id bigint NOT NULL,
      strategy_id bigint NOT NULL,
      creative_id bigint NOT NULL DEFAULT 0,
      exchange_id bigint NOT NULL DEFAULT 0,
      deal_id bigint NOT NULL DEFAULT 0,
      country text NOT NULL DEFAULT '',
      region text NOT NULL DEFAULT '',
      device_type text NOT NULL DEFAULT '',
      os text NOT NULL DEFAULT '',
      size text NOT NULL DEFAULT '',
      venue_type text NOT NULL DEFAULT '',
      publisher text NOT NULL DEFAULT '',
      bundle text NOT NULL DEFAULT '',
      PRIMARY KEY (device_hash, campaign_id, kind)
    );
    CREATE INDEX delivery_touches_at_idx ON delivery_touches (touched_at);
    `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(db, 'DROP TABLE delivery_touches;');
};
