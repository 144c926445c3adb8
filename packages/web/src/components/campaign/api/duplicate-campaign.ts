/**
 * POST /campaign/{id}/duplicate: a copy of the campaign under a new name, with or without its strategies. The
 * copy is inactive when complete, a draft otherwise; the answer is the new campaign.
 */
import type { TCampaignDuplicate } from '@beacon/domain/validation/campaign-form';
import { api } from '../../../api/client';

export type DuplicatedCampaign = { readonly id: number; readonly name: string };

export const duplicateCampaign = (id: number, body: TCampaignDuplicate): Promise<DuplicatedCampaign> =>
  api<DuplicatedCampaign>(`/campaign/${id}/duplicate`, { method: 'POST', body });
