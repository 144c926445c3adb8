import { toMicros } from '@beacon/domain/dictionary/currencies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBidResponse } from '../../engine/openrtb';
import { type BiddingWorld, createBiddingWorld } from '../../test/bidding-world';
import { createStrategy } from '../../test/factories';
import { bearer, startTestApp, type TestContext } from '../../test/test-app';
import { NBR_HEADER } from './rtb.routes';

/**
 * A campaign's own frequency cap through the real app (docs/engine.md "Frequency caps"): set through the
 * campaign API, compiled into every strategy of the campaign, checked by `POST /rtb/{exchange}` over all of
 * them and counted by `GET /ev/impression`.
 */

let ctx: TestContext;
let world: BiddingWorld;
/** The campaign's second strategy: it bids more than the first, and may show its ad once a day per user. */
let higherId: string;

let requests = 0;
/** Bids on a request for a user (a bidder cookie id); on a bid fires its impression. Answers who bid. */
const bidAndShow = async (buyeruid: string): Promise<{ strategy: string } | { nbr: string }> => {
  requests += 1;
  const response = await world.sendBidRequest(`campaign-cap-${requests}`, (request) => {
    request.user = { ...(request.user as Record<string, unknown>), buyeruid };
  });
  if (response.statusCode === 204) return { nbr: String(response.headers[NBR_HEADER]) };
  expect(response.statusCode, response.body).toBe(200);
  const bid = response.json<TBidResponse>().seatbid?.[0]?.bid[0];
  const ticket = new URL(bid?.nurl ?? '').searchParams.get('t') ?? '';
  const shown = await ctx.app.inject({ method: 'GET', url: `/ev/impression?t=${ticket}` });
  expect(shown.statusCode).toBe(200);
  // The bid's id is `{imp}-{strategy}-{creative}`.
  return { strategy: bid?.id.split('-')[1] ?? '' };
};

const setCampaignCap = async (frequencyCap: Record<string, unknown> | null): Promise<void> => {
  const headers = bearer(world.token);
  const url = `/api/campaign/${world.campaign.id}`;
  const { version } = (await ctx.app.inject({ method: 'GET', url, headers })).json<{ version: number }>();
  const saved = await ctx.app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { frequency_cap: frequencyCap, version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await ctx.app.bidder.refresh();
};

beforeAll(async () => {
  ctx = await startTestApp();
  world = await createBiddingWorld(ctx, {
    key: 'campaign-caps-x',
    token: 'exchange-token-campaign-caps-0123',
  });
  higherId = (
    await createStrategy(ctx, world.campaign, {
      bid: toMicros('3').toString(),
      frequency_cap: JSON.stringify({ impressions: 1, period: 'day', fingerprint: 'soft' }),
    })
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('a campaign frequency cap', () => {
  it('shows a user at most N impressions a day across the campaign’s strategies; another user still gets bids', async () => {
    await setCampaignCap({ impressions: 2, period: 'day' });
    // The higher bid wins until its own cap of 1 is met; then the other strategy's bid is the campaign's second.
    expect(await bidAndShow('cookie-one')).toEqual({ strategy: higherId });
    expect(await bidAndShow('cookie-one')).toEqual({ strategy: world.strategyId });
    // Both strategies could still bid on their own; the campaign's cap of 2 stops them (nbr 9).
    expect(await bidAndShow('cookie-one')).toEqual({ nbr: '9' });
    expect(await bidAndShow('cookie-one')).toEqual({ nbr: '9' });
    expect(await bidAndShow('cookie-two')).toEqual({ strategy: higherId });
    expect(await bidAndShow('cookie-two')).toEqual({ strategy: world.strategyId });
  });

  it('stops counting once the cap is removed through the campaign API', async () => {
    await setCampaignCap({ impressions: 1, period: 'hour', fingerprint: 'exact' });
    expect(await bidAndShow('cookie-three')).toEqual({ strategy: higherId });
    expect(await bidAndShow('cookie-three')).toEqual({ nbr: '9' });
    await setCampaignCap(null);
    // Only the higher strategy's own cap of 1 a day remains.
    expect(await bidAndShow('cookie-three')).toEqual({ strategy: world.strategyId });
    expect(await bidAndShow('cookie-three')).toEqual({ strategy: world.strategyId });
  });
});
