/**
 * The values of a dialog's form over the row it read, and a stale version's Reload (409 `STALE_VERSION`,
 * docs/decisions/039-one-shape-for-resources.md): the row read again brings the other user's changes, the
 * fields this user changed keep what was typed, and the next save goes at the newer version.
 */
import { useState } from 'react';

const isSame = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `fresh`, but for the fields of `values` that differ from `opened` (what this user typed since). */
export const keepTyped = <V extends object>(values: V, opened: V, fresh: V): V => ({
  ...fresh,
  ...Object.fromEntries(
    Object.entries(values).filter(([field, value]) => !isSame(value, Reflect.get(opened, field))),
  ),
});

export type ReloadableForm<R, V> = {
  /** The row as last read (null while creating one). */
  readonly row: R;
  /** The values the form opened with, or was reloaded to: "changed" is measured from them. */
  readonly initial: V;
  readonly values: V;
  readonly setValues: (values: V) => void;
  /** Puts the form on a newer version of the row, keeping what was typed. */
  readonly rebase: (fresh: R) => void;
};

export const useReloadableForm = <R, V extends object>(
  row: R,
  formOf: (row: R) => V,
): ReloadableForm<R, V> => {
  const [state, setState] = useState(() => {
    const initial = formOf(row);
    return { row, initial, values: initial };
  });
  return {
    ...state,
    setValues: (values) => setState((current) => ({ ...current, values })),
    rebase: (fresh) =>
      setState((current) => {
        const initial = formOf(fresh);
        return { row: fresh, initial, values: keepTyped(current.values, current.initial, initial) };
      }),
  };
};
