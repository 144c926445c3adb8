/**
 * PUT /campaign/{id}: the changed fields and the version read (a stale one answers 409); DELETE
 * /campaign/{id}?version=N sets the state to deleted (kept, with its history).
 */
import { api } from '../../../api/client';
import type { Campaign } from './get-campaign';

export const updateCampaign = (
  id: number,
  body: Readonly<Record<string, unknown>> & { readonly version: number },
): Promise<Campaign> => api<Campaign>(`/campaign/${id}`, { method: 'PUT', body });

export const deleteCampaign = (id: number, version: number): Promise<unknown> =>
  api<unknown>(`/campaign/${id}`, { method: 'DELETE', params: { version } });
