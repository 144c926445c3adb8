import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { UserRole } from '@beacon/domain/dictionary/roles';
import { EMPTY_CAMPAIGN_INTERNAL } from '@beacon/domain/validation/campaign-internal';
import { DEFAULT_SCHEDULE } from '@beacon/domain/validation/campaign-schedule';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import { EMPTY_STRATEGY_LOCATION } from '@beacon/domain/validation/strategy-form';
import { type Kysely, sql } from 'kysely';
import type { Database, NewCampaign, NewStrategy } from '../db/schema';
import type { CampaignRecord, StrategyRecord } from '../modules/campaigns/campaigns.repo';
import { insertCampaignWithHistory } from '../modules/campaigns/campaigns.rows';
import { insertStrategyWithHistory } from '../modules/campaigns/strategies.service';
import type { HistoryActor } from '../modules/history/history.service';
import { createOrganization } from '../modules/organizations/organizations.service';
import { createUser } from '../modules/users/users.service';
import type { TestContext } from './test-app';

export const SEED_ACTOR: HistoryActor = { userId: null, impersonatorUserId: null };

export type Account = {
  id: string;
  organizationId: string;
  username: string;
  email: string;
  password: string;
};

let sequence = 0;
/** A suffix no other factory call in this process returns. */
export const uniqueSuffix = (): string => {
  sequence += 1;
  return `${sequence}${Math.random().toString(36).slice(2, 8)}`;
};

/** A fresh user (in a fresh organization unless one is given), so that no scenario shares state with another. */
export const createAccount = async (
  ctx: TestContext,
  options: { role?: UserRole; organizationId?: string; passwordChangedAt?: Date; prefix?: string } = {},
): Promise<Account> => {
  const suffix = uniqueSuffix();
  const prefix = options.prefix ?? 'test';
  const organizationId =
    options.organizationId ??
    (
      await createOrganization(
        ctx.db,
        { name: `Org ${prefix} ${suffix}`, role: 'regular', country: 'GB' },
        SEED_ACTOR,
      )
    ).id;
  const username = `${prefix}_${suffix}`;
  const email = `${username}@example.com`;
  const password = `Pass-${suffix}-1`;
  const user = await createUser(
    ctx.db,
    {
      organizationId,
      username,
      email,
      name: `User ${prefix} ${suffix}`,
      role: options.role ?? 'owner',
      password,
      passwordChangedAt: options.passwordChangedAt ?? ctx.clock.now(),
    },
    SEED_ACTOR,
  );
  return { id: user.id, organizationId, username, email, password };
};

/** A day `days` after the test clock's today (UTC), `YYYY-MM-DD`. */
export const dayFromToday = (ctx: Pick<TestContext, 'clock'>, days: number): string =>
  new Date(ctx.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A complete Multichannel campaign (state inactive unless told) of an organization, written straight to the
 * database with its history, in the organization's currency: a lifetime budget of 1000, a CPM bid of 2.5,
 * running from today for 30 days. `values` overrides any column.
 */
export const createCampaign = async (
  ctx: TestContext,
  organizationId: string,
  values: Partial<NewCampaign> = {},
): Promise<CampaignRecord> => {
  const organization = await ctx.db
    .selectFrom('organizations')
    .select('currency')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return insertCampaignWithHistory(
    ctx.db,
    {
      organization_id: organizationId,
      name: `Campaign ${uniqueSuffix()}`,
      type: 'generic',
      state: 'inactive',
      currency: organization.currency,
      start_date: dayFromToday(ctx, 0),
      end_date: dayFromToday(ctx, 30),
      budget_timespan: 'lifetime',
      budget: toMicros('1000').toString(),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'cpm',
      bid: toMicros('2.5').toString(),
      device_types: ['phone', 'desktop'],
      schedule: JSON.stringify(DEFAULT_SCHEDULE),
      targeting: JSON.stringify(EMPTY_TARGETING),
      internal: JSON.stringify(EMPTY_CAMPAIGN_INTERNAL),
      ...values,
    },
    SEED_ACTOR,
    ctx.clock.now().toISOString().slice(0, 10),
  );
};

/** A strategy (bidding, a 50% share, the campaign's dates unless told) of a campaign, with its history. */
export const createStrategy = async (
  ctx: TestContext,
  campaign: Pick<CampaignRecord, 'id' | 'organization_id' | 'start_date' | 'end_date'>,
  values: Partial<Omit<NewStrategy, 'campaign_id'>> = {},
): Promise<StrategyRecord> =>
  insertStrategyWithHistory(
    ctx.db,
    campaign,
    {
      name: `Strategy ${uniqueSuffix()}`,
      state: 'bidding',
      start_date: campaign.start_date,
      end_date: campaign.end_date,
      location: JSON.stringify(EMPTY_STRATEGY_LOCATION),
      schedule: JSON.stringify(DEFAULT_SCHEDULE),
      budget_share: 50,
      ...values,
    },
    SEED_ACTOR,
  );

/** Counts of a delivery as the rollups hold them (migration 0021). */
export type DeliveryCounts = Partial<
  Record<
    'impressions' | 'clicks' | 'video_starts' | 'video_completes' | `conversions_${1 | 2 | 3 | 4 | 5}`,
    number
  >
>;

/**
 * Delivery written straight into both rollups, as the counters' flush writes it, for tests of what reads them: a
 * delivery_hourly row in the UTC hour of `at` and its delivery_daily_publishers twin on its day. The other
 * dimensions are none; the hourly row's `size` takes the placement, so that two placements of one hour stay apart.
 */
export const insertDelivery = async (
  db: Kysely<Database>,
  delivery: {
    readonly at: Date;
    readonly organizationId: string;
    readonly campaignId: string;
    readonly strategyId: string;
    readonly exchangeId?: string;
    readonly publisher?: string;
    readonly bundle?: string;
    readonly counts: DeliveryCounts;
  },
): Promise<void> => {
  const publisher = delivery.publisher ?? '';
  const bundle = delivery.bundle ?? '';
  const ids = {
    organization_id: delivery.organizationId,
    campaign_id: delivery.campaignId,
    strategy_id: delivery.strategyId,
    exchange_id: delivery.exchangeId ?? '0',
  };
  await db
    .insertInto('delivery_hourly')
    .values({
      hour: new Date(Math.floor(delivery.at.getTime() / 3_600_000) * 3_600_000),
      ...ids,
      creative_id: '0',
      deal_id: '0',
      country: '',
      region: '',
      device_type: '',
      os: '',
      size: `${bundle}|${publisher}`,
      venue_type: '',
      ...delivery.counts,
    })
    .execute();
  await db
    .insertInto('delivery_daily_publishers')
    .values({ day: delivery.at.toISOString().slice(0, 10), ...ids, publisher, bundle, ...delivery.counts })
    .execute();
  await insertStrategySums(db, {
    at: delivery.at,
    campaignId: delivery.campaignId,
    strategyId: delivery.strategyId,
    impressions: delivery.counts.impressions ?? 0,
    clicks: delivery.counts.clicks ?? 0,
    spendMicros: '0',
  });
};

/**
 * What a delivery_hourly row written straight by a test adds to the strategies' sums the bidder's totals read
 * (migration 0027), as the counters' flush adds it: to the strategy's hour (the UTC hour of `at`) and all along.
 */
export const insertStrategySums = async (
  db: Kysely<Database>,
  sums: {
    readonly at: Date;
    readonly campaignId: string;
    readonly strategyId: string;
    readonly impressions?: number;
    readonly clicks?: number;
    readonly spendMicros?: string;
  },
): Promise<void> => {
  const hour = new Date(Math.floor(sums.at.getTime() / 3_600_000) * 3_600_000);
  const values = {
    campaign_id: sums.campaignId,
    strategy_id: sums.strategyId,
    impressions: sums.impressions ?? 0,
    clicks: sums.clicks ?? 0,
    spend_micros: sums.spendMicros ?? '0',
  };
  const add = (table: 'delivery_strategy_hourly' | 'delivery_strategy_totals') =>
    ({
      impressions: sql<string>`${sql.ref(`${table}.impressions`)} + excluded.impressions`,
      clicks: sql<string>`${sql.ref(`${table}.clicks`)} + excluded.clicks`,
      spend_micros: sql<string>`${sql.ref(`${table}.spend_micros`)} + excluded.spend_micros`,
    }) as const;
  await db
    .insertInto('delivery_strategy_hourly')
    .values({ hour, ...values })
    .onConflict((conflict) =>
      conflict.columns(['hour', 'campaign_id', 'strategy_id']).doUpdateSet(add('delivery_strategy_hourly')),
    )
    .execute();
  await db
    .insertInto('delivery_strategy_totals')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['campaign_id', 'strategy_id']).doUpdateSet(add('delivery_strategy_totals')),
    )
    .execute();
};
