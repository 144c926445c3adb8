import { toMicros } from '@beacon/domain/dictionary/currencies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../engine/engine.factories';
import type { TBidRequest, TBidResponse } from '../../engine/openrtb';
import { createCampaign, createStrategy } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createTestCreative } from '../creatives/creatives.factories';
import { EXCHANGE_TOKEN_HEADER } from '../rtb/rtb.routes';

/**
 * A pasted VAST document served (docs/engine.md "Markup"): the bidder's Wrapper points at the installation's
 * hosted-VAST URL, which answers the document; and the request's badv against each creative's advertiser
 * domain (the click URL's host).
 */

const TOKEN = 'exchange-token-vast-0123456789';
const PASTED = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.2"><Ad id="brand-1"><InLine><AdSystem>Brand</AdSystem><AdTitle>Spring</AdTitle>
<Impression><![CDATA[https://pixel.brand.example/i]]></Impression>
<Creatives><Creative><Linear><Duration>00:00:15</Duration>
<VideoClicks><ClickThrough><![CDATA[https://brand.example/spring]]></ClickThrough></VideoClicks>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.brand.example/a.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

let ctx: TestContext;
let pastedId: string;

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
    bid: toMicros('5').toString(),
  });
  const banner = await createTestCreative(ctx, owner.organization_id, {
    state: 'active',
    click_url: 'https://www.shop.example/spring',
  });
  const pasted = await createTestCreative(ctx, owner.organization_id, {
    state: 'active',
    type: 'external_video',
    technical_type: 'vast',
    click_url: null,
    html_markup: null,
    width: null,
    height: null,
    vast_xml: PASTED,
  });
  pastedId = pasted.id;
  const linked = await ctx.app.inject({
    method: 'PUT',
    url: `/api/campaign/${campaign.id}/creatives`,
    headers: bearer(token),
    payload: {
      links: [banner, pasted].map((creative) => ({ creative_id: Number(creative.id), state: 'active' })),
    },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  await createStrategy(ctx, campaign);
  await ctx.db
    .insertInto('exchanges')
    .values({ name: 'Exchange vast', key: 'vast-x', token: TOKEN, currency: 'USD' })
    .execute();
  await ctx.app.bidder.refresh();
});

afterAll(async () => {
  await ctx?.close();
});

const bidOn = async (request: TBidRequest) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/rtb/vast-x',
    payload: JSON.stringify(request),
    headers: { [EXCHANGE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
    remoteAddress: '192.0.2.10',
  });
  expect([200, 204], response.body).toContain(response.statusCode);
  return response.statusCode === 204 ? undefined : response.json<TBidResponse>().seatbid?.[0]?.bid[0];
};

/** The video fixture, asking for VAST 4 wrappers (the pasted document is served through our Wrapper). */
const videoRequest = (): TBidRequest => {
  const request = fixture('video-companions');
  const imp = request.imp[0];
  if (imp?.video === undefined) throw new Error('no video impression');
  imp.video.protocols = [7, 8];
  return request;
};

/** The app-relative path of the hosted-VAST URL in a Wrapper's VASTAdTagURI. */
const tagUriOf = (adm: string | undefined): string => {
  const uri = /<VASTAdTagURI><!\[CDATA\[(.*?)\]\]><\/VASTAdTagURI>/.exec(adm ?? '')?.[1];
  if (uri === undefined) throw new Error(`no VASTAdTagURI in ${adm}`);
  const url = new URL(uri);
  expect(url.origin).toBe('http://beacon.test');
  return `${url.pathname}${url.search}`;
};

describe('a pasted VAST document', () => {
  it('is bid as our Wrapper whose VASTAdTagURI answers the document', async () => {
    const bid = await bidOn(videoRequest());
    expect(bid).toMatchObject({ crid: pastedId, mtype: 2, adomain: ['brand.example'] });
    expect(bid?.adm).toContain('<Wrapper');
    expect(bid?.adm).toMatch(/<Impression id="beacon"><!\[CDATA\[http:\/\/beacon\.test\/ev\/impression\?t=/);
    const path = tagUriOf(bid?.adm);
    expect(path.startsWith('/vast?t=')).toBe(true);

    const answer = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { origin: 'https://publisher.example' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe(PASTED);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['access-control-allow-origin']).toBe('https://publisher.example');
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(answer.headers['cache-control']).toBe('public, max-age=300');

    // A ticket whose signature was altered, or no ticket: 400.
    const tampered = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/vast' })).statusCode).toBe(400);

    // No longer approved: 404, whatever tickets were handed out.
    await ctx.db
      .updateTable('creatives')
      .set({ state: 'pending-approval' })
      .where('id', '=', pastedId)
      .execute();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    } finally {
      await ctx.db.updateTable('creatives').set({ state: 'active' }).where('id', '=', pastedId).execute();
    }
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('is in the OpenAPI document (so that the fuzz suite calls it)', () => {
    const document = ctx.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    expect(document.paths?.['/vast']).toHaveProperty('get');
  });

  it("is not bid where badv names its ClickThrough's domain", async () => {
    expect(await bidOn({ ...videoRequest(), badv: ['brand.example'] })).toBeUndefined();
  });
});

describe('badv and the advertiser domain', () => {
  it("blocks a creative whose click URL's domain badv names, and bids it otherwise with adomain", async () => {
    const request = fixture('simple-banner');
    expect(await bidOn({ ...request, badv: ['shop.example'] })).toBeUndefined();
    const bid = await bidOn({ ...request, badv: ['competitor.example'] });
    expect(bid).toMatchObject({ mtype: 1, adomain: ['shop.example'] });
    expect(bid).not.toHaveProperty('cat');
  });
});
