/**
 * The hosted VAST documents (docs/engine.md "Markup"): a pasted VAST document has no URL a player could fetch,
 * so the bidder serves such a creative as our VAST Wrapper whose VASTAdTagURI is `{public URL}/vast?t={ticket}`,
 * the bid's signed ticket (engine/event-ticket.ts). The ticket names the creative, so creatives cannot be
 * enumerated, and nothing is read per bid: the document is read here, once per fetch.
 */
import type { Deps } from '../../app-types';
import type { Db } from '../../db/database';
import { decodeTicket } from '../../engine/event-ticket';
import { AppError } from '../../lib/app-error';
import { installationSecret } from '../../lib/installation-secrets';

/**
 * The pasted VAST document of an approved (active), not deleted creative without a VAST URL; undefined when
 * there is none (the creative is gone, no longer approved, or its source is now a URL).
 */
export const hostedVastDocument = async (db: Db, creativeId: string): Promise<string | undefined> => {
  if (!/^\d{1,18}$/.test(creativeId)) return undefined;
  const row = await db
    .selectFrom('creatives')
    .select('vast_xml')
    .where('id', '=', creativeId)
    .where('state', '=', 'active')
    .where('deleted_at', 'is', null)
    .where('vast_url', 'is', null)
    .executeTakeFirst();
  return row?.vast_xml ? row.vast_xml : undefined;
};

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
