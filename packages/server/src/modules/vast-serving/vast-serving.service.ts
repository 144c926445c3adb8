/**
 * The hosted VAST documents (docs/engine.md "Markup"): a pasted VAST document has no URL a player could fetch,
 * so the bidder serves such a creative as our VAST Wrapper whose VASTAdTagURI is `{public URL}/vast?t={ticket}`,
 * the bid's signed ticket (engine/event-ticket.ts). The ticket names the creative, so creatives cannot be
 * enumerated, and nothing is read per bid: the document is read once per fetch, from the creatives module.
 */
import type { Deps } from '../../app-types';
import { decodeTicket } from '../../engine/event-ticket';
import { AppError } from '../../lib/app-error';
import { installationSecret } from '../../lib/installation-secrets';
import { hostedVastDocument } from '../creatives/hosted-vast';

/**
 * The document a hosted-VAST URL answers. Throws BAD_REQUEST for a forged or malformed ticket, EVENT_EXPIRED
 * for one older than the ticket lifetime, NOT_FOUND when the creative has no document to serve.
 */
export const hostedVastOfTicket = async (deps: Deps, ticketText: string | undefined): Promise<string> => {
  const secret = await installationSecret(deps.db, 'eventTicket');
  const check = decodeTicket(secret, ticketText ?? '', deps.clock.now().getTime());
  if (!check.ok) throw new AppError(check.reason === 'expired' ? 'EVENT_EXPIRED' : 'BAD_REQUEST');
  const document = await hostedVastDocument(deps.db, check.ticket.creativeId);
  if (document === undefined) throw new AppError('NOT_FOUND');
  return document;
};
