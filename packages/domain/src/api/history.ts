import { z } from 'zod';

/**
 * One entry of a resource's history as every `GET /<resource>/{id}/history` answers it (docs/decisions/039):
 * who did what and when, and the fields that changed. The console's history dialog reads this type.
 */
const ZHistoryUser = z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable();

export const ZHistoryEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: ZHistoryUser,
  impersonator: ZHistoryUser,
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

/** The field a copy's `duplicate` history names its original by (one name for every resource, decision 039). */
export const DUPLICATED_FROM_FIELD = 'duplicated_from';

/** The default name of a copy: "<name> (copy)", cut to the resource's longest name (decision 039). */
export const copyName = (name: string, maxLength: number): string => `${name} (copy)`.slice(0, maxLength);
