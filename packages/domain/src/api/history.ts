import { z } from 'zod';

/**
 * One entry of a resource's history as every `GET /<resource>/{id}/history` answers it (docs/decisions/039):
 * who did what and when, and the fields that changed. The console's history dialog reads this type.
 */
const ZHistoryUser = z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable();

export const ZHistoryEntry = z.object({
  id: z.number(),
  /** What the entry is about (`deal`, `campaign`, `strategy`…): the resource, or one of its parts. */
  entity: z.string().optional(),
  action: z.string(),
  actor: ZHistoryUser,
  impersonator: ZHistoryUser,
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
  /**
   * The names of the other resources the changes refer to by id, as the caller may read them: field path (e.g.
   * `source_campaign`, `targeting.geolists`) → id → name. A path present with an id missing names a resource that
   * is gone or out of the caller's reach; a path absent holds no ids.
   */
  labels: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;
export type THistoryLabels = NonNullable<THistoryEntry['labels']>;

/** The labels key of the name of the part an entry is about (a campaign's strategy), by its id. */
export const HISTORY_SUBJECT_LABELS = 'subject';

/** The labels key of a creative's link change `campaign <id>`: its campaigns' names (decision 039). */
export const LINKED_CAMPAIGN_LABELS = 'campaign';
/** A creative's link change names its campaign in the field: `campaign 12`. */
export const LINKED_CAMPAIGN_FIELD = /^campaign (\d+)$/;

/** The field a copy's `duplicate` history names its original by (one name for every resource, decision 039). */
export const DUPLICATED_FROM_FIELD = 'duplicated_from';

/** The default name of a copy: "<name> (copy)", cut to the resource's longest name (decision 039). */
export const copyName = (name: string, maxLength: number): string => `${name} (copy)`.slice(0, maxLength);
