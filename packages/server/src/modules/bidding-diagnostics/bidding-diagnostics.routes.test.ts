import type { TBiddingDiagnostics } from '@beacon/domain/api/bidding-diagnostics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BiddingWorld, createBiddingWorld } from '../../test/bidding-world';
import { bearer, startTestApp, type TestContext } from '../../test/test-app';

/**
 * The bidding dialog's figures through the real app (docs/engine.md "Bidding diagnostics"): requests sent to
 * `POST /rtb/{exchange}`, the sampled ones diagnosed for every strategy, read by `GET /campaign/{id}/bidding`.
 */

let ctx: TestContext;
let world: BiddingWorld;

const bidRequest = async (id: string, country: string): Promise<number> => {
  const response = await world.sendBidRequest(id, (request) => {
    (request.device as { geo: { country: string } }).geo.country = country;
  });
  // The diagnosis runs after the answer, in slices of strategies.
  for (let tick = 0; tick < 50; tick += 1) await new Promise((resolve) => setImmediate(resolve));
  return response.statusCode;
};

/** Past the sampling interval: the next request is diagnosed (the bidder reads its state again). */
const nextSecond = async () => {
  ctx.clock.advanceMinutes(2 / 60);
  await ctx.app.bidder.refresh();
};

const diagnostics = async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/campaign/${world.campaign.id}/bidding`,
    headers: bearer(world.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TBiddingDiagnostics>();
};

beforeAll(async () => {
  ctx = await startTestApp();
  world = await createBiddingWorld(ctx, { key: 'diagnostics-x', token: 'exchange-token-diagnostics-012345' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /campaign/{id}/bidding', () => {
  it('answers every strategy, with no counts before any request', async () => {
    const empty = await diagnostics();
    expect(empty.requests).toBe(0);
    expect(empty.sampled).toBe(0);
    expect(empty.strategies).toEqual([
      expect.objectContaining({ id: world.strategyId, state: 'bidding', steps: [] }),
    ]);
  });

  it('counts where the sampled requests stopped, and scales them to every request received', async () => {
    expect(await bidRequest('diag-1', 'ESP')).toBe(200);
    await nextSecond();
    expect(await bidRequest('diag-2', 'FRA')).toBe(204);
    const sampledTwice = await diagnostics();
    expect(sampledTwice).toMatchObject({ requests: 2, sampled: 2 });
    const steps = sampledTwice.strategies.find((strategy) => strategy.id === world.strategyId)?.steps;
    expect(steps).toEqual(
      expect.arrayContaining([
        { step: 'bid', label: 'Bid', sampled: 1, estimated: 1 },
        { step: 'country', label: 'Country not targeted', sampled: 1, estimated: 1 },
      ]),
    );

    // Within the same second: answered, counted, not diagnosed; the estimate scales by 4 requests / 2 samples.
    expect(await bidRequest('diag-3', 'FRA')).toBe(204);
    expect(await bidRequest('diag-4', 'FRA')).toBe(204);
    const scaled = await diagnostics();
    expect(scaled).toMatchObject({ requests: 4, sampled: 2 });
    expect(scaled.strategies[0]?.steps).toEqual(
      expect.arrayContaining([expect.objectContaining({ step: 'country', sampled: 1, estimated: 2 })]),
    );
  });

  it('forgets what is older than an hour', async () => {
    ctx.clock.advanceMinutes(61);
    await ctx.app.bidder.refresh();
    expect(await diagnostics()).toMatchObject({ requests: 0, sampled: 0 });
  });
});
