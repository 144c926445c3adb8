import type { Insertable, Kysely } from 'kysely';
import type { Database, TrackingEventTable } from '../../db/schema';

export type NewTrackingEvent = Insertable<TrackingEventTable>;

/**
 * Records an event unless one with the same organization, event and click id is already there (the partial
 * unique index): answers the new row's id, or null when it was a repeat.
 */
export const insertTrackingEvent = async (
  db: Kysely<Database>,
  values: NewTrackingEvent,
): Promise<string | null> => {
  const row = await db
    .insertInto('tracking_events')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? null : String(row.id);
};
