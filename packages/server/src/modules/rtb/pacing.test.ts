import type { TBiddingDiagnostics } from '@beacon/domain/api/bidding-diagnostics';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BiddingWorld, createBiddingWorld } from '../../test/bidding-world';
import { insertStrategySums } from '../../test/factories';
import { bearer, createTestClock, startTestApp, type TestContext } from '../../test/test-app';

/**
 * Even pacing through the real app (docs/engine.md "Pacing"): a campaign that has spent today's share of its
 * lifetime budget is held back by pacing (before its budget gate would stop it), and the bidding dialog says so.
 */

let ctx: TestContext;
let world: BiddingWorld;

const bid = async (id: string): Promise<number> => {
  const response = await world.sendBidRequest(id);
  for (let tick = 0; tick < 50; tick += 1) await new Promise((resolve) => setImmediate(resolve));
  return response.statusCode;
};

beforeAll(async () => {
  ctx = await startTestApp({
    env: { BEACON_PACING: '1' },
    clock: createTestClock(new Date('2026-11-20T12:00:00Z')),
  });
  // $10 over the 20th to the 29th: $1 a day.
  world = await createBiddingWorld(
    ctx,
    { key: 'pacing-x', token: 'exchange-token-pacing-0123456789' },
    {
      budget_timespan: 'lifetime',
      budget: toMicros('10').toString(),
      start_date: '2026-11-19',
      end_date: '2026-11-29',
    },
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('pacing', () => {
  it('bids while the campaign is behind its day, and holds it back once today’s share is spent', async () => {
    expect(await bid('pacing-1')).toBe(200);

    // Today's $1 spent by 10:00 (the budget has $9 left: its gate would still let it bid).
    await ctx.db
      .insertInto('delivery_hourly')
      .values({
        hour: '2026-11-20T10:00:00.000Z',
        organization_id: world.campaign.organization_id,
        campaign_id: world.campaign.id,
        strategy_id: world.strategyId,
        creative_id: 0,
        exchange_id: 0,
        deal_id: 0,
        country: '',
        region: '',
        device_type: '',
        os: '',
        size: '',
        venue_type: '',
        impressions: 400,
        spend_micros: toMicros('1').toString(),
        media_cost_micros: toMicros('1').toString(),
      })
      .execute();
    await insertStrategySums(ctx.db, {
      at: new Date('2026-11-20T10:00:00.000Z'),
      campaignId: world.campaign.id,
      strategyId: world.strategyId,
      impressions: 400,
      spendMicros: toMicros('1').toString(),
    });
    await ctx.app.deps.delivery.flush();
    // The next pacing step, and the next diagnosed request.
    ctx.clock.advanceMinutes(0.2);
    await ctx.app.bidder.refresh();
    expect(await bid('pacing-2')).toBe(204);

    const diagnostics = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaign/${world.campaign.id}/bidding`,
      headers: bearer(world.token),
    });
    const steps = diagnostics.json<TBiddingDiagnostics>().strategies[0]?.steps.map((step) => step.step);
    expect(steps).toEqual(expect.arrayContaining(['bid', 'pacing']));
  });
});
