import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { StagedSetTable } from '../db/schema';
import type { HistoryActor } from '../modules/history/history.service';
import { AppError } from './app-error';
import type { Clock } from './clock';
import { enqueueJob, type JobDefinition } from './jobs';
import { type ResourceKind, type StoredRow, type VersionedTable, versionedWrite } from './resources';

/**
 * Bulk uploads in short batches (decision 033). The embedded database has one session and a transaction owns
 * it from BEGIN to COMMIT, so a write of a million rows in one transaction would stop every other request for
 * its whole length. Instead the rows are written as a new set, one short statement per batch, invisible to
 * readers (who only read the set their parent row points to), and one short transaction makes the set
 * current with the version bump and the history row. A set that failed or was replaced is `discarded`, and
 * the cleanup job deletes its rows in batches too.
 */

export type StagedKind = StagedSetTable['kind'];

/** How long one batch statement should take: other requests wait for at most about one of them. */
export const BATCH_TARGET_MS = 20;

/** A batch size that follows how long the last batches took, between `min` and `max` rows. */
export type BatchSizer = { readonly size: number; record: (rows: number, ms: number) => void };

export const createBatchSizer = ({
  initial = 1_000,
  min = 100,
  max = 20_000,
  targetMs = BATCH_TARGET_MS,
}: {
  initial?: number;
  min?: number;
  max?: number;
  targetMs?: number;
} = {}): BatchSizer => {
  let size = initial;
  return {
    get size() {
      return size;
    },
    record: (rows, ms) => {
      if (rows === 0) return;
      const ideal = (rows * targetMs) / Math.max(ms, 1);
      // Halfway towards the ideal: one slow batch (a checkpoint, a descheduled thread) does not halve the pace.
      size = Math.round(Math.min(max, Math.max(min, (size + ideal) / 2)));
    },
  };
};

/**
 * After each batch the upload pauses for half as long as the batch took (at least 2 ms): a request answered
 * between two batches often has a next statement to send and should not find the next batch queued ahead of
 * it, and a database thread that never rests is time-sliced with every other busy thread of a loaded machine,
 * so that its short batches stretch into long ones.
 */
const pauseAfter = (batchMs: number): number => Math.max(2, Math.min(50, batchMs / 2));

/** Runs one batch statement, tells the sizer how long it took for how many rows, then pauses briefly. */
export const timedBatch = async <T>(sizer: BatchSizer, rows: number, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  sizer.record(rows, ms);
  await new Promise((resolve) => setTimeout(resolve, pauseAfter(ms)));
  return result;
};

/**
 * Where the rows of a kind live: their table, the parent and set columns, and a column that keys a row; and the
 * parent's table with its columns of the current set and of how many rows it holds.
 */
const ROWS_OF: Record<
  StagedKind,
  {
    table: string;
    parent: string;
    key: string;
    parentTable: 'publisher_lists' | 'geolists';
    setColumn: 'entry_set' | 'area_set';
    countColumn: 'publishers_count' | 'areas_count';
  }
> = {
  publisher_list_entries: {
    table: 'publisher_list_entries',
    parent: 'list_id',
    key: 'publisher',
    parentTable: 'publisher_lists',
    setColumn: 'entry_set',
    countColumn: 'publishers_count',
  },
  geolist_areas: {
    table: 'geolist_areas',
    parent: 'geolist_id',
    key: 'position',
    parentTable: 'geolists',
    setColumn: 'area_set',
    countColumn: 'areas_count',
  },
};

/** An id for a parent row written later (a create's rows are staged before the row exists). */
export const reserveParentId = async (db: Db, kind: StagedKind): Promise<string> => {
  const table = ROWS_OF[kind].parentTable;
  const { rows } = await sql<{ id: string }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::text AS id
  `.execute(db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no id reserved for ${table}`);
  return id;
};

/** Opens a new, invisible set of rows for the parent and answers its id. */
export const stageSet = async (db: Db, kind: StagedKind, parentId: string): Promise<string> => {
  const { set_id: setId } = await db
    .insertInto('staged_sets')
    .values({ kind, parent_id: parentId, set_id: sql<string>`nextval('staged_set_ids')`, state: 'staged' })
    .returning('set_id')
    .executeTakeFirstOrThrow();
  return String(setId);
};

const CLEANUP_JOB = 'staged-sets-cleanup';

/** Asks the cleanup job to run now (its recurring run also takes sets staged by a process that died). */
export const queueStagedCleanup = (db: Db, clock: Clock): Promise<boolean> =>
  enqueueJob(db, clock, { kind: CLEANUP_JOB, key: `${CLEANUP_JOB}:now` });

const discard = async (db: Db, kind: StagedKind, parentId: string, setId: string, clock: Clock) => {
  await db
    .insertInto('staged_sets')
    .values({ kind, parent_id: parentId, set_id: setId, state: 'discarded', updated_at: clock.now() })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'parent_id', 'set_id'])
        .doUpdateSet({ state: 'discarded', updated_at: clock.now() }),
    )
    .execute();
};

/**
 * In the transaction that makes `setId` current: it is no longer staged, and `previousSetId` (the set it
 * replaces, if any) is discarded. The caller wakes the job worker once committed.
 */
export const promoteSet = async (
  trx: Db,
  clock: Clock,
  kind: StagedKind,
  parentId: string,
  setId: string,
  previousSetId: string | null,
): Promise<void> => {
  await trx
    .deleteFrom('staged_sets')
    .where('kind', '=', kind)
    .where('parent_id', '=', parentId)
    .where('set_id', '=', setId)
    .execute();
  if (previousSetId !== null) {
    await discard(trx, kind, parentId, previousSetId, clock);
    await queueStagedCleanup(trx, clock);
  }
};

/** A staged set whose upload failed: its rows are deleted by the cleanup job. */
export const discardSet = async (
  db: Db,
  clock: Clock,
  kind: StagedKind,
  parentId: string,
  setId: string,
): Promise<void> => {
  await discard(db, kind, parentId, setId, clock);
  await queueStagedCleanup(db, clock);
};

/**
 * Writes a new set of rows for the parent with `write` (in short batches, answering how many rows it holds),
 * then `publish` makes it visible in one short transaction that calls promoteSet. When anything fails the set
 * is discarded for the cleanup job; either way the job worker is woken for the sets left behind.
 */
export const withStagedSet = async <T>(
  deps: { db: Db; clock: Clock; jobs: { wake: () => void } },
  kind: StagedKind,
  parentId: string,
  write: (setId: string) => Promise<number>,
  publish: (setId: string, count: number) => Promise<T>,
): Promise<T> => {
  const setId = await stageSet(deps.db, kind, parentId);
  try {
    const published = await publish(setId, await write(setId));
    deps.jobs.wake();
    return published;
  } catch (error) {
    await discardSet(deps.db, deps.clock, kind, parentId, setId);
    deps.jobs.wake();
    throw error;
  }
};

/** One set of a parent's rows. */
export type StagedSetRef = { parentId: string; setId: string };

/**
 * What a new set is made of: first the rows of another set copied page by page (an append, a duplicate), then
 * new rows in batches (an array, or batches read as they come, e.g. from a file on disk). The module gives its
 * own statements; the batching, the count and the limit are the same for every kind.
 */
export type StagedRowSource<Row, Cursor> = {
  /** Copies one page of rows after `after` (null: from the first) into `to`: how many, and the last key. */
  copyPage?: (
    db: Db,
    to: StagedSetRef,
    after: Cursor | null,
    size: number,
  ) => Promise<{ copied: number; last: Cursor | null }>;
  /** New rows after the copy: all of them, or batches of about the size asked for. */
  add?: readonly Row[] | ((size: () => number) => AsyncIterable<readonly Row[]>);
  /** Writes one batch into `to` after `written` rows; answers how many rows the set gained. */
  insert?: (db: Db, to: StagedSetRef, rows: readonly Row[], written: number) => Promise<number>;
  /** The most rows a set may hold, and the error of one more (thrown as soon as it is passed). */
  limit?: { max: number; error: () => Error };
};

/** The rows of a new set of one parent, for `withStagedRows`. */
export type StagedRows<Row, Cursor> = StagedRowSource<Row, Cursor> & { kind: StagedKind; parentId: string };

/** The batches of an array, each of the size the sizer asks for when it is cut. */
const batchesOf = async function* <Row>(rows: readonly Row[], size: () => number) {
  for (let start = 0; start < rows.length; ) {
    const batch = rows.slice(start, start + size());
    start += batch.length;
    yield batch;
  }
};

const writeRows = async <Row, Cursor>(db: Db, setId: string, rows: StagedRows<Row, Cursor>) => {
  const sizer = createBatchSizer();
  let count = 0;
  const added = (more: number) => {
    count += more;
    if (rows.limit && count > rows.limit.max) throw rows.limit.error();
  };
  const { copyPage, add, insert } = rows;
  const to: StagedSetRef = { parentId: rows.parentId, setId };
  if (copyPage) {
    let after: Cursor | null = null;
    for (;;) {
      const size = sizer.size;
      const from: Cursor | null = after;
      const page: { copied: number; last: Cursor | null } = await timedBatch(sizer, size, () =>
        copyPage(db, to, from, size),
      );
      added(page.copied);
      if (page.copied < size || page.last === null) break;
      after = page.last;
    }
  }
  if (add && insert) {
    const batches = typeof add === 'function' ? add(() => sizer.size) : batchesOf(add, () => sizer.size);
    for await (const batch of batches) {
      const written = count;
      added(await timedBatch(sizer, batch.length, () => insert(db, to, batch, written)));
    }
  }
  return count;
};

/**
 * Writes a new, invisible set of a parent's rows (decision 033) batch by batch, each batch one short statement
 * sized to about BATCH_TARGET_MS so other requests get the database between batches; then `publish(setId,
 * count)` makes it visible in one short transaction (which calls promoteSet). A failed write or publish
 * discards the set for the cleanup job.
 */
export const withStagedRows = <Row, Cursor, T>(
  deps: { db: Db; clock: Clock; jobs: { wake: () => void } },
  rows: StagedRows<Row, Cursor>,
  publish: (setId: string, count: number) => Promise<T>,
): Promise<T> =>
  withStagedSet(deps, rows.kind, rows.parentId, (setId) => writeRows(deps.db, setId, rows), publish);

/**
 * A new parent row with its rows (a create, a duplicate): the rows are staged under an id reserved for the
 * parent, and `insert(trx, parentId, setId, count)` writes the parent row pointing at them in the one short
 * transaction that promotes the set, so that the row appears with its rows or not at all.
 */
export const insertWithStagedRows = async <Row, Cursor, T>(
  deps: { db: Db; clock: Clock; jobs: { wake: () => void } },
  kind: StagedKind,
  rows: StagedRowSource<Row, Cursor>,
  insert: (trx: Db, parentId: string, setId: string, count: number) => Promise<T>,
): Promise<T> => {
  const parentId = await reserveParentId(deps.db, kind);
  return withStagedRows(deps, { ...rows, kind, parentId }, (setId, count) =>
    deps.db.transaction().execute(async (trx) => {
      await promoteSet(trx, deps.clock, kind, parentId, setId, null);
      return insert(trx, parentId, setId, count);
    }),
  );
};

/**
 * A parent's rows replaced at the version read (decision 039): the new set is staged, then one versioned write
 * makes it current (with the parent's count and set columns, `values` and the history entry of `write`) and
 * discards `previousSetId` for the cleanup job.
 */
export const versionedWriteWithStagedRows = <Row, Cursor, R extends StoredRow>(
  deps: { db: Db; clock: Clock; jobs: { wake: () => void } },
  kind: StagedKind,
  rows: StagedRowSource<Row, Cursor>,
  resource: ResourceKind & { table: VersionedTable },
  actor: HistoryActor,
  write: Omit<Parameters<typeof versionedWrite<R>>[3], 'values' | 'now' | 'alsoRun'> & {
    values?: Record<string, unknown>;
    previousSetId: string;
  },
): Promise<R> => {
  const { previousSetId, values, ...rest } = write;
  const parentId = write.before.id;
  const { setColumn, countColumn } = ROWS_OF[kind];
  return withStagedRows(deps, { ...rows, kind, parentId }, (setId, count) =>
    versionedWrite(deps.db, resource, actor, {
      ...rest,
      values: { ...values, [countColumn]: count, [setColumn]: setId },
      now: deps.clock.now(),
      alsoRun: (trx) => promoteSet(trx, deps.clock, kind, parentId, setId, previousSetId),
    }),
  );
};

/**
 * 409 `STALE_VERSION` unless `setId` is still the parent's current set: a copy made page by page, outside a
 * transaction, is of one moment only if the set it read was not replaced meanwhile.
 */
export const assertCurrentSet = async (
  trx: Db,
  kind: StagedKind,
  parentId: string,
  setId: string,
): Promise<void> => {
  const { parentTable, setColumn } = ROWS_OF[kind];
  const { rows } = await sql<{ set_id: string }>`
    SELECT ${sql.ref(setColumn)}::text AS set_id FROM ${sql.table(parentTable)} WHERE id = ${parentId}::bigint
  `.execute(trx);
  if (rows[0]?.set_id !== String(setId)) throw new AppError('STALE_VERSION');
};

/** Deletes rows of one table in batches until `where` matches none; answers how many went. */
export const deleteRowsInBatches = async (
  db: Db,
  rows: { table: string; key: readonly string[]; where: ReturnType<typeof sql> },
): Promise<number> => {
  const sizer = createBatchSizer({ initial: 2_000, max: 50_000 });
  const key = sql.join(rows.key.map((column) => sql.ref(column)));
  let deleted = 0;
  for (;;) {
    const size = sizer.size;
    const result = await timedBatch(sizer, size, () =>
      sql`
        DELETE FROM ${sql.table(rows.table)}
        WHERE (${key}) IN (SELECT ${key} FROM ${sql.table(rows.table)} WHERE ${rows.where} LIMIT ${size})
      `.execute(db),
    );
    const count = Number(result.numAffectedRows ?? 0n);
    deleted += count;
    if (count < size) return deleted;
  }
};

/** A staged set older than this belongs to an upload whose process stopped: it is discarded. */
const STALE_STAGED_HOURS = 24;

/** Deletes the rows of every discarded set, batch by batch, then the set itself. */
export const cleanUpStagedSets = async (db: Db, clock: Clock): Promise<number> => {
  const staleBefore = new Date(clock.now().getTime() - STALE_STAGED_HOURS * 3_600_000);
  await db
    .updateTable('staged_sets')
    .set({ state: 'discarded', updated_at: clock.now() })
    .where('state', '=', 'staged')
    .where('updated_at', '<', staleBefore)
    .execute();
  const sets = await db
    .selectFrom('staged_sets')
    .select(['kind', 'parent_id', 'set_id'])
    .where('state', '=', 'discarded')
    .orderBy('updated_at')
    .execute();
  let deleted = 0;
  for (const set of sets) {
    const rows = ROWS_OF[set.kind];
    deleted += await deleteRowsInBatches(db, {
      table: rows.table,
      key: [rows.parent, 'set_id', rows.key],
      where: sql`${sql.ref(rows.parent)} = ${set.parent_id}::bigint AND set_id = ${set.set_id}::bigint`,
    });
    await db
      .deleteFrom('staged_sets')
      .where('kind', '=', set.kind)
      .where('parent_id', '=', set.parent_id)
      .where('set_id', '=', set.set_id)
      .where('state', '=', 'discarded')
      .execute();
  }
  return deleted;
};

export const stagedSetJobs: readonly JobDefinition[] = [
  {
    kind: CLEANUP_JOB,
    everyMinutes: 60,
    leaseMinutes: 60,
    run: async ({ db, clock, logger }) => {
      const deleted = await cleanUpStagedSets(db, clock);
      if (deleted > 0) logger.info({ deleted }, 'staged rows cleaned up');
    },
  },
];
