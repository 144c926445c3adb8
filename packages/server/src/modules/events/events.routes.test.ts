import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { FeeModel } from '@beacon/domain/dictionary/organizations';
import { EMPTY_CAMPAIGN_INTERNAL } from '@beacon/domain/validation/campaign-internal';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import { createDeliveryCounters, utcDay, utcHour } from '../../engine/delivery-counters';
import { buildStrategy } from '../../engine/engine.factories';
import {
  type AuctionTicket,
  type EventKind,
  encodeTicket,
  TICKET_LIFETIME_MS,
} from '../../engine/event-ticket';
import type { SharedEventCount } from '../../engine/shared-events';
import { installationSecret } from '../../lib/installation-secrets';
import {
  createAccount,
  createCampaign,
  createStrategy,
  SEED_ACTOR,
  uniqueSuffix,
} from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/test-app';
import { createTestCreative } from '../creatives/creatives.factories';
import { createOrganization } from '../organizations/organizations.service';

/**
 * Makes the next `failures` inserts into `table` fail, as a database that drops a statement would; the first
 * `skip` of them go through (a flush writes each table in statements of a few rows: see beforeAll).
 */
class RollupFaults implements KyselyPlugin {
  failures = 0;
  skip = 0;
  table = 'delivery_daily_publishers';

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (
      this.failures > 0 &&
      node.kind === 'RawNode' &&
      /^\s*INSERT INTO/.test(node.sqlFragments.join('')) &&
      // `sql.table` wraps the table's node in a raw node of its own.
      JSON.stringify(node.parameters).includes(`"name":"${this.table}"`)
    ) {
      if (this.skip > 0) {
        this.skip -= 1;
        return node;
      }
      this.failures -= 1;
      throw new Error('Injected database failure');
    }
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const faults = new RollupFaults();
let ctx: TestContext;
let secret: string;

beforeAll(async () => {
  // Two rows per statement: a flush of a few events already spans several statements of each table, so that a
  // failure can meet it between two of them.
  ctx = await startTestApp({
    seed: false,
    deliveryFlushMs: 0,
    deliveryBatchRows: 2,
    appDb: (db: Db) => db.withPlugin(faults),
  });
  secret = await installationSecret(ctx.db, 'eventTicket');
});

afterAll(async () => {
  await ctx.close();
});

type World = { organizationId: string; campaignId: string; strategyId: string; creativeId: string };

/** A fresh organization (with a fee model), campaign, strategy and creative, so no test shares rollup rows. */
const createWorld = async (
  options: {
    feeModel?: FeeModel;
    /** The fee model of a parent organization, which the campaign's own organization then has none of. */
    parentFeeModel?: FeeModel;
    feePercent?: string;
    marginPercent?: string;
    clickUrl?: string | null;
  } = {},
): Promise<World> => {
  const setFeeModel = (id: string, feeModel: FeeModel) =>
    ctx.db.updateTable('organizations').set({ fee_model: feeModel }).where('id', '=', id).execute();
  const parent = options.parentFeeModel
    ? await createOrganization(
        ctx.db,
        { name: `Org ${uniqueSuffix()}`, role: 'regular', country: 'GB' },
        SEED_ACTOR,
      )
    : undefined;
  if (parent && options.parentFeeModel) await setFeeModel(parent.id, options.parentFeeModel);
  const organization = await createOrganization(
    ctx.db,
    { name: `Org ${uniqueSuffix()}`, role: 'regular', country: 'GB', parent_id: parent?.id ?? null },
    SEED_ACTOR,
  );
  if (options.feeModel) await setFeeModel(organization.id, options.feeModel);
  const campaign = await createCampaign(ctx, organization.id, {
    internal: JSON.stringify({
      ...EMPTY_CAMPAIGN_INTERNAL,
      fee_percent: options.feePercent ?? null,
      margin_percent: options.marginPercent ?? null,
    }),
  });
  const strategy = await createStrategy(ctx, campaign);
  const creative = await createTestCreative(ctx, organization.id, {
    click_url: options.clickUrl === undefined ? 'https://shop.example/landing?a=1' : options.clickUrl,
  });
  return {
    organizationId: organization.id,
    campaignId: campaign.id,
    strategyId: strategy.id,
    creativeId: creative.id,
  };
};

/** A bid of 2.50 USD CPM whose item costs at most 2500 micros of the campaign's currency. */
const ticketOf = (world: World, overrides: Partial<AuctionTicket> = {}): AuctionTicket => ({
  auctionId: `1:req-${uniqueSuffix()}:imp-1`,
  issuedAt: ctx.clock.now().getTime(),
  organizationId: world.organizationId,
  campaignId: world.campaignId,
  strategyId: world.strategyId,
  creativeId: world.creativeId,
  exchangeId: '1',
  dealId: '0',
  currency: 'USD',
  priceMicros: '2500000',
  campaignCurrency: 'USD',
  maxCostMicros: '2500',
  country: 'ESP',
  region: 'ES-MD',
  deviceType: 'phone',
  os: 'android',
  size: '300x250',
  venueType: '',
  publisher: 'pub-1',
  bundle: 'com.example.app',
  device: '',
  ...overrides,
});

const fire = (kind: string, ticket: AuctionTicket | string, extra = '', method: 'GET' | 'POST' = 'GET') =>
  ctx.app.inject({
    method,
    url: `/ev/${kind}?t=${typeof ticket === 'string' ? ticket : encodeTicket(secret, ticket)}${extra}`,
  });

type Totals = {
  bids: number;
  wins: number;
  impressions: number;
  clicks: number;
  video_starts: number;
  media_cost_micros: string;
  spend_micros: string;
};

/** The strategy's sums over delivery_hourly and delivery_daily_publishers (they must agree). */
const totalsOf = async (world: World): Promise<Totals> => {
  const sums = async (table: 'delivery_hourly' | 'delivery_daily_publishers') =>
    (
      await sql<Totals>`SELECT coalesce(sum(bids), 0)::int AS bids, coalesce(sum(wins), 0)::int AS wins,
          coalesce(sum(impressions), 0)::int AS impressions, coalesce(sum(clicks), 0)::int AS clicks,
          coalesce(sum(video_starts), 0)::int AS video_starts,
          coalesce(sum(media_cost_micros), 0)::text AS media_cost_micros,
          coalesce(sum(spend_micros), 0)::text AS spend_micros
        FROM ${sql.table(table)} WHERE strategy_id = ${world.strategyId}`.execute(ctx.db)
    ).rows[0];
  const hourly = await sums('delivery_hourly');
  expect(await sums('delivery_daily_publishers')).toEqual(hourly);
  if (!hourly) throw new Error('no sums');
  return hourly;
};

const flush = () => ctx.app.deps.delivery.flush();
/** Counters of another process (or of this one after a restart): an empty memory on the same database. */
const freshCounters = (options: { recentKeys?: number } = {}) =>
  createDeliveryCounters({ db: ctx.db, clock: ctx.clock, logger: ctx.app.log, flushMs: 0, ...options });

/** How many de-duplication keys (delivery_events_seen) the auctions of `tickets` hold. */
const seenCountOf = async (tickets: readonly AuctionTicket[]): Promise<number> => {
  const seen = await ctx.db
    .selectFrom('delivery_events_seen')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(
      'auction_id',
      'in',
      tickets.map((ticket) => ticket.auctionId),
    )
    .executeTakeFirst();
  return Number(seen?.count);
};

describe('GET /ev/{kind}', () => {
  it('counts an impression once into its hour, with its dimensions', async () => {
    const world = await createWorld();
    const ticket = ticketOf(world);
    const response = await fire('impression', ticket);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(ctx.app.deps.delivery.strategyStats(world.strategyId)).toEqual({ impressions: 1, clicks: 0 });
    await flush();

    const rows = await ctx.db
      .selectFrom('delivery_hourly')
      .selectAll()
      .where('strategy_id', '=', world.strategyId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organization_id: world.organizationId,
      campaign_id: world.campaignId,
      creative_id: world.creativeId,
      exchange_id: '1',
      deal_id: '0',
      country: 'ESP',
      region: 'ES-MD',
      device_type: 'phone',
      os: 'android',
      size: '300x250',
      venue_type: '',
      impressions: '1',
      spend_micros: '0',
    });
    expect(new Date(String(rows[0]?.hour)).toISOString()).toBe(utcHour(ctx.clock.now()));
    const daily = await ctx.db
      .selectFrom('delivery_daily_publishers')
      .selectAll()
      .where('strategy_id', '=', world.strategyId)
      .execute();
    expect(daily).toMatchObject([{ publisher: 'pub-1', bundle: 'com.example.app', impressions: '1' }]);

    // The same impression again, before and after a flush: still one.
    expect((await fire('impression', ticket)).statusCode).toBe(200);
    await flush();
    expect((await fire('impression', ticket)).statusCode).toBe(200);
    await flush();
    expect((await totalsOf(world)).impressions).toBe(1);
    expect(ctx.app.deps.delivery.strategyStats(world.strategyId)).toEqual({ impressions: 1, clicks: 0 });
  });

  it('counts an event once across processes and restarts (the seen table decides)', async () => {
    const world = await createWorld();
    const ticket = ticketOf(world);
    expect((await fire('video_start', ticket)).statusCode).toBe(200);
    await flush();
    // Another process (or this one after a restart) has an empty memory.
    const other = freshCounters();
    await other.start();
    const at = ctx.clock.now();
    expect(other.recordEvent({ ticket, kind: 'video_start', at, mediaCostMicros: 0n, spendMicros: 0n })).toBe(
      'counted',
    );
    expect(
      other.recordEvent({
        ticket: ticketOf(world),
        kind: 'video_start',
        at,
        mediaCostMicros: 0n,
        spendMicros: 0n,
      }),
    ).toBe('counted');
    await other.stop();
    expect((await totalsOf(world)).video_starts).toBe(2);

    // A flush whose keys were all seen already counts none of them.
    const third = freshCounters();
    await third.start();
    expect(third.recordEvent({ ticket, kind: 'video_start', at, mediaCostMicros: 0n, spendMicros: 0n })).toBe(
      'counted',
    );
    await third.stop();
    expect((await totalsOf(world)).video_starts).toBe(2);
  });

  it('remembers the last keys in memory and leaves older ones to the seen table', async () => {
    const world = await createWorld();
    const counters = freshCounters({ recentKeys: 2 });
    await counters.start();
    const at = ctx.clock.now();
    const record = (ticket: AuctionTicket) =>
      counters.recordEvent({ ticket, kind: 'video_start', at, mediaCostMicros: 0n, spendMicros: 0n });
    const [first, second, third] = [ticketOf(world), ticketOf(world), ticketOf(world)];
    expect([record(first), record(second), record(first)]).toEqual(['counted', 'counted', 'duplicate']);
    // A third key pushes the oldest out of memory: it is taken again, and the flush's seen keys drop it.
    expect([record(third), record(third), record(first), record(third)]).toEqual([
      'counted',
      'duplicate',
      'counted',
      'duplicate',
    ]);
    await counters.stop();
    expect((await totalsOf(world)).video_starts).toBe(3);
  });

  it('refuses forged, malformed and expired tickets and unknown kinds, counting nothing', async () => {
    const world = await createWorld();
    const ticket = ticketOf(world);
    const text = encodeTicket(secret, ticket);
    const forged = `${encodeTicket(secret, { ...ticket, strategyId: '1' }).split('.')[0]}.${text.split('.')[1]}`;
    expect((await fire('impression', forged)).statusCode).toBe(400);
    expect((await fire('impression', encodeTicket('another secret', ticket))).statusCode).toBe(400);
    for (const bad of ['', 'abc', '.', 'x.y', `${text}x`]) {
      expect((await fire('impression', bad)).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/ev/impression' })).statusCode).toBe(400);
    expect((await fire('impression', `${text}&t=${text}`)).statusCode).toBe(400);
    const old = ticketOf(world, { issuedAt: ctx.clock.now().getTime() - TICKET_LIFETIME_MS - 1 });
    const expired = await fire('impression', old);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'EVENT_EXPIRED' });
    expect((await fire('conversion', ticket)).statusCode).toBe(404);
    expect((await fire('impression', ticketOf(world, { campaignId: 'x1' }))).statusCode).toBe(400);
    await flush();
    expect(await totalsOf(world)).toMatchObject({ impressions: 0, wins: 0 });
  });

  it('counts a win at or below the bid and refuses one above it', async () => {
    const world = await createWorld();
    const above = await fire('win', ticketOf(world), '&p=2.51');
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'EVENT_REFUSED' });
    expect((await fire('win', ticketOf(world), '&p=1e9')).statusCode).toBe(400);
    const won = await fire('win', ticketOf(world), '&p=1.20');
    expect(won.statusCode).toBe(204);
    // Unreplaced macro, URL-encoded as an exchange would leave it: the bid price.
    expect((await fire('win', ticketOf(world), '&p=%24%7BAUCTION_PRICE%7D', 'POST')).statusCode).toBe(204);
    await flush();
    // A win carries no money: the cost comes with the billing notice.
    expect(await totalsOf(world)).toMatchObject({ wins: 2, media_cost_micros: '0', spend_micros: '0' });
  });

  it('redirects a click to the creative’s click URL only', async () => {
    const world = await createWorld();
    const click = await fire('click', ticketOf(world), '&url=https%3A%2F%2Fevil.example%2F');
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example/landing?a=1');
    const none = await createWorld({ clickUrl: null });
    expect((await fire('click', ticketOf(none))).statusCode).toBe(204);
    await flush();
    expect((await totalsOf(world)).clicks).toBe(1);
    expect((await totalsOf(none)).clicks).toBe(1);
    expect(ctx.app.deps.delivery.strategyStats(world.strategyId)).toEqual({ impressions: 0, clicks: 1 });
  });

  it('prices a billing notice: media cost, then spend after a markup or a margin', async () => {
    const plain = await createWorld();
    const markup = await createWorld({ feeModel: 'markup', feePercent: '20', marginPercent: '50' });
    const margin = await createWorld({ feeModel: 'margin', feePercent: '50', marginPercent: '20' });
    // An organization without a fee model bills with its nearest ancestor's.
    const inherited = await createWorld({ parentFeeModel: 'markup', feePercent: '20', marginPercent: '50' });
    for (const world of [plain, markup, margin, inherited]) {
      // 2500 micros at most, cleared at 1.00 of a 2.50 bid: 1000 micros.
      expect((await fire('billing', ticketOf(world), '&p=1.00')).statusCode).toBe(204);
      // No price: the bid's own cost.
      expect((await fire('billing', ticketOf(world), '', 'POST')).statusCode).toBe(204);
    }
    // A repeated billing notice is not charged twice.
    const again = ticketOf(plain);
    await fire('billing', again, '&p=2');
    await fire('billing', again, '&p=2');
    await flush();
    expect(await totalsOf(plain)).toMatchObject({ media_cost_micros: '5500', spend_micros: '5500' });
    expect(await totalsOf(markup)).toMatchObject({ media_cost_micros: '3500', spend_micros: '4200' });
    expect(await totalsOf(margin)).toMatchObject({ media_cost_micros: '3500', spend_micros: '4375' });
    expect(await totalsOf(inherited)).toMatchObject({ media_cost_micros: '3500', spend_micros: '4200' });
  });
});

describe('hostile event requests', () => {
  it('never answers 5xx', async () => {
    const world = await createWorld();
    const text = encodeTicket(secret, ticketOf(world));
    const urls = [
      '/ev/',
      '/ev/impression?t',
      `/ev/impression?t[]=${text}`,
      `/ev/impression?t=${'a'.repeat(5000)}`,
      '/ev/impression?t=%00%FF',
      `/ev/billing?t=${text}&p=${'9'.repeat(80)}`,
      `/ev/billing?t=${text}&p=-0`,
      `/ev/billing?t=${text}&p=%E2%82%AC1`,
      `/ev/win?t=${text}&p=1&p=2`,
      `/ev/${'x'.repeat(300)}?t=${text}`,
      '/ev/click?t=%ZZ',
      `/ev/__proto__?t=${text}`,
    ];
    for (const url of urls) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    const bodies: { type: string; payload: string }[] = [
      { type: 'application/json', payload: '{"broken' },
      { type: 'application/x-www-form-urlencoded', payload: 'price=1&id=2' },
      { type: 'text/plain', payload: 'x'.repeat(10_000) },
      { type: 'application/octet-stream', payload: '\u0000\u0001' },
    ];
    for (const body of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/ev/win?t=${text}&p=1`,
        headers: { 'content-type': body.type },
        payload: body.payload,
      });
      expect(response.statusCode, body.type).toBeLessThan(500);
    }
    await flush();
    expect((await totalsOf(world)).wins).toBe(1);
  });

  it('answers what the route schema refuses as any route does, counting nothing', async () => {
    const world = await createWorld();
    const text = encodeTicket(secret, ticketOf(world));
    for (const url of [
      `/ev/impression?t=${text}&t=${text}`,
      `/ev/impression?t=${'a'.repeat(4097)}`,
      `/ev/win?t=${text}&p=1&p=2`,
      `/ev/win?t=${text}&p=${'1'.repeat(65)}`,
      `/ev/${'x'.repeat(41)}?t=${text}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ code: string }>().code, url).toBe('VALIDATION_FAILED');
    }
    // Within the limits, the intake itself decides.
    for (const [url, code] of [
      [`/ev/impression?t=${'a'.repeat(4096)}`, 'EVENT_REFUSED'],
      [`/ev/win?t=${text}&p=${'1'.repeat(64)}`, 'EVENT_REFUSED'],
      [`/ev/${'x'.repeat(40)}?t=${text}`, 'NOT_FOUND'],
    ] as const) {
      expect((await ctx.app.inject({ method: 'GET', url })).json<{ code: string }>().code, url).toBe(code);
    }
    await flush();
    expect((await totalsOf(world)).impressions).toBe(0);
    expect((await totalsOf(world)).wins).toBe(0);
  });

  it('is documented in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths['/ev/{kind}'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});

describe('the console’s global hooks', () => {
  it('do nothing for an event (config.engine), which keeps the request id and the security headers', async () => {
    const world = await createWorld();
    // A console route would refuse this query (storable text, decision 036) and resolve this session; the
    // intake reads neither (only the signed ticket and the price), so the event counts.
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/ev/impression?t=${encodeTicket(secret, ticketOf(world))}&junk=%00`,
      headers: { authorization: 'Bearer not-a-session', 'x-demo': '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    await flush();
    expect((await totalsOf(world)).impressions).toBe(1);

    // The same query on a console route is still refused.
    const consoleAnswer = await ctx.app.inject({ method: 'GET', url: '/api/health?junk=%00' });
    expect(consoleAnswer.statusCode).toBe(400);
  });
});

describe('the delivery counters', () => {
  const strategyOf = (world: World, budget: Partial<ReturnType<typeof buildStrategy>['budget']>) => {
    const base = buildStrategy({ strategyId: world.strategyId, campaignId: world.campaignId });
    return { ...base, budget: { ...base.budget, ...budget } };
  };

  it('stops a strategy once today’s spend reaches its daily budget, and fails closed until loaded', async () => {
    const world = await createWorld();
    const delivery = ctx.app.deps.delivery;
    // Each billing at the bid price spends 2500 micros; the strategy's half of the daily budget is 5000.
    const strategy = strategyOf(world, { dailyBudgetMicros: 10_000n, budgetSharePercent: 50 });
    const now = ctx.clock.now();
    expect(delivery.mayBid(strategy, now)).toBe(true);
    await fire('billing', ticketOf(world));
    expect(delivery.mayBid(strategy, now)).toBe(true);
    // 5000 spent: the strategy's half of the daily budget.
    await fire('billing', ticketOf(world));
    expect(delivery.mayBid(strategy, now)).toBe(false);
    await flush();
    expect(delivery.mayBid(strategy, now)).toBe(false);
    // Tomorrow it bids again.
    expect(delivery.mayBid(strategy, new Date(now.getTime() + 86_400_000))).toBe(true);
    // The campaign's lifetime budget counts every day.
    expect(
      delivery.mayBid(strategyOf(world, { campaignBudgetMicros: 5_000n, budgetSharePercent: 100 }), now),
    ).toBe(false);
    expect(
      delivery.mayBid(strategyOf(world, { campaignBudgetMicros: 5_001n, budgetSharePercent: 100 }), now),
    ).toBe(true);

    const fresh = freshCounters();
    const unlimited = strategyOf(world, { campaignBudgetMicros: null });
    expect(fresh.mayBid(unlimited, now)).toBe(false);
    await fresh.start();
    expect(fresh.mayBid(unlimited, now)).toBe(true);
    expect(fresh.mayBid(strategy, now)).toBe(false);
    await fresh.stop();
  });

  it('reads its totals from the strategies’ sums, which a budget reset counts from its hour', async () => {
    const world = await createWorld();
    const delivery = ctx.app.deps.delivery;
    const lifetime = strategyOf(world, { campaignBudgetMicros: 5_000n, budgetSharePercent: 100 });
    await fire('impression', ticketOf(world));
    await fire('billing', ticketOf(world));
    await fire('billing', ticketOf(world));
    await flush();
    const sums = await ctx.db
      .selectFrom('delivery_strategy_totals')
      .select(['impressions', 'clicks', 'spend_micros'])
      .where('strategy_id', '=', world.strategyId)
      .execute();
    expect(sums).toEqual([{ impressions: '1', clicks: '0', spend_micros: '5000' }]);
    expect(delivery.mayBid(lifetime, ctx.clock.now())).toBe(false);

    // Two hours later the budget is reset: what was spent before the reset's hour no longer counts.
    ctx.clock.advanceMinutes(120);
    await ctx.db
      .updateTable('campaigns')
      .set({ budget_reset_at: ctx.clock.now() })
      .where('id', '=', world.campaignId)
      .execute();
    await flush();
    const now = ctx.clock.now();
    expect(delivery.mayBid(lifetime, now)).toBe(true);
    const fresh = freshCounters();
    await fresh.start();
    expect(fresh.mayBid(lifetime, now)).toBe(true);
    expect(fresh.strategyStats(world.strategyId)).toMatchObject({ impressions: 1 });
    // Spend in the reset's hour counts again.
    await fire('billing', ticketOf(world));
    await fire('billing', ticketOf(world));
    await flush();
    expect(delivery.mayBid(lifetime, now)).toBe(false);
    // Another process's spend: read again within a minute while it has nothing of its own to flush.
    ctx.clock.advanceMinutes(1);
    await fresh.flush();
    expect(fresh.mayBid(lifetime, ctx.clock.now())).toBe(false);
    await fresh.stop();
  });

  it('stops at the daily impression and click caps', async () => {
    const world = await createWorld();
    const delivery = ctx.app.deps.delivery;
    const now = ctx.clock.now();
    const capped = strategyOf(world, { dailyImpressions: 2, dailyClicks: 1 });
    await fire('impression', ticketOf(world));
    expect(delivery.mayBid(capped, now)).toBe(true);
    await fire('impression', ticketOf(world));
    expect(delivery.mayBid(capped, now)).toBe(false);
    expect(delivery.mayBid(strategyOf(world, { dailyClicks: 1 }), now)).toBe(true);
    await fire('click', ticketOf(world));
    expect(delivery.mayBid(strategyOf(world, { dailyClicks: 1 }), now)).toBe(false);
  });

  it('counts bids', async () => {
    const world = await createWorld();
    for (let index = 0; index < 3; index += 1)
      ctx.app.deps.delivery.recordBid(ticketOf(world), ctx.clock.now());
    await flush();
    expect((await totalsOf(world)).bids).toBe(3);
    // A flush of bids alone writes only the bids of the rows it meets; their other counters stay.
    await fire('impression', ticketOf(world));
    await fire('billing', ticketOf(world));
    await flush();
    ctx.app.deps.delivery.recordBid(ticketOf(world), ctx.clock.now());
    await flush();
    expect(await totalsOf(world)).toMatchObject({ bids: 4, impressions: 1, spend_micros: '2500' });
    const rows = await ctx.db
      .selectFrom('delivery_hourly')
      .select(['bids', 'impressions', 'spend_micros'])
      .where('strategy_id', '=', world.strategyId)
      .execute();
    expect(rows).toEqual([{ bids: '4', impressions: '1', spend_micros: '2500' }]);
    // Bids add nothing to the strategies' sums the budgets read: the impression and the billing did.
    const sums = await ctx.db
      .selectFrom('delivery_strategy_hourly')
      .select(['impressions', 'spend_micros'])
      .where('strategy_id', '=', world.strategyId)
      .execute();
    expect(sums).toEqual([{ impressions: '1', spend_micros: '2500' }]);
  });

  it('keeps the counts of a failed flush and counts them once when it succeeds', async () => {
    const world = await createWorld();
    const delivery = ctx.app.deps.delivery;
    const tickets = Array.from({ length: 5 }, () => ticketOf(world));
    for (const ticket of tickets) await fire('impression', ticket);
    await fire('billing', tickets[0] ?? ticketOf(world));
    delivery.recordBid(ticketOf(world), ctx.clock.now());
    faults.failures = 1;
    await expect(flush()).rejects.toThrow('Injected database failure');
    expect(faults.failures).toBe(0);
    // Nothing of the failed transaction stays: neither rollup rows nor seen keys.
    expect(await totalsOf(world)).toMatchObject({ impressions: 0, bids: 0 });
    expect(await seenCountOf(tickets)).toBe(0);
    expect(delivery.strategyStats(world.strategyId).impressions).toBe(5);
    // Events arriving after the failure join them; repeats of the failed ones still count nothing.
    await fire('impression', ticketOf(world));
    for (const ticket of tickets) await fire('impression', ticket);
    await flush();
    expect(await totalsOf(world)).toMatchObject({ impressions: 6, bids: 1, spend_micros: '2500' });
    await flush();
    expect(await totalsOf(world)).toMatchObject({ impressions: 6, bids: 1, spend_micros: '2500' });
    expect(delivery.strategyStats(world.strategyId).impressions).toBe(6);
  });

  it('writes nothing of a flush that fails between two statements of one table, and all of it on the next', async () => {
    const world = await createWorld();
    const countries = ['ESP', 'FRA', 'DEU', 'ITA', 'PRT', 'NLD', 'BEL'];
    const tickets = countries.map((country) => ticketOf(world, { country }));
    for (const ticket of tickets) await fire('impression', ticket);
    // Seven hourly rows in four statements: the third fails after two have been written in the transaction.
    Object.assign(faults, { table: 'delivery_hourly', skip: 2, failures: 1 });
    try {
      await expect(flush()).rejects.toThrow('Injected database failure');
      expect(faults.failures).toBe(0);
    } finally {
      Object.assign(faults, { table: 'delivery_daily_publishers', skip: 0, failures: 0 });
    }
    const written = await ctx.db
      .selectFrom('delivery_hourly')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('strategy_id', '=', world.strategyId)
      .executeTakeFirst();
    expect(Number(written?.count)).toBe(0);
    expect(await seenCountOf(tickets)).toBe(0);

    for (const ticket of tickets) await fire('impression', ticket);
    await flush();
    expect(await totalsOf(world)).toMatchObject({ impressions: countries.length });
    const rows = await ctx.db
      .selectFrom('delivery_hourly')
      .select(['country', 'impressions'])
      .where('strategy_id', '=', world.strategyId)
      .orderBy('country')
      .execute();
    expect(rows.map((row) => ({ ...row, impressions: Number(row.impressions) }))).toEqual(
      [...countries].sort().map((country) => ({ country, impressions: 1 })),
    );
  });

  // A failure at the daily rollup, or at the flush's last statement (the strategies' sums, migration 0027).
  it.each(['delivery_daily_publishers', 'delivery_strategy_totals'])(
    'loses and doubles nothing when flushes run in parallel with events and failures (at %s)',
    async (table) => {
      const world = await createWorld();
      faults.table = table;
      const delivery = ctx.app.deps.delivery;
      const kinds: EventKind[] = ['impression', 'click', 'video_start', 'win'];
      const flushes: Promise<void>[] = [];
      const sent: Promise<unknown>[] = [];
      for (let round = 0; round < 8; round += 1) {
        if (round === 3) faults.failures = 2;
        for (let index = 0; index < 10; index += 1) {
          const ticket = ticketOf(world);
          for (const kind of kinds) sent.push(fire(kind, ticket));
          // A repeat of an earlier event of the round.
          sent.push(fire('impression', ticket));
          delivery.recordBid(ticket, ctx.clock.now());
        }
        flushes.push(flush());
      }
      await Promise.all(sent);
      const outcomes = await Promise.allSettled(flushes);
      // A flush that found nothing to write does not meet the faults: flush until both have been met.
      for (let retry = 0; retry < 3 && faults.failures > 0; retry += 1) {
        outcomes.push(...(await Promise.allSettled([flush()])));
      }
      faults.table = 'delivery_daily_publishers';
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(2);
      await flush();
      expect(await totalsOf(world)).toMatchObject({
        bids: 80,
        impressions: 80,
        clicks: 80,
        video_starts: 80,
        wins: 80,
      });
      expect(delivery.strategyStats(world.strategyId)).toEqual({ impressions: 80, clicks: 80 });
      // The strategies' sums hold what the rollups hold: what a process starting now reads.
      const fresh = freshCounters();
      await fresh.start();
      expect(fresh.strategyStats(world.strategyId)).toEqual({ impressions: 80, clicks: 80 });
      await fresh.stop();
    },
  );

  it('writes what memory holds when the app closes', async () => {
    const other = await startTestApp({ seed: false, deliveryFlushMs: 0 });
    const otherSecret = await installationSecret(other.db, 'eventTicket');
    const organization = await createAccount(other);
    const campaign = await createCampaign(other, organization.organizationId);
    const strategy = await createStrategy(other, campaign);
    const ticket = {
      ...ticketOf({
        organizationId: organization.organizationId,
        campaignId: campaign.id,
        strategyId: strategy.id,
        creativeId: '0',
      }),
      issuedAt: other.clock.now().getTime(),
    };
    const response = await other.app.inject({
      method: 'GET',
      url: `/ev/impression?t=${encodeTicket(otherSecret, ticket)}`,
    });
    expect(response.statusCode).toBe(200);
    await other.app.close();
    const row = await other.db
      .selectFrom('delivery_hourly')
      .select(['impressions', 'hour'])
      .where('strategy_id', '=', strategy.id)
      .executeTakeFirst();
    expect(row?.impressions).toBe('1');
    expect(utcDay(new Date(String(row?.hour)))).toBe(utcDay(other.clock.now()));
    await other.close();
  });
});

describe('money in the rollups', () => {
  it('keeps micros exact in bigint', async () => {
    const world = await createWorld();
    const big = toMicros('900000000').toString();
    const ticket = ticketOf(world, { priceMicros: big, maxCostMicros: (BigInt(big) / 1000n).toString() });
    expect((await fire('billing', ticket, '&p=899999999.999999')).statusCode).toBe(204);
    await flush();
    expect((await totalsOf(world)).media_cost_micros).toBe('899999999999');
  });

  it('holds events while a shared store cannot count them, refuses more past the bound, then counts each once', async () => {
    const world = await createWorld();
    let isDown = true;
    const seenByStore = new Set<string>();
    // A shared store (decision 052) that is gone, then back: it answers whether each event is new.
    const shared: SharedEventCount = {
      count: async (events) => {
        if (isDown) throw new Error('Injected store failure');
        return events.map((event) => {
          const key = `${event.kind} ${event.auctionId}`;
          const isNew = !seenByStore.has(key);
          seenByStore.add(key);
          return isNew;
        });
      },
    };
    const counters = createDeliveryCounters({
      db: ctx.app.deps.db,
      clock: ctx.clock,
      logger: ctx.app.log,
      flushMs: 0,
      shared,
      maxPendingEvents: 3,
    });
    await counters.start();
    const at = ctx.clock.now();
    const tickets = Array.from({ length: 3 }, () => ticketOf(world));
    for (const ticket of tickets) {
      expect(
        counters.recordEvent({ ticket, kind: 'impression', at, mediaCostMicros: 0n, spendMicros: 0n }),
      ).toBe('counted');
    }
    expect(counters.isOverloaded()).toBe(true);
    // A flush writes nothing while the store is gone, and keeps the events.
    await counters.flush();
    expect(await totalsOf(world)).toMatchObject({ impressions: 0 });
    expect(counters.isOverloaded()).toBe(true);
    isDown = false;
    // Another process counted the first one meanwhile: it is a repeat here.
    seenByStore.add(`impression ${tickets[0]?.auctionId}`);
    await counters.flush();
    expect(counters.isOverloaded()).toBe(false);
    expect(await totalsOf(world)).toMatchObject({ impressions: 2 });
    // A database failure after the store counted them keeps them for the next flush, not counted again there.
    counters.recordEvent({
      ticket: ticketOf(world),
      kind: 'impression',
      at,
      mediaCostMicros: 0n,
      spendMicros: 0n,
    });
    faults.failures = 1;
    await expect(counters.flush()).rejects.toThrow('Injected database failure');
    await counters.flush();
    expect(await totalsOf(world)).toMatchObject({ impressions: 3 });
    await counters.stop();
  });
});

describe('over HTTP, where the common case is answered before Fastify (decision 053)', () => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });

  /** The headers of an answer that must match Fastify's, without those that differ per answer. */
  const stableHeaders = (headers: Headers) =>
    Object.fromEntries([...headers.entries()].filter(([name]) => !['x-request-id', 'date'].includes(name)));

  it('answers an impression, a win and a billing notice as the route does, counting each once', async () => {
    const world = await createWorld({ feeModel: 'markup', feePercent: '20' });
    const ticket = ticketOf(world);
    const text = encodeTicket(secret, ticket);
    const viaRoute = await fire('impression', ticketOf(world));
    const pixel = await fetch(`${base}/ev/impression?t=${text}`);
    expect(pixel.status).toBe(200);
    expect(Buffer.from(await pixel.arrayBuffer())).toEqual(viaRoute.rawPayload);
    const {
      connection: _connection,
      'keep-alive': _keepAlive,
      ...expected
    } = stableHeaders(
      new Headers(Object.entries(viaRoute.headers).map(([name, value]) => [name, String(value)])),
    );
    expect(stableHeaders(pixel.headers)).toMatchObject(expected);
    expect(pixel.headers.get('x-request-id')).toMatch(/^[\w-]{10,}$/);
    expect(
      (await fetch(`${base}/ev/impression?t=${text}`, { headers: { 'x-request-id': 'abc-1' } })).headers.get(
        'x-request-id',
      ),
    ).toBe('abc-1');
    const win = await fetch(`${base}/ev/win?p=1.5&t=${text}`);
    expect(win.status).toBe(204);
    expect(win.headers.get('content-type')).toBeNull();
    // The fee lookup is a promise the first time: the fast path waits for it.
    expect((await fetch(`${base}/ev/billing?t=${text}&p=2`)).status).toBe(204);
    expect((await fetch(`${base}/ev/billing?t=${text}&p=2`)).status).toBe(204);
    await flush();
    expect(await totalsOf(world)).toMatchObject({
      impressions: 2,
      wins: 1,
      media_cost_micros: '2000',
      spend_micros: '2400',
    });
  });

  it('leaves to the route what it does not answer: refusals, clicks, other queries, unknown kinds', async () => {
    const world = await createWorld();
    const text = encodeTicket(secret, ticketOf(world));
    const forged = await fetch(`${base}/ev/impression?t=${text.slice(0, -2)}xx`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'EVENT_REFUSED' });
    expect((await fetch(`${base}/ev/win?t=${text}&p=3`)).status).toBe(400);
    const click = await fetch(`${base}/ev/click?t=${text}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://shop.example/landing?a=1');
    expect((await fetch(`${base}/ev/video_start?t=${text}&junk=1`)).status).toBe(200);
    expect((await fetch(`${base}/ev/nothing?t=${text}`)).status).toBe(404);
    expect((await fetch(`${base}/ev/impression?t=${text}`, { method: 'HEAD' })).status).toBe(404);
    await flush();
    expect(await totalsOf(world)).toMatchObject({ clicks: 1, video_starts: 1, wins: 0 });
  });

  it('answers 503 with a time to retry while events cannot be counted', async () => {
    const world = await createWorld();
    const overloaded = vi.spyOn(ctx.app.deps.delivery, 'isOverloaded').mockReturnValue(true);
    try {
      const answer = await fetch(`${base}/ev/impression?t=${encodeTicket(secret, ticketOf(world))}`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
    } finally {
      overloaded.mockRestore();
    }
  });
});
