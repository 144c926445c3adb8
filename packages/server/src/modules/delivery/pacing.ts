/**
 * Expected spend today (pacing, docs/engine.md "Delivery figures"): how much a campaign should have spent so far
 * today for its budget to be spent evenly. "Today" is the campaign's local day in its time zone, counted from
 * the UTC hour that holds its local midnight (engine/local-day.ts), as the daily budget and today's spend count
 * it; the elapsed fraction is that of a 24-hour day from there (capped at the whole day). The schedule's hours
 * are not taken into account yet. Money is bigint micros and rounds down.
 *
 * - Daily budget: the budget × the fraction of the day elapsed.
 * - Lifetime budget: what is left of it at the start of today (budget − spend counted against it before today)
 *   spread evenly over the flight's remaining days, today included, × the fraction of the day elapsed. A lifetime
 *   budget without an end date has no even spread: null.
 * - null when the campaign does not run today: not active, before its start, after its end, or without a budget.
 */

import { localDayStart } from '../../engine/local-day';

export const DAY_MS = 86_400_000;

export type PacingCampaign = {
  readonly state: string;
  readonly budget_timespan: 'lifetime' | 'daily' | null;
  /** Micros, or null when the campaign has no budget. */
  readonly budget: string | bigint | null;
  readonly start_date: string | null;
  readonly end_date: string | null;
  /** IANA zone of the campaign's day. */
  readonly time_zone: string;
};

/** The UTC midnight that starts the day of `now`. */
export const utcDayStart = (now: Date): Date => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);

/**
 * The expected spend so far today in micros, or null (see above). `spentBeforeToday`: micros counted against a
 * lifetime budget before today (since its last reset).
 */
export const expectedSpendToday = (
  campaign: PacingCampaign,
  spentBeforeToday: bigint,
  now: Date,
): bigint | null => {
  if (campaign.state !== 'active' || campaign.budget === null || campaign.budget_timespan === null)
    return null;
  const local = localDayStart(now, campaign.time_zone);
  const today = dayNumber(local.day);
  if (campaign.start_date !== null && dayNumber(campaign.start_date) > today) return null;
  if (campaign.end_date !== null && dayNumber(campaign.end_date) < today) return null;
  const budget = BigInt(campaign.budget);
  const elapsed = BigInt(Math.min(DAY_MS, now.getTime() - local.start.getTime()));
  if (campaign.budget_timespan === 'daily') return (budget * elapsed) / BigInt(DAY_MS);
  if (campaign.end_date === null) return null;
  const remainingDays = BigInt(dayNumber(campaign.end_date) - today + 1);
  const left = budget > spentBeforeToday ? budget - spentBeforeToday : 0n;
  return (left * elapsed) / (remainingDays * BigInt(DAY_MS));
};
