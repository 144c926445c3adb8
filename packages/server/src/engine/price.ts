/**
 * The bid price (DESIGN §8, decision 040). Money is bigint micros throughout, as in the domain
 * (`toMicros`, `cpmBoundsMicros`); only the CTR and exchange rates are rationals of bigints, so no amount
 * passes through a float. Rounding always favours the advertiser: a price rounds down, a floor rounds up.
 */
import {
  CPM_BOUNDS,
  type Currency,
  fromMicros,
  MICROS_PER_UNIT,
  toMicros,
} from '@beacon/domain/dictionary/currencies';
import { NO_BID_REASONS, type NoBidReason, type TBidRequest, type TImp } from './openrtb';
import type { CompiledStrategy, StrategyStats } from './strategy-index';
import type { MatchedDeal } from './targeting';

// ---------------------------------------------------------------------------------------------------------
// Click-through rate

/**
 * The CTR a CPC strategy is assumed to have before it has delivered: 0.1 % (1,000 per million), the usual
 * order of display and in-app banner CTRs. Too high a prior overbids new strategies, too low starves them.
 */
export const CTR_PRIOR_PER_MILLION = 1_000n;
/**
 * How many impressions the prior weighs (k): the strategy's own CTR takes over once it has delivered more
 * than this, so a lucky first click does not multiply the bid.
 */
export const CTR_PRIOR_WEIGHT = 1_000n;
const MILLION = 1_000_000n;

/** A non-negative rational of bigints. */
export type Ratio = { readonly numerator: bigint; readonly denominator: bigint };

const safeCount = (value: number): bigint =>
  Number.isFinite(value) && value > 0 ? BigInt(Math.floor(value)) : 0n;

/**
 * Predicted CTR: the Bayesian blend (clicks + prior·k) / (impressions + k). Clicks above impressions (a
 * counter flushed before the other) are taken as equal, so the CTR never exceeds 1.
 */
export const predictedCtr = (stats: StrategyStats): Ratio => {
  const impressions = safeCount(stats.impressions);
  const clicks = safeCount(stats.clicks) > impressions ? impressions : safeCount(stats.clicks);
  return {
    numerator: clicks * MILLION + CTR_PRIOR_PER_MILLION * CTR_PRIOR_WEIGHT,
    denominator: (impressions + CTR_PRIOR_WEIGHT) * MILLION,
  };
};

/**
 * The CPM a strategy is worth, in micros of its currency: the bid for CPM; for CPC the expected cost of a
 * thousand impressions, bid × predicted CTR × 1000 (rounded down). Never above the bid-equivalent.
 */
export const bidEquivalentCpm = (
  strategy: Pick<CompiledStrategy, 'pricing' | 'bidMicros'>,
  stats: StrategyStats,
): bigint => {
  if (strategy.pricing === 'cpm') return strategy.bidMicros;
  const ctr = predictedCtr(stats);
  return (strategy.bidMicros * 1000n * ctr.numerator) / ctr.denominator;
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
  readonly strategy: Pick<CompiledStrategy, 'pricing' | 'bidMicros' | 'currency'>;
  readonly stats: StrategyStats;
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
  const bounds = boundsOf(strategy.currency);
  let cpm = bidEquivalentCpm(strategy, input.stats);
  if (cpm > bounds.max) cpm = bounds.max;
  if (cpm < bounds.min) return refuse('below_minimum_cpm', fromMicros(cpm));

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
