/**
 * A campaign's "today" in its own zone (docs/engine.md "Time zones"): the daily budget and the delivery figures
 * count the rollup hours from the UTC hour that holds the local midnight. The rollups are per UTC hour, so a
 * zone with a 30 or 45-minute offset (Asia/Kolkata, Asia/Kathmandu) starts its day at the start of that hour:
 * up to 45 minutes of the previous local day count in today.
 */
import { localTime } from './targeting';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type LocalDay = {
  /** The local calendar day, `2026-11-27`. */
  readonly day: string;
  /** The start of the UTC hour that holds the local midnight. */
  readonly start: Date;
};

const lastDays = new Map<string, { readonly minute: number; readonly local: LocalDay }>();

const compute = (now: Date, timeZone: string): LocalDay | undefined => {
  const local = localTime(now, timeZone);
  if (local === undefined) return undefined;
  const minuteStart = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  let midnight = minuteStart - local.minute * MINUTE_MS;
  // On a day a clock moves (daylight saving) the wall clock's minutes are not the minutes elapsed: correct by
  // what the zone says at the guess.
  const atGuess = localTime(new Date(midnight), timeZone);
  if (atGuess !== undefined) {
    if (atGuess.day === local.day) midnight -= atGuess.minute * MINUTE_MS;
    else midnight += (1440 - atGuess.minute) * MINUTE_MS;
  }
  return { day: local.day, start: new Date(Math.floor(midnight / HOUR_MS) * HOUR_MS) };
};

/** The local day of `now` in an IANA zone and its start as counted in UTC hours; UTC's for an unknown zone. */
export const localDayStart = (now: Date, timeZone: string): LocalDay => {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const last = lastDays.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.local;
  const local = compute(now, timeZone) ?? compute(now, 'UTC');
  if (local === undefined) throw new Error('UTC is always a time zone');
  lastDays.set(timeZone, { minute, local });
  return local;
};
