/** POST /campaign: a draft (state `preview`) or a complete campaign (state `inactive`), 201 with the campaign. */
import { api } from '../../../api/client';
import type { Campaign } from './get-campaign';

export const createCampaign = (body: Readonly<Record<string, unknown>>): Promise<Campaign> =>
  api<Campaign>('/campaign', { method: 'POST', body });
