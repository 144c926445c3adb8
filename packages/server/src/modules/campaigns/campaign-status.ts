import type { CampaignState, CampaignStatus } from '@beacon/domain/dictionary/campaigns';

/**
 * The second status family of §3 for one campaign, as `campaignStatusSql` computes it for the list: deleted →
 * deleted, end date passed → closed, draft → incomplete, active → active, anything else → pending.
 */
export const campaignStatus = (input: {
  state: CampaignState;
  end_date: string | null;
  today: string;
}): CampaignStatus => {
  if (input.state === 'deleted') return 'deleted';
  if (input.end_date !== null && input.end_date < input.today) return 'closed';
  if (input.state === 'preview') return 'incomplete';
  if (input.state === 'active') return 'active';
  return 'pending';
};

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
