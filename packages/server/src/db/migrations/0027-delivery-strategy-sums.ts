import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The sums the bidder's budgets and pacing read (docs/engine.md "Counters", decision 056): impressions, clicks and
 * spend per strategy and UTC hour, and per strategy all along. The counters' flush writes them in the transaction
 * that writes `delivery_hourly` (migration 0021), from the same rows, so that a reload of the totals reads a row
 * per strategy and recent hour instead of grouping every rollup row ever written.
 *
 * - `delivery_strategy_hourly`: a row per strategy and hour with delivery (bids alone add none).
 * - `delivery_strategy_totals`: a row per strategy, all along (a budget reset is applied when they are read).
 * - Both are filled from the rollups written before them.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    CREATE TABLE delivery_strategy_hourly (
      hour timestamptz NOT NULL,
      campaign_id bigint NOT NULL,
      strategy_id bigint NOT NULL,
      impressions bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      spend_micros bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (hour, campaign_id, strategy_id)
    );
    CREATE INDEX delivery_strategy_hourly_campaign_idx ON delivery_strategy_hourly (campaign_id, hour);

    CREATE TABLE delivery_strategy_totals (
      campaign_id bigint NOT NULL,
      strategy_id bigint NOT NULL,
      impressions bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      spend_micros bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (campaign_id, strategy_id)
    );

    INSERT INTO delivery_strategy_hourly (hour, campaign_id, strategy_id, impressions, clicks, spend_micros)
    SELECT hour, campaign_id, strategy_id, sum(impressions), sum(clicks), sum(spend_micros)
    FROM delivery_hourly
    GROUP BY hour, campaign_id, strategy_id
    HAVING sum(impressions) <> 0 OR sum(clicks) <> 0 OR sum(spend_micros) <> 0;

    INSERT INTO delivery_strategy_totals (campaign_id, strategy_id, impressions, clicks, spend_micros)
    SELECT campaign_id, strategy_id, sum(impressions), sum(clicks), sum(spend_micros)
    FROM delivery_strategy_hourly
    GROUP BY campaign_id, strategy_id;
    `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(db, 'DROP TABLE delivery_strategy_totals; DROP TABLE delivery_strategy_hourly;');
};
