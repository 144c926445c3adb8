import type { Insertable, Kysely } from 'kysely';
import type { Database, TrackingEventTable } from '../../db/schema';

export type NewTrackingEvent = Insertable<TrackingEventTable>;

/**
 * Records an event unless one with the same organization, event and click id is already there (the partial
 * unique index): answers whether a row was added.
 */
export const insertTrackingEvent = async (
  db: Kysely<Database>,
  values: NewTrackingEvent,
): Promise<boolean> => {
  const row = await db
    .insertInto('tracking_events')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

/** The id when it is a live campaign of the organization or of one below it, else null. */
export const findCampaignUnderOrganization = async (
  db: Kysely<Database>,
  organizationPath: string,
  campaignId: string,
): Promise<string | null> => {
  const row = await db
    .selectFrom('campaigns as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select('c.id')
    .where('c.id', '=', campaignId)
    .where('c.state', '<>', 'deleted')
    .where('o.path', 'like', `${organizationPath}%`)
    .executeTakeFirst();
  return row ? String(row.id) : null;
};
