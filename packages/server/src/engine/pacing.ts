/**
 * Even pacing (docs/engine.md "Pacing", decision 049): a campaign with a target for today takes part in only a
 * share of the auctions it could bid on, that share (its participation, 0 to 1) adjusted every few seconds from
 * the gap between what it has spent today and what it should have spent by now along the day's traffic curve.
 * The hard stops of the budget gate (delivery-counters.ts `mayBid`) stay the last guard; pacing only slows.
 *
 * - Today's target: a daily budget is the day's target; a lifetime budget with an end date spreads what is left
 *   of it at the start of today over the days left, today included (as the campaign page's expected spend,
 *   modules/delivery/pacing.ts); a manual daily limit bounds either. A lifetime budget without an end date has
 *   no target: the campaign bids as fast as the traffic allows (ASAP), within its limits. Daily impression and
 *   click limits are targets too: the dimension furthest ahead of its curve sets the pace.
 * - The curve: the share of the day's bid requests expected by now, from the requests this bidder received in
 *   the same hours of the previous day (`TrafficShape`); flat until a whole previous day has been seen.
 */
import { localDayStart } from './local-day';
import type { CompiledStrategy } from './strategy-index';

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** How often a campaign's participation is adjusted. */
export const PACING_STEP_MS = 5_000;
/**
 * The participation a campaign starts its day with (whole: its first step measures what it spends when it bids
 * on everything), and the least it falls to while it has a target left.
 */
export const START_PARTICIPATION = 1;
export const MIN_PARTICIPATION = 0.0005;
/** Within this band around the curve the participation is left alone. */
const BAND = 0.03;
/** How far ahead the curve is read: the spend of bids made now arrives over the next minutes. */
const LOOKAHEAD_MS = 60_000;

/** Bid requests per UTC hour over the last two days, the shape of the day's traffic. */
export class TrafficShape {
  readonly #counts = new Map<number, number>();

  noteRequest(now: number): void {
    const hour = Math.floor(now / HOUR_MS);
    this.#counts.set(hour, (this.#counts.get(hour) ?? 0) + 1);
    if (this.#counts.size > 60) {
      for (const key of this.#counts.keys()) if (key < hour - 48) this.#counts.delete(key);
    }
  }

  /**
   * The share of a day's traffic expected between `dayStart` and `at` (0 to 1): the previous day's requests in
   * the same hours, the current hour taken pro rata; the elapsed share of a flat day while a previous hour of the
   * day has no count.
   */
  shareBy(dayStart: number, at: number): number {
    const elapsed = Math.min(Math.max(at - dayStart, 0), DAY_MS);
    const firstHour = Math.floor(dayStart / HOUR_MS);
    const weights: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const count = this.#counts.get(firstHour + i - 24);
      if (count === undefined) return elapsed / DAY_MS;
      weights.push(count);
    }
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (total === 0) return elapsed / DAY_MS;
    const whole = Math.floor(elapsed / HOUR_MS);
    let share = 0;
    for (let i = 0; i < whole; i += 1) share += weights[i] ?? 0;
    share += ((weights[whole] ?? 0) * (elapsed - whole * HOUR_MS)) / HOUR_MS;
    return Math.min(1, share / total);
  }
}

/** What a campaign has delivered today and before (micros of its currency; counts). */
export type CampaignDay = {
  readonly spend: bigint;
  readonly impressions: number;
  readonly clicks: number;
  /** Spend counted against a lifetime budget before today. */
  readonly spentBeforeToday: bigint;
};

export type DayTargets = {
  readonly spend: bigint | null;
  readonly impressions: number | null;
  readonly clicks: number | null;
  /** As fast as the traffic allows until a target is met (max daily cost strategy `lifetime`), not evenly. */
  readonly isAsap?: boolean;
};

const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);

/** What today's money target is worked out from (micros of the campaign's currency; days `YYYY-MM-DD`). */
export type BudgetPlan = {
  readonly timespan: 'lifetime' | 'daily' | null;
  readonly budgetMicros: bigint | null;
  /** The daily budget field: the daily limit when the daily limits are manual. */
  readonly dailyBudgetMicros: bigint | null;
  readonly endDay: string | null;
  /** §9 daily limits: manual (`dailyBudgetMicros`) or auto (a lifetime budget's even share); null: manual. */
  readonly dailyLimitType?: 'manual' | 'auto' | null;
  /** §9 max daily cost strategy: how much of the budget a day aims at; null: automatic. */
  readonly maxDailyCostStrategy?: 'daily' | 'automatic' | 'lifetime' | null;
};

/** A day's money: what it aims at, the most it may spend, and whether it spends it as fast as it can. */
export type DayPlan = {
  readonly target: bigint | null;
  readonly limit: bigint | null;
  readonly isAsap: boolean;
};

const leastOf = (values: readonly (bigint | null)[]): bigint | null => {
  let least: bigint | null = null;
  for (const value of values) if (value !== null && (least === null || value < least)) least = value;
  return least;
};

/**
 * Today's money (decision 054). The day's limit is the least of a daily budget, a manual daily limit and, with
 * auto daily limits, the lifetime budget's even share (what is left of it at the start of today over the days
 * left to its end, today included). The max daily cost strategy then sets the target:
 * - automatic (the default): the even share (a daily budget for a daily one), within the limit;
 * - daily: the limit, every day (the even share without one);
 * - lifetime: the limit, spent as fast as the traffic allows (no target without a limit).
 * A lifetime budget without an end date and without a limit has no target: ASAP. The engine's pacing and the
 * campaign page's figures (modules/delivery/pacing.ts) both use it.
 */
export const dayPlanOf = (plan: BudgetPlan, spentBeforeToday: bigint, day: string): DayPlan => {
  const daily = plan.timespan === 'daily' ? plan.budgetMicros : null;
  let evenShare: bigint | null = null;
  if (plan.timespan === 'lifetime' && plan.budgetMicros !== null && plan.endDay !== null) {
    const daysLeft = BigInt(Math.max(1, dayNumber(plan.endDay) - dayNumber(day) + 1));
    const left = plan.budgetMicros - spentBeforeToday;
    evenShare = left > 0n ? left / daysLeft : 0n;
  }
  const isAuto = plan.dailyLimitType === 'auto';
  const limit = leastOf([daily, isAuto ? evenShare : plan.dailyBudgetMicros]);
  switch (plan.maxDailyCostStrategy) {
    case 'lifetime':
      return { target: limit, limit, isAsap: true };
    case 'daily':
      return { target: limit ?? evenShare, limit, isAsap: false };
    default:
      return { target: leastOf([evenShare ?? daily, limit]), limit, isAsap: false };
  }
};

/** Today's money target (`dayPlanOf`); null: none (ASAP). */
export const dayTargetMicros = (plan: BudgetPlan, spentBeforeToday: bigint, day: string): bigint | null =>
  dayPlanOf(plan, spentBeforeToday, day).target;

/** Today's targets of a strategy's campaign (see above); every one null: no pacing. */
export const dayTargetsOf = (
  strategy: CompiledStrategy,
  spentBeforeToday: bigint,
  day: string,
): DayTargets => {
  const { budget } = strategy;
  const plan: BudgetPlan = {
    timespan: budget.timespan,
    budgetMicros: budget.campaignBudgetMicros,
    dailyBudgetMicros: budget.dailyBudgetMicros,
    endDay: budget.campaignEndDay,
    dailyLimitType: budget.dailyLimitType ?? null,
    maxDailyCostStrategy: budget.maxDailyCostStrategy ?? null,
  };
  const money = dayPlanOf(plan, spentBeforeToday, day);
  return {
    spend: money.target,
    impressions: budget.dailyImpressions,
    clicks: budget.dailyClicks,
    isAsap: money.isAsap,
  };
};

/** How far ahead of its curve the campaign is: delivered ÷ expected by now, the largest over its targets. */
export const aheadRatio = (targets: DayTargets, delivered: CampaignDay, share: number): number | null => {
  const ratios: number[] = [];
  const add = (target: number | null, done: number) => {
    if (target === null) return;
    const expected = target * share;
    ratios.push(expected <= 0 ? (done > 0 ? Number.POSITIVE_INFINITY : 1) : done / expected);
  };
  add(targets.spend === null ? null : Number(targets.spend), Number(delivered.spend));
  add(targets.impressions, delivered.impressions);
  add(targets.clicks, delivered.clicks);
  return ratios.length === 0 ? null : Math.max(...ratios);
};

/** Whether every target of the day is met: the campaign has nothing left to deliver today. */
const isDayDone = (targets: DayTargets, delivered: CampaignDay): boolean =>
  (targets.spend !== null && delivered.spend >= targets.spend) ||
  (targets.impressions !== null && delivered.impressions >= targets.impressions) ||
  (targets.clicks !== null && delivered.clicks >= targets.clicks);

/** The next participation from the last and how far ahead the campaign is (null: no target, no pacing). */
export const nextParticipation = (last: number, ratio: number | null): number => {
  if (ratio === null) return 1;
  if (ratio > 1 + BAND) return Math.max(MIN_PARTICIPATION, last * (ratio > 1.5 ? 0.5 : 0.8));
  if (ratio < 1 - BAND) return Math.min(1, last * (ratio < 0.5 ? 2 : 1.25) + MIN_PARTICIPATION);
  return last;
};

type CampaignPace = {
  participation: number;
  day: string;
  adjustedAt: number;
  ratio: number | null;
  /** Today's spend at the last adjustment (micros), and the smoothed spend of one unit of participation a step. */
  lastSpend: bigint | null;
  yieldPerStep: number | null;
};

/** How soon a gap to the curve is made up: spread over this much of the coming day. */
const CATCH_UP_MS = 20 * 60_000;
/** The weight of the newest step in the smoothed spend per participation. */
const SMOOTHING = 0.2;

/** A campaign's pace as the console shows it (docs/engine.md "Pacing"). */
export type PaceReading = {
  readonly participation: number;
  /** Delivered ÷ expected by now, the dimension furthest ahead; null without a target. */
  readonly ratio: number | null;
};

export type PacingOptions = {
  readonly shape: TrafficShape;
  /** What a campaign has delivered (the delivery counters' running totals). */
  readonly delivered: (strategy: CompiledStrategy, now: Date) => CampaignDay;
  readonly random?: () => number;
};

/** The participation of each campaign of this process, adjusted as its strategies are asked about. */
export class Pacing {
  readonly #options: PacingOptions;
  readonly #random: () => number;
  readonly #paces = new Map<string, CampaignPace>();

  constructor(options: PacingOptions) {
    this.#options = options;
    this.#random = options.random ?? Math.random;
  }

  /** Whether a strategy's campaign takes part in this auction; its participation is adjusted when due. */
  participates(strategy: CompiledStrategy, now: Date): boolean {
    const participation = this.#paceOf(strategy, now).participation;
    return participation >= 1 || this.#random() < participation;
  }

  /** The pace of a campaign as last adjusted, undefined when none of its strategies was asked about today. */
  reading(campaignId: string): PaceReading | undefined {
    const pace = this.#paces.get(campaignId);
    return pace === undefined ? undefined : { participation: pace.participation, ratio: pace.ratio };
  }

  #paceOf(strategy: CompiledStrategy, now: Date): CampaignPace {
    const at = now.getTime();
    const local = localDayStart(now, strategy.schedule.timeZone);
    let pace = this.#paces.get(strategy.campaignId);
    if (pace === undefined || pace.day !== local.day) {
      pace = {
        participation: START_PARTICIPATION,
        day: local.day,
        adjustedAt: Number.NEGATIVE_INFINITY,
        ratio: null,
        lastSpend: null,
        yieldPerStep: null,
      };
      this.#paces.set(strategy.campaignId, pace);
    }
    if (at - pace.adjustedAt < PACING_STEP_MS) return pace;
    pace.adjustedAt = at;
    const delivered = this.#options.delivered(strategy, now);
    const targets = dayTargetsOf(strategy, delivered.spentBeforeToday, local.day);
    const spentThisStep = pace.lastSpend === null ? null : delivered.spend - pace.lastSpend;
    const last = pace.participation;
    pace.lastSpend = delivered.spend;
    if (isDayDone(targets, delivered)) {
      pace.participation = 0;
      pace.ratio = aheadRatio(targets, delivered, 1);
      return pace;
    }
    const dayStart = local.start.getTime();
    const share = this.#options.shape.shareBy(dayStart, at);
    pace.ratio = aheadRatio(targets, delivered, this.#options.shape.shareBy(dayStart, at + LOOKAHEAD_MS));
    if (targets.isAsap === true) {
      // As fast as the traffic allows until the day's limit is met (max daily cost strategy `lifetime`).
      pace.participation = 1;
      return pace;
    }
    // What one unit of participation spent over the last step, smoothed.
    if (spentThisStep !== null && last > 0) {
      const observed = Number(spentThisStep) / last;
      pace.yieldPerStep =
        pace.yieldPerStep === null ? observed : pace.yieldPerStep * (1 - SMOOTHING) + observed * SMOOTHING;
    }
    if (targets.spend === null || pace.yieldPerStep === null || pace.yieldPerStep <= 0) {
      // No money target (impression or click limits only), or no spend seen yet: by how far ahead it is.
      pace.participation = nextParticipation(Math.max(last, MIN_PARTICIPATION), pace.ratio);
      return pace;
    }
    // The spend wanted over the next step: the curve's share of the target, plus a part of the gap to the
    // curve; the participation is that over what one unit of participation spends a step, at most doubling or
    // halving at once.
    const target = Number(targets.spend);
    const gap = target * share - Number(delivered.spend);
    const coming = this.#options.shape.shareBy(dayStart, at + PACING_STEP_MS) - share;
    const wanted = target * coming + (gap * PACING_STEP_MS) / CATCH_UP_MS;
    const next = wanted / pace.yieldPerStep;
    const bounded = Math.min(Math.max(next, last / 2), Math.max(last, MIN_PARTICIPATION) * 2);
    pace.participation = Math.min(1, Math.max(MIN_PARTICIPATION, bounded));
    return pace;
  }
}
