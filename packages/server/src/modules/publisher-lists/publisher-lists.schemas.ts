import { type THistoryEntry, ZHistoryEntry } from '@beacon/domain/api/history';
import { z } from 'zod';

export {
  type TPublisherList,
  type TPublisherListRow,
  ZPublisherList,
  ZPublisherListRow,
} from '@beacon/domain/api/publisher-lists';

/** Path parameters of the one-list routes. */
export const ZPublisherListIdParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an id (a positive whole number)' }),
});

/** `?version=N` of a DELETE. */
export const ZPublisherListVersionQuery = z.strictObject({
  version: z.coerce.number().int().nonnegative(),
});

export {
  type TCataloguePublisher,
  type TPublisherEntry,
  ZCataloguePublisher,
  ZPublisherEntry,
} from '@beacon/domain/api/publisher-lists';

/** One entry of a publisher list's history: the one shape of every resource's (decision 039). */
export const ZPublisherListHistoryEntry = ZHistoryEntry;
export type TPublisherListHistoryEntry = THistoryEntry;
