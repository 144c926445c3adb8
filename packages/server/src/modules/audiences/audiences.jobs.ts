import type { AudienceKpi } from '@beacon/domain/dictionary/audiences';
import { AUDIENCE_IDENTIFIER_RETENTION_MONTHS } from '@beacon/domain/dictionary/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { enqueueJob, type JobDefinition } from '../../lib/jobs';
import { countEventDevices } from '../tracking/tracking.lookups';
import {
  cleanUpAudienceUploads,
  countAudienceIdentifiers,
  deleteIdentifiersAddedBefore,
  findAudienceForCount,
  findLiveInteractionAudiences,
  setAudienceUsersCount,
} from './audiences.repo';

/**
 * The audiences' jobs (decision 019). `audience-count` recounts one audience after its identifiers, KPIs or
 * campaigns changed (its count shows as updating until then); `audience-daily` removes identifiers added more
 * than six months ago (§4) and recounts the audiences that lost some, and every interaction audience (events
 * keep arriving). `audience-uploads-cleanup` deletes, in batches, the identifiers of uploads that failed or of
 * deleted audiences (decision 033); its hourly run also takes uploads left staged by a process that stopped.
 */
export const AUDIENCE_COUNT_JOB = 'audience-count';
export const AUDIENCE_DAILY_JOB = 'audience-daily';
export const AUDIENCE_UPLOADS_CLEANUP_JOB = 'audience-uploads-cleanup';

const DAY_MINUTES = 24 * 60;

/** The tracking event of a conversion KPI; the other KPIs have no events in Beacon yet (decision 019). */
const TRACKED_EVENT_OF_KPI: Partial<Record<AudienceKpi, number>> = {
  on_conversion_1: 1,
  on_conversion_2: 2,
  on_conversion_3: 3,
  on_conversion_4: 4,
  on_conversion_5: 5,
};

export const trackedEventsOf = (kpis: readonly AudienceKpi[]): number[] =>
  kpis.flatMap((kpi) => {
    const event = TRACKED_EVENT_OF_KPI[kpi];
    return event === undefined ? [] : [event];
  });

/** Queues a recount of the audience (one queued recount per audience is enough). */
export const queueAudienceCount = (db: Kysely<Database>, clock: Clock, audienceId: string) =>
  enqueueJob(db, clock, {
    kind: AUDIENCE_COUNT_JOB,
    key: `${AUDIENCE_COUNT_JOB}:${audienceId}`,
    payload: { audience: audienceId },
  });

/** Asks for the identifiers of discarded uploads to be deleted now. */
export const queueAudienceUploadsCleanup = (db: Kysely<Database>, clock: Clock) =>
  enqueueJob(db, clock, { kind: AUDIENCE_UPLOADS_CLEANUP_JOB, key: `${AUDIENCE_UPLOADS_CLEANUP_JOB}:now` });

/** Counts an audience now: identifiers for uploaded ones, distinct devices of its events for interaction. */
export const countAudience = async (
  db: Kysely<Database>,
  clock: Clock,
  audienceId: string,
): Promise<void> => {
  const audience = await findAudienceForCount(db, audienceId);
  if (!audience) return;
  const count =
    audience.type === 'interaction'
      ? await countEventDevices(db, audience.campaign_ids, trackedEventsOf(audience.kpis))
      : await countAudienceIdentifiers(db, audienceId);
  await setAudienceUsersCount(db, audienceId, count, clock.now());
};

/** The first moment identifiers are kept from: six months (§4) before `now`. */
export const identifierRetentionStart = (now: Date): Date => {
  const start = new Date(now.getTime());
  start.setUTCMonth(start.getUTCMonth() - AUDIENCE_IDENTIFIER_RETENTION_MONTHS);
  return start;
};

export const audienceJobs: readonly JobDefinition[] = [
  {
    kind: AUDIENCE_COUNT_JOB,
    run: async ({ db, clock }, payload) => {
      const audienceId = payload.audience;
      if (typeof audienceId !== 'string') throw new Error('audience-count needs an audience id');
      await countAudience(db, clock, audienceId);
    },
  },
  {
    kind: AUDIENCE_DAILY_JOB,
    everyMinutes: DAY_MINUTES,
    leaseMinutes: 60,
    run: async ({ db, clock, logger }) => {
      // In batches, not one transaction: the embedded database's one session stays open to requests.
      const expired = await deleteIdentifiersAddedBefore(db, identifierRetentionStart(clock.now()));
      const interaction = await findLiveInteractionAudiences(db);
      const toCount = new Set([...expired, ...interaction.map((audience) => String(audience.id))]);
      for (const audienceId of toCount) await countAudience(db, clock, audienceId);
      logger.info({ expiredAudiences: expired.length, counted: toCount.size }, 'audience daily sweep done');
    },
  },
  {
    kind: AUDIENCE_UPLOADS_CLEANUP_JOB,
    everyMinutes: 60,
    leaseMinutes: 60,
    run: async ({ db, clock, logger }) => {
      const deleted = await cleanUpAudienceUploads(db, clock.now());
      if (deleted > 0) logger.info({ deleted }, 'identifiers of discarded uploads deleted');
    },
  },
];
