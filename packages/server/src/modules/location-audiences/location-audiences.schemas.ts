import {
  LOCATION_AUDIENCE_PRECISIONS,
  LOCATION_AUDIENCE_STATES,
} from '@beacon/domain/dictionary/location-audiences';
import { z } from 'zod';

/** Path parameters of the one-location-audience routes. */
export const ZLocationAudienceIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZLocationAudienceVersionQuery = z.strictObject({
  version: z.coerce.number().int().positive(),
});

export const ZLocationAudienceAreaView = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().meta({ description: 'Metres' }),
  name: z.string().nullable(),
});

/** A location audience as `GET /location-audiences` lists it (no areas, their count). */
export const ZLocationAudienceRow = z.object({
  id: z.number(),
  organization: z.number(),
  organization_name: z.string(),
  name: z.string(),
  start_date: z.string().meta({ description: 'YYYY-MM-DD, inclusive' }),
  end_date: z.string().meta({ description: 'YYYY-MM-DD, inclusive' }),
  max_users: z.number(),
  time_range: z
    .object({ from: z.string(), to: z.string() })
    .meta({ description: 'HH:mm within a day, in `timezone`; 24:00 is the end of the day' }),
  timezone: z.string().meta({ description: 'IANA time zone name' }),
  precision: z.enum(LOCATION_AUDIENCE_PRECISIONS),
  state: z.enum(LOCATION_AUDIENCE_STATES),
  areas_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLocationAudienceRow = z.infer<typeof ZLocationAudienceRow>;

/** One location audience with its areas, in their order. */
export const ZLocationAudience = ZLocationAudienceRow.extend({ areas: ZLocationAudienceAreaView.array() });
export type TLocationAudience = z.infer<typeof ZLocationAudience>;

const ZHistoryUser = z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable();

export const ZLocationAudienceHistoryEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: ZHistoryUser,
  impersonator: ZHistoryUser,
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type TLocationAudienceHistoryEntry = z.infer<typeof ZLocationAudienceHistoryEntry>;
