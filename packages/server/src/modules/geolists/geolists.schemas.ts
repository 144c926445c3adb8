import { z } from 'zod';

/** Path parameters of the one-geolist routes. */
export const ZGeolistIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZGeolistVersionQuery = z.strictObject({
  version: z.coerce.number().int().nonnegative(),
});

export const ZGeolistAreaView = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().meta({ description: 'Metres' }),
  name: z.string().nullable(),
});

/** A geolist as `GET /geolists` lists it (no areas, their count). */
export const ZGeolistRow = z.object({
  id: z.number(),
  organization: z.number(),
  organization_name: z.string(),
  name: z.string(),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-3' }),
  region: z.string().nullable().meta({ description: 'A region id of GET /dictionary/regions' }),
  city: z.string().nullable().meta({ description: 'A city id of GET /dictionary/cities' }),
  radius: z.number().meta({ description: 'Default radius of the areas, metres' }),
  precision: z.enum(['standard', 'high']),
  state: z.enum(['active', 'deleted']),
  areas_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TGeolistRow = z.infer<typeof ZGeolistRow>;

/** One geolist with its areas, in their order. */
export const ZGeolist = ZGeolistRow.extend({ areas: ZGeolistAreaView.array() });
export type TGeolist = z.infer<typeof ZGeolist>;

const ZHistoryUser = z.object({ id: z.number(), name: z.string(), username: z.string() }).nullable();

export const ZGeolistHistoryEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: ZHistoryUser,
  impersonator: ZHistoryUser,
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type TGeolistHistoryEntry = z.infer<typeof ZGeolistHistoryEntry>;
