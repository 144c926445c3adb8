import { z } from 'zod';

export {
  type TDeal,
  type TDealRow,
  ZDeal,
  ZDealMonitor,
  ZDealRow,
} from '@beacon/domain/api/deals';

const ZHistoryUser = z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable();

export const ZDealHistoryEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: ZHistoryUser,
  impersonator: ZHistoryUser,
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type TDealHistoryEntry = z.infer<typeof ZDealHistoryEntry>;

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
