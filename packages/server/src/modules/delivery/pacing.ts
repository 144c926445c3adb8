/**
 * Today's pacing figures (docs/engine.md "Delivery figures" and "Pacing"): the day's target, how much a campaign
 * should have spent so far today for it to be spent evenly, and where today's spend is heading. "Today" is the
 * campaign's local day in its time zone, counted from the UTC hour that holds its local midnight
 * (engine/local-day.ts), as the daily budget and today's spend count it; the elapsed fraction is that of a
 * 24-hour day from there (capped at the whole day), a flat day rather than the engine's traffic curve. Money is
 * bigint micros and rounds down.
 *
 * - Target: the engine's rule (engine/pacing.ts `dayPlanOf`, decision 054): by the max daily cost strategy and
 *   the daily limit, a daily budget, or what is left of a lifetime budget over the flight's remaining days, or the
 *   daily limit. A lifetime budget without an end date and no daily limit has no target (the campaign bids ASAP).
 * - Expected by now: the target × the fraction of the day elapsed.
 * - Projected: today's spend at today's rate until midnight (after the first hour of the day only).
 * - null when the campaign does not run today: not active, before its start, after its end, or without a budget.
 */

import { localDayStart } from '../../engine/local-day';
import { dayTargetMicros } from '../../engine/pacing';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type PacingCampaign = {
  readonly state: string;
  readonly budget_timespan: 'lifetime' | 'daily' | null;
  /** Micros, or null when the campaign has no budget. */
  readonly budget: string | bigint | null;
  /** The manual daily limit in micros, or null. */
  readonly daily_budget: string | bigint | null;
  /** §9 daily limits (manual or auto) and max daily cost strategy; null: manual and automatic. */
  readonly daily_limit_type?: 'manual' | 'auto' | null;
  readonly max_daily_cost_strategy?: 'daily' | 'automatic' | 'lifetime' | null;
  readonly start_date: string | null;
  readonly end_date: string | null;
  /** IANA zone of the campaign's day. */
  readonly time_zone: string;
};

/** The UTC midnight that starts the day of `now`. */
export const utcDayStart = (now: Date): Date => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);

export type TodayPace = {
  /** Today's money target. */
  readonly target: bigint;
  /** What an even spend of the target expects by now. */
  readonly expected: bigint;
  /** Today's spend at today's rate until midnight; null in the day's first hour (too early to tell). */
  readonly projected: bigint | null;
};

/**
 * Today's pace (see above), or null. `spentBeforeToday`: micros counted against a lifetime budget before today
 * (since its last reset); `spentToday`: today's spend.
 */
export const todayPace = (
  campaign: PacingCampaign,
  spentBeforeToday: bigint,
  spentToday: bigint,
  now: Date,
): TodayPace | null => {
  if (campaign.state !== 'active' || campaign.budget === null || campaign.budget_timespan === null)
    return null;
  const local = localDayStart(now, campaign.time_zone);
  const today = dayNumber(local.day);
  if (campaign.start_date !== null && dayNumber(campaign.start_date) > today) return null;
  if (campaign.end_date !== null && dayNumber(campaign.end_date) < today) return null;
  const target = dayTargetMicros(
    {
      timespan: campaign.budget_timespan,
      budgetMicros: BigInt(campaign.budget),
      dailyBudgetMicros: campaign.daily_budget === null ? null : BigInt(campaign.daily_budget),
      endDay: campaign.end_date,
      dailyLimitType: campaign.daily_limit_type ?? null,
      maxDailyCostStrategy: campaign.max_daily_cost_strategy ?? null,
    },
    spentBeforeToday,
    local.day,
  );
  if (target === null) return null;
  const elapsed = Math.min(DAY_MS, now.getTime() - local.start.getTime());
  return {
    target,
    expected: (target * BigInt(elapsed)) / BigInt(DAY_MS),
    projected: elapsed < HOUR_MS ? null : (spentToday * BigInt(DAY_MS)) / BigInt(elapsed),
  };
};

/** The expected spend so far today in micros, or null (see above). */
export const expectedSpendToday = (
  campaign: PacingCampaign,
  spentBeforeToday: bigint,
  now: Date,
): bigint | null => todayPace(campaign, spentBeforeToday, 0n, now)?.expected ?? null;
