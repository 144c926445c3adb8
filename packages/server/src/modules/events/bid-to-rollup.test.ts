import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../../engine/engine.factories';
import { AUCTION_PRICE_MACRO } from '../../engine/event-cost';
import type { TBidResponse } from '../../engine/openrtb';
import { createCampaign, createStrategy } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createTestCreative } from '../creatives/creatives.factories';
import { EXCHANGE_TOKEN_HEADER } from '../rtb/rtb.routes';

/**
 * One data path (docs/engine.md): a real bid of the bidder, then its own tracking URLs as the exchange and
 * the browser call them, end in the rollups with the bid, the win, the impression, the click and the cost.
 */

let ctx: TestContext;
let strategyId: string;
const TOKEN = 'exchange-token-0123456789';

beforeAll(async () => {
  ctx = await startTestApp({ deliveryFlushMs: 0 });
  const token = await loginAs(ctx.app, 'owner');
  const owner = await ctx.db
    .selectFrom('users')
    .select('organization_id')
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  // The only live strategy: the demo world's are paused.
  await ctx.db.updateTable('strategies').set({ state: 'paused' }).execute();
  const campaign = await createCampaign(ctx, owner.organization_id, {
    state: 'active',
    currency: 'usd',
    bid: toMicros('2.5').toString(),
    device_types: ['desktop'],
    targeting: JSON.stringify({ ...EMPTY_TARGETING, countries: ['ESP'] }),
  });
  const creative = await createTestCreative(ctx, owner.organization_id, {
    state: 'active',
    click_url: 'https://shop.example/spring',
  });
  const linked = await ctx.app.inject({
    method: 'PUT',
    url: `/api/campaign/${campaign.id}/creatives`,
    headers: bearer(token),
    payload: { links: [{ creative_id: Number(creative.id), state: 'active' }] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  strategyId = (await createStrategy(ctx, campaign)).id;
  await ctx.db
    .insertInto('exchanges')
    .values({ name: 'Exchange e2e', key: 'events-x', token: TOKEN, currency: 'USD' })
    .execute();
  await ctx.app.bidder.refresh();
});

afterAll(async () => {
  await ctx?.close();
});

/** The app-relative path of one of our tracking URLs, the exchange's price macro replaced by `price`. */
const pathOf = (url: string, price?: string) => {
  const parsed = new URL(url.replaceAll('&amp;', '&'));
  expect(parsed.origin).toBe('http://beacon.test');
  if (parsed.searchParams.has('p')) expect(parsed.searchParams.get('p')).toBe(AUCTION_PRICE_MACRO);
  const ticket = parsed.searchParams.get('t') ?? '';
  return `${parsed.pathname}?t=${ticket}${price === undefined ? '' : `&p=${price}`}`;
};

describe('a bid to the rollups', () => {
  it('counts the bid and each of its events once, with the cleared cost', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/rtb/events-x',
      payload: fixtureText('simple-banner'),
      headers: { [EXCHANGE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      remoteAddress: '192.0.2.10',
    });
    expect(response.statusCode, response.body).toBe(200);
    const bid = response.json<TBidResponse>().seatbid?.[0]?.bid[0];
    const impression = /https?:\/\/[^"'\s<>]*\/ev\/impression\?t=[\w.-]+/.exec(bid?.adm ?? '')?.[0];
    const click = /https?:\/\/[^"'\s<>]*\/ev\/click\?t=[\w.-]+/.exec(bid?.adm ?? '')?.[0];
    if (!bid?.nurl || !bid.burl || !impression || !click)
      throw new Error(`no tracking URLs in ${response.body}`);

    const calls = [
      { url: pathOf(bid.nurl, '1.25'), status: 204 },
      { url: pathOf(bid.burl, '1.25'), status: 204 },
      { url: pathOf(impression), status: 200 },
      { url: pathOf(impression), status: 200 },
      { url: pathOf(click), status: 302 },
    ];
    for (const call of calls) {
      const answer = await ctx.app.inject({ method: 'GET', url: call.url });
      expect(answer.statusCode, `${call.url}: ${answer.body}`).toBe(call.status);
      if (call.status === 302) expect(answer.headers.location).toBe('https://shop.example/spring');
    }
    await ctx.app.deps.delivery.flush();

    const row = await ctx.db
      .selectFrom('delivery_hourly')
      .select([
        'bids',
        'wins',
        'impressions',
        'clicks',
        'media_cost_micros',
        'spend_micros',
        'country',
        'size',
      ])
      .where('strategy_id', '=', strategyId)
      .executeTakeFirstOrThrow();
    // 2.50 CPM bid, cleared at 1.25: half of the item's 2500 micros.
    expect(row).toMatchObject({
      bids: '1',
      wins: '1',
      impressions: '1',
      clicks: '1',
      media_cost_micros: '1250',
      spend_micros: '1250',
      size: '300x250',
    });
  });
});
