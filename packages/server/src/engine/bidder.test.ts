import { GOAL_EVENTS } from '@beacon/domain/campaigns/goals';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { type BidInput, decideBids, diagnoseRequest, dimensionsOf, regionOf } from './bidder';
import type { BidderExchange } from './bidder-state';
import type { DeliverySink } from './delivery-sink';
import { buildStrategy, fixture, goalCounts, NOTHING_DELIVERED, TEST_EXCHANGE } from './engine.factories';
import { decodeTicket } from './event-ticket';
import { goalRateSnapshotOf, placementOf, type StrategyGoalCounts } from './goal-rates';
import { bucketsOf, candidateRunsIn, runsOf } from './index-store';
import { NO_BID_REASONS, type TBidRequest } from './openrtb';
import { GOAL_PRIORS, rateKey } from './price';
import type { CompiledStrategy, CreativeServing } from './strategy-index';

/** The bidder's choices for one request, with the index and the counters stood in for (decision 040). */

const NOW = new Date('2026-11-27T12:00:00Z');
const SECRETS = { ticket: 'ticket-secret', identity: 'identity-secret' };

const serving = (values: Partial<CreativeServing> = {}): CreativeServing => ({
  name: 'Creative',
  clickUrl: 'https://shop.example',
  impressionPixels: [],
  eventPixels: {},
  imageUrl: '/api/files/banner.png',
  iconUrl: null,
  html: null,
  vastUrl: null,
  durationMs: null,
  mediaFiles: [],
  companion: null,
  ...values,
});

const strategy = (id: string, bid: string, overrides: Partial<CompiledStrategy> = {}): CompiledStrategy =>
  buildStrategy({
    strategyId: id,
    campaignId: `c${id}`,
    bidMicros: BigInt(bid),
    creatives: [
      { id: `cr${id}`, kind: 'banner', size: { w: 300, h: 250 }, attributes: [], serving: serving() },
    ],
    ...overrides,
  });

const EXCHANGE: BidderExchange = TEST_EXCHANGE;

type FakeSink = DeliverySink & { mayNot: Set<string> };
const fakeSink = (): FakeSink => {
  const mayNot = new Set<string>();
  return {
    mayNot,
    recordBid: () => undefined,
    strategyStats: () => ({ impressions: 0, clicks: 0 }),
    mayBid: (s) => !mayNot.has(s.strategyId),
    campaignDay: () => NOTHING_DELIVERED,
  };
};

const input = (
  request: TBidRequest,
  strategies: readonly CompiledStrategy[],
  values: Partial<BidInput> = {},
): BidInput => ({
  exchange: EXCHANGE,
  request,
  rates: new Map([[rateKey('EUR', 'USD'), '1.1']]),
  now: NOW,
  candidates: () => strategies,
  sink: fakeSink(),
  secrets: SECRETS,
  publicUrl: 'https://ads.example',
  ...values,
});

describe('decideBids', () => {
  it('bids the highest price, one bid per impression, with a ticket matching the bid', () => {
    const decision = decideBids(
      input(fixture('simple-banner'), [strategy('1', '2000000'), strategy('2', '3000000')]),
    );
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const bids = decision.response.seatbid?.[0]?.bid ?? [];
    expect(bids).toHaveLength(1);
    expect(bids[0]).toMatchObject({ impid: '1', price: 3, cid: 'c2', crid: 'cr2', mtype: 1, w: 300, h: 250 });
    expect(decision.response.cur).toBe('USD');
    expect(decision.tickets).toHaveLength(1);
    const ticketText = new URL(bids[0]?.nurl ?? '').searchParams.get('t') ?? '';
    const checked = decodeTicket(SECRETS.ticket, ticketText, NOW.getTime());
    expect(checked.ok && checked.ticket).toEqual(decision.tickets[0]);
    expect(decision.tickets[0]).toMatchObject({
      strategyId: '2',
      priceMicros: '3000000',
      maxCostMicros: '3000',
    });
  });

  it('breaks a tie the same way whatever the order of the candidates', () => {
    const a = strategy('1', '2000000');
    const b = strategy('2', '2000000');
    const winner = (list: CompiledStrategy[]) => {
      const decision = decideBids(input(fixture('simple-banner'), list));
      return decision.ok ? decision.response.seatbid?.[0]?.bid[0]?.cid : undefined;
    };
    const first = winner([a, b]);
    expect(first).toBeDefined();
    expect(winner([b, a])).toBe(first);
  });

  it('skips a strategy the counters stop, and one whose creatives cannot be served', () => {
    const sink = fakeSink();
    sink.mayNot.add('2');
    const unservable = strategy('3', '9000000', {
      creatives: [{ id: 'cr3', kind: 'banner', size: { w: 300, h: 250 }, attributes: [] }],
    });
    const decision = decideBids(
      input(fixture('simple-banner'), [strategy('1', '2000000'), strategy('2', '3000000'), unservable], {
        sink,
      }),
    );
    expect(decision.ok && decision.response.seatbid?.[0]?.bid[0]?.cid).toBe('c1');
  });

  it('evaluates a one-impression request from the highest offer down and stops at the first that passes', () => {
    const asked: string[] = [];
    const sink = fakeSink();
    const counting: DeliverySink = {
      ...sink,
      mayBid: (s, now) => {
        asked.push(s.strategyId);
        return sink.mayBid(s, now);
      },
    };
    sink.mayNot.add('40');
    const strategies = Array.from({ length: 40 }, (_, index) =>
      strategy(String(index + 1), String((index + 1) * 100_000 + 1_000_000)),
    );
    const decision = decideBids(input(fixture('simple-banner'), strategies, { sink: counting }));
    expect(decision.ok && decision.response.seatbid?.[0]?.bid[0]?.cid).toBe('c39');
    // The best (40) is stopped by the counters, the next one wins: no other candidate was looked at.
    expect(asked).toEqual(['40', '39']);
  });

  it('picks the same winner as evaluating every candidate, on random candidates', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 200; round += 1) {
      const sink = fakeSink();
      const strategies = Array.from({ length: 1 + Math.floor(random() * 30) }, (_, index) => {
        const id = String(index + 1);
        if (random() < 0.2) sink.mayNot.add(id);
        // Distinct bids from $0.05 (under the fixture's floor) to about $5.
        const bid = String(50_000 + Math.floor(random() * 5_000) * 1_000 + index);
        return strategy(id, bid, random() < 0.3 ? { deviceTypes: new Set(['phone']) } : {});
      });
      const decision = decideBids(input(fixture('simple-banner'), strategies, { sink }));
      const floor = 400_000n; // simple-banner's bidfloor is 0.4 USD
      const passing = strategies.filter(
        (s) => !sink.mayNot.has(s.strategyId) && s.deviceTypes.size === 0 && s.bidMicros >= floor,
      );
      const best = passing.reduce<CompiledStrategy | undefined>(
        (top, s) => (top === undefined || s.bidMicros > top.bidMicros ? s : top),
        undefined,
      );
      expect(decision.ok ? decision.response.seatbid?.[0]?.bid[0]?.cid : undefined).toBe(best?.campaignId);
    }
  });

  it('picks through the index runs the winner that evaluating every candidate picks (CPM, CPC, goals, placements, countries, profiles)', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const request = fixture('simple-banner');
    const country = request.device?.geo?.country ?? 'USA';
    const here = placementOf(dimensionsOf(request));
    const randomCounts = () => {
      const impressions = Math.floor(random() * 5_000);
      const some = (rate: number) => Math.floor(random() * impressions * rate);
      return goalCounts({
        impressions,
        clicks: some(0.02),
        videoStarts: some(1),
        videoCompletes: some(0.7),
        conversions: { 1: some(0.002), 2: some(0.002), 3: some(0.001) },
      });
    };
    for (let round = 0; round < 200; round += 1) {
      const counts = new Map<string, StrategyGoalCounts>();
      const sink = fakeSink();
      const strategies = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, index) => {
        const id = String(index + 1);
        if (random() < 0.2) sink.mayNot.add(id);
        const isCpc = random() < 0.3;
        // A goal: its event, and a price per event worth $0.05 to about $5 a mille at its prior.
        const event = GOAL_EVENTS[Math.floor(random() * GOAL_EVENTS.length)] ?? 'clicks';
        const valueCpm = BigInt(50_000 + Math.floor(random() * 5_000) * 1_000);
        const goal =
          random() < 0.4 ? { event, priceMicros: (valueCpm * 1_000n) / GOAL_PRIORS[event].perMillion } : null;
        if ((isCpc || goal !== null) && random() < 0.8) {
          const placements = new Map(random() < 0.5 ? [[here, randomCounts()]] : []);
          counts.set(id, { overall: randomCounts(), placements });
        }
        // CPM from $0.05 to about $5; a click, or the most a goal may bid, from $0.05 to about $50 (an eCPM of
        // about the same range, and goals mostly under their maximum bid).
        const isHigh = isCpc || goal !== null;
        const bid = String(50_000 + Math.floor(random() * 5_000) * (isHigh ? 10_000 : 1_000) + index);
        const countries = random() < 0.5 ? new Set([country]) : new Set<string>();
        // Device and identifier types vary, so that a bucket has a run per prefilter profile or, past
        // MAX_PROFILE_RUNS profiles, one mixed run.
        const subset = <T extends string>(values: readonly T[]) =>
          new Set(random() < 0.6 ? [] : values.filter(() => random() < 0.5));
        const base = strategy(id, bid, {
          deviceTypes: subset(['phone', 'tablet', 'desktop', 'connectedtv'] as const),
          deviceIdTypes: subset(['ifa', 'gaid', 'web', 'fake'] as const),
        });
        return {
          ...base,
          pricing: isCpc ? ('cpc' as const) : ('cpm' as const),
          goal,
          geo: { ...base.geo, countries },
        };
      });
      const goalRates = goalRateSnapshotOf(counts);
      const buckets = bucketsOf(strategies);
      const runs = new Map([...buckets].map(([key, list]) => [key, runsOf(list)]));
      const decision = decideBids(
        input(request, strategies, {
          sink,
          goalRates,
          candidateRuns: (r, imp) => candidateRunsIn(buckets, runs, r, imp),
        }),
      );
      // Two impressions: every candidate of each is evaluated; the first one's winner is the reference.
      const both = { ...request, imp: [...request.imp, { ...request.imp[0], id: '2' }] } as TBidRequest;
      const reference = decideBids(input(both, strategies, { sink, goalRates }));
      const winnerOf = (d: typeof decision) =>
        d.ok ? d.response.seatbid?.[0]?.bid.find((bid) => bid.impid === '1') : undefined;
      expect(winnerOf(decision)?.cid).toBe(winnerOf(reference)?.cid);
      expect(winnerOf(decision)?.price).toBe(winnerOf(reference)?.price);
    }
  });

  it('orders a goal strategy by its value, not its maximum bid, when merging the runs (decision 051)', () => {
    const request = fixture('simple-banner');
    // Conversion goals worth $2 and $1 a mille at the prior (0.01 %) under maximum bids of $40 and $30, and a $2.90
    // CPM without a goal. Read in the order of their maximum bids, the $2 goal would pass first and the $1 one end
    // the merge before the $2.90 CPM that beats them both.
    const goal = (units: bigint) => ({ event: 'conversions_1' as const, priceMicros: units * 10_000_000n });
    const strategies = [
      strategy('1', '40000000', { goal: goal(2n) }),
      strategy('2', '30000000', { goal: goal(1n) }),
      strategy('3', '2900000'),
    ];
    const runs = runsOf(strategies);
    expect(runs.map((run) => [run.ordered, run.strategies.map((s) => s.strategyId)])).toEqual([
      [false, ['1', '2']],
      [true, ['3']],
    ]);
    const decision = decideBids(input(request, strategies, { candidateRuns: () => runs }));
    expect(decision.ok ? decision.response.seatbid?.[0]?.bid[0] : undefined).toMatchObject({
      cid: 'c3',
      price: 2.9,
    });
  });

  it('diagnoses where each strategy stopped: a rule, the budget, the price, outbid or bid', () => {
    const request = fixture('simple-banner');
    const winner = strategy('1', '3000000');
    const outbid = strategy('2', '2000000');
    const elsewhere = strategy('3', '3000000', {
      geo: { ...winner.geo, countries: new Set(['JPN']) },
    });
    const spent = strategy('4', '3000000');
    // The floor is $0.40 CPM.
    const cheap = strategy('5', '100000');
    const sink = fakeSink();
    sink.mayNot.add('4');
    const strategies = [winner, outbid, elsewhere, spent, cheap];
    const decision = decideBids(input(request, strategies, { sink }));
    expect(decision.ok && decision.tickets[0]?.strategyId).toBe('1');
    expect(diagnoseRequest(input(request, strategies, { sink }), strategies, '1')).toEqual([
      ['1', 'bid'],
      ['2', 'outbid'],
      ['3', 'country'],
      ['4', 'budget'],
      ['5', 'price'],
    ]);
  });

  it('answers the most informative no-bid reason', () => {
    const phonesOnly = strategy('1', '2000000', { deviceTypes: new Set(['phone']) });
    const stopped = strategy('2', '2000000');
    const sink = fakeSink();
    sink.mayNot.add('2');
    expect(decideBids(input(fixture('simple-banner'), [phonesOnly, stopped], { sink }))).toEqual({
      ok: false,
      nbr: NO_BID_REASONS.UNSUPPORTED_DEVICE,
    });
    expect(decideBids(input(fixture('simple-banner'), []))).toEqual({
      ok: false,
      nbr: NO_BID_REASONS.UNKNOWN_ERROR,
    });
    // Under the floor: OpenRTB's catch-all.
    expect(decideBids(input(fixture('simple-banner'), [strategy('1', '100000')]))).toEqual({
      ok: false,
      nbr: NO_BID_REASONS.UNKNOWN_ERROR,
    });
  });

  it('bids through a deal with its id, and our deal id in the ticket', () => {
    const deal = {
      id: '44',
      externalId: 'DEAL-BEACON-0001',
      supplyPartner: 'magnite' as const,
      type: 'private_auction' as const,
      floorMicros: 1_000_000n,
      currency: 'usd' as const,
      startDay: '2026-01-01',
      endDay: null,
    };
    const decision = decideBids(
      input(fixture('pmp-direct-deal'), [strategy('1', '4000000', { deals: [deal] })], {
        exchange: { ...EXCHANGE, partner: 'magnite' },
      }),
    );
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    expect(decision.response.seatbid?.[0]?.bid[0]?.dealid).toBe('DEAL-BEACON-0001');
    expect(decision.tickets[0]?.dealId).toBe('44');
  });

  it('answers video with VAST and native with a Native response, in the currency the exchange takes', () => {
    const video = strategy('5', '20000000', {
      creatives: [
        {
          id: 'v1',
          kind: 'video',
          attributes: [],
          mimes: ['video/mp4'],
          durationSeconds: 15,
          protocols: [7, 8],
          companion: null,
          serving: serving({
            imageUrl: null,
            durationMs: 15_000,
            mediaFiles: [
              { url: '/api/files/v.mp4', mime: 'video/mp4', width: 640, height: 360, bitrateKbps: 400 },
            ],
          }),
        },
      ],
    });
    const videoDecision = decideBids(input(fixture('video-companions'), [video]));
    expect(videoDecision.ok).toBe(true);
    if (!videoDecision.ok) return;
    const videoBid = videoDecision.response.seatbid?.[0]?.bid[0];
    expect(videoBid?.mtype).toBe(2);
    expect(XMLValidator.validate(videoBid?.adm ?? '')).toBe(true);
    expect(videoDecision.tickets[0]?.size).toBe('video');

    const native = strategy('6', '2000000', {
      currency: 'eur',
      creatives: [
        {
          id: 'n1',
          kind: 'native',
          attributes: [],
          title: 'Fresh recipes',
          description: 'Tonight',
          callToAction: 'Install',
          sponsoredBy: 'Recipe Co',
          mainImage: { w: 1200, h: 627 },
          icon: null,
          serving: serving({ imageUrl: '/api/files/main.png' }),
        },
      ],
    });
    const nativeDecision = decideBids(input(fixture('native'), [native]));
    expect(nativeDecision.ok).toBe(true);
    if (!nativeDecision.ok) return;
    const nativeBid = nativeDecision.response.seatbid?.[0]?.bid[0];
    expect(nativeBid?.mtype).toBe(4);
    // The exchange takes EUR, the strategy's currency.
    expect(nativeDecision.response.cur).toBe('EUR');
    expect(nativeBid?.price).toBe(2);
    expect(
      (JSON.parse(nativeBid?.adm ?? '{}') as { assets: { id: number }[] }).assets.map((a) => a.id),
    ).toEqual([1, 2, 4, 5, 6]);
    expect(nativeDecision.tickets[0]).toMatchObject({ currency: 'EUR', campaignCurrency: 'EUR', os: 'ios' });
  });
});

describe('report dimensions', () => {
  it('reads region, device, publisher and bundle from the request', () => {
    expect(regionOf(fixture('simple-banner'))).toBe('ES-AN');
    expect(dimensionsOf(fixture('native'))).toEqual({
      country: 'FRA',
      region: 'FR-IDF',
      deviceType: 'phone',
      os: 'ios',
      venueType: '',
      publisher: 'pub-1207',
      bundle: 'com.example.recipebox',
    });
    const request = fixture('simple-banner');
    request.device = { geo: { country: 'ESP', region: 'ES-CT' } };
    expect(regionOf(request)).toBe('ES-CT');
    request.device = { geo: { region: 'CT' } };
    expect(regionOf(request)).toBe('');
  });
});
