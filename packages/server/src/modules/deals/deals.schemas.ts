import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import { z } from 'zod';

export {
  type TDeal,
  type TDealRow,
  ZDeal,
  ZDealMonitor,
  ZDealRow,
} from '@beacon/domain/api/deals';

/** A deal's history answers the shared entry (decision 039). */
export const ZDealHistoryEntry = ZHistoryEntry;
export type TDealHistoryEntry = THistoryEntry;

/**
 * The body of a 409, the error shape of docs/architecture.md: a stale version (STALE_VERSION), or the ID at the exchange
 * taken (DEAL_EXTERNAL_ID_TAKEN, DEAL_DUPLICATION_FAILED) with `details` naming `external_id`.
 */
export const ZConflictBody = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
