import { GOAL_EVENTS, type GoalEvent } from '@beacon/domain/campaigns/goals';
import { describe, expect, it } from 'vitest';
import { buildStrategy, fixture, goalCounts } from './engine.factories';
import type { TImp } from './openrtb';
import {
  bidEquivalentCpm,
  convertMicros,
  type ExchangeRates,
  GOAL_PRIORS,
  type GoalCounts,
  goalOf,
  goalValueCpm,
  hasFixedOffer,
  type LearntCounts,
  maxBidCpm,
  microsToOpenRtbPrice,
  NOTHING_LEARNT,
  type PriceInput,
  parseDecimal,
  predictedRate,
  priceBid,
  type Ratio,
  rateKey,
} from './price';
import type { CompiledDeal } from './strategy-index';
import type { MatchedDeal } from './targeting';

const RATES: ExchangeRates = new Map([
  [rateKey('eur', 'usd'), '1.08'],
  [rateKey('usd', 'gbp'), '0.79'],
]);
const bannerImp = (overrides: Partial<TImp> = {}): TImp => ({
  id: '1',
  banner: { w: 300, h: 250 },
  ...overrides,
});
const input = (overrides: Partial<PriceInput> = {}): PriceInput => ({
  strategy: buildStrategy(),
  stats: NOTHING_LEARNT,
  imp: bannerImp(),
  request: { cur: ['USD'] },
  deal: null,
  rates: RATES,
  ...overrides,
});
const usd = (units: string) => BigInt(Math.round(Number(units) * 1_000_000));

/** A rate as a number, for comparisons (the bidder never turns one into a float). */
const rateOf = (ratio: Ratio): number => Number(ratio.numerator) / Number(ratio.denominator);
const onlyStrategy = (counts: GoalCounts): LearntCounts => ({ strategy: counts });

describe('predicted rates (decision 051)', () => {
  it('starts from the prior of each goal event', () => {
    for (const event of GOAL_EVENTS) {
      expect(rateOf(predictedRate(event, NOTHING_LEARNT)), event).toBeCloseTo(
        Number(GOAL_PRIORS[event].perMillion) / 1e6,
        8,
      );
    }
  });

  it('learns each event from its own column', () => {
    const counts = goalCounts({
      impressions: 1_000_000,
      clicks: 10_000,
      videoStarts: 900_000,
      videoCompletes: 600_000,
      conversions: { 1: 300, 2: 200, 3: 100, 5: 50 },
    });
    const learnt = onlyStrategy(counts);
    const close = (event: GoalEvent, expected: number) =>
      expect(rateOf(predictedRate(event, learnt)), event).toBeCloseTo(expected, 4);
    close('clicks', 0.01);
    close('video_starts', 0.9);
    close('video_completes', 0.6);
    // (300 + 0.0001 × 10,000) / (1,000,000 + 10,000)
    expect(rateOf(predictedRate('conversions_1', learnt))).toBeCloseTo(301 / 1_010_000, 10);
    expect(rateOf(predictedRate('conversions_4', learnt))).toBeCloseTo(1 / 1_010_000, 10);
    expect(rateOf(predictedRate('conversions_all', learnt))).toBeCloseTo(651 / 1_010_000, 10);
  });

  it('lets one early event move the prior only a little', () => {
    const click = predictedRate('clicks', onlyStrategy(goalCounts({ impressions: 10, clicks: 1 })));
    // One lucky click in ten impressions moves the 0.1 % prior only to about 0.2 %, not 10 %.
    expect(rateOf(click)).toBeLessThan(0.0025);
    const conversion = predictedRate(
      'conversions_2',
      onlyStrategy(goalCounts({ impressions: 100, conversions: { 2: 1 } })),
    );
    expect(rateOf(conversion)).toBeLessThan(0.0003);
  });

  it('never counts more events than the impressions allow, nor nonsense', () => {
    const clicks = predictedRate('clicks', onlyStrategy(goalCounts({ impressions: 10, clicks: 50 })));
    expect(clicks.numerator <= clicks.denominator).toBe(true);
    // All events: at most five per impression.
    const all = predictedRate(
      'conversions_all',
      onlyStrategy(goalCounts({ impressions: 10, conversions: { 1: 40, 2: 40 } })),
    );
    expect(rateOf(all)).toBeLessThanOrEqual(5);
    const nonsense = onlyStrategy(goalCounts({ impressions: -5, clicks: Number.NaN }));
    expect(predictedRate('clicks', nonsense)).toEqual(predictedRate('clicks', NOTHING_LEARNT));
  });

  it('backs off from the placement to the strategy, and from the strategy to the prior', () => {
    const strategy = goalCounts({ impressions: 100_000, clicks: 500 });
    const strategyRate = rateOf(predictedRate('clicks', onlyStrategy(strategy)));
    expect(strategyRate).toBeCloseTo(501 / 101_000, 8);
    // No delivery at this placement: the strategy's rate.
    expect(rateOf(predictedRate('clicks', { strategy, placement: undefined }))).toBe(strategyRate);
    expect(rateOf(predictedRate('clicks', { strategy, placement: goalCounts({}) }))).toBe(strategyRate);
    // A placement with a little delivery leans toward its own rate, weighing k = 1,000 impressions of the
    // strategy's: (30 + 1000 × 501/101000) / (1000 + 1000).
    const little = goalCounts({ impressions: 1_000, clicks: 30 });
    expect(rateOf(predictedRate('clicks', { strategy, placement: little }))).toBeCloseTo(
      (30 + (1000 * 501) / 101_000) / 2000,
      8,
    );
    // Much delivery there: about its own rate.
    const much = goalCounts({ impressions: 1_000_000, clicks: 30_000 });
    expect(rateOf(predictedRate('clicks', { strategy, placement: much }))).toBeCloseTo(0.03, 4);
  });
});

describe('goals and the bid-equivalent CPM (decision 051)', () => {
  const cpa = (price: string, overrides: Parameters<typeof buildStrategy>[0] = {}) =>
    buildStrategy({
      goal: { event: 'conversions_1', priceMicros: usd(price) },
      bidMicros: usd('5'),
      ...overrides,
    });

  it('compiles a goal from the price model, the event optimisation and the goal price', () => {
    const priced = { eventOptimisation: null, goalPriceMicros: usd('2') };
    expect(goalOf({ ...priced, priceModel: 'cpa3' })).toEqual({
      event: 'conversions_3',
      priceMicros: usd('2'),
    });
    expect(goalOf({ ...priced, priceModel: 'cpa3', eventOptimisation: 'all_events' })).toEqual({
      event: 'conversions_all',
      priceMicros: usd('2'),
    });
    expect(goalOf({ ...priced, priceModel: 'ipm' })?.event).toBe('conversions_1');
    expect(goalOf({ ...priced, priceModel: 'cpm' })).toBeNull();
    expect(goalOf({ ...priced, priceModel: null })).toBeNull();
    expect(goalOf({ ...priced, priceModel: 'ctr', goalPriceMicros: null })).toBeNull();
  });

  it('bids a new strategy goal price × prior rate × 1000', () => {
    // $20 a conversion × 0.01 % = $2.00 CPM.
    expect(bidEquivalentCpm(cpa('20'), NOTHING_LEARNT)).toBe(usd('2'));
    // $0.50 a click × 0.1 % = $0.50 CPM; $0.02 a completed view × 50 % = $10 CPM, capped by the $5 bid.
    const click = buildStrategy({ goal: { event: 'clicks', priceMicros: usd('0.5') } });
    expect(bidEquivalentCpm(click, NOTHING_LEARNT)).toBe(usd('0.5'));
    const view = buildStrategy({
      bidMicros: usd('5'),
      goal: { event: 'video_completes', priceMicros: usd('0.02') },
    });
    expect(bidEquivalentCpm(view, NOTHING_LEARNT)).toBe(usd('5'));
  });

  it('bids more once conversions are learnt, capped by the maximum bid', () => {
    const learnt = onlyStrategy(goalCounts({ impressions: 20_000, conversions: { 1: 10 } }));
    // (10 + 0.0001 × 10,000) / (20,000 + 10,000) = 11 / 30,000; × $20 × 1000 = $7.333333, over the $5 bid.
    expect(bidEquivalentCpm(cpa('20', { bidMicros: usd('10') }), learnt)).toBe(7_333_333n);
    expect(bidEquivalentCpm(cpa('20'), learnt)).toBe(usd('5'));
    // Many impressions without a conversion: less than the prior.
    const none = onlyStrategy(goalCounts({ impressions: 90_000 }));
    expect(bidEquivalentCpm(cpa('20'), none)).toBe(usd('0.2'));
  });

  it('bids without a goal its maximum bid: a CPM, or a CPC bid × CTR × 1000, rounded down', () => {
    expect(bidEquivalentCpm(buildStrategy(), NOTHING_LEARNT)).toBe(2_000_000n);
    const cpc = buildStrategy({ pricing: 'cpc', bidMicros: 1_500_000n });
    expect(bidEquivalentCpm(cpc, NOTHING_LEARNT)).toBe(1_500_000n);
    // (50 + 0.001 × 1000) / (10000 + 1000) = 51 / 11000; 1.5 × 1000 × 51 / 11000 = 6.954545…
    const learnt = onlyStrategy(goalCounts({ impressions: 10_000, clicks: 50 }));
    expect(bidEquivalentCpm(cpc, learnt)).toBe(6_954_545n);
    expect(maxBidCpm(cpc, learnt)).toBe(6_954_545n);
  });

  it('caps a goal under CPC pricing at the bid per click × CTR', () => {
    const learnt = onlyStrategy(goalCounts({ impressions: 10_000, clicks: 50, conversions: { 1: 20 } }));
    // Clicks at a $0.35 target under a $0.45 bid: the target wins.
    const clicks = buildStrategy({
      pricing: 'cpc',
      bidMicros: usd('0.45'),
      goal: { event: 'clicks', priceMicros: usd('0.35') },
    });
    expect(bidEquivalentCpm(clicks, learnt)).toBe((usd('0.35') * 1000n * 51n) / 11_000n);
    // A conversion at $20 is worth (20 + 1) / 20,000 × 20 × 1000 = $21 a mille; a click at most 6.95.
    const conversions = buildStrategy({
      pricing: 'cpc',
      bidMicros: usd('1.5'),
      goal: { event: 'conversions_1', priceMicros: usd('20') },
    });
    expect(goalValueCpm(conversions.goal ?? { event: 'clicks', priceMicros: 0n }, learnt)).toBe(usd('21'));
    expect(bidEquivalentCpm(conversions, learnt)).toBe(6_954_545n);
  });

  it('keeps only strategies without a goal bought by the thousand at a fixed offer', () => {
    expect(hasFixedOffer(buildStrategy())).toBe(true);
    expect(hasFixedOffer(cpa('1'))).toBe(false);
    expect(hasFixedOffer(buildStrategy({ pricing: 'cpc' }))).toBe(false);
  });

  it('prices a goal bid with the §9 bounds and the floor', () => {
    // $20 × prior = $2.00 CPM, over the $1.50 floor.
    const imp = bannerImp({ bidfloor: 1.5 });
    expect(priceBid(input({ strategy: cpa('20'), imp }))).toMatchObject({ ok: true, priceMicros: usd('2') });
    // $10 × prior = $1.00 CPM: under the floor, no bid (never raised to it).
    expect(priceBid(input({ strategy: cpa('10'), imp }))).toMatchObject({ ok: false, reason: 'below_floor' });
    // $1 × prior = $0.10 CPM: under the USD minimum of $0.25.
    expect(priceBid(input({ strategy: cpa('1') }))).toMatchObject({ ok: false, reason: 'below_minimum_cpm' });
    // A learnt rate worth more than the §9 maximum is capped at it.
    const learnt = onlyStrategy(goalCounts({ impressions: 100_000, conversions: { 1: 10_000 } }));
    expect(priceBid(input({ strategy: cpa('50', { bidMicros: usd('1000') }), stats: learnt }))).toMatchObject(
      { ok: true, cpmMicros: usd('200') },
    );
  });
});

describe('exchange rates', () => {
  it('parses exact decimals only', () => {
    expect(parseDecimal('1.08')).toEqual({ numerator: 108n, denominator: 100n });
    expect(parseDecimal('0.0000637')).toEqual({ numerator: 637n, denominator: 10_000_000n });
    for (const bad of ['0', '-1', 'abc', '1e3', '', '1.']) expect(parseDecimal(bad)).toBeUndefined();
  });

  it('converts both ways, rounding as asked', () => {
    expect(convertMicros(2_000_000n, 'eur', 'usd', RATES, 'down')).toBe(2_160_000n);
    // 1 USD = 1 / 1.08 EUR = 0.925925… EUR.
    expect(convertMicros(1_000_000n, 'USD', 'EUR', RATES, 'down')).toBe(925_925n);
    expect(convertMicros(1_000_000n, 'USD', 'EUR', RATES, 'up')).toBe(925_926n);
    expect(convertMicros(5n, 'usd', 'usd', RATES, 'up')).toBe(5n);
    expect(convertMicros(1n, 'usd', 'inr', RATES, 'down')).toBeUndefined();
  });

  it('writes micros as the OpenRTB decimal', () => {
    expect(microsToOpenRtbPrice(2_160_000n)).toBe(2.16);
    expect(microsToOpenRtbPrice(925_925n)).toBe(0.925925);
  });
});

describe('priceBid', () => {
  it('bids the strategy CPM over the floor', () => {
    const result = priceBid(input({ imp: bannerImp({ bidfloor: 0.4 }) }));
    expect(result).toEqual({
      ok: true,
      currency: 'USD',
      priceMicros: 2_000_000n,
      floorMicros: 400_000n,
      cpmMicros: 2_000_000n,
      maxCostMicros: 2_000n,
    });
  });

  it('bids at the floor and refuses below it with a reason', () => {
    expect(priceBid(input({ imp: bannerImp({ bidfloor: 2 }) })).ok).toBe(true);
    const below = priceBid(input({ imp: bannerImp({ bidfloor: 2.000001 }) }));
    expect(below).toMatchObject({ ok: false, reason: 'below_floor', nbr: 0 });
  });

  it('converts a floor in another currency, rounding it up', () => {
    // 1.85 EUR = 1.998 USD: a 2 USD bid clears it; 1.86 EUR = 2.0088 USD does not.
    expect(priceBid(input({ imp: bannerImp({ bidfloor: 1.85, bidfloorcur: 'EUR' }) }))).toMatchObject({
      ok: true,
      floorMicros: 1_998_000n,
    });
    expect(priceBid(input({ imp: bannerImp({ bidfloor: 1.86, bidfloorcur: 'EUR' }) })).ok).toBe(false);
    expect(priceBid(input({ imp: bannerImp({ bidfloor: 1, bidfloorcur: 'JPY' }) }))).toMatchObject({
      ok: false,
      reason: 'no_exchange_rate',
      nbr: 1,
    });
  });

  it('caps at the §9 maximum CPM of the currency and refuses below the minimum', () => {
    expect(priceBid(input({ strategy: buildStrategy({ bidMicros: usd('250') }) }))).toMatchObject({
      ok: true,
      priceMicros: usd('200'),
    });
    expect(priceBid(input({ strategy: buildStrategy({ bidMicros: usd('0.25') }) })).ok).toBe(true);
    expect(priceBid(input({ strategy: buildStrategy({ bidMicros: usd('0.249999') }) }))).toMatchObject({
      ok: false,
      reason: 'below_minimum_cpm',
    });
    const idr = buildStrategy({ currency: 'idr', bidMicros: usd('25000') });
    expect(priceBid(input({ strategy: idr, request: { cur: ['IDR'] } }))).toMatchObject({
      ok: true,
      priceMicros: usd('20000'),
    });
  });

  it('applies the COP bounds as the spec writes them (800-200), so COP never bids', () => {
    for (const bid of ['100', '200', '800', '1000']) {
      const cop = buildStrategy({ currency: 'cop', bidMicros: usd(bid) });
      expect(priceBid(input({ strategy: cop, request: { cur: ['COP'] } }))).toMatchObject({
        ok: false,
        reason: 'below_minimum_cpm',
      });
    }
  });

  it('caps a learned CPC eCPM and refuses one below the minimum', () => {
    const cpc = buildStrategy({ pricing: 'cpc', bidMicros: usd('50') });
    const stats = { strategy: goalCounts({ impressions: 100_000, clicks: 20_000 }) };
    expect(priceBid(input({ strategy: cpc, stats }))).toMatchObject({ ok: true, cpmMicros: usd('200') });
    const cheap = buildStrategy({ pricing: 'cpc', bidMicros: usd('0.1') });
    expect(priceBid(input({ strategy: cheap }))).toMatchObject({ ok: false, reason: 'below_minimum_cpm' });
  });

  it('answers in the strategy currency when the exchange takes it, else converts', () => {
    const eur = buildStrategy({ currency: 'eur' });
    expect(priceBid(input({ strategy: eur, request: { cur: ['EUR', 'USD'] } }))).toMatchObject({
      currency: 'EUR',
      priceMicros: 2_000_000n,
    });
    expect(priceBid(input({ strategy: eur, request: { cur: ['USD'] } }))).toMatchObject({
      currency: 'USD',
      priceMicros: 2_160_000n,
    });
    // No cur: OpenRTB's default, USD.
    expect(priceBid(input({ strategy: eur, request: {} }))).toMatchObject({ currency: 'USD' });
    // The first accepted currency with a rate.
    expect(priceBid(input({ request: { cur: ['JPY', 'GBP'] } }))).toMatchObject({
      currency: 'GBP',
      priceMicros: 1_580_000n,
    });
    expect(priceBid(input({ request: { cur: ['JPY'] } }))).toMatchObject({
      ok: false,
      reason: 'no_exchange_rate',
    });
  });

  it('uses the highest of the deal floor and the stored deal floor, not the impression floor', () => {
    const request = fixture('pmp-direct-deal');
    const imp = request.imp[0];
    const requestDeal = imp?.pmp?.deals?.[0];
    if (imp === undefined || requestDeal === undefined) throw new Error('fixture without a deal');
    const deal = (floorMicros: bigint): MatchedDeal => {
      const compiled: CompiledDeal = {
        id: '90',
        externalId: requestDeal.id,
        supplyPartner: 'magnite',
        type: 'private_auction',
        floorMicros,
        currency: 'eur',
        startDay: '2026-01-01',
        endDay: null,
      };
      return { deal: compiled, requestDeal };
    };
    const bid = (units: string) => buildStrategy({ bidMicros: usd(units) });
    expect(priceBid(input({ imp, deal: deal(usd('3')), strategy: bid('2') }))).toMatchObject({
      reason: 'below_floor',
    });
    expect(priceBid(input({ imp, deal: deal(usd('3')), strategy: bid('4') }))).toMatchObject({
      ok: true,
      floorMicros: usd('3.5'),
    });
    // A stored floor of 4 EUR is 4.32 USD, above the exchange's 3.5.
    expect(priceBid(input({ imp, deal: deal(usd('4')), strategy: bid('4.31') }))).toMatchObject({
      reason: 'below_floor',
    });
    expect(priceBid(input({ imp, deal: deal(usd('4')), strategy: bid('4.32') }))).toMatchObject({
      ok: true,
      floorMicros: usd('4.32'),
    });
  });

  it('multiplies a DOOH price by the impression multiplier', () => {
    const imp = bannerImp({ qty: { multiplier: 12.5 }, bidfloor: 20 });
    expect(priceBid(input({ imp }))).toMatchObject({
      ok: true,
      cpmMicros: 2_000_000n,
      priceMicros: 25_000_000n,
      maxCostMicros: 25_000n,
    });
    expect(priceBid(input({ imp: { ...imp, bidfloor: 26 } }))).toMatchObject({ reason: 'below_floor' });
  });
});
