import { PUBLISHER_LIST_KINDS, PUBLISHER_LIST_STATES } from '@beacon/domain/dictionary/publisher-lists';
import { z } from 'zod';

/** One publisher list as the API answers it (§3 organization "publisher lists"; issue 7 adds its writes). */
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
