/** Prepayment rules of spec §5 and §9: the computed minimum and the top-up amount. */
import type { z } from 'zod';
import { MIN_PREPAYMENT } from '../dictionary/constants';
import { requiredNumber } from './generic';
import { minPrepaymentMessage } from './messages';

/**
 * Significant digits kept before rounding up: enough for any amount, few enough to drop binary float
 * noise (250 * 1.1 is 275.00000000000006 in floating point, and must give 275, not 276).
 */
const SIGNIFICANT_DIGITS = 12;

export type TMinimumPrepaymentInput = {
  /** The configured multiplier, in the default currency. */
  readonly multiplier: number;
  /** Exchange rate from the default currency to the organization's invoicing currency. */
  readonly rate?: number;
};

/** Minimum prepayment of an organization: multiplier × exchange rate, rounded up to a whole unit. */
export const minimumPrepayment = ({ multiplier, rate = 1 }: TMinimumPrepaymentInput): number =>
  Math.ceil(Number((multiplier * rate).toPrecision(SIGNIFICANT_DIGITS)));

/** A top-up amount of at least `min` (by default the spec's minimum prepayment). */
export const ZTopUpAmount = (min: number = MIN_PREPAYMENT) =>
  requiredNumber().min(min, { error: minPrepaymentMessage(min) });
export type TTopUpAmount = z.infer<ReturnType<typeof ZTopUpAmount>>;
