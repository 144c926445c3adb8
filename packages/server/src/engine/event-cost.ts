/**
 * The money of an event (docs/engine.md "Events"), in integer micros with bigint arithmetic only.
 *
 * - The clearing price `p` of a win or billing notice is the OpenRTB decimal CPM the exchange puts in place
 *   of `${AUCTION_PRICE}`, in the response currency. Missing, empty or left unreplaced means the bid price. A
 *   price above the bid is refused: an exchange never charges more than the bid in a first- or second-price
 *   auction, so such a notice is wrong or forged.
 * - Media cost = ticket maxCostMicros × clearing price ÷ ticket priceMicros: the bid's own cost of one item in
 *   the campaign's currency scaled by the share of the bid the exchange charged, so no exchange rate is needed
 *   at intake.
 * - Spend = media cost after the fee model: markup cost × (1 + fee %), margin cost ÷ (1 − margin %), none:
 *   the cost.
 * - Every division rounds down, in the advertiser's favour like the bid price (decision 040); the loss is under
 *   one micro per event.
 */
import type { FeeModel } from '@beacon/domain/dictionary/organizations';

/** The macro an exchange replaces with the clearing price; arriving as is means it was not replaced. */
export const AUCTION_PRICE_MACRO = `\${AUCTION_PRICE}`;

/** An OpenRTB price: a non-negative decimal (no exponent, no sign), up to 12 digits on either side. */
const PRICE_PATTERN = /^(\d{1,12})(?:\.(\d{0,12}))?$/;

export type ClearingPrice =
  | { readonly ok: true; readonly priceMicros: bigint }
  | { readonly ok: false; readonly reason: 'malformed' | 'above_bid' };

/**
 * The clearing price of a notice in micros of the response currency (rounded down), checked against the bid
 * price `bidMicros`; the comparison is exact, so 1.0000001 above a bid of 1 is above it.
 */
export const clearingPriceOf = (text: string | undefined, bidMicros: bigint): ClearingPrice => {
  const value = text?.trim() ?? '';
  if (value === '' || value === AUCTION_PRICE_MACRO) return { ok: true, priceMicros: bidMicros };
  const match = PRICE_PATTERN.exec(value);
  if (!match) return { ok: false, reason: 'malformed' };
  const fraction = (match[2] ?? '').padEnd(12, '0');
  const micros = BigInt(match[1] ?? '0') * 1_000_000n + BigInt(fraction.slice(0, 6));
  const isBeyondMicros = BigInt(fraction.slice(6)) > 0n;
  if (micros > bidMicros || (micros === bidMicros && isBeyondMicros))
    return { ok: false, reason: 'above_bid' };
  return { ok: true, priceMicros: micros };
};

/** What one item cost at `clearingMicros`, micros of the campaign's currency; 0 for a bid price of 0. */
export const mediaCostOf = (maxCostMicros: bigint, clearingMicros: bigint, bidMicros: bigint): bigint =>
  bidMicros <= 0n || maxCostMicros <= 0n ? 0n : (maxCostMicros * clearingMicros) / bidMicros;

/** An organization's fee model with the campaign's percent (hundredths of a percent: 12.5 % is 1250). */
export type Fee = { readonly model: FeeModel | null; readonly hundredths: bigint };
export const NO_FEE: Fee = { model: null, hundredths: 0n };

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** A stored percent ("12.5", campaign-internal.ts) in hundredths; null or not a percent: 0. */
export const percentHundredths = (text: string | null | undefined): bigint => {
  const match = PERCENT_PATTERN.exec(text?.trim() ?? '');
  if (!match) return 0n;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};

/**
 * The advertiser's cost of a media cost. A margin of 100 % or more cannot be applied (the spend would be
 * infinite): the cost is then charged as is.
 */
export const spendOf = (mediaCostMicros: bigint, fee: Fee): bigint => {
  if (fee.model === 'markup') return (mediaCostMicros * (10_000n + fee.hundredths)) / 10_000n;
  if (fee.model === 'margin' && fee.hundredths < 10_000n) {
    return (mediaCostMicros * 10_000n) / (10_000n - fee.hundredths);
  }
  return mediaCostMicros;
};
