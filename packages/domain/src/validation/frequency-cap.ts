/**
 * Frequency caps (docs/engine.md "Frequency caps"): at most N impressions per user per hour, day or lifetime.
 * Users are told apart by the request's device identifier of a type the campaign allows; a request without
 * one is told apart by its fingerprint (§2 fingerprint types: soft — address and browser family; exact —
 * address and full user agent) when the campaign allows `fake` (any ID or no ID). No cap (null) counts
 * nothing.
 */
import { z } from 'zod';
import { FINGERPRINT_TYPES } from '../dictionary/audiences';
import type { DeviceIdType } from '../dictionary/campaigns';
import { requiredOrInvalid } from './generic';
import { maxValueMessage, minValueMessage } from './messages';

export const FREQUENCY_CAP_PERIODS = ['hour', 'day', 'lifetime'] as const;
export type FrequencyCapPeriod = (typeof FREQUENCY_CAP_PERIODS)[number];
export const FREQUENCY_CAP_PERIOD_LABELS = {
  hour: 'per hour',
  day: 'per day',
  lifetime: 'in the lifetime',
} as const satisfies Record<FrequencyCapPeriod, string>;

export const MIN_FREQUENCY_CAP = 1;
/** A bound on what a form accepts; a larger cap would never be reached by one user. */
export const MAX_FREQUENCY_CAP = 1_000_000;

export const ZFrequencyCapImpressions = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'Enter a whole number of impressions' })
  .min(MIN_FREQUENCY_CAP, { error: minValueMessage(MIN_FREQUENCY_CAP) })
  .max(MAX_FREQUENCY_CAP, { error: maxValueMessage(MAX_FREQUENCY_CAP) });

export const ZFrequencyCap = z.strictObject(
  {
    impressions: ZFrequencyCapImpressions,
    period: z.enum(FREQUENCY_CAP_PERIODS, { error: requiredOrInvalid }),
    /** How a request without a device identifier is told apart (only when the campaign allows `fake`). */
    fingerprint: z.enum(FINGERPRINT_TYPES, { error: requiredOrInvalid }).default('soft'),
  },
  { error: requiredOrInvalid },
);
export type TFrequencyCap = z.infer<typeof ZFrequencyCap>;
export type TFrequencyCapInput = z.input<typeof ZFrequencyCap>;

/**
 * Whether a cap tells requests without a device identifier apart by their fingerprint: when the campaign takes
 * any ID (`fake`, or no type chosen, which the targeting reads the same way); otherwise the fingerprint type
 * is never used (docs/engine.md "Frequency caps", "Who a user is").
 */
export const isFingerprintUsed = (deviceIdTypes: readonly DeviceIdType[]): boolean =>
  deviceIdTypes.length === 0 || deviceIdTypes.includes('fake');
