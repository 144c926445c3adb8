/** The days of the creatives report download (§3 report columns; GET /creatives/report.csv?from=&to=). */
import { isDay } from '@beacon/domain/validation/fields';
import {
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';

export type ReportRange = { readonly from: string; readonly to: string };

/** How many days the dialog offers by default, ending today (UTC, as the report counts days). */
export const DEFAULT_REPORT_DAYS = 30;

const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

export const defaultReportRange = (now: Date): ReportRange => ({
  from: utcDay(new Date(now.getTime() - (DEFAULT_REPORT_DAYS - 1) * 86_400_000)),
  to: utcDay(now),
});

/** What is wrong with one day of the range: empty, or not a `YYYY-MM-DD` day (the field takes typing). */
const dayError = (day: string): string | undefined =>
  day === '' ? REQUIRED_MESSAGE : isDay(day) ? undefined : INVALID_FORMAT_MESSAGE;

/** What is wrong with the range, per field: both days required, the last one not before the first. */
export const reportRangeErrors = (range: ReportRange): Partial<Record<keyof ReportRange, string>> => {
  const errors: Partial<Record<keyof ReportRange, string>> = {};
  const fromError = dayError(range.from);
  const toError = dayError(range.to);
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  else if (!fromError && range.to < range.from) errors.to = END_BEFORE_START_MESSAGE;
  return errors;
};
