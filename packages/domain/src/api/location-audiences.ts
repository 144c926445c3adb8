/**
 * Location audiences as the location-audiences routes answer them (packages/server/src/modules/
 * location-audiences): the server validates its answers with these schemas and the console types them with
 * `z.infer`.
 */

import { z } from 'zod';
import { LOCATION_AUDIENCE_PRECISIONS, LOCATION_AUDIENCE_STATES } from '../dictionary/location-audiences';

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
