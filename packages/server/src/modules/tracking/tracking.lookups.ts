import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What other modules read of the tracking events this module records (an interaction audience's count, decision
 * 019). Other modules never read the tracking_events table themselves.
 */

/** Distinct devices that sent one of the events of the campaigns (tracking events naming their campaign). */
export const countEventDevices = async (
  db: Kysely<Database>,
  campaignIds: readonly string[],
  eventIds: readonly number[],
): Promise<number> => {
  if (campaignIds.length === 0 || eventIds.length === 0) return 0;
  const row = await db
    .selectFrom('tracking_events')
    .select(sql<string>`count(DISTINCT device_id)`.as('count'))
    .where('campaign_id', 'in', [...campaignIds])
    .where('event_id', 'in', [...eventIds])
    .where('device_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};
