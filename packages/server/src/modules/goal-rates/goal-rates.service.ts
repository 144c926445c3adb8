import { canSeeGoalRates } from '@beacon/domain/access/permissions';
import type { GoalBiddingWay, TGoalRateRow, TGoalRates } from '@beacon/domain/api/goal-rates';
import { GOAL_EVENT_LABELS, type GoalEvent, goalEventOf } from '@beacon/domain/campaigns/goals';
import { fromMicros } from '@beacon/domain/dictionary/currencies';
import type { Deps, Principal } from '../../app-types';
import { LEARNING_WINDOW_DAYS, learningSince } from '../../engine/goal-rates';
import {
  bidEquivalentCpm,
  GOAL_PRIORS,
  type GoalCounts,
  goalEventsIn,
  goalOf,
  type LearntCounts,
  predictedRate,
  type Ratio,
  withinCpmBounds,
} from '../../engine/price';
import type { CompiledStrategy } from '../../engine/strategy-index';
import { AppError } from '../../lib/app-error';
import { campaignWithStrategyBids } from '../campaigns/strategies.service';
import { strategyGoalCounts } from '../delivery/delivery.queries';

/**
 * The goal rates of a campaign's internal tab (decision 051): per strategy, the rate of its goal event learnt from
 * the rollups, overall and at its top placements, with the prior, the counts and what the bidder would offer now,
 * worked out by the bidder's own functions (engine/price.ts) from the figures it learns from.
 */

const NO_COUNTS: GoalCounts = {
  impressions: 0,
  clicks: 0,
  videoStarts: 0,
  videoCompletes: 0,
  conversions: [0, 0, 0, 0, 0],
};

/** A rate to show (the bidder never turns one into a float). */
const rateNumber = (rate: Ratio): number => Number(rate.numerator) / Number(rate.denominator);

type Pricing = Pick<CompiledStrategy, 'pricing' | 'bidMicros' | 'goal' | 'currency'>;

const rowOf = (
  placement: string | null,
  counts: GoalCounts,
  learnt: LearntCounts,
  event: GoalEvent | null,
  pricing: Pricing | null,
): TGoalRateRow => {
  const events = event === null ? null : Number(goalEventsIn(counts, event));
  const rate = event === null ? null : predictedRate(event, learnt);
  // What one impression is worth: a goal's price, or a CPC's bid per click, times its predicted rate.
  const perEvent = pricing?.goal?.priceMicros ?? (pricing?.pricing === 'cpc' ? pricing.bidMicros : null);
  const value = perEvent === null || rate === null ? null : (perEvent * rate.numerator) / rate.denominator;
  const cpm =
    pricing === null ? undefined : withinCpmBounds(bidEquivalentCpm(pricing, learnt), pricing.currency);
  return {
    placement,
    impressions: counts.impressions,
    events,
    observed_rate: events === null || counts.impressions === 0 ? null : events / counts.impressions,
    predicted_rate: rate === null ? null : rateNumber(rate),
    value_per_impression: value === null ? null : fromMicros(value),
    bid_cpm: cpm === undefined ? null : fromMicros(cpm),
  };
};

/** `GET /campaign/{id}/goal-rates`: 404 outside the caller's scope, then 403 for anyone but the internal staff. */
export const campaignGoalRates = async (
  deps: Deps,
  principal: Principal,
  campaignId: string,
): Promise<TGoalRates> => {
  const { campaign, strategies } = await campaignWithStrategyBids(deps, principal, campaignId);
  if (!canSeeGoalRates(principal.role, principal.organizationRole)) throw new AppError('FORBIDDEN');
  const now = deps.clock.now();
  const counts = await strategyGoalCounts(
    deps.db,
    strategies.map((strategy) => strategy.id),
    now,
  );
  const goal = goalOf({
    priceModel: campaign.price_model,
    eventOptimisation: campaign.event_optimisation,
    goalPriceMicros: campaign.cpc_target === null ? null : BigInt(campaign.cpc_target),
  });
  const bidding: GoalBiddingWay = goal !== null ? 'goal' : campaign.pricing === 'cpc' ? 'cpc' : 'cpm';
  const event =
    goal?.event ??
    (bidding === 'cpc' ? 'clicks' : goalEventOf(campaign.price_model, campaign.event_optimisation));
  const prior = event === null ? null : GOAL_PRIORS[event];
  return {
    currency: campaign.currency,
    pricing: campaign.pricing,
    price_model: campaign.price_model,
    event_optimisation: campaign.event_optimisation,
    bidding,
    event,
    event_label: event === null ? null : GOAL_EVENT_LABELS[event],
    goal_price: goal === null ? null : fromMicros(goal.priceMicros),
    prior:
      prior === null ? null : { rate: Number(prior.perMillion) / 1_000_000, weight: Number(prior.weight) },
    window_days: LEARNING_WINDOW_DAYS,
    since: learningSince(now),
    has_delivery: [...counts.values()].some((own) => own.overall.impressions > 0),
    strategies: strategies.map((strategy) => {
      const bid = strategy.bid ?? campaign.bid;
      const pricing: Pricing | null =
        bid === null || campaign.pricing === null
          ? null
          : { pricing: campaign.pricing, bidMicros: BigInt(bid), goal, currency: campaign.currency };
      const own = counts.get(strategy.id);
      const overall = own?.overall ?? NO_COUNTS;
      return {
        id: strategy.id,
        name: strategy.name,
        state: strategy.state,
        max_bid: bid === null ? null : fromMicros(BigInt(bid)),
        overall: rowOf(null, overall, { strategy: own?.overall }, event, pricing),
        placements: [...(own?.placements ?? [])].map(([placement, here]) =>
          rowOf(placement, here, { strategy: overall, placement: here }, event, pricing),
        ),
      };
    }),
  };
};
