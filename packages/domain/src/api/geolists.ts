/**
 * Geolists as the geolists routes answer them (packages/server/src/modules/geolists): the server validates its
 * answers with these schemas and the console types them with `z.infer`.
 */

import { z } from 'zod';

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
