/**
 * The bid price (DESIGN §8, decisions 040 and 051). Money is bigint micros throughout, as in the domain
 * (`toMicros`, `cpmBoundsMicros`); only the learnt rates and exchange rates are rationals of bigints, so no amount
 * passes through a float. Rounding always favours the advertiser: a price rounds down, a floor rounds up.
 */
import { type GoalEvent, goalEventOf } from '@beacon/domain/campaigns/goals';
import type { EventOptimisation, PriceModel } from '@beacon/domain/dictionary/campaigns';
import {
  CPM_BOUNDS,
  type Currency,
  fromMicros,
  MICROS_PER_UNIT,
  toMicros,
} from '@beacon/domain/dictionary/currencies';
import { NO_BID_REASONS, type NoBidReason, type TBidRequest, type TImp } from './openrtb';
import type { CompiledGoal, CompiledStrategy } from './strategy-index';
import type { MatchedDeal } from './targeting';

// ---------------------------------------------------------------------------------------------------------
// Goals: a goal price times a learnt rate (docs/decisions/051)

/** A non-negative rational of bigints. */
export type Ratio = { readonly numerator: bigint; readonly denominator: bigint };

/** The counts a rate is learnt from: the rollups' columns (migration 0021) over the learning window. */
export type GoalCounts = {
  readonly impressions: number;
  readonly clicks: number;
  readonly videoStarts: number;
  readonly videoCompletes: number;
  /** conversions_1 … conversions_5. */
  readonly conversions: readonly [number, number, number, number, number];
};

/** What a strategy delivered overall and at the request's placement; absent: nothing, the prior then decides. */
export type LearntCounts = {
  readonly strategy?: GoalCounts | undefined;
  readonly placement?: GoalCounts | undefined;
};
export const NOTHING_LEARNT: LearntCounts = {};

/**
 * The rate a strategy is assumed to have before it delivers (per million impressions) and how many impressions
 * that assumption weighs (k): its own rate takes over once it has delivered more than k. Too high a prior overbids
 * a new strategy, too low starves it (decision 051 gives the reasons for each).
 */
export type GoalPrior = { readonly perMillion: bigint; readonly weight: bigint };
const CONVERSION_PRIOR: GoalPrior = { perMillion: 100n, weight: 10_000n };
export const GOAL_PRIORS = {
  /** 0.1 %, the usual order of display and in-app banner CTRs; k = 1,000 (decision 040). */
  clicks: { perMillion: 1_000n, weight: 1_000n },
  /** 0.01 % post-impression; k = 10,000, so that the prior weighs one conversion. */
  conversions_1: CONVERSION_PRIOR,
  conversions_2: CONVERSION_PRIOR,
  conversions_3: CONVERSION_PRIOR,
  conversions_4: CONVERSION_PRIOR,
  conversions_5: CONVERSION_PRIOR,
  conversions_all: CONVERSION_PRIOR,
  /** A served video usually starts: 80 %, giving way after a hundred impressions. */
  video_starts: { perMillion: 800_000n, weight: 100n },
  /** Completion of pre- and mid-roll: 50 %. */
  video_completes: { perMillion: 500_000n, weight: 100n },
} as const satisfies Record<GoalEvent, GoalPrior>;
const MILLION = 1_000_000n;

const safeCount = (value: number): bigint =>
  Number.isFinite(value) && value > 0 ? BigInt(Math.floor(value)) : 0n;

const CONVERSION_INDEX = {
  conversions_1: 0,
  conversions_2: 1,
  conversions_3: 2,
  conversions_4: 3,
  conversions_5: 4,
} as const;

/**
 * The goal events among counts, at most what the impressions allow (five per impression for all events): an event
 * counted before its impression (flushed first, or an attribution) never pushes a rate past what can happen.
 */
export const goalEventsIn = (counts: GoalCounts, event: GoalEvent): bigint => {
  const impressions = safeCount(counts.impressions);
  let events: bigint;
  let most = impressions;
  switch (event) {
    case 'clicks':
      events = safeCount(counts.clicks);
      break;
    case 'video_starts':
      events = safeCount(counts.videoStarts);
      break;
    case 'video_completes':
      events = safeCount(counts.videoCompletes);
      break;
    case 'conversions_all':
      events = counts.conversions.reduce((sum, count) => sum + safeCount(count), 0n);
      most = impressions * 5n;
      break;
    default:
      events = safeCount(counts.conversions[CONVERSION_INDEX[event]]);
  }
  return events > most ? most : events;
};

/** (events + rate·k) / (impressions + k): counts blended with a rate known before them, weighing k impressions. */
const blend = (counts: GoalCounts | undefined, event: GoalEvent, before: Ratio, weight: bigint): Ratio => {
  if (counts === undefined) return before;
  const impressions = safeCount(counts.impressions);
  if (impressions === 0n) return before;
  return {
    numerator: goalEventsIn(counts, event) * before.denominator + weight * before.numerator,
    denominator: (impressions + weight) * before.denominator,
  };
};

/**
 * The predicted rate of a goal event per impression (decision 051): the strategy's own rate blended with the
 * prior, then its rate at the request's placement blended with that, each weighing the prior's k impressions.
 * A strategy that has not delivered bids on the prior; a placement it has not delivered on, on its own rate.
 */
export const predictedRate = (event: GoalEvent, learnt: LearntCounts): Ratio => {
  const prior = GOAL_PRIORS[event];
  const strategy = blend(
    learnt.strategy,
    event,
    { numerator: prior.perMillion, denominator: MILLION },
    prior.weight,
  );
  return blend(learnt.placement, event, strategy, prior.weight);
};

/**
 * A strategy's goal, compiled once (decision 051): the event its price model counts, at the campaign's goal price
 * (`cpc_target`, a cost per goal event). None without a goal model (cpm) or without a goal price: the strategy then
 * bids its maximum bid.
 */
export const goalOf = (values: {
  readonly priceModel: PriceModel | null;
  readonly eventOptimisation: EventOptimisation | null;
  readonly goalPriceMicros: bigint | null;
}): CompiledGoal | null => {
  const event = goalEventOf(values.priceModel, values.eventOptimisation);
  if (event === null || values.goalPriceMicros === null || values.goalPriceMicros <= 0n) return null;
  return { event, priceMicros: values.goalPriceMicros };
};

/**
 * Whether a strategy's offer is its bid whatever it delivered: CPM pricing without a goal. The others' offers move
 * with their learnt rates (the bidder orders them per request, index-store.ts runs).
 */
export const hasFixedOffer = (strategy: Pick<CompiledStrategy, 'pricing' | 'goal'>): boolean =>
  strategy.pricing === 'cpm' && strategy.goal === null;

type Priced = Pick<CompiledStrategy, 'pricing' | 'bidMicros' | 'goal'>;

/** `amount` micros × 1000 × rate, rounded down: a price per event as the CPM it is worth. */
const perMille = (amount: bigint, rate: Ratio): bigint =>
  (amount * 1000n * rate.numerator) / rate.denominator;

/**
 * The maximum bid as a CPM, micros of the strategy's currency: the bid under CPM pricing; under CPC pricing, where
 * the bid is the most a click may cost, bid × predicted CTR × 1000.
 */
export const maxBidCpm = (strategy: Priced, learnt: LearntCounts): bigint =>
  strategy.pricing === 'cpm'
    ? strategy.bidMicros
    : perMille(strategy.bidMicros, predictedRate('clicks', learnt));

/** What one impression is worth to a goal, as a CPM: 1000 × goal price × predicted rate (rounded down). */
export const goalValueCpm = (goal: CompiledGoal, learnt: LearntCounts): bigint =>
  perMille(goal.priceMicros, predictedRate(goal.event, learnt));

/**
 * The CPM a strategy is worth, micros of its currency, before the §9 bounds: its goal's value per mille capped by
 * its maximum bid; without a goal, the maximum bid (a CPM's bid; a CPC's bid × predicted CTR × 1000).
 */
export const bidEquivalentCpm = (strategy: Priced, learnt: LearntCounts): bigint => {
  const { goal } = strategy;
  if (goal === null) return maxBidCpm(strategy, learnt);
  // A click goal under CPC pricing reads the same CTR twice: worked out once.
  if (goal.event === 'clicks' && strategy.pricing === 'cpc') {
    const ctr = predictedRate('clicks', learnt);
    const value = perMille(goal.priceMicros, ctr);
    const cap = perMille(strategy.bidMicros, ctr);
    return value < cap ? value : cap;
  }
  const value = goalValueCpm(goal, learnt);
  const cap = maxBidCpm(strategy, learnt);
  return value < cap ? value : cap;
};

// ---------------------------------------------------------------------------------------------------------
// Currencies

/**
 * Exchange rates: `rateKey(base, quote)` → units of `quote` for one unit of `base`, as exact decimal text
 * (the `currency_rates` table). A missing direction is derived from the other one.
 */
export type ExchangeRates = ReadonlyMap<string, string>;
export const rateKey = (base: string, quote: string): string =>
  `${base.toLowerCase()}/${quote.toLowerCase()}`;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** An exact decimal text as a ratio, or undefined when it is not a positive decimal. */
export const parseDecimal = (text: string): Ratio | undefined => {
  const match = DECIMAL.exec(text.trim());
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`);
  if (numerator === 0n) return undefined;
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
};

const ONE: Ratio = { numerator: 1n, denominator: 1n };

const readRate = (rates: ExchangeRates, from: string, to: string): Ratio | undefined => {
  if (from.toLowerCase() === to.toLowerCase()) return ONE;
  const direct = rates.get(rateKey(from, to));
  if (direct !== undefined) return parseDecimal(direct);
  const inverse = rates.get(rateKey(to, from));
  const ratio = inverse === undefined ? undefined : parseDecimal(inverse);
  return ratio === undefined ? undefined : { numerator: ratio.denominator, denominator: ratio.numerator };
};

/**
 * Rates read once per rates map: the bidder state replaces the map when the rates change, and a bid asks for the
 * same few rates for hundreds of candidates.
 */
const ratesRead = new WeakMap<ExchangeRates, Map<string, Ratio | undefined>>();

/** The rate from one currency to another (codes in any case), or undefined when unknown. */
export const rateOf = (rates: ExchangeRates, from: string, to: string): Ratio | undefined => {
  let read = ratesRead.get(rates);
  if (read === undefined) {
    read = new Map();
    ratesRead.set(rates, read);
  }
  const key = `${from}>${to}`;
  if (read.has(key)) return read.get(key);
  const rate = readRate(rates, from, to);
  read.set(key, rate);
  return rate;
};

const divide = (numerator: bigint, denominator: bigint, rounding: 'down' | 'up'): bigint => {
  const quotient = numerator / denominator;
  return rounding === 'up' && quotient * denominator < numerator ? quotient + 1n : quotient;
};

/** Converts micros between currencies; undefined without a rate. */
export const convertMicros = (
  micros: bigint,
  from: string,
  to: string,
  rates: ExchangeRates,
  rounding: 'down' | 'up',
): bigint | undefined => {
  const rate = rateOf(rates, from, to);
  return rate === undefined ? undefined : divide(micros * rate.numerator, rate.denominator, rounding);
};

/** Micros as the decimal number OpenRTB writes in `price` and reads in `bidfloor`. */
export const microsToOpenRtbPrice = (micros: bigint): number => Number(fromMicros(micros));

/** An OpenRTB decimal (bidfloor, multiplier) as micros; undefined when not a finite non-negative number. */
const openRtbToMicros = (value: number): bigint | undefined => {
  if (!Number.isFinite(value) || value < 0) return undefined;
  try {
    return toMicros(value);
  } catch {
    return undefined;
  }
};

/** OpenRTB's default currency for `cur`, `bidfloorcur` and deal floors. */
export const OPENRTB_DEFAULT_CURRENCY = 'USD';

// ---------------------------------------------------------------------------------------------------------
// The price of one bid

export const PRICE_FAILURES = ['below_minimum_cpm', 'below_floor', 'no_exchange_rate'] as const;
export type PriceFailure = (typeof PRICE_FAILURES)[number];

/** OpenRTB has no code for a price under the floor: UNKNOWN_ERROR is its catch-all (see targeting.ts). */
export const PRICE_FAILURE_NBR = {
  below_minimum_cpm: NO_BID_REASONS.UNKNOWN_ERROR,
  below_floor: NO_BID_REASONS.UNKNOWN_ERROR,
  no_exchange_rate: NO_BID_REASONS.TECHNICAL_ERROR,
} as const satisfies Record<PriceFailure, NoBidReason>;

export type PriceInput = {
  readonly strategy: Pick<CompiledStrategy, 'pricing' | 'bidMicros' | 'currency' | 'goal'>;
  /** What the strategy delivered, overall and at the request's placement (goal-rates.ts). */
  readonly stats: LearntCounts;
  readonly imp: TImp;
  readonly request: Pick<TBidRequest, 'cur'>;
  /** The deal the bid goes through (targeting.ts `checkDeals`), or null in the open auction. */
  readonly deal: MatchedDeal | null;
  readonly rates: ExchangeRates;
};

export type PricedBid = {
  readonly ok: true;
  /** ISO 4217, upper case: the response's `cur`. */
  readonly currency: string;
  /** The bid price (`bid.price` once converted), micros of `currency`: the CPM × the DOOH multiplier. */
  readonly priceMicros: bigint;
  /** The floor it beat, micros of `currency` (0 without one). */
  readonly floorMicros: bigint;
  /** The CPM of one impression, micros of the strategy's currency, within the §9 bounds. */
  readonly cpmMicros: bigint;
  /** The most a win costs, micros of the strategy's currency: the price of the whole item / 1000. */
  readonly maxCostMicros: bigint;
};
export type PriceRefusal = {
  readonly ok: false;
  readonly reason: PriceFailure;
  readonly nbr: NoBidReason;
  readonly detail?: string;
};
export type PriceResult = PricedBid | PriceRefusal;

const refuse = (reason: PriceFailure, detail?: string): PriceRefusal =>
  detail === undefined
    ? { ok: false, reason, nbr: PRICE_FAILURE_NBR[reason] }
    : { ok: false, reason, nbr: PRICE_FAILURE_NBR[reason], detail };

/**
 * The §9 CPM bounds in micros. cop is 800-200 in the spec (a minimum above the maximum, see CPM_BOUNDS):
 * applied as written, a COP strategy never bids until the spec is fixed.
 */
const BOUNDS_MICROS = new Map<Currency, { min: bigint; max: bigint }>();
/** Read once per currency: every bid asks, and parsing the decimal bounds was a fifth of a bid's time. */
const boundsOf = (currency: Currency): { min: bigint; max: bigint } => {
  let bounds = BOUNDS_MICROS.get(currency);
  if (bounds === undefined) {
    bounds = { min: toMicros(CPM_BOUNDS[currency].min), max: toMicros(CPM_BOUNDS[currency].max) };
    BOUNDS_MICROS.set(currency, bounds);
  }
  return bounds;
};

/**
 * A CPM within the §9 bounds of its currency: capped at the maximum; undefined below the minimum (no bid: raising
 * it would pay more than the strategy is worth).
 */
export const withinCpmBounds = (cpm: bigint, currency: Currency): bigint | undefined => {
  const bounds = boundsOf(currency);
  const capped = cpm > bounds.max ? bounds.max : cpm;
  return capped < bounds.min ? undefined : capped;
};

/** The currency of the answer: the strategy's when the exchange takes it, else the first one it takes. */
const responseCurrency = (
  strategyCurrency: Currency,
  accepted: readonly string[],
  rates: ExchangeRates,
): string | undefined => {
  const own = strategyCurrency.toUpperCase();
  if (accepted.includes(own)) return own;
  return accepted.find((code) => rateOf(rates, strategyCurrency, code) !== undefined);
};

/**
 * What one impression fixes for the price of every candidate, read once per impression rather than once per
 * candidate (a request meets hundreds): the DOOH multiplier, the currencies the exchange takes and, as they are
 * asked for, the response currency of each strategy currency and the impression's floor in each currency.
 */
export type ImpPricing = {
  readonly imp: TImp;
  readonly rates: ExchangeRates;
  readonly multiplierMicros: bigint;
  readonly accepted: readonly string[];
  readonly responseCurrencies: Map<string, string | undefined>;
  /** The impression's own floor by response currency; null: no rate to convert it. */
  readonly floors: Map<string, bigint | null>;
};

export const impPricingOf = (
  imp: TImp,
  request: Pick<TBidRequest, 'cur'>,
  rates: ExchangeRates,
): ImpPricing => {
  const accepted = (request.cur ?? []).map((code) => code.trim().toUpperCase()).filter(Boolean);
  const multiplier = imp.qty?.multiplier;
  return {
    imp,
    rates,
    multiplierMicros:
      multiplier === undefined ? MICROS_PER_UNIT : (openRtbToMicros(multiplier) ?? MICROS_PER_UNIT),
    accepted: accepted.length === 0 ? [OPENRTB_DEFAULT_CURRENCY] : accepted,
    responseCurrencies: new Map(),
    floors: new Map(),
  };
};

/** The currency a strategy currency answers in for the impression (memoised). */
export const responseCurrencyOf = (pricing: ImpPricing, strategyCurrency: Currency): string | undefined => {
  if (pricing.responseCurrencies.has(strategyCurrency))
    return pricing.responseCurrencies.get(strategyCurrency);
  const currency = responseCurrency(strategyCurrency, pricing.accepted, pricing.rates);
  pricing.responseCurrencies.set(strategyCurrency, currency);
  return currency;
};

/** A floor (OpenRTB amount and currency, USD by default) in micros of `currency`, rounded up; null without a rate. */
const floorIn = (
  amount: number | undefined,
  from: string | undefined,
  currency: string,
  rates: ExchangeRates,
): bigint | null => {
  const micros = amount === undefined ? undefined : openRtbToMicros(amount);
  if (micros === undefined) return 0n;
  return convertMicros(micros, from ?? OPENRTB_DEFAULT_CURRENCY, currency, rates, 'up') ?? null;
};

/** What a strategy offers for an impression before any floor: the price of `priceBid` when it is not refused. */
export type Offer =
  | {
      readonly ok: true;
      readonly currency: string;
      readonly priceMicros: bigint;
      readonly cpmMicros: bigint;
      /** The whole item's price in the strategy's currency (CPM × multiplier). */
      readonly itemMicros: bigint;
    }
  | PriceRefusal;

/**
 * The first half of `priceBid`: the CPM within the §9 bounds, times the DOOH multiplier, in the response
 * currency. It does not depend on the deal (only the floor does), so the bidder can order candidates by it
 * before evaluating them. `pricing` is the impression's (`impPricingOf`), shared by its candidates.
 */
export const offerOf = (input: Omit<PriceInput, 'deal'>, pricing?: ImpPricing): Offer => {
  const { strategy } = input;
  const context = pricing ?? impPricingOf(input.imp, input.request, input.rates);
  const worth = bidEquivalentCpm(strategy, input.stats);
  const cpm = withinCpmBounds(worth, strategy.currency);
  if (cpm === undefined) return refuse('below_minimum_cpm', fromMicros(worth));

  const price =
    context.multiplierMicros === MICROS_PER_UNIT ? cpm : (cpm * context.multiplierMicros) / MICROS_PER_UNIT;

  const currency = responseCurrencyOf(context, strategy.currency);
  if (currency === undefined)
    return refuse('no_exchange_rate', `${strategy.currency} to ${context.accepted.join(',')}`);
  const priceMicros =
    currency === strategy.currency.toUpperCase()
      ? price
      : convertMicros(price, strategy.currency, currency, context.rates, 'down');
  if (priceMicros === undefined) return refuse('no_exchange_rate', `${strategy.currency} to ${currency}`);
  return { ok: true, currency, priceMicros, cpmMicros: cpm, itemMicros: price };
};

/**
 * Prices one bid: the strategy's CPM (CPC through the predicted CTR), capped by the §9 maximum of its
 * currency and refused below the minimum (never raised: that would pay more than the strategy is worth),
 * times the DOOH multiplier, converted to the exchange's currency, and refused below the floor (the
 * impression's, or the deal's and the deal's stored floor, whichever is highest).
 */
export const priceBid = (input: PriceInput, pricing?: ImpPricing, known?: Offer): PriceResult => {
  const { imp, deal, rates } = input;
  const context = pricing ?? impPricingOf(imp, input.request, rates);
  const offer = known ?? offerOf(input, context);
  if (!offer.ok) return offer;
  const { currency, priceMicros, cpmMicros: cpm, itemMicros: price } = offer;

  // With a deal its floor replaces the impression's (OpenRTB 2.6 "Deal"); both default to USD.
  let floorMicros: bigint | null;
  if (deal === null) {
    floorMicros = context.floors.get(currency) ?? null;
    if (!context.floors.has(currency)) {
      floorMicros = floorIn(imp.bidfloor, imp.bidfloorcur, currency, rates);
      context.floors.set(currency, floorMicros);
    }
  } else {
    floorMicros = floorIn(deal.requestDeal.bidfloor, deal.requestDeal.bidfloorcur, currency, rates);
  }
  if (floorMicros === null) {
    const from = (deal === null ? imp.bidfloorcur : deal.requestDeal.bidfloorcur) ?? OPENRTB_DEFAULT_CURRENCY;
    return refuse('no_exchange_rate', `${from} to ${currency}`);
  }
  if (deal !== null) {
    const stored = convertMicros(deal.deal.floorMicros, deal.deal.currency, currency, rates, 'up');
    if (stored === undefined) return refuse('no_exchange_rate', `${deal.deal.currency} to ${currency}`);
    if (stored > floorMicros) floorMicros = stored;
  }
  if (priceMicros <= 0n || priceMicros < floorMicros) {
    return refuse('below_floor', `${fromMicros(priceMicros)} < ${fromMicros(floorMicros)} ${currency}`);
  }
  return { ok: true, currency, priceMicros, floorMicros, cpmMicros: cpm, maxCostMicros: price / 1000n };
};
