import { describe, expect, it } from 'vitest';
import { minimumPrepayment, ZTopUpAmount } from './billing';
import { firstErrorMessage } from './generic';

describe('minimumPrepayment', () => {
  it('is the multiplier when the rate defaults to 1', () => {
    expect(minimumPrepayment({ multiplier: 250 })).toBe(250);
  });

  it('rounds the converted amount up to a whole unit', () => {
    expect(minimumPrepayment({ multiplier: 250, rate: 0.853 })).toBe(214);
    expect(minimumPrepayment({ multiplier: 250, rate: 83.12 })).toBe(20780);
    expect(minimumPrepayment({ multiplier: 250, rate: 0.7901 })).toBe(198);
  });

  it('is not pushed up by floating-point noise', () => {
    // 250 * 1.1 === 275.00000000000006 in binary floating point.
    expect(minimumPrepayment({ multiplier: 250, rate: 1.1 })).toBe(275);
    expect(minimumPrepayment({ multiplier: 100, rate: 1.1 })).toBe(110);
    expect(minimumPrepayment({ multiplier: 1000, rate: 1.1 })).toBe(1100);
  });
});

describe('ZTopUpAmount', () => {
  it('accepts the spec minimum of 250 by default', () => {
    expect(ZTopUpAmount().safeParse(250).success).toBe(true);
    expect(firstErrorMessage(ZTopUpAmount(), 249.99)).toBe('The minimum prepayment top-up is 250');
  });

  it('uses the computed minimum of the organization', () => {
    const min = minimumPrepayment({ multiplier: 250, rate: 1.1 });
    expect(firstErrorMessage(ZTopUpAmount(min), 274)).toBe('The minimum prepayment top-up is 275');
    expect(ZTopUpAmount(min).safeParse(275).success).toBe(true);
  });

  it('is required', () => {
    expect(firstErrorMessage(ZTopUpAmount(), undefined)).toBe('This field is required');
  });
});
