/**
 * Unsaved-changes flags (§2: navigation is blocked while any is set). A form raises its flag with
 * `useUnsavedChanges(id, isDirty)`; the root layout blocks navigation and asks before discarding.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

type UnsavedChangesState = {
  readonly flags: Readonly<Record<string, true>>;
  readonly setFlag: (id: string, isDirty: boolean) => void;
  readonly clearAll: () => void;
};

export const useUnsavedChangesStore = create<UnsavedChangesState>()((set) => ({
  flags: {},
  setFlag: (id, isDirty) =>
    set((state) => {
      if (isDirty === id in state.flags) return state;
      const flags = { ...state.flags };
      if (isDirty) flags[id] = true;
      else delete flags[id];
      return { flags };
    }),
  clearAll: () => set({ flags: {} }),
}));

export const hasUnsavedChanges = (): boolean =>
  Object.keys(useUnsavedChangesStore.getState().flags).length > 0;

export const useHasUnsavedChanges = (): boolean =>
  useUnsavedChangesStore((state) => Object.keys(state.flags).length > 0);

/** Raises the flag `id` while `isDirty`, and lowers it when the component unmounts. */
export const useUnsavedChanges = (id: string, isDirty: boolean): void => {
  const setFlag = useUnsavedChangesStore((state) => state.setFlag);
  useEffect(() => {
    setFlag(id, isDirty);
  }, [id, isDirty, setFlag]);
  useEffect(() => () => setFlag(id, false), [id, setFlag]);
};
