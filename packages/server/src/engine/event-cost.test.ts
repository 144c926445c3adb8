import { describe, expect, it } from 'vitest';
import {
  AUCTION_PRICE_MACRO,
  clearingPriceOf,
  mediaCostOf,
  NO_FEE,
  percentHundredths,
  spendOf,
} from './event-cost';

describe('clearing prices', () => {
  const bid = 2_500_000n;

  it('reads an OpenRTB decimal exactly, rounding below a micro down', () => {
    expect(clearingPriceOf('1.5', bid)).toEqual({ ok: true, priceMicros: 1_500_000n });
    expect(clearingPriceOf('2.5', bid)).toEqual({ ok: true, priceMicros: 2_500_000n });
    expect(clearingPriceOf('0', bid)).toEqual({ ok: true, priceMicros: 0n });
    expect(clearingPriceOf('1.', bid)).toEqual({ ok: true, priceMicros: 1_000_000n });
    expect(clearingPriceOf('1.2345678', bid)).toEqual({ ok: true, priceMicros: 1_234_567n });
  });

  it('takes the bid price when the exchange sent none or left the macro', () => {
    for (const text of [undefined, '', '  ', AUCTION_PRICE_MACRO]) {
      expect(clearingPriceOf(text, bid)).toEqual({ ok: true, priceMicros: bid });
    }
  });

  it('refuses a price above the bid, even by less than a micro', () => {
    expect(clearingPriceOf('2.500001', bid)).toEqual({ ok: false, reason: 'above_bid' });
    expect(clearingPriceOf('2.5000001', bid)).toEqual({ ok: false, reason: 'above_bid' });
    expect(clearingPriceOf('99', bid)).toEqual({ ok: false, reason: 'above_bid' });
  });

  it('refuses what is not a price', () => {
    for (const text of ['-1', '1e3', 'abc', '1,5', '0x10', '1.2.3', '+1', 'NaN', '1'.repeat(13)]) {
      expect(clearingPriceOf(text, bid)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('media cost', () => {
  it('scales the bid’s cost of one item by the share of the bid charged, rounding down', () => {
    // A 2.50 CPM bid costs 2500 micros an item; cleared at 1.00 it costs 1000.
    expect(mediaCostOf(2_500n, 1_000_000n, 2_500_000n)).toBe(1_000n);
    expect(mediaCostOf(2_500n, 2_500_000n, 2_500_000n)).toBe(2_500n);
    // Another campaign currency: 2300 EUR micros for a 2.50 USD bid, cleared at 1.00 USD: 920.
    expect(mediaCostOf(2_300n, 1_000_000n, 2_500_000n)).toBe(920n);
    // 1000 × 1 ÷ 3 = 333.33… → 333.
    expect(mediaCostOf(1_000n, 1_000_000n, 3_000_000n)).toBe(333n);
    expect(mediaCostOf(1_000n, 0n, 3_000_000n)).toBe(0n);
    expect(mediaCostOf(1_000n, 1n, 0n)).toBe(0n);
  });
});

describe('fees', () => {
  it('reads stored percents in hundredths', () => {
    expect(percentHundredths('12.5')).toBe(1250n);
    expect(percentHundredths('12.25')).toBe(1225n);
    expect(percentHundredths('100')).toBe(10_000n);
    expect(percentHundredths('0')).toBe(0n);
    expect(percentHundredths(null)).toBe(0n);
    expect(percentHundredths('abc')).toBe(0n);
  });

  it('adds a markup and grosses up a margin, rounding down', () => {
    expect(spendOf(1_000_000n, NO_FEE)).toBe(1_000_000n);
    expect(spendOf(1_000_000n, { model: 'markup', hundredths: 2000n })).toBe(1_200_000n);
    expect(spendOf(1_000_000n, { model: 'margin', hundredths: 2000n })).toBe(1_250_000n);
    // 1000 ÷ 0.7 = 1428.57… → 1428.
    expect(spendOf(1_000n, { model: 'margin', hundredths: 3000n })).toBe(1_428n);
    // 333 × 1.125 = 374.625 → 374.
    expect(spendOf(333n, { model: 'markup', hundredths: 1250n })).toBe(374n);
    expect(spendOf(1_000n, { model: 'margin', hundredths: 10_000n })).toBe(1_000n);
    expect(spendOf(1_000n, { model: 'markup', hundredths: 0n })).toBe(1_000n);
  });
});
