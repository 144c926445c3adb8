/** What the publisher lists of an organization (§7 `GET /v2/organization/{id}/publishers-lists`) let a caller filter, sort and search. */
import { PUBLISHER_LIST_KINDS, PUBLISHER_LIST_STATES } from '../dictionary/publisher-lists';
import type { ListSpec } from './list-query';

/** `search` looks in the name; deleted lists are only listed when the query filters on `state`. */
export const PUBLISHER_LIST_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    kind: { type: 'enum', values: PUBLISHER_LIST_KINDS },
    state: { type: 'enum', values: PUBLISHER_LIST_STATES },
    publishers_count: { type: 'number' },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: 'name',
  searchable: true,
} as const satisfies ListSpec;

export type PublisherListListField = keyof typeof PUBLISHER_LIST_LIST_SPEC.fields;
