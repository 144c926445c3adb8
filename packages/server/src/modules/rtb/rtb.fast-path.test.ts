import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../../engine/engine.factories';
import type { TBidResponse } from '../../engine/openrtb';
import { type BiddingWorld, createBiddingWorld } from '../../test/bidding-world';
import { startTestApp, type TestContext } from '../../test/test-app';
import { EXCHANGE_TOKEN_HEADER, NBR_HEADER, OPENRTB_VERSION_HEADER } from './rtb.routes';

/**
 * `POST /rtb/{exchange}` over real HTTP, where an admitted request is answered before Fastify (decision 053): the
 * same status, body and headers as the route gives through `app.inject`, and the refusals left to the route.
 */

const EXCHANGE = { key: 'fast-x', token: 'exchange-token-fast-0123456789' };
let ctx: TestContext;
let world: BiddingWorld;
let base = '';

beforeAll(async () => {
  ctx = await startTestApp({ deliveryFlushMs: 0 });
  world = await createBiddingWorld(ctx, EXCHANGE);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await ctx.close();
});

const request = (
  id: string,
  change: (request: Record<string, unknown>) => void = () => undefined,
): string => {
  const body = JSON.parse(fixtureText('simple-banner')) as Record<string, unknown>;
  body.id = id;
  change(body);
  return JSON.stringify(body);
};

const headersOf = (extra: Record<string, string> = {}) => ({
  [EXCHANGE_TOKEN_HEADER]: EXCHANGE.token,
  'content-type': 'application/json',
  ...extra,
});

/** Over HTTP and through the route, the same request (but its id): the answers' parts that must agree. */
const both = async (
  body: (id: string) => string,
  options: { key?: string; headers?: Record<string, string> } = {},
) => {
  const key = options.key ?? EXCHANGE.key;
  const headers = options.headers ?? headersOf();
  const overHttp = await fetch(`${base}/rtb/${key}`, { method: 'POST', body: body('http'), headers });
  const viaRoute = await ctx.app.inject({
    method: 'POST',
    url: `/rtb/${key}`,
    payload: body('route'),
    headers,
  });
  const text = await overHttp.text();
  const skip = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'content-length']);
  const headerSet = (entries: [string, string][]) =>
    Object.fromEntries(entries.filter(([name]) => !skip.has(name)));
  return {
    http: { status: overHttp.status, text, headers: headerSet([...overHttp.headers.entries()]) },
    route: {
      status: viaRoute.statusCode,
      text: viaRoute.body,
      headers: headerSet(Object.entries(viaRoute.headers).map(([name, value]) => [name, String(value)])),
    },
  };
};

describe('POST /rtb/{exchange} answered before Fastify', () => {
  it('bids as the route does, with the same headers, and counts the bid', async () => {
    const { http, route } = await both((id) => request(id));
    expect(http.status).toBe(200);
    expect(route.status).toBe(200);
    expect(http.headers).toEqual(route.headers);
    // An exchange is not a browser: of the security headers only nosniff (decision 057).
    expect(http.headers['x-content-type-options']).toBe('nosniff');
    expect(http.headers).not.toHaveProperty('content-security-policy');
    expect(http.headers).not.toHaveProperty('strict-transport-security');
    const answer = JSON.parse(http.text) as TBidResponse;
    expect(answer.id).toBe('http');
    expect(answer.seatbid?.[0]?.bid[0]?.cid).toBe(world.campaign.id);
    await ctx.app.deps.delivery.flush();
    const bids = await ctx.db
      .selectFrom('delivery_hourly')
      .select((eb) => eb.fn.sum<string>('bids').as('bids'))
      .where('strategy_id', '=', world.strategyId)
      .executeTakeFirstOrThrow();
    expect(Number(bids.bids)).toBe(2);
  });

  it('answers no bid, a misread field and a body that is not a request as the route does', async () => {
    const cases: ((id: string) => string)[] = [
      (id) =>
        request(id, (r) =>
          Object.assign(r, { device: { ...(r.device as object), geo: { country: 'FRA' } } }),
        ),
      (id) => request(id, (r) => Object.assign(r, { tmax: 'soon' })),
      () => '{"id": "x", "imp": []}',
      () => 'not json',
    ];
    for (const body of cases) {
      const { http, route } = await both(body);
      expect(http.status).toBe(route.status);
      expect(http.headers).toEqual(route.headers);
      if (route.status !== 204) expect(JSON.parse(http.text)).toEqual(JSON.parse(route.text));
      else expect(http.headers[NBR_HEADER]).toBe(route.headers[NBR_HEADER]);
    }
  });

  it('leaves refusals before the body to the route: token, exchange, version', async () => {
    const wrongToken = await both((id) => request(id), {
      headers: headersOf({ [EXCHANGE_TOKEN_HEADER]: 'nope' }),
    });
    expect(wrongToken.http.status).toBe(403);
    expect(wrongToken.http.text).toBe(wrongToken.route.text);
    const unknown = await both((id) => request(id), { key: 'no-such-exchange' });
    expect(unknown.http.status).toBe(404);
    const version = await both((id) => request(id), {
      headers: headersOf({ [OPENRTB_VERSION_HEADER]: '3.0' }),
    });
    expect(version.http.status).toBe(400);
    expect(version.http.text).toBe(version.route.text);
  });
});
