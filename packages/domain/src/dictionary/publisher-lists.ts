/** Publisher list enumerations (spec §3 organization "publisher lists", issue 7): allow or block, and states. */

export const PUBLISHER_LIST_KINDS = ['allow', 'block'] as const;
export type PublisherListKind = (typeof PUBLISHER_LIST_KINDS)[number];
export const PUBLISHER_LIST_KIND_LABELS = {
  allow: 'Allowlist',
  block: 'Blocklist',
} as const satisfies Record<PublisherListKind, string>;

export const PUBLISHER_LIST_STATES = ['active', 'deleted'] as const;
export type PublisherListState = (typeof PUBLISHER_LIST_STATES)[number];
export const PUBLISHER_LIST_STATE_LABELS = {
  active: 'Active',
  deleted: 'Deleted',
} as const satisfies Record<PublisherListState, string>;
