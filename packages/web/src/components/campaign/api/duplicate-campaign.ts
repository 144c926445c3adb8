/**
 * POST /campaign/{id}/duplicate: a copy of the campaign under a new name, with or without its strategies. The
 * copy is inactive when complete, a draft otherwise; the answer is the new campaign.
 */
import type { TCampaign } from '@beacon/domain/api/campaigns';
import type { TCampaignDuplicate } from '@beacon/domain/validation/campaign-form';
import { api } from '../../../api/client';

export const duplicateCampaign = (id: number, body: TCampaignDuplicate): Promise<TCampaign> =>
  api<TCampaign>(`/campaign/${id}/duplicate`, { method: 'POST', body });
