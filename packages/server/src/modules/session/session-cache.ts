import type { ActiveSessionRow } from './session.repo';

/**
 * Remembers resolved sessions for a moment so that an authenticated request usually costs no database query
 * (on the embedded database a query blocks the event loop). Revocations in this process clear it at once;
 * another process behind the same load balancer sees a revocation within `ttlMs` (SESSION_CACHE_SECONDS).
 */
export type SessionCache = {
  get: (tokenHash: string) => ActiveSessionRow | undefined;
  set: (tokenHash: string, row: ActiveSessionRow) => void;
  clear: () => void;
};

const MAX_ENTRIES = 10_000;

export const createSessionCache = (ttlMs: number): SessionCache => {
  const entries = new Map<string, { row: ActiveSessionRow; storedAt: number }>();
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
    set: (tokenHash, row) => {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { row, storedAt: performance.now() });
    },
    clear: () => entries.clear(),
  };
};
