import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * Delivery rollups (DESIGN §8 "one data path", docs/engine.md): only the event intake writes them, and every
 * delivery figure (grids, campaign page, pacing, reports, billing) reads them through one query layer.
 *
 * - `delivery_hourly`: per UTC hour, organization, campaign, strategy, creative, exchange and deal, with the
 *   low-cardinality report dimensions (country alpha-3, region `ES-AN`, device type, OS, size `300x250` or
 *   the media, DOOH venue type). "None" is 0 for ids and '' for texts, so the key has no nulls.
 * - `delivery_daily_publishers`: the high-cardinality dimensions (publisher id or domain, app bundle) per
 *   UTC day.
 * - Money in micros of the campaign's currency: `media_cost_micros` what the exchanges charged, and
 *   `spend_micros` the advertiser's cost after the organization's fee model (markup or margin).
 * - `delivery_events_seen`: each auction's event of one kind counts once (win, billing, impression,
 *   click, each video event), across restarts and processes; rows older than the longest attribution
 *   window are pruned.
 */
const COUNTERS = `
      bids bigint NOT NULL DEFAULT 0,
      wins bigint NOT NULL DEFAULT 0,
      impressions bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      video_starts bigint NOT NULL DEFAULT 0,
      video_first_quartiles bigint NOT NULL DEFAULT 0,
      video_midpoints bigint NOT NULL DEFAULT 0,
      video_third_quartiles bigint NOT NULL DEFAULT 0,
      video_completes bigint NOT NULL DEFAULT 0,
      video_skips bigint NOT NULL DEFAULT 0,
      conversions_1 bigint NOT NULL DEFAULT 0,
      conversions_2 bigint NOT NULL DEFAULT 0,
      conversions_3 bigint NOT NULL DEFAULT 0,
      conversions_4 bigint NOT NULL DEFAULT 0,
      conversions_5 bigint NOT NULL DEFAULT 0,
      media_cost_micros bigint NOT NULL DEFAULT 0,
      spend_micros bigint NOT NULL DEFAULT 0`;

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    CREATE TABLE delivery_hourly (
      hour timestamptz NOT NULL,
      organization_id bigint NOT NULL,
      campaign_id bigint NOT NULL,
      strategy_id bigint NOT NULL,
      creative_id bigint NOT NULL DEFAULT 0,
      exchange_id bigint NOT NULL DEFAULT 0,
      deal_id bigint NOT NULL DEFAULT 0,
      country text NOT NULL DEFAULT '',
      region text NOT NULL DEFAULT '',
      device_type text NOT NULL DEFAULT '',
      os text NOT NULL DEFAULT '',
      size text NOT NULL DEFAULT '',
      venue_type text NOT NULL DEFAULT '',${COUNTERS},
      PRIMARY KEY (hour, organization_id, campaign_id, strategy_id, creative_id, exchange_id, deal_id,
        country, region, device_type, os, size, venue_type)
    );
    CREATE INDEX delivery_hourly_campaign_idx ON delivery_hourly (campaign_id, hour);
    CREATE INDEX delivery_hourly_organization_idx ON delivery_hourly (organization_id, hour);

    CREATE TABLE delivery_daily_publishers (
      day date NOT NULL,
      organization_id bigint NOT NULL,
      campaign_id bigint NOT NULL,
      strategy_id bigint NOT NULL,
      exchange_id bigint NOT NULL DEFAULT 0,
      publisher text NOT NULL DEFAULT '',
      bundle text NOT NULL DEFAULT '',${COUNTERS},
      PRIMARY KEY (day, organization_id, campaign_id, strategy_id, exchange_id, publisher, bundle)
    );
    CREATE INDEX delivery_daily_publishers_campaign_idx ON delivery_daily_publishers (campaign_id, day);

    CREATE TABLE delivery_events_seen (
      auction_id text NOT NULL,
      kind text NOT NULL,
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (auction_id, kind)
    );
    CREATE INDEX delivery_events_seen_at_idx ON delivery_events_seen (seen_at);
    `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    'DROP TABLE delivery_events_seen; DROP TABLE delivery_daily_publishers; DROP TABLE delivery_hourly;',
  );
};
