/**
 * Publisher lists (spec §3, §5; decision 018): what `POST /publisher-list`, `PUT /publisher-list/{id}`,
 * `POST /publisher-list/{id}/duplicate` and the publisher calls take, and the list conventions of
 * `GET /publisher-lists`, `GET /v2/organization/{id}/publishers-lists`, a list's publishers and `GET /publishers`.
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import {
  PUBLISHER_LIST_KINDS,
  PUBLISHER_LIST_STATES,
  PUBLISHER_PLATFORMS,
  PUBLISHER_UPLOAD_MODES,
} from '../dictionary/publisher-lists';
import { textRule } from './fields';
import { requiredOrInvalid, ZRowId, ZVersion } from './generic';
import type { ListSpec } from './list-query';
import { maxLengthMessage, PUBLISHER_MESSAGE } from './messages';
import { parsePublisher, type TPublisher } from './publisher-file';

export const PUBLISHER_LIST_NAME_MAX_LENGTH = 255;
/** The most publishers one `PUT /publisher-list/{id}/publishers` adds or removes (the search dialog's picks). */
export const MAX_PUBLISHER_CHANGES = 10_000;

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

/** `GET /publisher-lists`: every list in the caller's scope, with its organization; newest first. */
export const PUBLISHER_LISTS_SPEC = {
  fields: {
    ...PUBLISHER_LIST_LIST_SPEC.fields,
    organization: { type: 'number' },
    organization_name: { type: 'text' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type PublisherListsField = keyof typeof PUBLISHER_LISTS_SPEC.fields;

/** `GET /publisher-list/{id}/publishers`: `search` looks in the publisher and its catalogue name. */
export const PUBLISHER_ENTRY_LIST_SPEC = {
  fields: {
    publisher: { type: 'text' },
    platform: { type: 'enum', values: PUBLISHER_PLATFORMS },
    name: { type: 'text' },
  },
  defaultSort: 'publisher',
  searchable: true,
} as const satisfies ListSpec;

/** `GET /publishers`: the platform-wide catalogue of known publishers and apps. */
export const PUBLISHER_CATALOGUE_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    publisher: { type: 'text' },
    platform: { type: 'enum', values: PUBLISHER_PLATFORMS },
    name: { type: 'text' },
  },
  defaultSort: 'publisher',
  searchable: true,
} as const satisfies ListSpec;

export const ZPublisherListName = textRule((value) =>
  value.length > PUBLISHER_LIST_NAME_MAX_LENGTH
    ? maxLengthMessage(PUBLISHER_LIST_NAME_MAX_LENGTH)
    : undefined,
);
export const ZPublisherListKind = z.enum(PUBLISHER_LIST_KINDS, { error: requiredOrInvalid });

/** One publisher named in a body: a web domain or an app bundle or store id, normalised as in a file. */
export const ZPublisher = z.string({ error: requiredOrInvalid }).transform((value, ctx): TPublisher => {
  const publisher = parsePublisher(value);
  if (publisher) return publisher;
  ctx.addIssue({ code: 'custom', message: PUBLISHER_MESSAGE, input: value });
  return z.NEVER;
});

const ZPublishers = (max: number) =>
  z.array(ZPublisher, { error: requiredOrInvalid }).max(max, { error: maxLengthMessage(max) });

/** `POST /publisher-list` as JSON, or the `data` field of a multipart upload whose `file` holds the publishers. */
export const ZPublisherListCreate = z.strictObject({
  organization: ZRowId.optional(),
  name: ZPublisherListName,
  kind: ZPublisherListKind,
  publishers: ZPublishers(MAX_PUBLISHER_CHANGES).optional(),
});
export type TPublisherListCreate = z.output<typeof ZPublisherListCreate>;
export type TPublisherListCreateInput = z.input<typeof ZPublisherListCreate>;

/** `PUT /publisher-list/{id}`: the name and kind, at the version last read. */
export const ZPublisherListUpdate = z.strictObject({
  version: ZVersion,
  name: ZPublisherListName.optional(),
  kind: ZPublisherListKind.optional(),
});
export type TPublisherListUpdate = z.output<typeof ZPublisherListUpdate>;

/** `POST /publisher-list/{id}/duplicate`: the copy's name (default "<name> (copy)"). */
export const ZPublisherListDuplicate = z.strictObject({ name: ZPublisherListName.optional() });
export type TPublisherListDuplicate = z.output<typeof ZPublisherListDuplicate>;

export const duplicatePublisherListName = (name: string): string =>
  copyName(name, PUBLISHER_LIST_NAME_MAX_LENGTH);

/** `POST /publisher-list/{id}/publishers` (multipart `data`): whether the file replaces or adds, at `version`. */
export const ZPublisherUpload = z.strictObject({
  version: ZVersion,
  mode: z.enum(PUBLISHER_UPLOAD_MODES, { error: requiredOrInvalid }),
});
export type TPublisherUpload = z.output<typeof ZPublisherUpload>;

/** `PUT /publisher-list/{id}/publishers`: publishers to add and to remove, at `version`. */
export const ZPublisherChanges = z.strictObject({
  version: ZVersion,
  add: ZPublishers(MAX_PUBLISHER_CHANGES).optional().default([]),
  remove: ZPublishers(MAX_PUBLISHER_CHANGES).optional().default([]),
});
export type TPublisherChanges = z.output<typeof ZPublisherChanges>;
export type TPublisherChangesInput = z.input<typeof ZPublisherChanges>;
