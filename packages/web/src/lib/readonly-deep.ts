/**
 * A type read-only at every depth: its arrays and the objects in it too. The console's form state built from an
 * answer (a campaign's schedule and targeting, a strategy's location) is replaced, never changed in place; the
 * answer types themselves are the shared schemas' `z.infer`, which are mutable.
 */
export type ReadonlyDeep<T> = T extends (infer E)[]
  ? readonly ReadonlyDeep<E>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
    : T;
