/**
 * The frequency cap fields of the strategy and campaign forms (docs/engine.md "Frequency caps"): what the
 * inputs hold, the cap they start from and the body they make. A blank number is no cap.
 */
import type { FingerprintType } from '@beacon/domain/dictionary/audiences';
import type { FrequencyCapPeriod, TFrequencyCap } from '@beacon/domain/validation/frequency-cap';

export type FrequencyCapFormValues = {
  /** Blank: no cap. */
  readonly impressions: string;
  readonly period: FrequencyCapPeriod;
  readonly fingerprint: FingerprintType;
};

/** What the cap fields show when there is no cap. */
export const NO_FREQUENCY_CAP: FrequencyCapFormValues = {
  impressions: '',
  period: 'day',
  fingerprint: 'soft',
};

export const frequencyCapFormOf = (cap: TFrequencyCap | null): FrequencyCapFormValues =>
  cap === null
    ? NO_FREQUENCY_CAP
    : { impressions: String(cap.impressions), period: cap.period, fingerprint: cap.fingerprint };

export const hasFrequencyCap = (values: FrequencyCapFormValues): boolean => values.impressions.trim() !== '';

/** A typed number as a number (so the schema says what is wrong with it), anything else as typed. */
const numberOf = (text: string): number | string => {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The cap as the API takes it: null when the number is blank. */
export const frequencyCapBodyOf = (values: FrequencyCapFormValues): Record<string, unknown> | null =>
  hasFrequencyCap(values)
    ? { impressions: numberOf(values.impressions), period: values.period, fingerprint: values.fingerprint }
    : null;

/** Where a message of the cap shows: on its part (`frequency_cap.period`), the whole cap's on the number. */
export const frequencyCapKeyOf = (part: string | undefined): string =>
  `frequency_cap.${part ?? 'impressions'}`;
