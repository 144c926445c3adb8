import { describe, expect, it } from 'vitest';
import {
  formatAbbreviated,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  toDecimalMark,
  truncate,
} from './format';

describe('formatDate and formatTime (§9 YYYY-MM-DD, HH:mm)', () => {
  const instant = '2024-03-09T23:45:12Z';

  it('formats in UTC by default', () => {
    expect(formatDate(instant)).toBe('2024-03-09');
    expect(formatTime(instant)).toBe('23:45');
    expect(formatDateTime(instant)).toBe('2024-03-09 23:45');
  });

  it('formats in the time zone it is told', () => {
    expect(formatDate(instant, { timeZone: 'Europe/Madrid' })).toBe('2024-03-10');
    expect(formatTime(instant, { timeZone: 'Europe/Madrid' })).toBe('00:45');
  });

  it('uses a 24-hour clock with midnight as 00', () => {
    expect(formatTime('2024-01-01T00:05:00Z')).toBe('00:05');
    expect(formatTime('2024-01-01T12:00:00Z')).toBe('12:00');
  });

  it('accepts dates and timestamps, and answers empty text for an invalid value', () => {
    expect(formatDate(new Date(Date.UTC(2023, 11, 31)))).toBe('2023-12-31');
    expect(formatDate(0)).toBe('1970-01-01');
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
});

describe('formatAbbreviated (§9 K, M, G, T)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1530, '1.5K'],
    [950_000, '950K'],
    [999_960, '1M'],
    [2_000_000, '2M'],
    [3_450_000_000, '3.5G'],
    [7_100_000_000_000, '7.1T'],
    [-1530, '-1.5K'],
    [12.34, '12.3'],
  ])('%d → %s', (value, text) => {
    expect(formatAbbreviated(value)).toBe(text);
  });

  it('uses the session decimal mark and the digits asked for', () => {
    expect(formatAbbreviated(1530, { decimalMark: ',' })).toBe('1,5K');
    expect(formatAbbreviated(1_234_567, { fractionDigits: 2 })).toBe('1.23M');
    expect(formatAbbreviated(10_000, { fractionDigits: 0 })).toBe('10K');
  });

  it('answers empty text for a value that is not a number', () => {
    expect(formatAbbreviated(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups thousands with the mark that is not the decimal one', () => {
    expect(formatNumber(1_234_567.891, { fractionDigits: 2 })).toBe('1,234,567.89');
    expect(formatNumber(1_234_567.891, { fractionDigits: 2, decimalMark: ',' })).toBe('1.234.567,89');
    expect(formatNumber(-42)).toBe('-42');
    expect(formatNumber(-0.001, { fractionDigits: 2 })).toBe('0.00');
  });
});

describe('formatCurrency (§9 usd, 2 fraction digits)', () => {
  it('defaults to US dollars with 2 fraction digits', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
  });

  it('formats other currencies, digits and the session decimal mark', () => {
    expect(formatCurrency(1234.5, { currency: 'eur', decimalMark: ',' })).toBe('€1.234,50');
    expect(formatCurrency('0.125', { fractionDigits: 3 })).toBe('$0.125');
    expect(formatCurrency(-3, { showSymbol: false })).toBe('-3.00');
  });

  it('formats micro-units exactly, without floating-point error', () => {
    expect(formatCurrency(1_005_000n)).toBe('$1.01');
    expect(formatCurrency(0.1 + 0.2)).toBe('$0.30');
  });

  it('answers empty text for a value that is not an amount', () => {
    expect(formatCurrency('abc')).toBe('');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('toDecimalMark', () => {
  it('reads a comma as a comma and anything else as a point', () => {
    expect(toDecimalMark(',')).toBe(',');
    expect(toDecimalMark('.')).toBe('.');
    expect(toDecimalMark(undefined)).toBe('.');
  });
});

describe('truncate (§9 text truncation)', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('Summer sale', 20)).toBe('Summer sale');
    expect(truncate('Summer sale campaign', 10)).toBe('Summer sa…');
    expect(truncate('Summer sale', 7)).toBe('Summer…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🎯🎯🎯🎯', 3)).toBe('🎯🎯…');
  });
});
