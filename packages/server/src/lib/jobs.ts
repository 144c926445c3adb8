import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { addMinutes, type Clock } from './clock';
import type { FileStore } from './file-store';

/**
 * The durable job queue of docs/architecture.md (migration 0014, decision 019): jobs are rows of `jobs`, a worker in
 * each process claims due ones with FOR UPDATE SKIP LOCKED (so N processes share the queue and no job runs
 * twice at once), holds a lease while it runs them, deletes them when done and queues them again with a
 * backoff when they fail. A crashed process's jobs are taken again once their lease ends, so nothing is lost
 * across restarts. Generic: a module declares its kinds as JobDefinitions and the app gives them to the worker.
 */

export type JobPayload = Record<string, unknown>;

/** What a job may use; `files` is there for jobs that make files (video renditions). */
export type JobDeps = { db: Db; clock: Clock; logger: FastifyBaseLogger; files?: FileStore };

export type JobDefinition = {
  kind: string;
  run: (deps: JobDeps, payload: JobPayload) => Promise<void>;
  /** A recurring job: once a run ends, the next is queued this many minutes later (one queued at a time). */
  everyMinutes?: number;
  /** How long a worker holds a job before another may take it over (a crashed worker's jobs come back). */
  leaseMinutes?: number;
  maxAttempts?: number;
};

export type NewJob = {
  kind: string;
  /** At most one queued job per key: queuing a key already queued does nothing. */
  key?: string;
  payload?: JobPayload;
  runAt?: Date;
  maxAttempts?: number;
};

const DEFAULT_LEASE_MINUTES = 15;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Backoff after the n-th failed attempt: 1, 2, 4… minutes, at most an hour. */
const retryDelayMinutes = (attempts: number): number => Math.min(2 ** Math.max(attempts - 1, 0), 60);

/** Queues a job (in the caller's transaction when given one); answers whether a row was added. */
export const enqueueJob = async (db: Db, clock: Clock, job: NewJob): Promise<boolean> => {
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.runAt ?? clock.now(),
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      updated_at: clock.now(),
    })
    .onConflict((oc) =>
      oc.column('key').where('state', '=', 'queued').where('key', 'is not', null).doNothing(),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
};

type ClaimedJob = {
  id: string;
  kind: string;
  key: string | null;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
};

const claimNextJob = async (
  db: Db,
  now: Date,
  workerId: string,
  definitions: ReadonlyMap<string, JobDefinition>,
): Promise<ClaimedJob | undefined> => {
  const kinds = [...definitions.keys()];
  if (kinds.length === 0) return undefined;
  // The lease is the longest of the kinds' leases: the claim does not know the kind before it picks a row.
  const leaseMinutes = Math.max(
    ...[...definitions.values()].map((d) => d.leaseMinutes ?? DEFAULT_LEASE_MINUTES),
  );
  const { rows } = await sql<ClaimedJob>`
    UPDATE jobs
    SET state = 'running', attempts = attempts + 1, locked_by = ${workerId},
        locked_until = ${addMinutes(now, leaseMinutes)}, updated_at = ${now}
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind = ANY(${`{${kinds.join(',')}}`}::text[])
        AND ((state = 'queued' AND run_at <= ${now}) OR (state = 'running' AND locked_until < ${now}))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, key, payload, attempts, max_attempts
  `.execute(db);
  const row = rows[0];
  return row ? { ...row, id: String(row.id) } : undefined;
};

const queueNextRun = async (db: Db, clock: Clock, definition: JobDefinition): Promise<void> => {
  if (definition.everyMinutes === undefined) return;
  await enqueueJob(db, clock, {
    kind: definition.kind,
    key: definition.kind,
    runAt: addMinutes(clock.now(), definition.everyMinutes),
  });
};

const finishJob = async (deps: JobDeps, job: ClaimedJob, definition: JobDefinition, workerId: string) => {
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', workerId).execute();
    await queueNextRun(trx, deps.clock, definition);
  });
};

const failJob = async (
  deps: JobDeps,
  job: ClaimedJob,
  definition: JobDefinition | undefined,
  workerId: string,
  error: unknown,
) => {
  const message = error instanceof Error ? error.message : String(error);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const isFinal = job.attempts >= job.max_attempts || definition === undefined;
    const sameKeyQueued =
      job.key !== null &&
      (await trx
        .selectFrom('jobs')
        .select('id')
        .where('key', '=', job.key)
        .where('state', '=', 'queued')
        .executeTakeFirst()) !== undefined;
    if (!isFinal && sameKeyQueued) {
      // A later run of the same work is already queued: it stands in for the retry.
      await trx.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', workerId).execute();
      return;
    }
    await trx
      .updateTable('jobs')
      .set({
        state: isFinal ? 'failed' : 'queued',
        run_at: addMinutes(now, retryDelayMinutes(job.attempts)),
        locked_by: null,
        locked_until: null,
        last_error: message.slice(0, 2000),
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .execute();
    if (isFinal && definition) await queueNextRun(trx, deps.clock, definition);
  });
  deps.logger.error(
    { job: { id: job.id, kind: job.kind, attempts: job.attempts }, err: error },
    'job failed',
  );
};

const byKind = (definitions: readonly JobDefinition[]): Map<string, JobDefinition> =>
  new Map(definitions.map((definition) => [definition.kind, definition]));

/** Claims and runs one due job; answers whether there was one. */
export const runNextJob = async (
  deps: JobDeps,
  definitions: readonly JobDefinition[],
  workerId: string = randomUUID(),
): Promise<boolean> => {
  const kinds = byKind(definitions);
  const job = await claimNextJob(deps.db, deps.clock.now(), workerId, kinds);
  if (!job) return false;
  const definition = kinds.get(job.kind);
  if (!definition) {
    await failJob(deps, job, undefined, workerId, new Error(`no worker for jobs of kind ${job.kind}`));
    return true;
  }
  try {
    await definition.run(deps, job.payload);
  } catch (error) {
    await failJob(deps, job, definition, workerId, error);
    return true;
  }
  await finishJob(deps, job, definition, workerId);
  return true;
};

/** Runs every job due now, one after the other (tests move the clock, then call this). */
export const runDueJobs = async (deps: JobDeps, definitions: readonly JobDefinition[]): Promise<number> => {
  const workerId = randomUUID();
  let count = 0;
  while (await runNextJob(deps, definitions, workerId)) count += 1;
  return count;
};

/** Queues the first run of each recurring kind unless one is queued already (any process may do it). */
export const scheduleRecurringJobs = async (deps: JobDeps, definitions: readonly JobDefinition[]) => {
  for (const definition of definitions) {
    if (definition.everyMinutes === undefined) continue;
    await enqueueJob(deps.db, deps.clock, { kind: definition.kind, key: definition.kind });
  }
};

export type JobWorker = {
  /** Look for due jobs now (after queuing one in this process) instead of at the next poll. */
  wake: () => void;
  /** Stops polling and waits for the job in hand. */
  stop: () => Promise<void>;
};

/** A worker that does nothing: the app's default when it runs no jobs (tests run them by hand). */
export const idleJobWorker: JobWorker = { wake: () => {}, stop: async () => {} };

/**
 * The in-process worker: polls every `pollMs` (and when woken), runs due jobs one at a time so that a
 * process's jobs never compete with each other for the database, and stops between jobs on `stop`.
 */
export const startJobWorker = (
  deps: JobDeps,
  definitions: readonly JobDefinition[],
  options: { pollMs: number },
): JobWorker => {
  const workerId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let isWoken = false;
  let running: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };

  const tick = async (): Promise<void> => {
    if (running || isStopped) return;
    running = (async () => {
      try {
        do {
          isWoken = false;
          while (!isStopped && (await runNextJob(deps, definitions, workerId))) {}
        } while (isWoken && !isStopped);
      } catch (error) {
        deps.logger.error({ err: error }, 'the job worker could not reach the queue');
      }
    })();
    await running;
    running = undefined;
    schedule(options.pollMs);
  };

  void scheduleRecurringJobs(deps, definitions)
    .catch((error: unknown) => deps.logger.error({ err: error }, 'recurring jobs could not be queued'))
    .finally(() => schedule(0));

  return {
    wake: () => {
      if (isStopped) return;
      isWoken = true;
      if (!running) schedule(0);
    },
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
