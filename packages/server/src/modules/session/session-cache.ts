import type { ActiveSessionRow } from './session.repo';

/**
 * Remembers resolved sessions for a moment so that an authenticated request usually costs no database query
 * (on the embedded database a query waits its turn in the database's thread). Revocations in this process
 * clear it at once; another process behind the same load balancer sees a revocation within `ttlMs`
 * (SESSION_CACHE_SECONDS). Requests that miss the same token at the same time share one lookup: when an entry
 * expires under load, every request in flight for that token would otherwise ask the database together.
 */
export type SessionCache = {
  get: (tokenHash: string) => ActiveSessionRow | undefined;
  /**
   * The session `lookUp` finds (null: none), remembered when found. A lookup of `tokenHash` already under way
   * is shared instead of starting another; one that a `clear` overtook is answered but not remembered.
   */
  load: (
    tokenHash: string,
    lookUp: () => Promise<ActiveSessionRow | null>,
  ) => Promise<ActiveSessionRow | null>;
  clear: () => void;
};

const MAX_ENTRIES = 10_000;

export const createSessionCache = (ttlMs: number): SessionCache => {
  const entries = new Map<string, { row: ActiveSessionRow; storedAt: number }>();
  const lookups = new Map<string, Promise<ActiveSessionRow | null>>();
  /** Moves on every clear, so that a lookup started before a revocation does not store what it found. */
  let generation = 0;

  const remember = (tokenHash: string, row: ActiveSessionRow) => {
    if (ttlMs <= 0) return;
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(tokenHash, { row, storedAt: performance.now() });
  };

  return {
    get: (tokenHash) => {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (performance.now() - entry.storedAt >= ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.row;
    },
    load: (tokenHash, lookUp) => {
      const running = lookups.get(tokenHash);
      if (running) return running;
      const startedIn = generation;
      const lookup = lookUp()
        .then((row) => {
          if (row && startedIn === generation) remember(tokenHash, row);
          return row;
        })
        .finally(() => {
          if (lookups.get(tokenHash) === lookup) lookups.delete(tokenHash);
        });
      lookups.set(tokenHash, lookup);
      return lookup;
    },
    clear: () => {
      generation += 1;
      entries.clear();
      lookups.clear();
    },
  };
};
