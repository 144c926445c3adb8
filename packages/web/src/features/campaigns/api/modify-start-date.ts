/**
 * PUT /campaign/{id}/start-date: "modify campaign start date". For a lifetime budget the spend counted so far
 * restarts at zero, which the caller acknowledges with `reset_budget: true` (§4).
 */
import { api } from '../../../api/client';
import type { Campaign } from './get-campaign';

export type ModifyStartDateBody = {
  readonly start_date: string;
  readonly version: number;
  readonly reset_budget: true;
};

export const modifyStartDate = (id: number, body: ModifyStartDateBody): Promise<Campaign> =>
  api<Campaign>(`/campaign/${id}/start-date`, { method: 'PUT', body });
