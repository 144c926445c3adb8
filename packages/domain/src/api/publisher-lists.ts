/**
 * Publisher lists as the publisher-lists routes answer them (packages/server/src/modules/publisher-lists): the
 * server validates its answers with these schemas and the console types them with `z.infer`.
 */

import { z } from 'zod';
import {
  PUBLISHER_LIST_KINDS,
  PUBLISHER_LIST_STATES,
  PUBLISHER_PLATFORMS,
} from '../dictionary/publisher-lists';

/** One publisher list as §7 `GET /v2/organization/{id}/publishers-lists` answers it. */
export const ZPublisherList = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  kind: z.enum(PUBLISHER_LIST_KINDS).meta({ description: 'allow (allowlist) or block (blocklist)' }),
  state: z.enum(PUBLISHER_LIST_STATES),
  publishers_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type TPublisherList = z.infer<typeof ZPublisherList>;

/** A publisher list as `GET /publisher-lists` and the writes answer it: with its organization's name. */
export const ZPublisherListRow = ZPublisherList.extend({ organization_name: z.string() });
export type TPublisherListRow = z.infer<typeof ZPublisherListRow>;

/** One publisher of a list, or of the catalogue: its platform and display name when the catalogue has them. */
export const ZPublisherEntry = z.object({
  publisher: z.string().meta({ description: 'A web domain, or an app bundle or store id' }),
  platform: z.enum(PUBLISHER_PLATFORMS),
  name: z.string().nullable(),
});
export type TPublisherEntry = z.infer<typeof ZPublisherEntry>;

export const ZCataloguePublisher = ZPublisherEntry.extend({ id: z.number() });
export type TCataloguePublisher = z.infer<typeof ZCataloguePublisher>;
