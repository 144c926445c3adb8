import type { TrackingProvider } from '@beacon/domain/dictionary/tracking';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What other modules read of campaigns (audience KPIs, postback attribution, a creative's campaigns, the event
 * intake's fee, the delivery figures' days and budget resets), with this module's rule of a live campaign: not deleted (decision 039). Other modules never read
 * the campaigns table themselves.
 */

/**
 * A campaign's organization and the percents of its internal block (§6 internal campaign) that its fee model
 * applies: `fee_percent` for a markup, `margin_percent` for a margin. Deleted campaigns too (an ad served before
 * still bills); undefined when there is no such campaign.
 */
export const campaignFeePercents = (
  db: Kysely<Database>,
  campaignId: string,
): Promise<
  { organization_id: string; fee_percent: string | null; margin_percent: string | null } | undefined
> =>
  db
    .selectFrom('campaigns as c')
    .select([
      sql<string>`c.organization_id::text`.as('organization_id'),
      sql<string | null>`c.internal->>'fee_percent'`.as('fee_percent'),
      sql<string | null>`c.internal->>'margin_percent'`.as('margin_percent'),
    ])
    .where('c.id', '=', campaignId)
    .executeTakeFirst();

/** The id and name of each campaign among `ids`, deleted ones too, by name (case-insensitive), then id. */
export const campaignNames = (
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('campaigns as c')
        .select([sql<string>`c.id::text`.as('id'), 'c.name'])
        .where('c.id', 'in', [...ids])
        .orderBy(sql`lower(c.name)`)
        .orderBy('c.id')
        .execute();

/**
 * What the delivery figures read of each campaign among `ids` (deleted ones too): the time zone of its local day
 * and its last budget reset (null: never reset). Campaigns not found are absent.
 */
export const campaignDeliveryClocks = (
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; time_zone: string; budget_reset_at: Date | null }[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('campaigns as c')
        .select([sql<string>`c.id::text`.as('id'), 'c.time_zone', 'c.budget_reset_at'])
        .where('c.id', 'in', [...ids])
        .execute();

/** The ids among `ids` of live campaigns of the organization or of its descendants. */
export const liveCampaignIdsUnder = async (
  db: Kysely<Database>,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('campaigns as c')
    .innerJoin('organizations as co', 'co.id', 'c.organization_id')
    .innerJoin('organizations as ao', (join) =>
      join.on('ao.id', '=', organizationId).on(sql<boolean>`co.path LIKE ao.path || '%'`),
    )
    .select('c.id')
    .where('c.id', 'in', [...ids])
    .where('c.state', '<>', 'deleted')
    .execute();
  return rows.map((row) => String(row.id));
};

/** The id when it is a live campaign of the organization (given by its path) or of one below it, else null. */
export const liveCampaignUnderPath = async (
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

/**
 * The tracking tool of each live campaign among `ids` of the organization (given by its path) or of one below
 * it; campaigns not there are absent. Conversion attribution (docs/engine.md "Conversions") reads it.
 */
export const trackingToolsOfCampaignsUnderPath = async (
  db: Kysely<Database>,
  organizationPath: string,
  ids: readonly string[],
): Promise<Map<string, TrackingProvider>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('campaigns as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select(['c.id', 'c.tracking_tool'])
    .where('c.id', 'in', [...ids])
    .where('c.state', '<>', 'deleted')
    .where('o.path', 'like', `${organizationPath}%`)
    .execute();
  return new Map(rows.map((row) => [String(row.id), row.tracking_tool]));
};
