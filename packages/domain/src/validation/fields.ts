/**
 * Field rules shared by the forms of spec §5: choices, whole numbers, trimmed texts checked by one rule, days,
 * times of day, money amounts, countries and region or city ids. Every rule answers the messages of
 * messages.ts; a blank required value answers "required" first.
 */
import { z } from 'zod';
import { ISO2_TO_ISO3, ISO3_TO_ISO2 } from '../dictionary/countries';
import { fromMicros, toMicros } from '../dictionary/currencies';
import { MONEY_PATTERN, requiredOrInvalid } from './generic';
import {
  INVALID_FORMAT_MESSAGE,
  minValueMessage,
  REQUIRED_MESSAGE,
  SCHEDULE_RANGE_ORDER_MESSAGE,
} from './messages';

/** The values without repeats, in their first order. */
export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** A required choice among `values`: blank answers "required", anything else unknown "invalid format". */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: requiredOrInvalid });

/** A list of choices, each one once (repeats are dropped). */
export const enumList = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.array(requiredEnum(values), { error: requiredOrInvalid }).transform(unique);

/** A whole number of at least `min` (daily impressions, daily clicks). */
export const intAtLeast = (min: number) =>
  z
    .number({ error: requiredOrInvalid })
    .int({ error: INVALID_FORMAT_MESSAGE })
    .min(min, { error: minValueMessage(min) });

/**
 * A trimmed text checked by one rule answering at most one message (blank → "required" first). Unlike a
 * chain with `abort: true`, its issue lets the rules across fields still run, so a form shows every
 * problem at once (Zod skips object refinements after an explicitly aborted issue).
 */
export const textRule = (rule: (value: string) => string | undefined) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .superRefine((value, ctx) => {
      const message = value === '' ? REQUIRED_MESSAGE : rule(value);
      if (message !== undefined) ctx.addIssue({ code: 'custom', message, input: value });
    });

/** `YYYY-MM-DD` of a real calendar day. */
export const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isDay = (text: string): boolean => {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A day (UTC, inclusive bounds), `YYYY-MM-DD`. Days compare as text. */
export const ZDay = textRule((value) => (isDay(value) ? undefined : INVALID_FORMAT_MESSAGE));

/** The money text of a smallest amount, for messages: 0.001 → "0.001". */
export const moneyText = (micros: bigint): string => fromMicros(micros);

/**
 * An exact amount as decimal text in the campaign's currency: "10", "0.25", "1500.000001" (MONEY_PATTERN: up
 * to 12 integer digits and 6 decimals). Never a float: compare with `toMicros`.
 */
export const ZMoney = textRule((value) => (MONEY_PATTERN.test(value) ? undefined : INVALID_FORMAT_MESSAGE));

/** An amount of at least `min` (compared exactly, in micros): "The minimum value is 10". */
export const moneyAtLeast = (min: number | string) => {
  const minMicros = toMicros(min);
  return textRule((value) => {
    if (!MONEY_PATTERN.test(value)) return INVALID_FORMAT_MESSAGE;
    return toMicros(value) < minMicros ? minValueMessage(moneyText(minMicros)) : undefined;
  });
};

// ---------------------------------------------------------------------------------------------------------
// Times of day

/** `HH:mm` from 00:00 to 23:59, or 24:00 (the end of the day, only as the end of a range). */
export const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const isTime = (text: unknown): text is string => typeof text === 'string' && TIME_PATTERN.test(text);
/** Minutes since midnight of `HH:mm` (24:00 → 1440). */
export const timeToMinutes = (time: string): number =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const ZTime = textRule((value) => (TIME_PATTERN.test(value) ? undefined : INVALID_FORMAT_MESSAGE));

/** A time range within a day: from < to (so 24:00 can only end a range). */
export const ZTimeRange = z
  .strictObject({ from: ZTime, to: ZTime }, { error: requiredOrInvalid })
  .superRefine((range, ctx) => {
    if (isTime(range.from) && isTime(range.to) && timeToMinutes(range.from) >= timeToMinutes(range.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: SCHEDULE_RANGE_ORDER_MESSAGE, input: range });
    }
  });

// ---------------------------------------------------------------------------------------------------------
// Places

/** A targeted country: ISO 3166-1 alpha-3 of the countries table. */
export const ZKnownCountry = textRule((code) =>
  /^[A-Z]{3}$/.test(code) && ISO3_TO_ISO2.has(code) ? undefined : INVALID_FORMAT_MESSAGE,
);

/** Region ids of GET /dictionary/regions: `<alpha-2 country>-<region code>`, e.g. "ES-AN". */
export const REGION_ID_PATTERN = /^[A-Z]{2}-[A-Za-z0-9][A-Za-z0-9-]*$/;
/** City ids of GET /dictionary/cities: `<alpha-2 country>-<region code>-<name>`, e.g. "ES-AN-Málaga". */
export const CITY_ID_PATTERN = /^[A-Z]{2}-[A-Za-z0-9-]*-\S.*$/;

/** The alpha-3 country of a region or city id (its alpha-2 prefix), or undefined. */
export const placeCountry = (placeId: string): string | undefined =>
  ISO2_TO_ISO3.get(placeId.slice(0, 2) as never);
