/** Publisher list enumerations (§3 organization "publisher lists"): allow or block, and states. */

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

/** Where a publisher sells its inventory: a web site (domain) or an app (bundle or store id). */
export const PUBLISHER_PLATFORMS = ['web', 'app'] as const;
export type PublisherPlatform = (typeof PUBLISHER_PLATFORMS)[number];
export const PUBLISHER_PLATFORM_LABELS = {
  web: 'Web',
  app: 'App',
} as const satisfies Record<PublisherPlatform, string>;

/** How an uploaded file changes a list's publishers: it replaces them all, or adds to them. */
export const PUBLISHER_UPLOAD_MODES = ['replace', 'append'] as const;
export type PublisherUploadMode = (typeof PUBLISHER_UPLOAD_MODES)[number];
export const PUBLISHER_UPLOAD_MODE_LABELS = {
  replace: 'Replace the publishers',
  append: 'Add to the publishers',
} as const satisfies Record<PublisherUploadMode, string>;
