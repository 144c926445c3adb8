import { describe, expect, it } from 'vitest';
import { parseBidRequest, type TBidRequest, type TImp } from '../engine/openrtb';
import { createSimulator, type HttpClient, type HttpRequest, type SimulatorOptions } from './simulator';

const ORIGIN = 'http://beacon.test';

/** The markup a bidder answers for an impression, with tracking URLs on ORIGIN (and one off it). */
const markupFor = (imp: TImp, ticket: string): { adm: string; mtype: number } => {
  const ev = (kind: string) => `${ORIGIN}/ev/${kind}?t=${ticket}`;
  if (imp.video !== undefined || imp.audio !== undefined) {
    const tracking = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip']
      .map((event) => `<Tracking event="${event}"><![CDATA[${ev(`video_${event}`)}]]></Tracking>`)
      .join('');
    return {
      mtype: imp.video === undefined ? 3 : 2,
      adm: `<VAST version="4.2"><Ad id="a"><InLine><Impression><![CDATA[${ev('impression')}]]></Impression><Creatives><Creative><Linear><TrackingEvents>${tracking}</TrackingEvents><VideoClicks><ClickThrough><![CDATA[${ev('click')}]]></ClickThrough></VideoClicks></Linear></Creative></Creatives></InLine></Ad></VAST>`,
    };
  }
  if (imp.native !== undefined) {
    return {
      mtype: 4,
      adm: JSON.stringify({
        ver: '1.2',
        assets: [],
        link: { url: ev('click') },
        imptrackers: [ev('impression')],
      }),
    };
  }
  return {
    mtype: 1,
    adm: `<a href="${ev('click')}"><img src="${ORIGIN}/files/c.png" width="300" height="250"></a><img src="${ev('impression')}" width="1" height="1" alt=""><img src="https://thirdparty.example/p.gif" width="1" height="1">`,
  };
};

type Stub = { http: HttpClient; calls: HttpRequest[]; requests: TBidRequest[] };

/** A bidder at the HTTP edge: bids `price(request)` on every impression (undefined: 204), 204 on events. */
const stubBidder = (price: (request: TBidRequest) => number | undefined): Stub => {
  const calls: HttpRequest[] = [];
  const requests: TBidRequest[] = [];
  const http: HttpClient = async (call) => {
    calls.push(call);
    const answer = (status: number, body = '', headers: Record<string, string> = {}) => ({
      status,
      body,
      header: (name: string) => headers[name.toLowerCase()] ?? null,
    });
    if (call.method === 'POST') {
      const parsed = parseBidRequest(call.body ?? '');
      if (!parsed.ok) return answer(400, JSON.stringify({ error: parsed.reason }));
      const request = parsed.request;
      requests.push(request);
      const cpm = price(request);
      if (cpm === undefined) return answer(204, '', { 'x-openrtb-nbr': '8' });
      const bids = request.imp.map((imp) => {
        const ticket = `${request.id}-${imp.id}`;
        const dealId = imp.pmp?.deals?.[0]?.id;
        return {
          id: `bid-${ticket}`,
          impid: imp.id,
          price: Math.max(cpm, imp.pmp?.deals?.[0]?.bidfloor ?? 0),
          ...(dealId === undefined ? {} : { dealid: dealId }),
          nurl: `${ORIGIN}/ev/win?t=${ticket}&p=\${AUCTION_PRICE}`,
          burl: `${ORIGIN}/ev/billing?t=${ticket}&p=\${AUCTION_PRICE}`,
          ...markupFor(imp, ticket),
        };
      });
      return answer(
        200,
        JSON.stringify({ id: request.id, cur: 'USD', seatbid: [{ seat: 'beacon', bid: bids }] }),
      );
    }
    const path = new URL(call.url).pathname;
    return answer(
      path === '/ev/click' ? 302 : 204,
      '',
      path === '/ev/click' ? { location: 'https://x.example' } : {},
    );
  };
  return { http, calls, requests };
};

/**
 * The requests' time for the tests that count outcomes: the kinds of traffic follow the local hour, so a count
 * must not depend on when the suite runs.
 */
const NOON = { clockStart: new Date('2026-11-20T12:00:00Z') };

const options = (stub: Stub, overrides: Partial<SimulatorOptions> = {}): SimulatorOptions => ({
  target: ORIGIN,
  exchange: 'demo',
  rate: 10,
  durationSeconds: 0,
  seed: 42,
  currency: 'USD',
  auctionType: 1,
  deals: [],
  concurrency: 8,
  http: stub.http,
  ...overrides,
});

const sendMany = async (simulator: ReturnType<typeof createSimulator>, count: number) => {
  for (let i = 0; i < count; i += 1) await simulator.sendOne();
};

const urlsOf = (stub: Stub, path: string) =>
  stub.calls
    .filter((call) => call.method === 'GET' && new URL(call.url).pathname === path)
    .map((call) => call.url);

describe('the traffic simulator', () => {
  it('posts OpenRTB 2.6 requests to /rtb/{exchange} with the version and token headers', async () => {
    const stub = stubBidder(() => undefined);
    const simulator = createSimulator(options(stub, { token: 'tok', exchange: 'ssp-1' }));
    await sendMany(simulator, 5);
    const posts = stub.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(5);
    for (const post of posts) {
      expect(post.url).toBe(`${ORIGIN}/rtb/ssp-1`);
      expect(post.headers).toMatchObject({
        'content-type': 'application/json',
        'x-openrtb-version': '2.6',
        'x-beacon-exchange-token': 'tok',
      });
    }
    expect(simulator.stats()).toMatchObject({
      requests: 5,
      noBids: 5,
      wins: 0,
      errors: 0,
      noBidReasons: { '8': 5 },
    });
  });

  it('wins with a high first-price bid: win and billing notices at our price, pixels, events, a few clicks', async () => {
    const stub = stubBidder(() => 900);
    const simulator = createSimulator(options(stub, NOON));
    await sendMany(simulator, 400);
    const stats = simulator.stats();
    expect(stats).toMatchObject({ requests: 400, bidResponses: 400, wins: 400, errors: 0, eventErrors: 0 });
    const wins = urlsOf(stub, '/ev/win');
    expect(wins).toHaveLength(400);
    for (const url of wins) expect(new URL(url).searchParams.get('p')).toMatch(/^9\d\d(\.\d+)?$/);
    // Render rates are 90–99 %: impressions and billing notices follow the wins, once each.
    expect(stats.impressions).toBeGreaterThan(340);
    expect(stats.impressions).toBeLessThan(400);
    expect(urlsOf(stub, '/ev/impression')).toHaveLength(stats.impressions);
    expect(urlsOf(stub, '/ev/billing')).toHaveLength(stats.impressions);
    for (const url of urlsOf(stub, '/ev/billing')) expect(url).not.toContain('AUCTION_PRICE');
    // The third-party pixel of the banners is never called: the simulator stays on the target.
    expect(stub.calls.some((call) => call.url.includes('thirdparty.example'))).toBe(false);
    expect(stats.externalSkipped).toBeGreaterThan(0);
    // The creative image is not a pixel: not called.
    expect(stub.calls.some((call) => call.url.endsWith('/files/c.png'))).toBe(false);
    // Video: every start is an impression; fewer complete than start; quartiles in order.
    expect(stats.videoStarts).toBeGreaterThan(30);
    expect(stats.videoCompletes).toBeLessThan(stats.videoStarts);
    expect(stats.videoCompletes).toBeGreaterThan(stats.videoStarts * 0.5);
    expect(urlsOf(stub, '/ev/video_midpoint').length).toBeLessThanOrEqual(
      urlsOf(stub, '/ev/video_firstQuartile').length,
    );
    // Clicks at display and native rates (well under 5 %), counted when the click URL answered.
    expect(stats.clicks).toBe(urlsOf(stub, '/ev/click').length);
    expect(stats.clicks).toBeLessThan(20);
  });

  it('clicks at 0.2–1 %: enough draws show it', async () => {
    const stub = stubBidder(() => 900);
    const simulator = createSimulator(options(stub, { seed: 9, ...NOON }));
    await sendMany(simulator, 3000);
    const { clicks, impressions } = simulator.stats();
    expect(clicks / impressions).toBeGreaterThan(0.002);
    expect(clicks / impressions).toBeLessThan(0.012);
  });

  it('second price: pays at most the bid, at least the floor, and loses to higher competitors', async () => {
    const priceOf = (imp: TImp | undefined) =>
      Math.max((imp?.bidfloor ?? 0.5) * 1.3, imp?.pmp?.deals?.[0]?.bidfloor ?? 0);
    const stub = stubBidder((request) => priceOf(request.imp[0]));
    const simulator = createSimulator(options(stub, { auctionType: 2, seed: 3 }));
    await sendMany(simulator, 300);
    const stats = simulator.stats();
    expect(stats.wins + stats.losses + stats.invalidBids).toBeGreaterThanOrEqual(300);
    expect(stats.wins).toBeGreaterThan(20);
    expect(stats.losses).toBeGreaterThan(20);
    for (const url of urlsOf(stub, '/ev/win')) {
      const ticket = new URL(url).searchParams.get('t') ?? '';
      const request = stub.requests.find((candidate) => ticket.startsWith(candidate.id));
      const imp = request?.imp[0];
      const bid = priceOf(imp);
      const paid = Number(new URL(url).searchParams.get('p'));
      expect(paid).toBeLessThanOrEqual(bid + 1e-9);
      if (imp?.pmp === undefined) expect(paid).toBeGreaterThanOrEqual(imp?.bidfloor ?? 0);
    }
  });

  it('counts and reports error answers, network failures and unreadable responses, and goes on', async () => {
    let n = 0;
    const good = stubBidder(() => 900);
    const http: HttpClient = async (call) => {
      if (call.method !== 'POST') return good.http(call);
      n += 1;
      if (n % 4 === 1) return { status: 500, body: '{"error":"boom"}', header: () => null };
      if (n % 4 === 2) throw new Error('connect ECONNREFUSED');
      if (n % 4 === 3) return { status: 200, body: 'not json', header: () => null };
      return good.http(call);
    };
    const reports: { line: string; errors: readonly string[] }[] = [];
    const simulator = createSimulator(
      options(good, { http, rate: 200, durationSeconds: 0.3, report: (report) => reports.push(report) }),
    );
    const stats = await simulator.run();
    expect(stats.requests).toBeGreaterThan(20);
    expect(stats.errors).toBeGreaterThanOrEqual(Math.floor((stats.requests * 3) / 4) - 1);
    expect(stats.wins).toBeGreaterThan(0);
    const final = reports.at(-1);
    expect(final?.line).toMatch(
      /^requests \d+ \(\d+\.\d\/s\) · bids \d+ · no bid 0 · wins \d+ ·.* errors \d+/,
    );
    expect(final?.errors.join('\n')).toContain('POST /rtb/demo answered 500: {"error":"boom"}');
    expect(final?.errors.join('\n')).toContain('POST /rtb/demo failed: connect ECONNREFUSED');
    expect(final?.errors.join('\n')).toContain('a bid response that is not JSON');
  });

  it('sets aside bids for another currency, another impression or under the floor', async () => {
    const http: HttpClient = async (call) => {
      if (call.method !== 'POST') return { status: 204, body: '', header: () => null };
      const request = JSON.parse(call.body ?? '{}') as { id: string };
      const bids = [
        { id: 'a', impid: '9', price: 5 },
        { id: 'b', impid: '1', price: 0.0001 },
      ];
      return {
        status: 200,
        body: JSON.stringify({ id: request.id, seatbid: [{ bid: bids }] }),
        header: () => null,
      };
    };
    const simulator = createSimulator(options({ http, calls: [], requests: [] }, { seed: 5, ...NOON }));
    await sendMany(simulator, 20);
    expect(simulator.stats()).toMatchObject({ requests: 20, wins: 0, errors: 0 });
    expect(simulator.stats().invalidBids).toBeGreaterThanOrEqual(20);
  });

  it('keeps at most `concurrency` requests waiting and drops the rest', async () => {
    const waiting: (() => void)[] = [];
    const http: HttpClient = (call) =>
      new Promise((resolve) => {
        waiting.push(() => resolve({ status: 204, body: '', header: () => null }));
        void call;
      });
    let clock = 0;
    const simulator = createSimulator(
      options({ http, calls: [], requests: [] }, { rate: 100, concurrency: 3, now: () => clock }),
    );
    const running = simulator.run();
    clock = 100;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(waiting).toHaveLength(3);
    expect(simulator.stats().dropped).toBe(7);
    const stopping = simulator.stop();
    for (const release of waiting) release();
    await stopping;
    const stats = await running;
    expect(stats).toMatchObject({ requests: 3, noBids: 3, dropped: 7 });
  });

  it('replays the same requests for the same seed', async () => {
    const first = stubBidder(() => 900);
    const second = stubBidder(() => 900);
    await sendMany(createSimulator(options(first, { seed: 77 })), 50);
    await sendMany(createSimulator(options(second, { seed: 77 })), 50);
    expect(second.calls.map((call) => call.url)).toEqual(first.calls.map((call) => call.url));
    expect(second.requests).toEqual(first.requests);
  });

  it('runs the simulated clock from --clock: the summary shows it', async () => {
    const stub = stubBidder(() => undefined);
    let clock = 1_000;
    const reports: string[] = [];
    const simulator = createSimulator(
      options(stub, {
        clockStart: new Date('2026-01-01T08:00:00Z'),
        now: () => clock,
        report: ({ line }) => reports.push(line),
      }),
    );
    const running = simulator.run();
    clock += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 80));
    await simulator.stop();
    await running;
    expect(reports.at(-1)).toMatch(/^\[2026-01-01T08:01:00Z\] requests/);
  });
});
