import { ZSavedViewGrid } from '@beacon/domain/api/saved-views';
import { z } from 'zod';

export const ZSavedViewsQuery = z.strictObject({ grid: ZSavedViewGrid });

export const ZSavedViewParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** A name already used on the grid (SAVED_VIEW_NAME_TAKEN, `details` naming `name`) or the grid is full. */
export const ZSavedViewConflict = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  code: z.enum(['SAVED_VIEW_NAME_TAKEN', 'SAVED_VIEWS_LIMIT_REACHED']),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
