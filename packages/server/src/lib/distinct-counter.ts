/**
 * Counts distinct strings without keeping them (decision 033): each is reduced to a 53-bit hash kept in an
 * open-addressing table of doubles, 16 bytes a value at most. Two different strings share a hash with odds
 * of about 1 in 10,000 among a million, which can only make the count one lower; callers that must not pass
 * a limit recount what they store.
 */
export type DistinctCounter = { add: (value: string) => void; readonly count: number };

/** cyrb53: a fast, well-mixed 53-bit string hash (public domain); 0 is kept for empty slots. */
const hash53 = (value: string): number => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0) || 1;
};

const INITIAL_SLOTS = 1 << 12;

export const createDistinctCounter = (): DistinctCounter => {
  let slots = new Float64Array(INITIAL_SLOTS);
  let count = 0;
  const place = (table: Float64Array, value: number): boolean => {
    const mask = table.length - 1;
    let index = value % table.length;
    for (;;) {
      const held = table[index];
      if (held === value) return false;
      if (held === 0) {
        table[index] = value;
        return true;
      }
      index = (index + 1) & mask;
    }
  };
  return {
    add: (value) => {
      if (!place(slots, hash53(value))) return;
      count += 1;
      // At most half full, so that probes stay short.
      if (count * 2 > slots.length) {
        const grown = new Float64Array(slots.length * 2);
        for (const held of slots) if (held !== 0) place(grown, held);
        slots = grown;
      }
    },
    get count() {
      return count;
    },
  };
};
