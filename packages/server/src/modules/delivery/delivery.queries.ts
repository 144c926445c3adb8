import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { readGoalCounts, type StrategyGoalCounts } from '../../engine/goal-rates';
import { localDayStart } from '../../engine/local-day';
import { campaignDeliveryClocks } from '../campaigns/campaigns.lookups';
import { expectedSpendToday, type PacingCampaign } from './pacing';

/**
 * The delivery query layer (docs/engine.md "One data path", "Delivery figures"): every delivery figure
 * the console shows is read here from the rollups the event intake writes (migration 0021), never from a typed
 * column. The callers give campaign ids they have already scoped to the caller (campaigns.access.ts); nothing
 * here widens or checks the tenant scope.
 *
 * - Totals: impressions, clicks, conversions (each of the five events and their sum), media cost and spend
 *   (micros of the campaign's currency), over every rollup hour of the campaign.
 * - Today's spend: the rollup hours of the campaign's local day, from the UTC hour that holds its local midnight
 *   (a zone with a 30 or 45-minute offset starts at that whole hour: engine/local-day.ts, docs/engine.md
 *   "Time zones").
 * - Budget spend: what counts against the budget, the hours from the one of the last budget reset on (a start
 *   date change of a lifetime budget, campaigns.update.ts). The hour of the reset counts whole, so a reset never
 *   lets a campaign spend more than its budget.
 * - Recent bids and wins: the last RECENT_HOURS whole hours and the current one. They decide the delivery
 *   status (not_bidding, not_winning, on_track).
 * - Last delivery hour: the last hour with an impression, null when the campaign never delivered.
 */

/** How many past hours (besides the current one) "recent" bids and wins look at. */
export const RECENT_HOURS = 3;
const HOUR_MS = 3_600_000;

/** The first instant counted as recent at `now`: the start of the hour RECENT_HOURS before the current one. */
export const recentSince = (now: Date): Date =>
  new Date((Math.floor(now.getTime() / HOUR_MS) - RECENT_HOURS) * HOUR_MS);

/** The figures of one campaign or strategy; counts and micros as bigint. */
export type DeliveryFigures = {
  impressions: bigint;
  clicks: bigint;
  /** conversions_1 … conversions_5. */
  conversions: readonly [bigint, bigint, bigint, bigint, bigint];
  media_cost_micros: bigint;
  spend_micros: bigint;
  spend_today_micros: bigint;
  recent_bids: bigint;
  recent_wins: bigint;
  /** The start of the last hour with an impression. */
  last_delivery_hour: Date | null;
};

export type CampaignDeliveryFigures = DeliveryFigures & {
  /** Spend counted against the budget (since its last reset). */
  budget_spend_micros: bigint;
  /** The same, before today (pacing of a lifetime budget). */
  budget_spend_before_today_micros: bigint;
};

export const NO_DELIVERY: CampaignDeliveryFigures = {
  impressions: 0n,
  clicks: 0n,
  conversions: [0n, 0n, 0n, 0n, 0n],
  media_cost_micros: 0n,
  spend_micros: 0n,
  spend_today_micros: 0n,
  recent_bids: 0n,
  recent_wins: 0n,
  last_delivery_hour: null,
  budget_spend_micros: 0n,
  budget_spend_before_today_micros: 0n,
};

/** The sum of conversions_1 … conversions_5. */
export const totalConversions = (figures: DeliveryFigures): bigint =>
  figures.conversions.reduce((sum, count) => sum + count, 0n);

/** Clicks per impression (0…1), null without impressions. */
export const ctrOf = (figures: DeliveryFigures): number | null =>
  figures.impressions === 0n ? null : Number(figures.clicks) / Number(figures.impressions);

/** Whether the campaign bid and won recently, and ever delivered: the domain's delivery status input. */
export const recentDeliveryOf = (figures: DeliveryFigures) => ({
  bidding: figures.recent_bids > 0n,
  winning: figures.recent_wins > 0n,
  delivered: figures.last_delivery_hour !== null,
});

/** Expected spend so far today for the campaign's budget (pacing.ts), in micros or null. */
export const expectedSpendTodayOf = (
  campaign: PacingCampaign,
  figures: CampaignDeliveryFigures,
  now: Date,
): bigint | null => expectedSpendToday(campaign, figures.budget_spend_before_today_micros, now);

/**
 * The recent bidding and winning flags of the campaign whose id is `campaignId`, as SQL for the campaign list's
 * delivery status (so that it filters and sorts on them). Each is one probe of `delivery_hourly_campaign_idx`.
 */
export const recentDeliverySql = (
  campaignId: Expression<unknown>,
  since: Date,
): { bidding: RawBuilder<SqlBool>; winning: RawBuilder<SqlBool> } => {
  const recent = (counter: 'bids' | 'wins') =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM delivery_hourly dr WHERE dr.campaign_id = ${campaignId}
      AND dr.hour >= ${since.toISOString()}::timestamptz AND dr.${sql.ref(counter)} > 0)`;
  return { bidding: recent('bids'), winning: recent('wins') };
};

/**
 * A campaign's total spend in units of its currency (micros / 10^6), as SQL for the list's sort and filter on
 * `spend`. It sums the campaign's rollup rows, so it is only evaluated when a query filters or sorts on spend.
 */
export const totalSpendUnitsSql = (campaignId: Expression<unknown>): RawBuilder<number> =>
  sql<number>`((SELECT coalesce(sum(ds.spend_micros), 0) FROM delivery_hourly ds
    WHERE ds.campaign_id = ${campaignId})::numeric / 1000000)`;

type FiguresRow = {
  key: string;
  impressions: string;
  clicks: string;
  conversions_1: string;
  conversions_2: string;
  conversions_3: string;
  conversions_4: string;
  conversions_5: string;
  media_cost_micros: string;
  spend_micros: string;
  spend_today_micros: string;
  recent_bids: string;
  recent_wins: string;
  last_delivery_hour: Date | string | null;
};

/**
 * What the figures need of each campaign, as SQL on `d.campaign_id`, from the campaigns module
 * (campaigns.lookups.ts); `found`: the ids of the campaigns it found.
 * - `todayStart`: where the campaign's local day starts at `now` (engine/local-day.ts, the very function the
 *   bidder's daily budget uses); campaigns not found start at the UTC midnight;
 * - `budgetFrom`: the first hour counted against its budget, the hour of its last reset (a reset's hour counts
 *   whole); without a reset, every hour.
 */
const campaignClocksSql = async (
  db: Kysely<Database>,
  campaignIds: readonly string[],
  now: Date,
): Promise<{ found: string[]; todayStart: RawBuilder<Date>; budgetFrom: RawBuilder<Date> }> => {
  const rows = await campaignDeliveryClocks(db, campaignIds);
  const utc = localDayStart(now, 'UTC').start.toISOString();
  const byCampaign = (cases: readonly RawBuilder<unknown>[], otherwise: RawBuilder<unknown>) =>
    cases.length === 0
      ? sql<Date>`${otherwise}`
      : sql<Date>`(CASE d.campaign_id ${sql.join(cases, sql` `)} ELSE ${otherwise} END)`;
  const todayStart = byCampaign(
    rows.map(
      (row) =>
        sql`WHEN ${row.id}::bigint THEN ${localDayStart(now, row.time_zone).start.toISOString()}::timestamptz`,
    ),
    sql`${utc}::timestamptz`,
  );
  const budgetFrom = byCampaign(
    rows.flatMap((row) =>
      row.budget_reset_at === null
        ? []
        : [
            sql`WHEN ${row.id}::bigint THEN date_trunc('hour', ${row.budget_reset_at.toISOString()}::timestamptz)`,
          ],
    ),
    sql`'-infinity'::timestamptz`,
  );
  return { found: rows.map((row) => row.id), todayStart, budgetFrom };
};

/**
 * The sums every figures query selects, as text (bigint sums are exact; the driver gives text either way).
 * `todayStart`: where the campaign's local day starts (campaignClocksSql).
 */
const figureSums = (now: Date, todayStart: RawBuilder<Date>) => {
  const since = recentSince(now).toISOString();
  const total = (column: string) => sql<string>`coalesce(sum(${sql.ref(`d.${column}`)}), 0)::text`;
  return [
    total('impressions').as('impressions'),
    total('clicks').as('clicks'),
    total('conversions_1').as('conversions_1'),
    total('conversions_2').as('conversions_2'),
    total('conversions_3').as('conversions_3'),
    total('conversions_4').as('conversions_4'),
    total('conversions_5').as('conversions_5'),
    total('media_cost_micros').as('media_cost_micros'),
    total('spend_micros').as('spend_micros'),
    sql<string>`coalesce(sum(d.spend_micros) FILTER (WHERE d.hour >= ${todayStart}), 0)::text`.as(
      'spend_today_micros',
    ),
    sql<string>`coalesce(sum(d.bids) FILTER (WHERE d.hour >= ${since}::timestamptz), 0)::text`.as(
      'recent_bids',
    ),
    sql<string>`coalesce(sum(d.wins) FILTER (WHERE d.hour >= ${since}::timestamptz), 0)::text`.as(
      'recent_wins',
    ),
    sql<Date | null>`max(d.hour) FILTER (WHERE d.impressions > 0)`.as('last_delivery_hour'),
  ] as const;
};

const figuresOf = (row: FiguresRow): DeliveryFigures => ({
  impressions: BigInt(row.impressions),
  clicks: BigInt(row.clicks),
  conversions: [
    BigInt(row.conversions_1),
    BigInt(row.conversions_2),
    BigInt(row.conversions_3),
    BigInt(row.conversions_4),
    BigInt(row.conversions_5),
  ],
  media_cost_micros: BigInt(row.media_cost_micros),
  spend_micros: BigInt(row.spend_micros),
  spend_today_micros: BigInt(row.spend_today_micros),
  recent_bids: BigInt(row.recent_bids),
  recent_wins: BigInt(row.recent_wins),
  last_delivery_hour: row.last_delivery_hour === null ? null : new Date(row.last_delivery_hour),
});

/**
 * The figures of many campaigns at once (a grid page), in one grouped statement over their rollup rows. Campaigns
 * without rollup rows (or not found) are absent from the map: read them as NO_DELIVERY.
 */
export const campaignDelivery = async (
  db: Kysely<Database>,
  campaignIds: readonly string[],
  now: Date,
): Promise<Map<string, CampaignDeliveryFigures>> => {
  if (campaignIds.length === 0) return new Map();
  const { found, todayStart, budgetFrom } = await campaignClocksSql(db, campaignIds, now);
  if (found.length === 0) return new Map();
  const counted = sql`d.hour >= ${budgetFrom}`;
  const rows = await db
    .selectFrom('delivery_hourly as d')
    .where('d.campaign_id', 'in', found)
    .groupBy('d.campaign_id')
    .select(sql<string>`d.campaign_id::text`.as('key'))
    .select(figureSums(now, todayStart))
    .select([
      sql<string>`coalesce(sum(d.spend_micros) FILTER (WHERE ${counted}), 0)::text`.as('budget_spend_micros'),
      sql<string>`coalesce(sum(d.spend_micros) FILTER (WHERE ${counted} AND d.hour < ${todayStart}), 0)::text`.as(
        'budget_spend_before_today_micros',
      ),
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.key,
      {
        ...figuresOf(row),
        budget_spend_micros: BigInt(row.budget_spend_micros),
        budget_spend_before_today_micros: BigInt(row.budget_spend_before_today_micros),
      },
    ]),
  );
};

/** The figures of one campaign (NO_DELIVERY when it has none). */
export const oneCampaignDelivery = async (
  db: Kysely<Database>,
  campaignId: string,
  now: Date,
): Promise<CampaignDeliveryFigures> =>
  (await campaignDelivery(db, [campaignId], now)).get(campaignId) ?? NO_DELIVERY;

/**
 * The figures of each strategy of a campaign, in one grouped statement; strategies without rollup rows are
 * absent from the map.
 */
export const strategyDelivery = async (
  db: Kysely<Database>,
  campaignId: string,
  now: Date,
): Promise<Map<string, DeliveryFigures>> => {
  const { todayStart } = await campaignClocksSql(db, [campaignId], now);
  const rows = await db
    .selectFrom('delivery_hourly as d')
    .where('d.campaign_id', '=', campaignId)
    .groupBy('d.strategy_id')
    .select(sql<string>`d.strategy_id::text`.as('key'))
    .select(figureSums(now, todayStart))
    .execute();
  return new Map(rows.map((row) => [row.key, figuresOf(row)]));
};

/** How many placements of each strategy the campaign page shows with its learnt goal rates. */
export const GOAL_RATE_PLACEMENTS = 5;

/**
 * What the bidder learns its goal rates from (decision 051, engine/goal-rates.ts), for some strategies: their counts
 * over the learning window, overall and at their top placements by impressions. The same statements as the bidder's,
 * so the campaign page shows the figures it bids on.
 */
export const strategyGoalCounts = (
  db: Kysely<Database>,
  strategyIds: readonly string[],
  now: Date,
): Promise<Map<string, StrategyGoalCounts>> =>
  readGoalCounts(db, { now, strategyIds, placementsPerStrategy: GOAL_RATE_PLACEMENTS });
