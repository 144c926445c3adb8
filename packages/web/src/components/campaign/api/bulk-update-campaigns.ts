/**
 * PUT /campaigns: one state change on many campaigns, all or nothing (a campaign that refuses it, e.g. an
 * activation without a strategy, fails the whole call with its id and reason). Deleting keeps them in history.
 */
import type { TCampaignsBulkResult } from '@beacon/domain/api/campaigns';
import type { TCampaignsBulkUpdate } from '@beacon/domain/validation/campaign-form';
import { api } from '../../../api/client';

/** The states a bulk change may set. */
export type CampaignBulkState = TCampaignsBulkUpdate['changes']['state'];

export const bulkUpdateCampaigns = (
  ids: readonly number[],
  state: CampaignBulkState,
): Promise<TCampaignsBulkResult> =>
  api<TCampaignsBulkResult>('/campaigns', {
    method: 'PUT',
    body: { ids: [...ids], changes: { state } } satisfies TCampaignsBulkUpdate,
  });
