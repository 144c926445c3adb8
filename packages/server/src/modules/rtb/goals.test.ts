import { toMicros } from '@beacon/domain/dictionary/currencies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBidResponse } from '../../engine/openrtb';
import { type BiddingWorld, createBiddingWorld } from '../../test/bidding-world';
import { createStrategy, type DeliveryCounts, insertDelivery } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/test-app';

/**
 * Goal optimisation through the real app (decision 051): a CPA campaign (a $20 goal price per conversion of event 1,
 * a $10 maximum bid) bids goal price × the conversion rate learnt from the rollups, per strategy and placement.
 */

let ctx: TestContext;
let world: BiddingWorld;
let newcomerId: string;

/** The simple-banner request's placement: its publisher id (it is no app). */
const REQUEST_PLACEMENT = 'pub-1188';

const bidOf = async (id: string): Promise<{ strategy: string; price: number } | undefined> => {
  const response = await world.sendBidRequest(id);
  if (response.statusCode !== 200) return undefined;
  const bid = response.json<TBidResponse>().seatbid?.[0]?.bid[0];
  // The bid's id is `{imp}-{strategy}-{creative}`.
  return bid === undefined ? undefined : { strategy: bid.id.split('-')[1] ?? '', price: bid.price };
};

/** Delivery of a strategy of the world's campaign today, in both rollups. */
const delivered = (strategyId: string, publisher: string, counts: DeliveryCounts) =>
  insertDelivery(ctx.db, {
    at: ctx.clock.now(),
    organizationId: world.campaign.organization_id,
    campaignId: world.campaign.id,
    strategyId,
    publisher,
    counts,
  });

beforeAll(async () => {
  ctx = await startTestApp();
  world = await createBiddingWorld(
    ctx,
    { key: 'goals-x', token: 'exchange-token-goals-0123456789' },
    { price_model: 'cpa1', cpc_target: toMicros('20').toString(), bid: toMicros('10').toString() },
  );
  newcomerId = (await createStrategy(ctx, world.campaign)).id;
  await ctx.app.bidder.refresh();
});
afterAll(async () => {
  await ctx?.close();
});

describe('goal optimisation', () => {
  it('bids a new CPA strategy its goal price × the prior conversion rate', async () => {
    // $20 × 0.01 % × 1000 = $2.00 CPM, under the $10 maximum bid.
    expect((await bidOf('goal-1'))?.price).toBe(2);
  });

  it('bids a strategy with conversions more than one without', async () => {
    await delivered(world.strategyId, 'elsewhere.example', { impressions: 20_000, conversions_1: 10 });
    await ctx.app.bidder.refresh();
    // (10 + 0.0001 × 10,000) / (20,000 + 10,000) × $20 × 1000 = $7.333333.
    expect(await bidOf('goal-2')).toEqual({ strategy: world.strategyId, price: 7.333333 });

    await ctx.db
      .updateTable('strategies')
      .set({ state: 'paused' })
      .where('id', '=', world.strategyId)
      .execute();
    await ctx.app.bidder.refresh();
    expect(await bidOf('goal-3')).toEqual({ strategy: newcomerId, price: 2 });
  });

  it('learns at the request’s placement: impressions there without a conversion lower the bid', async () => {
    await delivered(newcomerId, REQUEST_PLACEMENT, { impressions: 5_000 });
    await ctx.app.bidder.refresh();
    // The strategy: (0 + 1) / 15,000; here: (0 + 10,000 × 1/15,000) / 15,000; × $20 × 1000 = $0.888888.
    expect(await bidOf('goal-4')).toEqual({ strategy: newcomerId, price: 0.888888 });
  });

  it('never bids more than its maximum bid', async () => {
    await ctx.db
      .updateTable('strategies')
      .set({ state: 'bidding', bid: toMicros('5').toString() })
      .where('id', '=', world.strategyId)
      .execute();
    await ctx.app.bidder.refresh();
    expect(await bidOf('goal-5')).toEqual({ strategy: world.strategyId, price: 5 });
  });
});
