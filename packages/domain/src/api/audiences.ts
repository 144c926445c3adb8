/**
 * Audiences as the audiences routes answer them (packages/server/src/modules/audiences; never identifiers): the
 * server validates its answers with these schemas and the console types them with `z.infer`.
 */

import { z } from 'zod';
import { AUDIENCE_KPIS, AUDIENCE_STATES, AUDIENCE_TYPES } from '../dictionary/audiences';

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
