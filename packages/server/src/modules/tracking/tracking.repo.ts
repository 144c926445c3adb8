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
