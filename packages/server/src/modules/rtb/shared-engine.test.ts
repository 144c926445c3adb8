import { toMicros } from '@beacon/domain/dictionary/currencies';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type BeaconApp, buildApp } from '../../app';
import type { TBidResponse } from '../../engine/openrtb';
import { type BiddingWorld, createBiddingWorld } from '../../test/bidding-world';
import {
  bearer,
  createTestClock,
  startTestApp,
  type TestContext,
  testVastSourceCheck,
} from '../../test/test-app';
import { describeWithRedis, testKeyPrefix, testRedisClient, testRedisUrl } from '../../test/test-redis';
import { EXCHANGE_TOKEN_HEADER, NBR_HEADER } from './rtb.routes';

/**
 * Two processes of Beacon on one database and one Redis (docs/engine.md "Several processes", decision 052): a
 * budget spent through both stops both, an event sent to both counts once, a frequency cap holds across both,
 * and a process without its Redis bids nothing and refuses events with 503 once too many wait.
 */

const EXCHANGE = { key: 'shared-x', token: 'exchange-token-shared-0123456789' };
let ctx: TestContext;
let second: BeaconApp;
let world: BiddingWorld;
let cleanup: () => Promise<void>;
const PREFIX = testKeyPrefix();

const ticketOf = (response: { json: <T>() => T }): string => {
  const nurl = response.json<TBidResponse>().seatbid?.[0]?.bid[0]?.nurl ?? '';
  return new URL(nurl).searchParams.get('t') ?? '';
};

/** Lets both processes count what waits and read the shared figures, the index and the state again. */
const settle = async () => {
  await Promise.all([ctx.app.deps.delivery.flush(), second.deps.delivery.flush()]);
  await Promise.all([ctx.app.bidder.refresh(), second.bidder.refresh()]);
  await Promise.all([ctx.app.engine.settle(), second.engine.settle()]);
};

const bidOn = (app: BeaconApp, id: string, device?: Record<string, unknown>) => {
  const request = JSON.parse(
    JSON.stringify({
      id,
      imp: [{ id: '1', banner: { w: 300, h: 250 }, bidfloor: 0.01 }],
      site: { id: 's1', domain: 'news.example', publisher: { id: 'pub-1' } },
      device: { devicetype: 2, ua: 'Mozilla/5.0', ip: '192.0.2.1', geo: { country: 'ESP' }, ...device },
    }),
  );
  return app.inject({
    method: 'POST',
    url: `/rtb/${EXCHANGE.key}`,
    payload: JSON.stringify(request),
    headers: { [EXCHANGE_TOKEN_HEADER]: EXCHANGE.token, 'content-type': 'application/json' },
  });
};

describeWithRedis('two processes sharing Redis', () => {
  beforeAll(async () => {
    const prefix = PREFIX;
    ({ cleanup } = testRedisClient(prefix));
    const env = { REDIS_URL: testRedisUrl as string, BEACON_REDIS_PREFIX: prefix };
    // At 01:00 UTC today, so that the simulated minutes below stay within the campaign's day.
    const today = new Date().toISOString().slice(0, 10);
    ctx = await startTestApp({
      env,
      deliveryFlushMs: 0,
      clock: createTestClock(new Date(`${today}T01:00:00Z`)),
    });
    // A $10 daily budget bid at the §9 maximum CPM ($200): a billed impression at that price spends $0.20.
    world = await createBiddingWorld(ctx, EXCHANGE, {
      budget_timespan: 'daily',
      budget: toMicros('10').toString(),
      bid: toMicros('200').toString(),
    });
    // The strategy has the whole budget.
    await ctx.db
      .updateTable('strategies')
      .set({ budget_share: 100 })
      .where('id', '=', world.strategyId)
      .execute();
    second = await buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      checkVastSource: testVastSourceCheck,
      deliveryFlushMs: 0,
    });
    await second.ready();
    await Promise.all([ctx.app.bidder.refresh(), second.bidder.refresh()]);
    await settle();
  });

  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    await cleanup?.();
  });

  it('counts an event sent to both processes once', async () => {
    let response = await bidOn(ctx.app, 'once-1');
    for (let i = 0; response.statusCode !== 200 && i < 5; i += 1) {
      await settle();
      response = await bidOn(ctx.app, `once-1-${i}`);
    }
    expect(response.statusCode, response.body).toBe(200);
    const ticket = ticketOf(response);
    for (const app of [ctx.app, second, ctx.app]) {
      expect((await app.inject({ method: 'GET', url: `/ev/impression?t=${ticket}` })).statusCode).toBe(200);
    }
    await settle();
    const rows = await ctx.db
      .selectFrom('delivery_hourly')
      .select((eb) => eb.fn.sum<string>('impressions').as('impressions'))
      .where('strategy_id', '=', world.strategyId)
      .executeTakeFirstOrThrow();
    expect(Number(rows.impressions)).toBe(1);
  });

  it('holds a frequency cap across both processes', async () => {
    const cap = { impressions: 2, period: 'day', fingerprint: 'soft' };
    await ctx.db
      .updateTable('strategies')
      .set({ frequency_cap: JSON.stringify(cap) })
      .where('id', '=', world.strategyId)
      .execute();
    await settle();
    const device = { ifa: '6d92078a-8246-4ba4-ae5b-76104861e7dc' };
    let bids = 0;
    for (let i = 0; i < 8; i += 1) {
      const [bidder, other] = i % 2 === 0 ? [ctx.app, second] : [second, ctx.app];
      const answer = await bidOn(bidder, `capped-${i}`, device);
      if (answer.statusCode === 200) {
        bids += 1;
        // Shown through the other process.
        await other.inject({ method: 'GET', url: `/ev/impression?t=${ticketOf(answer)}` });
      } else {
        expect(answer.statusCode).toBe(204);
      }
      await settle();
    }
    expect(bids).toBe(2);
    // Another user is not capped.
    expect(
      (await bidOn(second, 'capped-other', { ifa: '0b0e2a4c-1111-4ba4-ae5b-76104861e7dc' })).statusCode,
    ).toBe(200);
    await ctx.db
      .updateTable('strategies')
      .set({ frequency_cap: null })
      .where('id', '=', world.strategyId)
      .execute();
    await settle();
  });

  it('stops bidding while its Redis connection is cut, and bids again by itself once it is back', async () => {
    const redis = second.engine.redis;
    if (redis === undefined) throw new Error('the app has no Redis');
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
    // Its figures grow old without a read (3 s): no bid, whatever it held.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 4_000));
    await second.bidder.refresh();
    await second.engine.settle();
    expect((await bidOn(second, 'cut-1')).statusCode).toBe(204);
    await redis.connect();
    let answer = await bidOn(second, 'back-0');
    // A float asked for while the connection was cut was refused: the next ask waits a second.
    for (let i = 1; answer.statusCode !== 200 && i < 5; i += 1) {
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 1_100));
      await settle();
      answer = await bidOn(second, `back-${i}`);
    }
    expect(answer.statusCode).toBe(200);
  });

  it('spends a daily budget through both processes and stops both, over it by at most a float and a bid each', async () => {
    let stoppedBoth = 0;
    for (let round = 0; round < 400 && stoppedBoth < 3; round += 1) {
      const answers = await Promise.all([ctx.app, second].map((app, i) => bidOn(app, `spend-${round}-${i}`)));
      const bids = answers.filter((answer) => answer.statusCode === 200);
      // Two seconds a round: the floats' leases end as they would (their bids' events counted meanwhile).
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 2_000));
      // Each bid is won at the bid and billed by the other process.
      await Promise.all(
        bids.map((answer, i) =>
          (i === 0 ? second : ctx.app).inject({
            method: 'GET',
            url: `/ev/billing?t=${ticketOf(answer)}&p=200`,
          }),
        ),
      );
      await settle();
      const campaign = await ctx.app.inject({
        method: 'GET',
        url: `/api/campaign/${world.campaign.id}`,
        headers: bearer(world.token),
      });
      const spend = Number(campaign.json<{ spend_today?: string }>().spend_today ?? '0');
      stoppedBoth = bids.length === 0 && spend >= 9.5 ? stoppedBoth + 1 : 0;
    }
    expect(stoppedBoth).toBe(3);
    const spent = await ctx.db
      .selectFrom('delivery_hourly')
      .select((eb) => eb.fn.sum<string>('spend_micros').as('spend'))
      .where('campaign_id', '=', world.campaign.id)
      .executeTakeFirstOrThrow();
    // A float here ($0.05) is smaller than a bid ($0.20): each process may be over by a float and a bid.
    expect(BigInt(spent.spend)).toBeGreaterThanOrEqual(toMicros('9.5'));
    expect(BigInt(spent.spend)).toBeLessThanOrEqual(
      toMicros('10') + 2n * (toMicros('0.05') + toMicros('0.2')),
    );
    const last = await bidOn(second, 'after-the-budget');
    expect(last.statusCode).toBe(204);
  });

  it('refuses events with 503 and a time to retry while too many wait to be counted', async () => {
    const overloaded = vi.spyOn(second.deps.delivery, 'isOverloaded').mockReturnValue(true);
    try {
      const answer = await second.inject({ method: 'GET', url: '/ev/impression?t=whatever.sig' });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ statusCode: 503, code: 'EVENTS_BUSY' });
    } finally {
      overloaded.mockRestore();
    }
  });

  it('bids nothing while its Redis cannot be reached', async () => {
    const cut = await buildApp({
      config: { ...ctx.config, redisUrl: 'redis://127.0.0.1:1' },
      db: ctx.db,
      clock: ctx.clock,
      checkVastSource: testVastSourceCheck,
      deliveryFlushMs: 0,
    });
    try {
      await cut.ready();
      await cut.bidder.refresh();
      const answer = await bidOn(cut, 'no-redis');
      expect(answer.statusCode).toBe(204);
      expect(answer.headers[NBR_HEADER]).toBeDefined();
    } finally {
      await cut.close();
    }
  });
});
