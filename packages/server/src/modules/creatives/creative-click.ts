/**
 * Where a click on a served creative goes (docs/engine.md "Events"): the creative's stored click URL, read by
 * id for the event intake. Only a URL the console stored is ever a redirect target, never one from a request.
 */
import type { Db } from '../../db/database';

/** The schemes a click may lead to (§3 click URLs start with https:// or tel:; http:// is also stored). */
const CLICK_PROTOCOLS = new Set(['http:', 'https:', 'tel:']);

/** The stored URL as a redirect target, normalised; null when there is none or it is not a URL we follow. */
export const clickTargetOf = (stored: string | null | undefined): string | null => {
  if (!stored) return null;
  try {
    const url = new URL(stored.trim());
    return CLICK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
};

/** The click target of a creative (deleted ones too: an ad served before stays clickable); null: none. */
export const creativeClickTarget = async (db: Db, creativeId: string): Promise<string | null> => {
  if (!/^\d{1,18}$/.test(creativeId)) return null;
  const row = await db
    .selectFrom('creatives')
    .select('click_url')
    .where('id', '=', creativeId)
    .executeTakeFirst();
  return clickTargetOf(row?.click_url);
};
