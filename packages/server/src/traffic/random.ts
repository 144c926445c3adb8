/**
 * The traffic simulator's seeded randomness (docs/engine.md "Traffic simulator"): the same seed gives the same
 * requests, competitor bids and viewer behaviour, so a run can be replayed. Nothing here reads Math.random.
 */

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One element, in proportion to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A standard normal draw (Box-Muller). */
  normal(): number;
  /** A lognormal draw whose median is `median` and whose log has standard deviation `sigma`. */
  lognormal(median: number, sigma: number): number;
  /** A random (version 4 shaped) UUID, lower case. */
  uuid(): string;
  /** `length` lower-case hex digits. */
  hex(length: number): string;
};

/** sfc32, seeded through splitmix32: fast, 128 bits of state, good enough statistics for a simulation. */
export const createRandom = (seed: number): Random => {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  // Warm up: the first outputs of a fresh sfc32 state are poorly mixed.
  for (let i = 0; i < 12; i += 1) next();

  const hex = (length: number): string => {
    let text = '';
    while (text.length < length) text += Math.floor(next() * 16).toString(16);
    return text;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let target = next() * total;
      for (const [item, weight] of items) {
        target -= weight;
        if (target < 0) return item;
      }
      const last = items[items.length - 1];
      if (last === undefined) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    lognormal: (median, sigma) => median * Math.exp(sigma * random.normal()),
    uuid: () => {
      const variant = '89ab'[Math.floor(next() * 4)] ?? '8';
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
    hex,
  };
  return random;
};
