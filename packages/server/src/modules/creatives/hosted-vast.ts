/**
 * The pasted VAST document a hosted-VAST URL serves (docs/engine.md "Markup"), read by id for the vast-serving
 * module with this module's rule of a creative that may serve: approved (active) and not deleted.
 */
import type { Db } from '../../db/database';

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
