import type { FeeModel } from '@beacon/domain/dictionary/organizations';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type Fee, NO_FEE, percentHundredths } from '../../engine/event-cost';

type FeeRow = { fee_model: FeeModel | null; fee_percent: string | null; margin_percent: string | null };

/**
 * The fee a campaign's spend is charged with (docs/engine.md "Events"): the fee model of its organization, or
 * of the nearest ancestor that sets one, with the campaign's own internal percent (§6 internal campaign):
 * `fee_percent` for a markup, `margin_percent` for a margin. No model, or no percent, charges the media cost.
 */
export const campaignFee = async (db: Db, campaignId: string): Promise<Fee> => {
  if (!/^\d{1,18}$/.test(campaignId)) return NO_FEE;
  const { rows } = await sql<FeeRow>`SELECT
      (SELECT a.fee_model FROM organizations a
        WHERE o.path LIKE a.path || '%' AND a.fee_model IS NOT NULL
        ORDER BY length(a.path) DESC LIMIT 1) AS fee_model,
      c.internal->>'fee_percent' AS fee_percent, c.internal->>'margin_percent' AS margin_percent
    FROM campaigns c JOIN organizations o ON o.id = c.organization_id
    WHERE c.id = ${campaignId}`.execute(db);
  const row = rows[0];
  if (!row?.fee_model) return NO_FEE;
  const percent = row.fee_model === 'markup' ? row.fee_percent : row.margin_percent;
  return { model: row.fee_model, hundredths: percentHundredths(percent) };
};
