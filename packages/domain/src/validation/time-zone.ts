/**
 * Time zones of organizations and campaigns (spec §3 "Campaigns", docs/engine.md "Time zones"): an IANA zone
 * name from the platform's own list, or `UTC`. A campaign's schedule, flight and daily budget day are read in
 * its zone; an organization's zone is the default of its campaigns'.
 */
import { z } from 'zod';
import { requiredOrInvalid } from './generic';

export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

/** Every zone the console offers and the API takes, `UTC` first, then by name. */
export const TIME_ZONES: readonly string[] = [
  DEFAULT_TIME_ZONE,
  ...Intl.supportedValuesOf('timeZone')
    .filter((zone) => zone !== DEFAULT_TIME_ZONE)
    .sort(),
];

const TIME_ZONE_SET: ReadonlySet<string> = new Set(TIME_ZONES);

/** An IANA name as written in the database: `Area/Location`, capitalised (`Asia/Kolkata`, `Etc/GMT+5`). */
const IANA_NAME = /^[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z0-9_+-]*)+$/;

/**
 * A zone of TIME_ZONES, or another IANA name this platform's Intl knows: the browser's list and the server's
 * may differ between ICU versions (one lists `Asia/Calcutta`, the other `Asia/Kolkata`), and a zone chosen in
 * the console must be taken by the API.
 */
export const isTimeZone = (value: string): boolean => {
  if (TIME_ZONE_SET.has(value)) return true;
  if (!IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** A zone of TIME_ZONES (or another IANA name Intl knows: see isTimeZone), spelled exactly. */
export const ZTimeZone = z
  .string({ error: requiredOrInvalid })
  .trim()
  .refine(isTimeZone, { error: TIME_ZONE_MESSAGE });
export type TTimeZone = z.infer<typeof ZTimeZone>;
