/**
 * A small read-through cache for the event intake's only database reads (a creative's click URL, a campaign's
 * fee): each value is read once per `maxAgeMs` and shared by the requests waiting for it; a failed read is
 * forgotten so that the next request tries again. At most `maxEntries` values are kept (oldest out first).
 */
import type { Clock } from '../../lib/clock';

export type LookupCache<V> = {
  readonly get: (key: string) => Promise<V>;
  readonly clear: () => void;
};

export const createLookupCache = <V>(
  load: (key: string) => Promise<V>,
  { clock, maxAgeMs, maxEntries }: { clock: Clock; maxAgeMs: number; maxEntries: number },
): LookupCache<V> => {
  const entries = new Map<string, { value: Promise<V>; storedAt: number }>();
  return {
    get: (key) => {
      const now = clock.now().getTime();
      const entry = entries.get(key);
      if (entry && now - entry.storedAt < maxAgeMs) return entry.value;
      const value = load(key);
      entries.delete(key);
      entries.set(key, { value, storedAt: now });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
};
