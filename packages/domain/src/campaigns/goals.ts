/**
 * What a campaign's goal counts (docs/decisions/051): the §3 price model, refined for conversions by the §3 event
 * optimisation. The bidder bids the goal price times the rate of this event per impression; the campaign page's
 * internal tab shows the rate learnt.
 */
import type { EventOptimisation, PriceModel } from '../dictionary/campaigns';

/** The events a goal can count, per impression. `conversions_all` is conversion events 1 to 5 summed. */
export const GOAL_EVENTS = [
  'clicks',
  'conversions_1',
  'conversions_2',
  'conversions_3',
  'conversions_4',
  'conversions_5',
  'conversions_all',
  'video_starts',
  'video_completes',
] as const;
export type GoalEvent = (typeof GOAL_EVENTS)[number];

export const GOAL_EVENT_LABELS = {
  clicks: 'Clicks',
  conversions_1: 'Conversions of event 1',
  conversions_2: 'Conversions of event 2',
  conversions_3: 'Conversions of event 3',
  conversions_4: 'Conversions of event 4',
  conversions_5: 'Conversions of event 5',
  conversions_all: 'Conversions of events 1 to 5',
  video_starts: 'Video starts',
  video_completes: 'Video completes',
} as const satisfies Record<GoalEvent, string>;

/**
 * The conversion event that counts as an install for `ipm` (installs per mille): event 1, the first postback event
 * of the attribution tools (the demo sends installs as event 1).
 */
export const INSTALL_EVENT = 1;

const CONVERSION_EVENTS = {
  1: 'conversions_1',
  2: 'conversions_2',
  3: 'conversions_3',
  4: 'conversions_4',
  5: 'conversions_5',
} as const satisfies Record<1 | 2 | 3 | 4 | 5, GoalEvent>;

/** What each event optimisation counts when the goal is a conversion. */
const OPTIMISED_EVENTS = {
  all_events: 'conversions_all',
  event1: 'conversions_1',
  event2: 'conversions_2',
  event3: 'conversions_3',
  event4: 'conversions_4',
  event5: 'conversions_5',
} as const satisfies Record<Exclude<EventOptimisation, 'not_optimizing'>, GoalEvent>;

const MODEL_EVENTS = {
  cpm: null,
  cpc: 'clicks',
  ctr: 'clicks',
  cpa1: 'conversions_1',
  cpa2: 'conversions_2',
  cpa3: 'conversions_3',
  cpa4: 'conversions_4',
  cpa5: 'conversions_5',
  cpvcomplete: 'video_completes',
  cpvstart: 'video_starts',
  ipm: CONVERSION_EVENTS[INSTALL_EVENT],
} as const satisfies Record<PriceModel, GoalEvent | null>;

const isCpa = (model: PriceModel): boolean => model.startsWith('cpa');

/**
 * The event a campaign's goal counts: its price model's (none for cpm, or no model), except that a CPA goal counts
 * the events its event optimisation names (all events summed, or one event), when it optimises for any.
 */
export const goalEventOf = (
  priceModel: PriceModel | null | undefined,
  eventOptimisation: EventOptimisation | null | undefined,
): GoalEvent | null => {
  if (priceModel === null || priceModel === undefined) return null;
  if (isCpa(priceModel) && eventOptimisation && eventOptimisation !== 'not_optimizing') {
    return OPTIMISED_EVENTS[eventOptimisation];
  }
  return MODEL_EVENTS[priceModel];
};

/**
 * What the campaign's CPC target means beside its §9 minimum (decision 051): it is the goal price, the price of one
 * event of the price model's goal.
 */
export const GOAL_PRICE_HINT =
  'The goal price: what one click, conversion, view or install of the price model is worth; strategies bid it × the rate they learn';
