import { AUDIENCE_KPIS, AUDIENCE_STATES, AUDIENCE_TYPES } from '@beacon/domain/dictionary/audiences';
import { z } from 'zod';

/** Path parameters of the one-audience routes. */
export const ZAudienceIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZAudienceVersionQuery = z.strictObject({
  version: z.coerce.number().int().positive(),
});

/** An audience as the lists and the one-audience routes answer it (never its identifiers). */
export const ZAudience = z.object({
  id: z.number(),
  organization: z.number(),
  organization_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(AUDIENCE_TYPES),
  state: z.enum(AUDIENCE_STATES),
  kpis: z
    .array(z.enum(AUDIENCE_KPIS))
    .meta({ description: 'Interaction audiences: the events that add a device' }),
  campaigns: z
    .array(z.number())
    .meta({ description: 'Interaction audiences: the campaigns whose devices count' }),
  is_shared: z.boolean().meta({ description: "A data partner's segment published for every organization" }),
  users_count: z
    .number()
    .nullable()
    .meta({ description: 'Devices in the audience; null while it is being counted (shown as updating)' }),
  users_counted_at: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAudience = z.infer<typeof ZAudience>;

/** What an identifiers upload answers: the audience (its count now updating) and what the file held. */
export const ZAudienceUploadResult = z.object({
  audience: ZAudience,
  lines: z.number().meta({ description: 'Lines read, blank ones included' }),
  identifiers: z
    .number()
    .meta({ description: 'Identifiers accepted (the same one twice counts twice here)' }),
});
export type TAudienceUploadResult = z.infer<typeof ZAudienceUploadResult>;

const ZHistoryUser = z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable();

export const ZAudienceHistoryEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: ZHistoryUser,
  impersonator: ZHistoryUser,
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type TAudienceHistoryEntry = z.infer<typeof ZAudienceHistoryEntry>;
