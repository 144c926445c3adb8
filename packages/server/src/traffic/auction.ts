/**
 * The simulated exchange's auction (docs/engine.md "Traffic simulator"): competitors bid around the floor, our
 * bid is checked as an exchange checks it, and the winner pays as the auction type says. Money is integer
 * micros of the request currency, like everywhere else (decision 040).
 */
import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { TBid, TImp } from '../engine/openrtb';
import type { Random } from './random';

/** An OpenRTB decimal (price, floor) as micros; undefined when it is not a finite non-negative number. */
export const decimalToMicros = (value: unknown): bigint | undefined => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  try {
    return toMicros(value);
  } catch {
    return undefined;
  }
};

/** The increment a second-price auction adds to the price to beat: 0.01 of the currency. */
export const SECOND_PRICE_INCREMENT_MICROS = 10_000n;

/**
 * Other buyers' bids for one impression: each of `bidders` takes part with probability `participation` and bids a
 * lognormal draw around `referenceMicros` (the floor, or a typical price without one); bids under the floor
 * are dropped, as the exchange drops them.
 */
export const drawCompetitorBids = (
  random: Random,
  {
    referenceMicros,
    floorMicros,
    bidders,
    participation = 0.6,
    spread = 0.45,
    markup = 1.25,
  }: {
    referenceMicros: bigint;
    floorMicros: bigint;
    bidders: number;
    participation?: number;
    spread?: number;
    markup?: number;
  },
): bigint[] => {
  const bids: bigint[] = [];
  const reference = Number(referenceMicros);
  for (let i = 0; i < bidders; i += 1) {
    if (!random.chance(participation)) continue;
    const bid = BigInt(Math.round(random.lognormal(reference * markup, spread)));
    if (bid > 0n && bid >= floorMicros) bids.push(bid);
  }
  return bids.sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
};

/** Why the exchange set our bid aside before the auction. */
export type InvalidBid =
  | 'unknown_impression'
  | 'bad_price'
  | 'wrong_currency'
  | 'unknown_deal'
  | 'not_in_deal'
  | 'below_floor';

export type CheckedBid =
  | {
      readonly ok: true;
      readonly priceMicros: bigint;
      readonly floorMicros: bigint;
      readonly dealId?: string;
    }
  | { readonly ok: false; readonly reason: InvalidBid };

/** The floor of an impression in micros: its own in the open auction, the deal's through a deal. */
const floorOf = (amount: number | undefined): bigint => decimalToMicros(amount) ?? 0n;

/**
 * Checks one bid as an exchange does: it answers an impression of the request, its price is a positive number in a
 * currency the request takes, a deal it names is one of the impression's, a private auction takes deal bids only,
 * and it reaches the floor.
 */
export const checkBid = (
  bid: TBid,
  imps: readonly TImp[],
  { currency, responseCurrency }: { currency: string; responseCurrency: string | undefined },
): CheckedBid => {
  const imp = imps.find((candidate) => candidate.id === bid.impid);
  if (imp === undefined) return { ok: false, reason: 'unknown_impression' };
  const priceMicros = decimalToMicros(bid.price);
  if (priceMicros === undefined || priceMicros <= 0n) return { ok: false, reason: 'bad_price' };
  // OpenRTB's default currency is USD; the simulated exchange trades in one currency.
  if ((responseCurrency ?? 'USD').toUpperCase() !== currency.toUpperCase()) {
    return { ok: false, reason: 'wrong_currency' };
  }
  let floorMicros = floorOf(imp.bidfloor);
  let dealId: string | undefined;
  if (bid.dealid !== undefined && bid.dealid !== '') {
    const deal = imp.pmp?.deals?.find((candidate) => candidate.id === bid.dealid);
    if (deal === undefined) return { ok: false, reason: 'unknown_deal' };
    dealId = deal.id;
    floorMicros = floorOf(deal.bidfloor);
  } else if (imp.pmp?.private_auction === 1) {
    return { ok: false, reason: 'not_in_deal' };
  }
  if (priceMicros < floorMicros) return { ok: false, reason: 'below_floor' };
  return dealId === undefined
    ? { ok: true, priceMicros, floorMicros }
    : { ok: true, priceMicros, floorMicros, dealId };
};

export type AuctionResult =
  | { readonly won: true; readonly clearingMicros: bigint }
  | { readonly won: false; readonly winningMicros: bigint };

/**
 * The auction of one impression between our checked bid and the competitors' (highest first). A tie goes to the
 * competitor. First price (1): the winner pays its bid. Second price (2): the higher of the best other bid and the
 * floor, plus 0.01, never more than the bid.
 */
export const runAuction = ({
  auctionType,
  ourMicros,
  floorMicros,
  competitors,
}: {
  auctionType: 1 | 2;
  ourMicros: bigint;
  floorMicros: bigint;
  competitors: readonly bigint[];
}): AuctionResult => {
  const best = competitors.reduce((max, bid) => (bid > max ? bid : max), 0n);
  if (best >= ourMicros) return { won: false, winningMicros: best };
  if (auctionType === 1) return { won: true, clearingMicros: ourMicros };
  const toBeat = best > floorMicros ? best : floorMicros;
  const clearing = toBeat + SECOND_PRICE_INCREMENT_MICROS;
  return { won: true, clearingMicros: clearing < ourMicros ? clearing : ourMicros };
};
