import { canEdit } from '@beacon/domain/access/permissions';
import { copyName, type THistoryEntry } from '@beacon/domain/api/history';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  PUBLISHER_FILE_REQUIRED_MESSAGE,
  PUBLISHER_LIST_DELETED_MESSAGE,
  publisherFileTooManyMessage,
} from '@beacon/domain/validation/messages';
import {
  MAX_LIST_PUBLISHERS,
  parsePublisher,
  type TPublisher,
} from '@beacon/domain/validation/publisher-file';
import {
  PUBLISHER_LIST_NAME_MAX_LENGTH,
  type TPublisherChanges,
  type TPublisherListCreate,
  type TPublisherListDuplicate,
  type TPublisherListUpdate,
  type TPublisherUpload,
} from '@beacon/domain/validation/publisher-list';
import type { Insertable, Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database, HistoryChange, PublisherListTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  assertCanEdit,
  historyOf,
  insertWithHistory,
  type ResourceKind,
  readable,
  softDelete,
  versionedWrite,
  writable,
} from '../../lib/resources';
import {
  assertCurrentSet,
  insertWithStagedRows,
  type StagedRowSource,
  versionedWriteWithStagedRows,
} from '../../lib/staged-sets';
import { scopeOf } from '../../lib/tenant-scope';
import { actorOf, type HistoryActor } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import { checkPublisherFile, publisherBatchesOf } from './publisher-file-stream';
import {
  copyPublisherPage,
  countPublishers,
  type EntrySet,
  findPublisherListById,
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
  TPublisherListRow,
} from './publisher-lists.schemas';

/**
 * Publisher lists (decision 018), on the shared resource shape (decision 039). Reads need §6
 * `resources-publishers` (the routes declare it, which also shuts out data-partner and other-partner
 * organizations); writes also need an edit role. A list outside the caller's tenant scope answers 404 whatever
 * the call and whoever asks. Every write records history in its own transaction. An uploaded file is checked
 * line by line from disk before anything is written, then read again into a new set of entries batch by batch,
 * each batch its own short statement, and one short transaction makes that set the list's (decision 033): a
 * rejected or failed upload stores nothing visible, and no upload holds the database for other requests, nor
 * is any file ever held whole in memory.
 */

/** An uploaded publisher file, spooled to disk by the route. */
export type PublisherFile = { filename: string; path: string };

const PUBLISHER_LIST: ResourceKind & { table: 'publisher_lists' } = {
  entity: 'publisher_list',
  table: 'publisher_lists',
  canEdit,
  deletedMessage: PUBLISHER_LIST_DELETED_MESSAGE,
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

/** A list the caller may see, else 404. */
const visibleList = (deps: Deps, principal: Principal, id: string): Promise<PublisherListRecord> =>
  readable(findPublisherListInScope(deps.db, scopeOf(principal), id));

/** A list the caller may change (decision 039's order: 404, 403, 409 deleted, 409 stale). */
const writableList = (deps: Deps, principal: Principal, id: string, version?: number) =>
  writable(PUBLISHER_LIST, principal, findPublisherListInScope(deps.db, scopeOf(principal), id), version);

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

/**
 * The entries of a new set (decision 033, lib/staged-sets.ts): a copy of another set (append, duplicate), then
 * new publishers; stops with the limit's message as soon as the set holds more than a list may.
 */
const entryRows = (entries: {
  copyOf?: EntrySet;
  add?: PublisherSource;
}): StagedRowSource<TPublisher, string> => {
  const { copyOf, add } = entries;
  return {
    limit: { max: MAX_LIST_PUBLISHERS, error: tooMany },
    copyPage: copyOf
      ? (db, to, after, size) =>
          copyPublisherPage(db, copyOf, { listId: to.parentId, setId: to.setId }, after, size)
      : undefined,
    add: add && ('file' in add ? (size) => publisherBatchesOf(add.file.path, size) : add.publishers),
    insert: (db, to, batch) => insertPublishers(db, { listId: to.parentId, setId: to.setId }, batch),
  };
};

/**
 * A new list whose entries are staged first (create, duplicate): its row appears with them and its `create`
 * (or `duplicate`) history in one short transaction. A copy is of one moment only: when the original's
 * publishers changed while they were copied, the answer is 409.
 */
const insertWithEntries = (
  deps: Deps,
  principal: Principal,
  rows: StagedRowSource<TPublisher, string>,
  values: Omit<Insertable<PublisherListTable>, 'id' | 'publishers_count' | 'entry_set'>,
  options: { original?: PublisherListRecord; file?: PublisherFile } = {},
): Promise<PublisherListRecord> =>
  insertWithStagedRows(deps, 'publisher_list_entries', rows, async (trx, listId, setId, count) => {
    const { original, file } = options;
    if (original) await assertCurrentSet(trx, 'publisher_list_entries', original.id, original.entry_set);
    return insertWithHistory(trx, PUBLISHER_LIST, actorOf(principal), {
      insert: async (db) => {
        await db
          .insertInto('publisher_lists')
          .values({ ...values, id: listId, publishers_count: count, entry_set: setId })
          .execute();
        return listId;
      },
      reload: findPublisherListById,
      // The create entry also names the file the publishers came from.
      historyView: (list) => ({ ...historyViewOf(list), ...(file ? { file: file.filename } : {}) }),
      duplicatedFrom: original?.id,
    });
  });

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
): Promise<TPublisherListRow> => toRow(await visibleList(deps, principal, id));

const platformOf = (publisher: string) => parsePublisher(publisher)?.platform ?? 'web';

export const listPublishersOfList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  query: ListQuery,
): Promise<{ rows: TPublisherEntry[]; total: number }> => {
  const list = await visibleList(deps, principal, id);
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
): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, PUBLISHER_LIST, (await visibleList(deps, principal, id)).id);

// ---------------------------------------------------------------------------------------------------------
// Writes

/**
 * Writes a list with a few publishers and its `create` history in the caller's transaction (the demo seed,
 * tests): they go to the list's first set, 0, as a list created without publishers has.
 */
export const insertPublisherListWithHistory = (
  db: Kysely<Database>,
  values: { organization_id: string; name: string; kind: 'allow' | 'block' },
  publishers: readonly TPublisher[],
  actor: HistoryActor,
): Promise<PublisherListRecord> =>
  insertWithHistory(db, PUBLISHER_LIST, actor, {
    insert: async (trx) => {
      const { id } = await trx
        .insertInto('publisher_lists')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      const set: EntrySet = { listId: id, setId: '0' };
      await insertPublishers(trx, set, publishers);
      const count = await countPublishers(trx, set);
      await trx
        .updateTable('publisher_lists')
        .set({ publishers_count: count })
        .where('id', '=', id)
        .execute();
      return id;
    },
    reload: findPublisherListById,
    historyView: historyViewOf,
  });

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
  assertCanEdit(PUBLISHER_LIST, principal);
  const organization = await getOrganization(
    deps.db,
    scopeOf(principal),
    String(body.organization ?? principal.organizationId),
  );
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  if (file) await assertGoodFile(file);
  const add: PublisherSource = file ? { file } : { publishers: body.publishers ?? [] };
  const created = await insertWithEntries(
    deps,
    principal,
    entryRows({ add }),
    { organization_id: organization.id, name: body.name, kind: body.kind },
    { file },
  );
  return toRow(created);
};

/** `PUT /publisher-list/{id}`: the name and kind at the version read. */
export const updatePublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TPublisherListUpdate,
): Promise<TPublisherListRow> => {
  const { version, ...fields } = body;
  const before = await writableList(deps, principal, id, version);
  const after = await versionedWrite(deps.db, PUBLISHER_LIST, actorOf(principal), {
    before,
    version,
    values: fields,
    now: deps.clock.now(),
    reload: findPublisherListById,
    historyView: historyViewOf,
  });
  return toRow(after);
};

/** `DELETE /publisher-list/{id}?version=N`: state deleted, kept with its publishers and history. */
export const deletePublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const before = await writableList(deps, principal, id, version);
  await softDelete(deps.db, PUBLISHER_LIST, actorOf(principal), before, version, deps.clock.now());
};

/**
 * `POST /publisher-list/{id}/duplicate`: a copy with its kind and publishers, in the same organization, named
 * "<name> (copy)" unless named. The original's entries are copied page by page; if its publishers changed
 * meanwhile the copy would not be of one moment, and the answer is 409.
 */
export const duplicatePublisherList = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TPublisherListDuplicate,
): Promise<TPublisherListRow> => {
  const original = await writableList(deps, principal, id);
  const copy = await insertWithEntries(
    deps,
    principal,
    entryRows({ copyOf: { listId: original.id, setId: original.entry_set } }),
    {
      organization_id: original.organization_id,
      name: body.name ?? copyName(original.name, PUBLISHER_LIST_NAME_MAX_LENGTH),
      kind: original.kind,
    },
    { original },
  );
  return toRow(copy);
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
  // Known stale (or deleted) before the file is read or a single row written.
  const before = await writableList(deps, principal, id, body.version);
  if (!file) {
    throw new AppError('VALIDATION_FAILED', {
      message: PUBLISHER_FILE_REQUIRED_MESSAGE,
      details: [{ path: 'file', message: PUBLISHER_FILE_REQUIRED_MESSAGE }],
    });
  }
  await assertGoodFile(file);
  const current: EntrySet = { listId: before.id, setId: before.entry_set };
  const rows = entryRows(body.mode === 'replace' ? { add: { file } } : { copyOf: current, add: { file } });
  const after = await versionedWriteWithStagedRows(
    deps,
    'publisher_list_entries',
    rows,
    PUBLISHER_LIST,
    actorOf(principal),
    {
      before,
      version: body.version,
      previousSetId: current.setId,
      reload: findPublisherListById,
      // The entry names the count and the file, whether or not the count changed.
      historyView: () => ({}),
      action: body.mode === 'replace' ? 'replace_publishers' : 'append_publishers',
      extraChanges: (list) => [
        { field: 'publishers_count', from: before.publishers_count, to: list.publishers_count },
        { field: 'file', from: null, to: file.filename },
      ],
    },
  );
  return toRow(after);
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
  const before = await writableList(deps, principal, id, body.version);
  const removed = body.remove.map((entry) => entry.publisher);
  // The set current at the version bumped: an upload in flight can no longer replace it.
  const set: EntrySet = { listId: before.id, setId: before.entry_set };
  const named = (entries: readonly string[]) =>
    entries.length <= MAX_HISTORY_PUBLISHERS ? entries : `${entries.length} publishers`;
  const after = await versionedWrite(deps.db, PUBLISHER_LIST, actorOf(principal), {
    before,
    version: body.version,
    values: {},
    now: deps.clock.now(),
    alsoRun: async (trx) => {
      await removePublishers(trx, set, removed);
      await insertPublishers(trx, set, body.add);
      const count = await countPublishers(trx, set);
      if (count > MAX_LIST_PUBLISHERS) throw tooMany();
      await trx
        .updateTable('publisher_lists')
        .set({ publishers_count: count })
        .where('id', '=', before.id)
        .execute();
    },
    reload: findPublisherListById,
    historyView: () => ({}),
    action: 'publishers',
    extraChanges: (list) => {
      const changes: HistoryChange[] = [
        { field: 'publishers_count', from: before.publishers_count, to: list.publishers_count },
      ];
      if (body.add.length > 0) {
        changes.push({ field: 'added', from: null, to: named(body.add.map((entry) => entry.publisher)) });
      }
      if (removed.length > 0) changes.push({ field: 'removed', from: named(removed), to: null });
      return changes;
    },
  });
  return toRow(after);
};
