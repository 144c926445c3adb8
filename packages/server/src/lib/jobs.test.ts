import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createTestClock } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { addMinutes } from './clock';
import {
  enqueueJob,
  type JobDefinition,
  runDueJobs,
  runNextJob,
  scheduleRecurringJobs,
  startJobWorker,
} from './jobs';

/** The durable job queue (decision 019) on a real database: claims, leases, retries, recurrences, worker. */

let database: TestDatabase;
let db: Db;
/** Fastify's logger when logging is off: the jobs' error lines go nowhere. */
const logger = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.destroy();
});

const jobsOf = (kind: string) =>
  db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

describe('job queue', () => {
  it('runs a due job once with its payload and deletes it, leaving future ones queued', async () => {
    const clock = createTestClock();
    const seen: unknown[] = [];
    const definitions: JobDefinition[] = [
      { kind: 'echo', run: async (_deps, payload) => void seen.push(payload) },
    ];
    await enqueueJob(db, clock, { kind: 'echo', payload: { n: 1 } });
    await enqueueJob(db, clock, { kind: 'echo', payload: { n: 2 }, runAt: addMinutes(clock.now(), 10) });
    expect(await runDueJobs({ db, clock, logger }, definitions)).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobsOf('echo')).map((job) => job.payload)).toEqual([{ n: 2 }]);
    clock.advanceMinutes(10);
    expect(await runDueJobs({ db, clock, logger }, definitions)).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await jobsOf('echo')).toEqual([]);
  });

  it('queues a key at most once while it waits', async () => {
    const clock = createTestClock();
    expect(await enqueueJob(db, clock, { kind: 'keyed', key: 'keyed:1' })).toBe(true);
    expect(await enqueueJob(db, clock, { kind: 'keyed', key: 'keyed:1' })).toBe(false);
    expect(await enqueueJob(db, clock, { kind: 'keyed', key: 'keyed:2' })).toBe(true);
    expect(await jobsOf('keyed')).toHaveLength(2);
  });

  it('never gives the same job to two workers at once, and takes over a job whose lease ended', async () => {
    const clock = createTestClock();
    await enqueueJob(db, clock, { kind: 'slow' });
    const releases: (() => void)[] = [];
    const started: string[] = [];
    const slow = (name: string): JobDefinition[] => [
      {
        kind: 'slow',
        leaseMinutes: 5,
        run: () => {
          started.push(name);
          return new Promise<void>((resolve) => {
            releases.push(resolve);
          });
        },
      },
    ];
    const first = runNextJob({ db, clock, logger }, slow('first'), 'worker-1');
    await expect.poll(() => started).toEqual(['first']);
    expect(await runNextJob({ db, clock, logger }, slow('second'), 'worker-2')).toBe(false);
    // worker-1 is presumed dead once its lease is over: worker-2 takes the job again.
    clock.advanceMinutes(6);
    const second = runNextJob({ db, clock, logger }, slow('second'), 'worker-2');
    await expect.poll(() => started).toEqual(['first', 'second']);
    releases[1]?.();
    await second;
    releases[0]?.();
    await first;
    expect(await jobsOf('slow')).toEqual([]);
  });

  it('retries a failing job with a backoff, then keeps it as failed with its error', async () => {
    const clock = createTestClock();
    let attempts = 0;
    const definitions: JobDefinition[] = [
      {
        kind: 'flaky',
        run: async () => {
          attempts += 1;
          throw new Error(`attempt ${attempts} failed`);
        },
      },
    ];
    await enqueueJob(db, clock, { kind: 'flaky', maxAttempts: 3 });
    expect(await runDueJobs({ db, clock, logger }, definitions)).toBe(1);
    expect((await jobsOf('flaky'))[0]).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'attempt 1 failed',
    });
    expect(await runDueJobs({ db, clock, logger }, definitions)).toBe(0);
    clock.advanceMinutes(1);
    await runDueJobs({ db, clock, logger }, definitions);
    clock.advanceMinutes(2);
    await runDueJobs({ db, clock, logger }, definitions);
    expect(attempts).toBe(3);
    expect((await jobsOf('flaky'))[0]).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_error: 'attempt 3 failed',
    });
    clock.advanceMinutes(60);
    expect(await runDueJobs({ db, clock, logger }, definitions)).toBe(0);
  });

  it('queues the next run of a recurring job when one ends, once', async () => {
    const clock = createTestClock();
    let runs = 0;
    const definitions: JobDefinition[] = [
      {
        kind: 'daily',
        everyMinutes: 1440,
        run: async () => {
          runs += 1;
        },
      },
    ];
    await scheduleRecurringJobs({ db, clock, logger }, definitions);
    await scheduleRecurringJobs({ db, clock, logger }, definitions);
    expect(await runDueJobs({ db, clock, logger }, definitions)).toBe(1);
    const [next] = await jobsOf('daily');
    expect(next?.run_at.getTime()).toBe(addMinutes(clock.now(), 1440).getTime());
    clock.advanceMinutes(1440);
    await runDueJobs({ db, clock, logger }, definitions);
    expect(runs).toBe(2);
    expect(await jobsOf('daily')).toHaveLength(1);
  });

  it('leaves kinds it does not know to the workers that do', async () => {
    const clock = createTestClock();
    await enqueueJob(db, clock, { kind: 'video' });
    expect(await runDueJobs({ db, clock, logger }, [{ kind: 'other', run: async () => {} }])).toBe(0);
    expect(await jobsOf('video')).toHaveLength(1);
  });

  it('the in-process worker runs a job as soon as it is woken and stops cleanly', async () => {
    const clock = createTestClock();
    const done: string[] = [];
    const worker = startJobWorker(
      { db, clock, logger },
      [{ kind: 'wake', run: async (_deps, payload) => void done.push(String(payload.name)) }],
      { pollMs: 60_000 },
    );
    await enqueueJob(db, clock, { kind: 'wake', payload: { name: 'now' } });
    worker.wake();
    await expect.poll(() => done, { timeout: 5000 }).toEqual(['now']);
    await worker.stop();
    await enqueueJob(db, clock, { kind: 'wake', payload: { name: 'after stop' } });
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toEqual(['now']);
  });
});
