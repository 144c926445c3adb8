import { z } from 'zod';

export {
  type TCampaign,
  type TCampaignHistoryEntry,
  type TCampaignRow,
  type TTargetedResource,
  ZCampaign,
  ZCampaignHistoryEntry,
  ZCampaignRow,
  ZCampaignsBulkResult,
} from '@beacon/domain/api/campaigns';
export { type TStrategy, ZStrategy } from '@beacon/domain/api/strategies';

/** An id in a path: a bigint identity, so digits only (anything else is a 400, not a 404). */
export const ZIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZVersionQuery = z.strictObject({
  version: z.coerce.number().int().nonnegative(),
});

export const ZExportQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  token: z.string().optional().meta({ description: 'The session token, for a download opened in a new tab' }),
  demo: z.string().optional().meta({ description: '1 while demo mode is on, for a new tab' }),
});
