import { canEdit } from '@beacon/domain/access/permissions';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  PUBLISHER_FILE_REQUIRED_MESSAGE,
  publisherFileTooManyMessage,
} from '@beacon/domain/validation/messages';
import {
  MAX_LIST_PUBLISHERS,
  parsePublisher,
  type TPublisher,
} from '@beacon/domain/validation/publisher-file';
import {
  duplicatePublisherListName,
  type TPublisherChanges,
  type TPublisherListCreate,
  type TPublisherListDuplicate,
  type TPublisherListUpdate,
  type TPublisherUpload,
} from '@beacon/domain/validation/publisher-list';
import { type Kysely, sql } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, HistoryChange } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  createBatchSizer,
  promoteSet,
  reserveParentId,
  timedBatch,
  withStagedSet,
} from '../../lib/staged-sets';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { actorOf, diffFields, type HistoryActor, recordHistory } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import { checkPublisherFile, publisherBatchesOf } from './publisher-file-stream';
import {
  copyPublisherPage,
  countPublishers,
  type EntrySet,
  findPublisherListHistory,
  findPublisherListInScope,
  insertPublishers,
  listCataloguePublishers,
  listPublisherEntries,
  listPublisherListsInScope,
  listPublisherListsOfOrganization,
  type PublisherListRecord,
  type PublisherListRow,
  removePublishers,
} from './publisher-lists.repo';
import type {
  TCataloguePublisher,
  TPublisherEntry,
  TPublisherList,
  TPublisherListHistoryEntry,
  TPublisherListRow,
} from './publisher-lists.schemas';

/**
 * Publisher lists of issue 7 (decision 018). Reads need §6 `resources-publishers` (the routes declare it, which
 * also shuts out data-partner and other-partner organizations); writes also need an edit role. A list outside
 * the caller's tenant scope answers 404 whatever the call. Every write records history in its own transaction.
 * An uploaded file is checked line by line from disk before anything is written, then read again into a new
 * set of entries batch by batch, each batch its own short statement, and one short transaction makes that set
 * the list's (decision 033): a rejected or failed upload stores nothing visible, and no upload holds the
 * database for other requests, nor is any file ever held whole in memory.
 */

/** An uploaded publisher file, spooled to disk by the route. */
export type PublisherFile = { filename: string; path: string };

const assertCanEdit = (principal: Principal): void => {
  if (!canEdit(principal.role)) throw new AppError('FORBIDDEN');
};

const iso = (date: Date): string => date.toISOString();

export const toPublisherListView = (row: PublisherListRow): TPublisherList => ({
  id: Number(row.id),
  organization_id: Number(row.organization_id),
  name: row.name,
  kind: row.kind,
  state: row.state,
  publishers_count: row.publishers_count,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  version: row.version,
});

const toRow = (record: PublisherListRecord): TPublisherListRow => ({
  ...toPublisherListView(record),
  organization_name: record.organization_name,
});

/** What history keeps of a list: its fields and how many publishers it has (uploads record their file). */
const historyViewOf = (record: PublisherListRow) => ({
  organization: Number(record.organization_id),
  name: record.name,
  kind: record.kind,
  state: record.state,
  publishers_count: record.publishers_count,
});

const record = async (
  db: Kysely<Database>,
  list: Pick<PublisherListRow, 'id' | 'organization_id'>,
  action: string,
  actor: HistoryActor,
  changes: HistoryChange[],
): Promise<void> => {
  await recordHistory(db, {
    entity: 'publisher_list',
    entityId: list.id,
    organizationId: list.organization_id,
    action,
    actor,
    changes,
  });
};

const listNow = async (
  db: Kysely<Database>,
  scope: TenantScope,
  id: string,
): Promise<PublisherListRecord> => {
  const found = await findPublisherListInScope(db, scope, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
};

/** A list the caller may see, else 404. */
const visibleList = async (deps: Deps, principal: Principal, id: string) => {
  const scope = scopeOf(principal);
  return { list: await listNow(deps.db, scope, id), scope };
};

const assertLive = (list: PublisherListRecord): void => {
  // A deleted list keeps its history; a write on it is as stale as a write at an old version.
  if (list.state === 'deleted') throw new AppError('STALE_VERSION');
};

/** Bumps the version of a list read at `version`; false when someone changed it since. */
const updateAtVersion = async (
  db: Kysely<Database>,
  id: string,
  version: number,
  values: Partial<{
    name: string;
    kind: 'allow' | 'block';
    state: 'active' | 'deleted';
    publishers_count: number;
    entry_set: string;
    deleted_at: Date;
  }>,
  now: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('publisher_lists')
    .set({ ...values, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('state', '<>', 'deleted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

const tooMany = (): AppError => {
  const message = publisherFileTooManyMessage(MAX_LIST_PUBLISHERS);
  return new AppError('VALIDATION_FAILED', { message, details: [{ path: 'file', message }] });
};

/**
 * Checks an uploaded file line by line, or answers 400 with the file's message (not text, empty, more than
 * one column, bad publishers), `file_error`, `more_lines` and one detail per bad line (`path: file.<line>`);
 * a file of more distinct publishers than a list holds is refused at the first one past the limit.
 */
const assertGoodFile = async (file: PublisherFile): Promise<void> => {
  const result = await checkPublisherFile(file.path, MAX_LIST_PUBLISHERS);
  if (result.ok) return;
  if (result.error === 'too_many') throw tooMany();
  throw new AppError('VALIDATION_FAILED', {
    message: result.message,
    details: [
      { path: 'file', message: result.message },
      ...result.lines.map((line) => ({ path: `file.${line.line}`, line: line.line, message: line.message })),
    ],
    extra: { file_error: result.error, more_lines: result.moreLines },
  });
};

/** Where the publishers of a write come from: a checked file, read again in batches, or a body's array. */
type PublisherSource = { file: PublisherFile } | { publishers: readonly TPublisher[] };

/** What a new set of entries is made of: a copy of another set (append, duplicate), then new publishers. */
type StagedEntries = { copyOf?: EntrySet; add?: PublisherSource };

/**
 * Writes a new, invisible set of a list's entries (decision 033), one short statement per batch sized to
 * about BATCH_TARGET_MS, so other requests get the database between batches; stops with the limit's message
 * as soon as the set holds more than a list may. Then `publish(set, count)` makes it visible in one short
 * transaction; when anything fails the set is discarded and the cleanup job deletes its rows.
 */
const withStagedEntries = <T>(
  deps: Deps,
  listId: string,
  entries: StagedEntries,
  publish: (set: EntrySet, count: number) => Promise<T>,
): Promise<T> =>
  withStagedSet(
    deps,
    'publisher_list_entries',
    listId,
    async (setId) => {
      const set: EntrySet = { listId, setId };
      const sizer = createBatchSizer();
      let count = 0;
      const addCount = (added: number) => {
        count += added;
        if (count > MAX_LIST_PUBLISHERS) throw tooMany();
      };
      const copyOf = entries.copyOf;
      if (copyOf) {
        let after: string | null = null;
        do {
          const size = sizer.size;
          const from: string | null = after;
          const page: { copied: number; last: string | null } = await timedBatch(sizer, size, () =>
            copyPublisherPage(deps.db, copyOf, set, from, size),
          );
          addCount(page.copied);
          after = page.copied < size ? null : page.last;
        } while (after !== null);
      }
      const add = entries.add;
      if (add && 'file' in add) {
        for await (const batch of publisherBatchesOf(add.file.path, () => sizer.size)) {
          addCount(await timedBatch(sizer, batch.length, () => insertPublishers(deps.db, set, batch)));
        }
      } else if (add) {
        for (let start = 0; start < add.publishers.length; ) {
          const batch = add.publishers.slice(start, start + sizer.size);
          start += batch.length;
          addCount(await timedBatch(sizer, batch.length, () => insertPublishers(deps.db, set, batch)));
        }
      }
      return count;
    },
    (setId, count) => publish({ listId, setId }, count),
  );

// ---------------------------------------------------------------------------------------------------------
// Reads

/**
 * §7 `GET /v2/organization/{id}/publishers-lists`: a page of the lists of an organization the caller may see
 * (404 otherwise, never 403: another tenant's ids are not confirmed). Only the organization's own lists, not
 * its children's; deleted ones only when the query filters on `state`, as in the other lists.
 */
export const listVisiblePublisherLists = async (
  db: Kysely<Database>,
  principal: Principal,
  organizationId: string,
  list: ListQuery,
): Promise<{ rows: TPublisherList[]; total: number }> => {
  if (!(await getOrganization(db, scopeOf(principal), organizationId))) throw new AppError('NOT_FOUND');
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listPublisherListsOfOrganization(db, organizationId, list, { withDeleted });
  return { rows: rows.map(toPublisherListView), total };
};

/** `GET /publisher-lists`: every list in the caller's scope. */
export const listPublisherLists = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TPublisherListRow[]; total: number }> => {
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listPublisherListsInScope(deps.db, scopeOf(principal), list, withDeleted);
  return { rows: rows.map(toRow), total };
};

export const getPublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TPublisherListRow> => toRow((await visibleList(deps, principal, id)).list);

const platformOf = (publisher: string) => parsePublisher(publisher)?.platform ?? 'web';

export const listPublishersOfList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  query: ListQuery,
): Promise<{ rows: TPublisherEntry[]; total: number }> => {
  const { list } = await visibleList(deps, principal, id);
  const { rows, total } = await listPublisherEntries(deps.db, list.id, query);
  return {
    rows: rows.map((row) => ({
      publisher: row.publisher,
      // Entries written before the catalogue existed have no row there: their platform is read again.
      platform: row.platform ?? platformOf(row.publisher),
      name: row.name ?? null,
    })),
    total,
  };
};

/** `GET /publishers`: the platform-wide catalogue (public identifiers, never who listed them). */
export const searchPublishers = async (
  deps: Deps,
  query: ListQuery,
): Promise<{ rows: TCataloguePublisher[]; total: number }> => {
  const { rows, total } = await listCataloguePublishers(deps.db, query);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      publisher: row.publisher,
      platform: row.platform,
      name: row.name,
    })),
    total,
  };
};

export const publisherListHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<TPublisherListHistoryEntry[]> => {
  const { list } = await visibleList(deps, principal, id);
  const rows = await findPublisherListHistory(deps.db, list.id);
  const user = (userId: string | null, name: string | null, username: string | null) =>
    userId === null || name === null || username === null ? null : { id: Number(userId), name, username };
  return rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    actor: user(row.actor_id, row.actor_name, row.actor_username),
    impersonator: user(row.impersonator_id, row.impersonator_name, row.impersonator_username),
    changes: row.changes,
    created_at: row.created_at.toISOString(),
  }));
};

// ---------------------------------------------------------------------------------------------------------
// Writes

/**
 * Writes a list with a few publishers and its `create` history in the caller's transaction (the demo seed):
 * they go to the list's first set, 0, as a list created without publishers has.
 */
export const insertPublisherListWithHistory = async (
  db: Kysely<Database>,
  values: { organization_id: string; name: string; kind: 'allow' | 'block' },
  publishers: readonly TPublisher[],
  actor: HistoryActor,
): Promise<PublisherListRecord> => {
  const { id } = await db
    .insertInto('publisher_lists')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  const set: EntrySet = { listId: id, setId: '0' };
  await insertPublishers(db, set, publishers);
  const count = await countPublishers(db, set);
  await db.updateTable('publisher_lists').set({ publishers_count: count }).where('id', '=', id).execute();
  const created = await listNow(db, { kind: 'all' }, id);
  await record(db, created, 'create', actor, diffFields(null, historyViewOf(created)));
  return created;
};

/**
 * `POST /publisher-list`: publishers from the uploaded file when there is one, else from `publishers`. The
 * entries are staged under an id reserved for the list, whose row appears with them in one transaction.
 */
export const createPublisherList = async (
  deps: Deps,
  principal: Principal,
  body: TPublisherListCreate,
  file: PublisherFile | undefined,
): Promise<TPublisherListRow> => {
  assertCanEdit(principal);
  const organization = await getOrganization(
    deps.db,
    scopeOf(principal),
    String(body.organization ?? principal.organizationId),
  );
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  if (file) await assertGoodFile(file);
  const source: PublisherSource = file ? { file } : { publishers: body.publishers ?? [] };
  const listId = await reserveParentId(deps.db, 'publisher_lists');
  return withStagedEntries(deps, listId, { add: source }, (set, count) =>
    deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('publisher_lists')
        .values({
          id: listId,
          organization_id: organization.id,
          name: body.name,
          kind: body.kind,
          publishers_count: count,
          entry_set: set.setId,
        })
        .execute();
      await promoteSet(trx, deps.clock, 'publisher_list_entries', listId, set.setId, null);
      const created = await listNow(trx, { kind: 'all' }, listId);
      const changes = diffFields(null, historyViewOf(created));
      if (file) changes.push({ field: 'file', from: null, to: file.filename });
      await record(trx, created, 'create', actorOf(principal), changes);
      return toRow(created);
    }),
  );
};

/** `PUT /publisher-list/{id}`: the name and kind at the version read. */
export const updatePublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TPublisherListUpdate,
): Promise<TPublisherListRow> => {
  assertCanEdit(principal);
  const { list: before, scope } = await visibleList(deps, principal, id);
  assertLive(before);
  const { version, ...fields } = body;
  return deps.db.transaction().execute(async (trx) => {
    if (!(await updateAtVersion(trx, before.id, version, fields, deps.clock.now()))) {
      throw new AppError('STALE_VERSION');
    }
    const after = await listNow(trx, scope, before.id);
    await record(
      trx,
      after,
      'update',
      actorOf(principal),
      diffFields(historyViewOf(before), historyViewOf(after)),
    );
    return toRow(after);
  });
};

/** `DELETE /publisher-list/{id}?version=N`: state deleted, kept with its publishers and history. */
export const deletePublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  assertCanEdit(principal);
  const { list: before } = await visibleList(deps, principal, id);
  assertLive(before);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await updateAtVersion(trx, before.id, version, { state: 'deleted', deleted_at: now }, now))) {
      throw new AppError('STALE_VERSION');
    }
    await record(trx, before, 'delete', actorOf(principal), [
      { field: 'state', from: before.state, to: 'deleted' },
    ]);
  });
};

/**
 * `POST /publisher-list/{id}/duplicate`: a copy with its kind and publishers, in the same organization. The
 * source's entries are copied page by page; if the source's publishers changed meanwhile the copy is stale.
 */
export const duplicatePublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TPublisherListDuplicate,
): Promise<TPublisherListRow> => {
  assertCanEdit(principal);
  const { list: source } = await visibleList(deps, principal, id);
  assertLive(source);
  const copyOf: EntrySet = { listId: source.id, setId: source.entry_set };
  const copyId = await reserveParentId(deps.db, 'publisher_lists');
  return withStagedEntries(deps, copyId, { copyOf }, (set, count) =>
    deps.db.transaction().execute(async (trx) => {
      const now = await trx
        .selectFrom('publisher_lists')
        .select('entry_set')
        .where('id', '=', source.id)
        .executeTakeFirst();
      if (now?.entry_set !== source.entry_set) throw new AppError('STALE_VERSION');
      await trx
        .insertInto('publisher_lists')
        .values({
          id: copyId,
          organization_id: source.organization_id,
          name: body.name ?? duplicatePublisherListName(source.name),
          kind: source.kind,
          publishers_count: count,
          entry_set: set.setId,
        })
        .execute();
      await promoteSet(trx, deps.clock, 'publisher_list_entries', copyId, set.setId, null);
      const copy = await listNow(trx, { kind: 'all' }, copyId);
      await record(trx, copy, 'duplicate', actorOf(principal), [
        { field: 'source', from: null, to: Number(source.id) },
        ...diffFields(null, historyViewOf(copy)),
      ]);
      return toRow(copy);
    }),
  );
};

/**
 * `POST /publisher-list/{id}/publishers`: an uploaded file replaces or adds to the list's publishers. The new
 * set (for an append, the current entries copied page by page, then the file's) is written in batches and
 * made the list's at the version read, in one short transaction; a list changed meanwhile answers 409.
 */
export const uploadPublishers = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TPublisherUpload,
  file: PublisherFile | undefined,
): Promise<TPublisherListRow> => {
  assertCanEdit(principal);
  const { list: before, scope } = await visibleList(deps, principal, id);
  assertLive(before);
  if (!file) {
    throw new AppError('VALIDATION_FAILED', {
      message: PUBLISHER_FILE_REQUIRED_MESSAGE,
      details: [{ path: 'file', message: PUBLISHER_FILE_REQUIRED_MESSAGE }],
    });
  }
  await assertGoodFile(file);
  // Known stale before a single row is written.
  if (before.version !== body.version) throw new AppError('STALE_VERSION');
  const current: EntrySet = { listId: before.id, setId: before.entry_set };
  const entries: StagedEntries =
    body.mode === 'replace' ? { add: { file } } : { copyOf: current, add: { file } };
  return withStagedEntries(deps, before.id, entries, (set, count) =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const values = { publishers_count: count, entry_set: set.setId };
      if (!(await updateAtVersion(trx, before.id, body.version, values, now))) {
        throw new AppError('STALE_VERSION');
      }
      await promoteSet(trx, deps.clock, 'publisher_list_entries', before.id, set.setId, current.setId);
      const after = await listNow(trx, scope, before.id);
      await record(
        trx,
        after,
        body.mode === 'replace' ? 'replace_publishers' : 'append_publishers',
        actorOf(principal),
        [
          { field: 'publishers_count', from: before.publishers_count, to: after.publishers_count },
          { field: 'file', from: null, to: file.filename },
        ],
      );
      return toRow(after);
    }),
  );
};

/** The publishers history names one by one; a larger change records its counts only. */
const MAX_HISTORY_PUBLISHERS = 50;

/** `PUT /publisher-list/{id}/publishers`: named publishers added and removed (the search dialog). */
export const changePublishers = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TPublisherChanges,
): Promise<TPublisherListRow> => {
  assertCanEdit(principal);
  const { list: before, scope } = await visibleList(deps, principal, id);
  assertLive(before);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await updateAtVersion(trx, before.id, body.version, {}, now))) throw new AppError('STALE_VERSION');
    const removed = body.remove.map((entry) => entry.publisher);
    // The set current at the version just bumped: an upload in flight can no longer replace it.
    const set: EntrySet = { listId: before.id, setId: before.entry_set };
    await removePublishers(trx, set, removed);
    await insertPublishers(trx, set, body.add);
    const count = await countPublishers(trx, set);
    if (count > MAX_LIST_PUBLISHERS) throw tooMany();
    await trx
      .updateTable('publisher_lists')
      .set({ publishers_count: count })
      .where('id', '=', before.id)
      .execute();
    const after = await listNow(trx, scope, before.id);
    const named = (entries: readonly string[]) =>
      entries.length <= MAX_HISTORY_PUBLISHERS ? entries : `${entries.length} publishers`;
    const changes: HistoryChange[] = [
      { field: 'publishers_count', from: before.publishers_count, to: after.publishers_count },
    ];
    if (body.add.length > 0) {
      changes.push({ field: 'added', from: null, to: named(body.add.map((entry) => entry.publisher)) });
    }
    if (removed.length > 0) changes.push({ field: 'removed', from: named(removed), to: null });
    await record(trx, after, 'publishers', actorOf(principal), changes);
    return toRow(after);
  });
};
