import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import { z } from 'zod';

/** Path parameters of the one-geolist routes. */
export const ZGeolistIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZGeolistVersionQuery = z.strictObject({
  version: z.coerce.number().int().nonnegative(),
});

export {
  type TGeolist,
  type TGeolistRow,
  ZGeolist,
  ZGeolistAreaView,
  ZGeolistRow,
} from '@beacon/domain/api/geolists';

/** One entry of a geolist's history: the one shape of every resource's (decision 039). */
export const ZGeolistHistoryEntry = ZHistoryEntry;
export type TGeolistHistoryEntry = THistoryEntry;
