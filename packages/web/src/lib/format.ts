/**
 * Display formatting of §9: dates YYYY-MM-DD and times HH:mm (UTC unless told), numbers abbreviated with
 * K, M, G and T, money in USD with 2 fraction digits by default, and text truncation. Every number respects the
 * session's decimal mark; the thousands separator is the other mark. Money goes through the domain's exact
 * micro-unit arithmetic, never through floating-point rounding.
 */
import {
  type Currency,
  DEFAULT_CURRENCY,
  formatMicros,
  toMicros,
} from '@beacon/domain/dictionary/currencies';

export type DecimalMark = '.' | ',';

/** The session's decimal mark; anything but a comma reads as a point. */
export const toDecimalMark = (value: string | null | undefined): DecimalMark => (value === ',' ? ',' : '.');

export type DateInput = Date | string | number;

export type TimeZoneOptions = { readonly timeZone?: string };

const toDate = (value: DateInput): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar and clock fields of an instant in a time zone (cached formatters: this runs per grid cell). */
const dateParts = (
  date: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> => {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of formatter.formatToParts(date)) {
    if (
      part.type === 'year' ||
      part.type === 'month' ||
      part.type === 'day' ||
      part.type === 'hour' ||
      part.type === 'minute'
    ) {
      parts[part.type] = part.value;
    }
  }
  return parts;
};

/** YYYY-MM-DD (§9), in UTC unless a time zone is given; '' for a value that is not a date. */
export const formatDate = (value: DateInput, { timeZone = 'UTC' }: TimeZoneOptions = {}): string => {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = dateParts(date, timeZone);
  return `${year}-${month}-${day}`;
};

/** HH:mm (§9), 24-hour clock, in UTC unless a time zone is given; '' for a value that is not a date. */
export const formatTime = (value: DateInput, { timeZone = 'UTC' }: TimeZoneOptions = {}): string => {
  const date = toDate(value);
  if (!date) return '';
  const { hour, minute } = dateParts(date, timeZone);
  return `${hour}:${minute}`;
};

/** YYYY-MM-DD HH:mm. */
export const formatDateTime = (value: DateInput, options: TimeZoneOptions = {}): string => {
  const date = formatDate(value, options);
  return date === '' ? '' : `${date} ${formatTime(value, options)}`;
};

export type NumberOptions = {
  readonly decimalMark?: DecimalMark;
  /** Fraction digits shown (default 0 for plain numbers); trailing zeros are kept. */
  readonly fractionDigits?: number;
};

const groupThousands = (digits: string, separator: string): string =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** A number with thousands separators and the session's decimal mark: 1234567.8 → '1,234,567.80' (2 digits). */
export const formatNumber = (
  value: number,
  { decimalMark = '.', fractionDigits = 0 }: NumberOptions = {},
): string => {
  if (!Number.isFinite(value)) return '';
  const [integer = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  const isZero = /^[0.]*$/.test(`${integer}${fraction ?? ''}`);
  const sign = value < 0 && !isZero ? '-' : '';
  const grouped = groupThousands(integer, decimalMark === '.' ? ',' : '.');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}${decimalMark}${fraction}`;
};

/** From the largest unit down, so that `find` picks the largest unit the value reaches. */
const ABBREVIATIONS = [
  { suffix: 'T', size: 1e12 },
  { suffix: 'G', size: 1e9 },
  { suffix: 'M', size: 1e6 },
  { suffix: 'K', size: 1e3 },
] as const;

type Abbreviation = (typeof ABBREVIATIONS)[number];

const largerUnit = (unit: Abbreviation | undefined): Abbreviation | undefined => {
  const index = unit ? ABBREVIATIONS.indexOf(unit) : ABBREVIATIONS.length;
  return index > 0 ? ABBREVIATIONS[index - 1] : undefined;
};

/**
 * Large numbers abbreviated with K, M, G and T (§9): 1530 → '1.5K', 2_000_000 → '2M', 999 → '999'. Up to
 * `fractionDigits` (default 1) digits, without trailing zeros; a value that rounds up to the next unit moves to
 * it (999_960 → '1M').
 */
export const formatAbbreviated = (
  value: number,
  { decimalMark = '.', fractionDigits = 1 }: NumberOptions = {},
): string => {
  if (!Number.isFinite(value)) return '';
  const magnitude = Math.abs(value);
  const scale = 10 ** fractionDigits;
  const roundTo = (number: number): number => Math.round(number * scale) / scale;
  let unit: Abbreviation | undefined = ABBREVIATIONS.find(({ size }) => magnitude >= size);
  if (roundTo(magnitude / (unit?.size ?? 1)) >= 1000) unit = largerUnit(unit) ?? unit;
  const rounded = roundTo(magnitude / (unit?.size ?? 1));
  if (rounded === 0) return '0';
  const fixed = rounded.toFixed(fractionDigits);
  const text = (fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed).replace('.', decimalMark);
  return `${value < 0 ? '-' : ''}${text}${unit?.suffix ?? ''}`;
};

export type CurrencyOptions = {
  /** Defaults to USD (§9). */
  readonly currency?: Currency;
  /** Defaults to 2 (§9). */
  readonly fractionDigits?: number;
  readonly decimalMark?: DecimalMark;
  readonly showSymbol?: boolean;
};

/**
 * An amount of money: a number or decimal text in currency units, or a bigint in micro-units as the API
 * stores it. 1234.5 → '$1,234.50'; '' for a value that is not an amount.
 */
export const formatCurrency = (
  amount: number | string | bigint,
  {
    currency = DEFAULT_CURRENCY,
    fractionDigits = 2,
    decimalMark = '.',
    showSymbol = true,
  }: CurrencyOptions = {},
): string => {
  let micros: bigint;
  try {
    micros = typeof amount === 'bigint' ? amount : toMicros(amount);
  } catch {
    return '';
  }
  return formatMicros(micros, { currency, fractionDigits, decimalMark, showSymbol });
};

/** Text cut to `max` characters (code points), ending with an ellipsis when it was longer (§9 truncation). */
export const truncate = (text: string, max: number): string => {
  const characters = [...text];
  if (characters.length <= max) return text;
  if (max <= 1) return '…'.slice(0, Math.max(0, max));
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
};
