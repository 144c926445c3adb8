/**
 * The event intake (docs/engine.md "Events"): verifies a bid's signed ticket, prices a win or billing notice
 * and hands the event to the delivery counters, which count it once. No database read per event: the ticket
 * says everything but a campaign's fee and a creative's click URL, which are cached.
 */
import type { Deps } from '../../app-types';
import type { Db } from '../../db/database';
import {
  clearingPriceOf,
  type Fee,
  mediaCostOf,
  NO_FEE,
  percentHundredths,
  spendOf,
} from '../../engine/event-cost';
import { type AuctionTicket, decodeTicket, type EventKind } from '../../engine/event-ticket';
import { AppError } from '../../lib/app-error';
import { installationSecret } from '../../lib/installation-secrets';
import { campaignFeePercents } from '../campaigns/campaigns.lookups';
import { creativeClickTarget } from '../creatives/creative-click';
import { feeModelOf } from '../organizations/organizations.lookups';
import { createLookupCache, type LookupCache } from './lookup-cache';

/** How long a campaign's fee and a creative's click URL are answered from memory. */
export const EVENT_LOOKUP_MAX_AGE_MS = 60_000;
const LOOKUP_MAX_ENTRIES = 50_000;

/** What the route answers: the pixel, nothing, or the advertiser's landing page. */
export type EventAnswer =
  | { readonly type: 'pixel' }
  | { readonly type: 'no_content' }
  | { readonly type: 'redirect'; readonly url: string };

export type EventIntake = {
  /**
   * Counts the event of `ticketText` once. Throws EVENT_REFUSED (forged or malformed ticket, price above the
   * bid or not a price) or EVENT_EXPIRED, having counted nothing. A repeated event answers as the first did.
   * Answers at once (no promise) when nothing needs a lookup: the intake's common case, thousands a second.
   */
  readonly receive: (
    kind: EventKind,
    ticketText: string | undefined,
    price: string | undefined,
  ) => EventAnswer | Promise<EventAnswer>;
};

/**
 * The fee a campaign's spend is charged with (docs/engine.md "Events"): the fee model of its organization, or
 * of the nearest ancestor that sets one, with the campaign's own internal percent (§6 internal campaign):
 * `fee_percent` for a markup, `margin_percent` for a margin. No model, or no percent, charges the media cost.
 */
const campaignFee = async (db: Db, campaignId: string): Promise<Fee> => {
  if (!/^\d{1,18}$/.test(campaignId)) return NO_FEE;
  const campaign = await campaignFeePercents(db, campaignId);
  if (campaign === undefined) return NO_FEE;
  const model = await feeModelOf(db, campaign.organization_id);
  if (model === null) return NO_FEE;
  const percent = model === 'markup' ? campaign.fee_percent : campaign.margin_percent;
  return { model, hundredths: percentHundredths(percent) };
};

const PIXEL: EventAnswer = { type: 'pixel' };
const NO_CONTENT: EventAnswer = { type: 'no_content' };
const answerOf = (kind: EventKind): EventAnswer =>
  kind === 'win' || kind === 'billing' ? NO_CONTENT : PIXEL;

export const createEventIntake = (deps: Deps): EventIntake => {
  const fees: LookupCache<Fee> = createLookupCache((id) => campaignFee(deps.db, id), {
    clock: deps.clock,
    maxAgeMs: EVENT_LOOKUP_MAX_AGE_MS,
    maxEntries: LOOKUP_MAX_ENTRIES,
  });
  const clickTargets: LookupCache<string | null> = createLookupCache(
    (id) => creativeClickTarget(deps.db, id),
    {
      clock: deps.clock,
      maxAgeMs: EVENT_LOOKUP_MAX_AGE_MS,
      maxEntries: LOOKUP_MAX_ENTRIES,
    },
  );

  /** The installation's ticket secret, read once (it never changes while the process runs). */
  let secret: string | undefined;

  /** What a billing notice adds to the counters, once its campaign's fee is known. */
  const countBilling = async (
    ticket: AuctionTicket,
    at: Date,
    mediaCostMicros: bigint,
  ): Promise<EventAnswer> => {
    const spendMicros = spendOf(mediaCostMicros, await fees.get(ticket.campaignId));
    const result = deps.delivery.recordEvent({ ticket, kind: 'billing', at, mediaCostMicros, spendMicros });
    if (result === 'invalid') throw new AppError('EVENT_REFUSED');
    return NO_CONTENT;
  };

  const clickAnswer = async (creativeId: string): Promise<EventAnswer> => {
    const target = await clickTargets.get(creativeId);
    return target === null ? NO_CONTENT : { type: 'redirect', url: target };
  };

  const receiveWith = (
    key: string,
    kind: EventKind,
    ticketText: string | undefined,
    price: string | undefined,
  ): EventAnswer | Promise<EventAnswer> => {
    const at = deps.clock.now();
    const check = decodeTicket(key, ticketText ?? '', at.getTime());
    if (!check.ok) {
      throw new AppError(check.reason === 'expired' ? 'EVENT_EXPIRED' : 'EVENT_REFUSED');
    }
    const { ticket } = check;

    if (kind === 'win' || kind === 'billing') {
      const bidMicros = /^\d{1,18}$/.test(ticket.priceMicros) ? BigInt(ticket.priceMicros) : -1n;
      const maxCostMicros = /^\d{1,18}$/.test(ticket.maxCostMicros) ? BigInt(ticket.maxCostMicros) : -1n;
      if (bidMicros < 0n || maxCostMicros < 0n) throw new AppError('EVENT_REFUSED');
      const clearing = clearingPriceOf(price, bidMicros);
      if (!clearing.ok) {
        deps.logger.warn(
          {
            auctionId: ticket.auctionId,
            kind,
            price,
            bidMicros: ticket.priceMicros,
            reason: clearing.reason,
          },
          'event refused: the clearing price is above the bid or not a price',
        );
        throw new AppError('EVENT_REFUSED');
      }
      // The cost counts on the billing notice only: a win notice says the auction was won, the billing
      // notice that the impression was charged (docs/engine.md "Events").
      if (kind === 'billing') {
        return countBilling(ticket, at, mediaCostOf(maxCostMicros, clearing.priceMicros, bidMicros));
      }
    }

    const result = deps.delivery.recordEvent({ ticket, kind, at, mediaCostMicros: 0n, spendMicros: 0n });
    if (result === 'invalid') throw new AppError('EVENT_REFUSED');
    if (kind === 'impression' && result === 'counted') deps.frequencyCaps.recordImpression(ticket, at);
    return kind === 'click' ? clickAnswer(ticket.creativeId) : answerOf(kind);
  };

  const receive: EventIntake['receive'] = (kind, ticketText, price) => {
    // Events that cannot be counted are refused rather than held without bound (decision 052): the
    // exchange's notices and the players' pixels are sent again later.
    if (deps.delivery.isOverloaded() || deps.frequencyCaps.isOverloaded?.() === true)
      throw new AppError('EVENTS_BUSY');
    if (secret !== undefined) return receiveWith(secret, kind, ticketText, price);
    return installationSecret(deps.db, 'eventTicket').then((value) => {
      secret = value;
      return receiveWith(value, kind, ticketText, price);
    });
  };

  return { receive };
};
