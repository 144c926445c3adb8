/**
 * The event intake (docs/engine.md "Events"): verifies a bid's signed ticket, prices a win or billing notice
 * and hands the event to the delivery counters, which count it once. No database read per event: the ticket
 * says everything but a campaign's fee and a creative's click URL, which are cached.
 */
import type { Deps } from '../../app-types';
import { clearingPriceOf, type Fee, mediaCostOf, spendOf } from '../../engine/event-cost';
import { decodeTicket, type EventKind } from '../../engine/event-ticket';
import { AppError } from '../../lib/app-error';
import { installationSecret } from '../../lib/installation-secrets';
import { creativeClickTarget } from '../creatives/creative-click';
import { campaignFee } from './events.repo';
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
   */
  readonly receive: (
    kind: EventKind,
    ticketText: string | undefined,
    price: string | undefined,
  ) => Promise<EventAnswer>;
};

const answerOf = (kind: EventKind): EventAnswer =>
  kind === 'win' || kind === 'billing' ? { type: 'no_content' } : { type: 'pixel' };

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

  const receive: EventIntake['receive'] = async (kind, ticketText, price) => {
    secret ??= await installationSecret(deps.db, 'eventTicket');
    const at = deps.clock.now();
    const check = decodeTicket(secret, ticketText ?? '', at.getTime());
    if (!check.ok) {
      throw new AppError(check.reason === 'expired' ? 'EVENT_EXPIRED' : 'EVENT_REFUSED');
    }
    const { ticket } = check;

    let mediaCostMicros = 0n;
    let spendMicros = 0n;
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
        mediaCostMicros = mediaCostOf(maxCostMicros, clearing.priceMicros, bidMicros);
        spendMicros = spendOf(mediaCostMicros, await fees.get(ticket.campaignId));
      }
    }

    const result = deps.delivery.recordEvent({ ticket, kind, at, mediaCostMicros, spendMicros });
    if (result === 'invalid') throw new AppError('EVENT_REFUSED');
    if (kind !== 'click') return answerOf(kind);
    const target = await clickTargets.get(ticket.creativeId);
    return target === null ? { type: 'no_content' } : { type: 'redirect', url: target };
  };

  return { receive };
};
