import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The creative counts kept on the campaign row (migration 0017), which the delivery status and the campaigns
 * grid read without joining creatives (decision 022). The creatives module owns the links and decides what each
 * count counts; it hands the counts here, in the transaction of the change that moved them.
 */

/** One campaign's counts of linked creatives, as the creatives module counted them. */
export type CampaignCreativeCounts = {
  campaignId: string;
  total: number;
  active: number;
  paused: number;
  pending: number;
};

/** Writes the counts onto their campaigns (one statement, whatever their number). */
export const setCampaignCreativeCounts = async (
  db: Kysely<Database>,
  counts: readonly CampaignCreativeCounts[],
): Promise<void> => {
  if (counts.length === 0) return;
  const column = <K extends keyof CampaignCreativeCounts>(key: K) => counts.map((count) => count[key]);
  await sql`
    UPDATE campaigns
    SET creatives_total = n.total, creatives_active = n.active, creatives_paused = n.paused,
      creatives_pending = n.pending
    FROM unnest(${column('campaignId')}::bigint[], ${column('total')}::integer[], ${column('active')}::integer[],
      ${column('paused')}::integer[], ${column('pending')}::integer[]) AS n(id, total, active, paused, pending)
    WHERE campaigns.id = n.id
  `.execute(db);
};
