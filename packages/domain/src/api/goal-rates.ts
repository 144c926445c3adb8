import { z } from 'zod';
import { GOAL_EVENTS } from '../campaigns/goals';
import { EVENT_OPTIMISATIONS, PRICE_MODELS, PRICING_TYPES, STRATEGY_STATES } from '../dictionary/campaigns';
import { CURRENCIES } from '../dictionary/currencies';

/**
 * `GET /campaign/{id}/goal-rates` (the campaign page's internal tab, docs/decisions/051): per strategy, the rate of
 * the campaign's goal event learnt from the rollups of the last days, overall and at its top placements, the prior
 * it starts from, and what that makes it bid now. Internal staff only.
 */

const ZMoney = z.string().meta({ description: "Exact decimal amount in the campaign's currency" });

/**
 * How the campaign's strategies bid: `goal` the goal price × the predicted rate, capped by the maximum bid; `cpc` the
 * bid per click × the predicted CTR (CPC pricing without a goal price); `cpm` the bid (CPM pricing without a goal).
 */
export const GOAL_BIDDING_WAYS = ['goal', 'cpc', 'cpm'] as const;
export type GoalBiddingWay = (typeof GOAL_BIDDING_WAYS)[number];

export const ZGoalRateRow = z.object({
  placement: z
    .string()
    .nullable()
    .meta({ description: 'An app bundle or a publisher (id, else domain); null: the strategy overall' }),
  impressions: z.number().int(),
  events: z.number().int().nullable().meta({ description: 'Events of `event` over the same impressions' }),
  observed_rate: z
    .number()
    .nullable()
    .meta({ description: 'events ÷ impressions; null without impressions or without an event' }),
  predicted_rate: z.number().nullable().meta({
    description:
      'The rate the bidder predicts: the strategy’s blended with the prior; at a placement, blended with the strategy’s',
  }),
  value_per_impression: ZMoney.nullable().meta({
    description:
      'Goal price × predicted rate (for CPC pricing: bid × predicted CTR); null when bought by the CPM',
  }),
  bid_cpm: ZMoney.nullable().meta({
    description:
      'The CPM it offers a request here: the value per mille capped by the maximum bid and the §9 maximum; null when ' +
      'under the §9 minimum (no bid). Before the floor and the DOOH multiplier',
  }),
});
export type TGoalRateRow = z.infer<typeof ZGoalRateRow>;

export const ZGoalRates = z.object({
  currency: z.enum(CURRENCIES),
  pricing: z.enum(PRICING_TYPES).nullable(),
  price_model: z.enum(PRICE_MODELS).nullable(),
  event_optimisation: z.enum(EVENT_OPTIMISATIONS).nullable(),
  bidding: z.enum(GOAL_BIDDING_WAYS),
  event: z.enum(GOAL_EVENTS).nullable().meta({
    description: 'The event whose rate is learnt: the goal’s, or clicks under CPC pricing; null: none',
  }),
  event_label: z.string().nullable(),
  goal_price: ZMoney.nullable().meta({
    description: 'The price of one goal event (the CPC target); null: none',
  }),
  prior: z
    .object({
      rate: z.number(),
      weight: z.number().int().meta({ description: 'How many impressions the prior weighs' }),
    })
    .nullable(),
  window_days: z.number().int(),
  since: z.iso.date().meta({ description: 'The first UTC day learnt from' }),
  has_delivery: z
    .boolean()
    .meta({ description: 'Whether any strategy delivered since: otherwise the priors are in use' }),
  strategies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: z.enum(STRATEGY_STATES),
      max_bid: ZMoney.nullable().meta({
        description:
          'The strategy’s bid (else the campaign’s): a CPM, or under CPC pricing the most a click may cost',
      }),
      overall: ZGoalRateRow,
      placements: z
        .array(ZGoalRateRow)
        .meta({ description: 'The placements with most impressions, most first' }),
    }),
  ),
});
export type TGoalRates = z.infer<typeof ZGoalRates>;
