import { describe, expect, it } from 'vitest';
import { buildStrategy, fixture } from './engine.factories';
import type { TImp } from './openrtb';
import {
  bidEquivalentCpm,
  CTR_PRIOR_PER_MILLION,
  convertMicros,
  type ExchangeRates,
  microsToOpenRtbPrice,
  type PriceInput,
  parseDecimal,
  predictedCtr,
  priceBid,
  rateKey,
} from './price';
import type { CompiledDeal } from './strategy-index';
import type { MatchedDeal } from './targeting';

const NO_STATS = { impressions: 0, clicks: 0 };
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
  stats: NO_STATS,
  imp: bannerImp(),
  request: { cur: ['USD'] },
  deal: null,
  rates: RATES,
  ...overrides,
});
const usd = (units: string) => BigInt(Math.round(Number(units) * 1_000_000));

describe('predicted CTR and the CPC bid-equivalent', () => {
  it('starts from the prior and learns from the strategy delivery', () => {
    const prior = predictedCtr(NO_STATS);
    expect(Number(prior.numerator) / Number(prior.denominator)).toBeCloseTo(
      Number(CTR_PRIOR_PER_MILLION) / 1e6,
    );
    const learned = predictedCtr({ impressions: 1_000_000, clicks: 10_000 });
    expect(Number(learned.numerator) / Number(learned.denominator)).toBeCloseTo(0.01, 4);
    const early = predictedCtr({ impressions: 10, clicks: 1 });
    // One lucky click in ten impressions moves the 0.1 % prior only to about 0.2 %, not 10 %.
    expect(Number(early.numerator) / Number(early.denominator)).toBeLessThan(0.0025);
  });

  it('never exceeds 1, whatever the counters say', () => {
    const ratio = predictedCtr({ impressions: 10, clicks: 50 });
    expect(ratio.numerator <= ratio.denominator).toBe(true);
    const nonsense = predictedCtr({ impressions: -5, clicks: Number.NaN });
    expect(nonsense).toEqual(predictedCtr(NO_STATS));
  });

  it('bids CPM as is, and CPC as bid × CTR × 1000, rounded down', () => {
    expect(bidEquivalentCpm(buildStrategy(), NO_STATS)).toBe(2_000_000n);
    const cpc = buildStrategy({ pricing: 'cpc', bidMicros: 1_500_000n });
    expect(bidEquivalentCpm(cpc, NO_STATS)).toBe(1_500_000n);
    // (50 + 0.001 × 1000) / (10000 + 1000) = 51 / 11000; 1.5 × 1000 × 51 / 11000 = 6.954545…
    expect(bidEquivalentCpm(cpc, { impressions: 10_000, clicks: 50 })).toBe(6_954_545n);
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
    expect(priceBid(input({ strategy: cpc, stats: { impressions: 100_000, clicks: 20_000 } }))).toMatchObject(
      {
        ok: true,
        cpmMicros: usd('200'),
      },
    );
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
