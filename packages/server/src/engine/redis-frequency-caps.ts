/**
 * Frequency caps counted in Redis for N processes (docs/engine.md "Several processes", decision 052). A user's
 * counts are one hash (`fc:{user}`, shared-store.ts): per cap scope its lifetime count, its counts per UTC hour
 * of the last KEPT_HOURS and its bids out. A bidder reads the hashes of a request's possible users once before
 * judging it (`load`), and reserves a winning bid's place under its caps with one atomic script
 * (`reserveChecked`), so that two processes bidding for the same user at once cannot together pass a cap. The
 * event processes count impressions in batches every IMPRESSION_FLUSH_MS.
 */
import type { Redis } from 'ioredis';
import {
  type CapCheck,
  type CapPeriod,
  type CapTicket,
  capScopesOf,
  type FrequencyCapStore,
  PENDING_MS,
  type SharedCapStore,
} from './frequency-caps';
import { localDayStart } from './local-day';
import { COUNT_CAP_IMPRESSION_LUA, KEY_PREFIX, RESERVE_CAP_LUA, RedisScript } from './shared-store';

const HOUR_MS = 3_600_000;
/** Hours kept per user: a local day is at most 25 hours long, plus the one it started in. */
const KEPT_HOURS = 26;
/** A user's hash lives this long after the last count (a lifetime cap holds for users seen within it). */
export const CAP_USER_TTL_SECONDS = 30 * 86_400;
/** How often buffered impressions are counted. */
export const IMPRESSION_FLUSH_MS = 100;
/**
 * Impressions held while Redis cannot be reached: past this the intake refuses new events (503), and past twice
 * this (impressions already accepted meanwhile) the oldest are dropped and logged.
 */
const MAX_BUFFERED_IMPRESSIONS = 100_000;

const RESERVE = new RedisScript(RESERVE_CAP_LUA);
const COUNT_IMPRESSION = new RedisScript(COUNT_CAP_IMPRESSION_LUA);

export const capUserKey = (user: string): string => `${KEY_PREFIX}fc:${user}`;

/** The start of a cap's window at `at` (epoch ms): its UTC hour, its local day's first hour, or 0 (lifetime). */
export const windowStartOf = (period: CapPeriod, timeZone: string, at: Date): number => {
  if (period === 'lifetime') return 0;
  if (period === 'hour') return Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
  return localDayStart(at, timeZone).start.getTime();
};

type UserScopeCounts = { lifetime: number; hours: Map<number, number>; pending: number };

/** The counts of a few users as read from their hashes: the store one request is judged with. */
class SnapshotCapStore implements FrequencyCapStore {
  readonly #counts: Map<string, UserScopeCounts>;

  constructor(counts: Map<string, UserScopeCounts>) {
    this.#counts = counts;
  }

  reserve = (): void => {};
  recordImpression = (): void => {};

  count = (scope: string, user: string, period: CapPeriod, timeZone: string, at: Date): number => {
    const entry = this.#counts.get(`${scope}|${user}`);
    if (entry === undefined) return 0;
    if (period === 'lifetime') return entry.lifetime + entry.pending;
    const from = windowStartOf(period, timeZone, at);
    const now = at.getTime();
    let total = 0;
    for (const [hour, count] of entry.hours) if (hour >= from && hour <= now) total += count;
    return total + entry.pending;
  };
}

/** A user's hash as counts per scope: `{scope}|l`, `{scope}|h{hour}`, `{scope}|p{auction}` (expiry). */
export const parseCapHash = (
  user: string,
  hash: Record<string, string>,
  now: number,
  into = new Map<string, UserScopeCounts>(),
) => {
  for (const [name, value] of Object.entries(hash)) {
    const bar = name.indexOf('|');
    if (bar <= 0) continue;
    const key = `${name.slice(0, bar)}|${user}`;
    let entry = into.get(key);
    if (entry === undefined) {
      entry = { lifetime: 0, hours: new Map(), pending: 0 };
      into.set(key, entry);
    }
    const kind = name[bar + 1];
    if (kind === 'l') entry.lifetime = Number(value);
    else if (kind === 'h') entry.hours.set(Number(name.slice(bar + 2)), Number(value));
    else if (kind === 'p' && Number(value) > now) entry.pending += 1;
  }
  return into;
};

export type RedisFrequencyCapOptions = {
  readonly redis: Redis;
  readonly onError?: (error: unknown) => void;
  /** How often buffered impressions are counted (ms); 0: only when `flush` is called (tests). */
  readonly flushMs?: number;
};

export class RedisFrequencyCapStore implements FrequencyCapStore {
  readonly #redis: Redis;
  readonly #onError: ((error: unknown) => void) | undefined;
  #buffered: { ticket: CapTicket; at: Date }[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | null = null;

  constructor(options: RedisFrequencyCapOptions) {
    this.#redis = options.redis;
    this.#onError = options.onError;
    const flushMs = options.flushMs ?? IMPRESSION_FLUSH_MS;
    if (flushMs > 0) {
      this.#timer = setInterval(() => {
        void this.flush().catch((error: unknown) => this.#onError?.(error));
      }, flushMs);
      this.#timer.unref();
    }
  }

  /** Reservations go through `shared.reserveChecked` (atomic); a plain one has nothing to hold here. */
  reserve = (): void => {};

  /** Counts never read from this store itself: the bidder judges with a snapshot (`shared.load`). */
  count = (): number => 0;

  recordImpression = (ticket: CapTicket, at: Date): void => {
    if (capScopesOf(ticket).length === 0) return;
    this.#buffered.push({ ticket, at });
    if (this.#buffered.length > 2 * MAX_BUFFERED_IMPRESSIONS) {
      this.#buffered.shift();
      this.#onError?.(
        new Error('frequency caps: Redis is unreachable; the oldest buffered impression is dropped'),
      );
    }
  };

  isOverloaded = (): boolean => this.#buffered.length >= MAX_BUFFERED_IMPRESSIONS;

  /** How many impressions wait to be counted. */
  get buffered(): number {
    return this.#buffered.length;
  }

  /** Counts the buffered impressions (one script run each, pipelined); what fails stays buffered. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flushOnce().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #flushOnce(): Promise<void> {
    const batch = this.#buffered;
    if (batch.length === 0) return;
    this.#buffered = [];
    try {
      // Grouped per user, so that an impression's scopes are counted together.
      await Promise.all(
        batch.flatMap(({ ticket, at }) => {
          const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
          const byUser = new Map<string, string[]>();
          for (const { scope, user } of capScopesOf(ticket))
            byUser.set(user, [...(byUser.get(user) ?? []), scope]);
          return [...byUser].map(([user, scopes]) =>
            COUNT_IMPRESSION.run(
              this.#redis,
              [capUserKey(user)],
              [
                hour,
                hour - (KEPT_HOURS - 1) * HOUR_MS,
                ticket.auctionId ?? '',
                CAP_USER_TTL_SECONDS,
                ...scopes,
              ],
            ),
          );
        }),
      );
    } catch (error) {
      // Counted twice is worse than late: only the impressions of a failed batch are retried, and a script run
      // that succeeded in it is retried too (its user is then counted once more: the cap errs on the safe side).
      this.#buffered = batch.concat(this.#buffered);
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush().catch((error: unknown) => this.#onError?.(error));
  }

  readonly shared: SharedCapStore = {
    load: async (users, at) => {
      if (users.length === 0) return new SnapshotCapStore(new Map());
      const pipeline = this.#redis.pipeline();
      for (const user of users) pipeline.hgetall(capUserKey(user));
      const answers = (await pipeline.exec()) ?? [];
      const counts = new Map<string, UserScopeCounts>();
      const now = at.getTime();
      answers.forEach(([error, hash], i) => {
        if (error) throw error;
        parseCapHash(users[i] as string, (hash ?? {}) as Record<string, string>, now, counts);
      });
      return new SnapshotCapStore(counts);
    },
    reserveChecked: async (auctionId, caps, at) => {
      const byUser = new Map<string, CapCheck[]>();
      for (const cap of caps) byUser.set(cap.user, [...(byUser.get(cap.user) ?? []), cap]);
      const now = at.getTime();
      const reserved: { user: string; scopes: string[] }[] = [];
      for (const [user, checks] of byUser) {
        const args: (string | number)[] = [now, now + PENDING_MS, auctionId, CAP_USER_TTL_SECONDS];
        for (const check of checks) {
          args.push(check.scope, windowStartOf(check.period, check.timeZone, at), check.impressions);
        }
        const isReserved = (await RESERVE.run(this.#redis, [capUserKey(user)], args)) === 1;
        if (!isReserved) {
          // Another user's part of this bid was reserved already: give it back.
          for (const done of reserved) {
            await this.#redis.hdel(
              capUserKey(done.user),
              ...done.scopes.map((scope) => `${scope}|p${auctionId}`),
            );
          }
          return false;
        }
        reserved.push({ user, scopes: checks.map((check) => check.scope) });
      }
      return true;
    },
  };
}
