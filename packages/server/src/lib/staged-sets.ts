import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { StagedSetTable } from '../db/schema';
import type { Clock } from './clock';
import { enqueueJob, type JobDefinition } from './jobs';

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

/** Where the rows of a kind live: their table, the parent and set columns, and a column that keys a row. */
const ROWS_OF: Record<StagedKind, { table: string; parent: string; key: string }> = {
  publisher_list_entries: { table: 'publisher_list_entries', parent: 'list_id', key: 'publisher' },
  geolist_areas: { table: 'geolist_areas', parent: 'geolist_id', key: 'position' },
};

/** An id for a parent row written later (a create's rows are staged before the row exists). */
export const reserveParentId = async (db: Db, table: 'publisher_lists' | 'geolists'): Promise<string> => {
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
