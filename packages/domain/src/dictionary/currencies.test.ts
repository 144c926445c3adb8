import { describe, expect, it } from 'vitest';
import type { Currency } from './currencies';
import {
  CPM_BOUNDS,
  CURRENCIES,
  CURRENCY_NUMERIC_LIMITS,
  CURRENCY_SYMBOLS,
  cpmBoundsMicros,
  currencyNumericLimit,
  DEFAULT_CURRENCY,
  formatMicros,
  fromMicros,
  isCurrency,
  MICROS_PER_UNIT,
  toMicros,
} from './currencies';

describe('currencies', () => {
  it('lists the twelve currencies of §3, each with a symbol, and defaults to usd', () => {
    expect(CURRENCIES).toEqual([
      'eur',
      'usd',
      'gbp',
      'inr',
      'thb',
      'idr',
      'myr',
      'mxn',
      'cop',
      'brl',
      'aed',
      'aud',
    ]);
    for (const currency of CURRENCIES) expect(CURRENCY_SYMBOLS[currency]).not.toBe('');
    expect(DEFAULT_CURRENCY).toBe('usd');
    expect(isCurrency('usd')).toBe(true);
    expect(isCurrency('USD')).toBe(false);
    expect(isCurrency('chf')).toBe(false);
  });

  it('gives the CPM bounds of §9 for every currency, cop 800-200 included as written', () => {
    const spec: Record<Currency, [number, number]> = {
      eur: [0.25, 200],
      usd: [0.25, 200],
      gbp: [0.25, 200],
      inr: [15, 200],
      thb: [6, 200],
      idr: [3000, 20000],
      myr: [1, 200],
      mxn: [4, 200],
      cop: [800, 200],
      brl: [1.3, 200],
      aed: [0.35, 200],
      aud: [0.35, 200],
    };
    for (const currency of CURRENCIES) {
      expect(CPM_BOUNDS[currency], currency).toEqual({ min: spec[currency][0], max: spec[currency][1] });
    }
  });

  it('gives CPM bounds in exact micros', () => {
    expect(cpmBoundsMicros('usd')).toEqual({ min: 250_000n, max: 200_000_000n });
    expect(cpmBoundsMicros('brl')).toEqual({ min: 1_300_000n, max: 200_000_000n });
    expect(cpmBoundsMicros('aed')).toEqual({ min: 350_000n, max: 200_000_000n });
  });

  it('keeps the other per-currency limits of §9, with none for aed', () => {
    expect(CURRENCY_NUMERIC_LIMITS).toEqual({
      eur: 10,
      usd: 10,
      gbp: 10,
      inr: 730,
      thb: 300,
      idr: 140000,
      myr: 40,
      mxn: 200,
      cop: 35000,
      brl: 55,
      aud: 15,
    });
    expect(currencyNumericLimit('inr')).toBe(730);
    expect(currencyNumericLimit('aed')).toBeUndefined();
  });
});

describe('toMicros', () => {
  it('converts decimal strings exactly', () => {
    expect(toMicros('1')).toBe(MICROS_PER_UNIT);
    expect(toMicros('0.25')).toBe(250_000n);
    expect(toMicros('0.000001')).toBe(1n);
    expect(toMicros('1234.5')).toBe(1_234_500_000n);
    expect(toMicros('.5')).toBe(500_000n);
    expect(toMicros('5.')).toBe(5_000_000n);
    expect(toMicros(' 7.25 ')).toBe(7_250_000n);
    expect(toMicros('+3')).toBe(3_000_000n);
  });

  it('adds up without floating-point error: 0.1 + 0.2 is exactly 0.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toMicros('0.1') + toMicros('0.2')).toBe(toMicros('0.3'));
    expect(toMicros(0.1) + toMicros(0.2)).toBe(toMicros(0.3));
  });

  it('keeps large values exact beyond the float range of integers', () => {
    expect(toMicros('9007199254740993')).toBe(9_007_199_254_740_993_000_000n);
    expect(toMicros('123456789012345.123456')).toBe(123_456_789_012_345_123_456n);
    expect(fromMicros(toMicros('123456789012345.123456'))).toBe('123456789012345.123456');
  });

  it('handles negative amounts', () => {
    expect(toMicros('-0.5')).toBe(-500_000n);
    expect(toMicros(-12.75)).toBe(-12_750_000n);
    expect(toMicros('-0')).toBe(0n);
  });

  it('rounds beyond six decimals half away from zero', () => {
    expect(toMicros('0.0000005')).toBe(1n);
    expect(toMicros('0.00000049')).toBe(0n);
    expect(toMicros('1.2345675')).toBe(1_234_568n);
    expect(toMicros('-0.0000005')).toBe(-1n);
    expect(toMicros('-0.00000049')).toBe(0n);
  });

  it('accepts numbers, including the exponent notation String() gives them', () => {
    expect(toMicros(0.001)).toBe(1_000n);
    expect(toMicros(1e-7)).toBe(0n);
    expect(toMicros(5e-7)).toBe(1n);
    expect(toMicros(1e21)).toBe(10n ** 27n);
    expect(toMicros('2.5e3')).toBe(2_500_000_000n);
  });

  it.each(['', '   ', '.', '-', 'abc', '1,5', '1.2.3', '1e', '0x10', '1 000', '--1', '1e1000'])(
    'rejects %j with a RangeError',
    (input) => {
      expect(() => toMicros(input)).toThrow(RangeError);
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects the number %s',
    (input) => {
      expect(() => toMicros(input)).toThrow(RangeError);
    },
  );
});

describe('fromMicros', () => {
  it('writes exact decimal text without trailing zeros', () => {
    expect(fromMicros(0n)).toBe('0');
    expect(fromMicros(1n)).toBe('0.000001');
    expect(fromMicros(1_500_000n)).toBe('1.5');
    expect(fromMicros(2_000_000n)).toBe('2');
    expect(fromMicros(-250_000n)).toBe('-0.25');
    expect(fromMicros(-1n)).toBe('-0.000001');
  });

  it('round-trips with toMicros', () => {
    for (const text of ['0', '0.1', '0.000001', '-42.42', '200', '3000.5', '99999999999.999999']) {
      expect(fromMicros(toMicros(text))).toBe(text);
    }
  });
});

describe('formatMicros', () => {
  it('defaults to usd with 2 fraction digits and thousands separators', () => {
    expect(formatMicros(1_234_567_890n)).toBe('$1,234.57');
    expect(formatMicros(0n)).toBe('$0.00');
    expect(formatMicros(1_000_000_000_000n)).toBe('$1,000,000.00');
  });

  it('uses the currency symbol, the decimal mark and the fraction digits asked for', () => {
    expect(formatMicros(1_234_500_000n, { currency: 'eur', decimalMark: ',' })).toBe('€1.234,50');
    expect(formatMicros(140_000_000_000n, { currency: 'idr', fractionDigits: 0 })).toBe('Rp140,000');
    expect(formatMicros(1_234_567n, { fractionDigits: 6, showSymbol: false })).toBe('1.234567');
  });

  it('rounds half away from zero and puts the sign before the symbol', () => {
    expect(formatMicros(5_000n)).toBe('$0.01');
    expect(formatMicros(4_999n)).toBe('$0.00');
    expect(formatMicros(-5_000n)).toBe('-$0.01');
    expect(formatMicros(-4_999n)).toBe('$0.00');
  });

  it('rejects impossible fraction digits', () => {
    expect(() => formatMicros(1n, { fractionDigits: 7 })).toThrow(RangeError);
    expect(() => formatMicros(1n, { fractionDigits: 1.5 })).toThrow(RangeError);
  });
});
