import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import { z } from 'zod';

/** Path parameters of the one-location-audience routes. */
export const ZLocationAudienceIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZLocationAudienceVersionQuery = z.strictObject({
  version: z.coerce.number().int().positive(),
});

export {
  type TLocationAudience,
  type TLocationAudienceRow,
  ZLocationAudience,
  ZLocationAudienceAreaView,
  ZLocationAudienceRow,
} from '@beacon/domain/api/location-audiences';

/** An entry of a location audience's history: the one shape of every resource's (decision 039). */
export const ZLocationAudienceHistoryEntry = ZHistoryEntry;
export type TLocationAudienceHistoryEntry = THistoryEntry;
