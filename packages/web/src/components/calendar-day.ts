import { DAY_PATTERN } from '@beacon/domain/validation/fields';

/**
 * The calendar day `YYYY-MM-DD` names, as a local midnight for the calendar, or null when the text is not a
 * day that exists (2026-02-30, 2026-13-01, half-typed text). Days are calendar days, never converted between
 * time zones: the calendar shows and answers the day typed.
 */
export const calendarDayOf = (text: string): Date | null => {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Years 0–99 map to 1900–1999 in the constructor; set the year again to keep the one typed.
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
};
