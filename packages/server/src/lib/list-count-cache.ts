/**
 * Remembered list counts (decision 012): a list's total is counted once per change mark of its table and
 * answered again until the mark moves, so that paging and re-sorting a large list do not count it again.
 */
import type { ListDatabase, ListSessions } from './list-database';

/**
 * How long a remembered count lasts on PostgreSQL before it is taken again, in the background (the requests
 * meanwhile answer it). The change mark is what normally retires it; the age only bounds a write that commits
 * while its count is being taken (the mark moves when the write runs). The embedded database runs its
 * statements in turn in one session, so no write can commit during a count there: its remembered counts last
 * until the mark moves, and a long list is not counted again every LIST_COUNT_MAX_AGE_MS, holding up every
 * statement queued behind the count.
 */
export const LIST_COUNT_MAX_AGE_MS = 10_000;
const LIST_COUNT_MAX_ENTRIES = 1_000;

/** A count as of a change mark; pending while it runs, so that requests arriving meanwhile share it. */
type RememberedCount = {
  readonly mark: string;
  readonly total: Promise<number>;
  readonly storedAt: number;
  /** True while the count, having aged, is taken again. */
  refreshing?: boolean;
};

export type CountCache = {
  /** How long `db`'s remembered counts may be answered while its list's change mark stays put. */
  readonly maxAgeOf: (db: ListDatabase) => number;
  /**
   * The total of the count named `key` (its statement and parameters) as of `mark`: remembered, or taken with
   * `count` and remembered. A failed count is forgotten, not answered again; the caller still gets its error.
   */
  readonly total: (
    db: ListDatabase,
    key: string,
    mark: string,
    count: () => Promise<number>,
  ) => Promise<number>;
};

/**
 * Takes an aged remembered count again without making anyone wait for it: its mark has not moved, so the total
 * can only miss a write that committed while it was taken. Requests answer the remembered total until the new
 * one is in; a failed count leaves it in place for the next request to try again.
 */
const countAgain = (
  counts: Map<string, RememberedCount>,
  key: string,
  remembered: RememberedCount,
  count: () => Promise<number>,
  startedAt: number,
): void => {
  remembered.refreshing = true;
  count().then(
    (total) => {
      if (counts.get(key) !== remembered) return;
      counts.delete(key);
      counts.set(key, { mark: remembered.mark, total: Promise.resolve(total), storedAt: startedAt });
    },
    () => {
      remembered.refreshing = false;
    },
  );
};

/** A count cache whose counts last as long as `sessions` says the database allows. */
export const createCountCache = (sessions: ListSessions): CountCache => {
  /** Remembered counts per database handle, so that two apps (two tests) never share one. */
  const countsByDatabase = new WeakMap<object, Map<string, RememberedCount>>();

  const rememberedCountsOf = (db: object): Map<string, RememberedCount> => {
    const existing = countsByDatabase.get(db);
    if (existing) return existing;
    const counts = new Map<string, RememberedCount>();
    countsByDatabase.set(db, counts);
    return counts;
  };

  const maxAgeOf = (db: ListDatabase): number =>
    sessions.runsInOneSession(db) ? Number.POSITIVE_INFINITY : LIST_COUNT_MAX_AGE_MS;

  const total = (
    db: ListDatabase,
    key: string,
    mark: string,
    count: () => Promise<number>,
  ): Promise<number> => {
    const counts = rememberedCountsOf(db);
    const remembered = counts.get(key);
    const now = performance.now();
    if (remembered && remembered.mark === mark) {
      if (now - remembered.storedAt >= maxAgeOf(db) && !remembered.refreshing) {
        countAgain(counts, key, remembered, count, now);
      }
      return remembered.total;
    }
    const counted = count();
    counts.delete(key);
    if (counts.size >= LIST_COUNT_MAX_ENTRIES) {
      const oldest = counts.keys().next().value;
      if (oldest !== undefined) counts.delete(oldest);
    }
    counts.set(key, { mark, total: counted, storedAt: now });
    counted.catch(() => {
      if (counts.get(key)?.total === counted) counts.delete(key);
    });
    return counted;
  };

  return { maxAgeOf, total };
};
