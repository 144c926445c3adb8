import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import { z } from 'zod';

/** Path parameters of the one-audience routes. */
export const ZAudienceIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZAudienceVersionQuery = z.strictObject({
  version: z.coerce.number().int().positive(),
});

export {
  type TAudience,
  type TAudienceUploadRefusal,
  type TAudienceUploadResult,
  ZAudience,
  ZAudienceUploadRefusal,
  ZAudienceUploadResult,
} from '@beacon/domain/api/audiences';

/** An entry of an audience's history: the one shape of every resource's (decision 039). */
export const ZAudienceHistoryEntry = ZHistoryEntry;
export type TAudienceHistoryEntry = THistoryEntry;
