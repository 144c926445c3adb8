import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import {
  type DialogStack,
  DialogStackContext,
  type StackedDialog,
  StackedDialogContext,
} from './dialog-stack';

type Entry = { readonly id: string; readonly element: ReactNode; readonly isOpen: boolean };

const StackedDialogEntry = ({
  entry,
  onClose,
  onRemove,
}: {
  entry: Entry;
  onClose: (id: string) => void;
  onRemove: (id: string) => void;
}) => {
  const { id, isOpen } = entry;
  const value = useMemo<StackedDialog>(
    () => ({
      id,
      isOpen,
      close: () => onClose(id),
      dialogProps: {
        open: isOpen,
        onClose: () => onClose(id),
        slotProps: { transition: { onExited: () => onRemove(id) } },
      },
    }),
    [id, isOpen, onClose, onRemove],
  );
  return <StackedDialogContext.Provider value={value}>{entry.element}</StackedDialogContext.Provider>;
};

/** Holds the open dialogs in order; later ones render later, hence on top. */
export const DialogStackProvider = ({ children }: { children: ReactNode }) => {
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;

  const close = useCallback((id: string) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, isOpen: false } : entry)));
  }, []);

  const remove = useCallback((id: string) => {
    setEntries((current) => current.filter((entry) => entry.id !== id || entry.isOpen));
  }, []);

  const stack = useMemo<DialogStack>(
    () => ({
      open: (id, element) =>
        setEntries((current) =>
          current.some((entry) => entry.id === id)
            ? current.map((entry) => (entry.id === id ? { id, element, isOpen: true } : entry))
            : [...current, { id, element, isOpen: true }],
        ),
      close,
      closeTop: () =>
        setEntries((current) => {
          const top = current.findLast((entry) => entry.isOpen);
          return top
            ? current.map((entry) => (entry === top ? { ...entry, isOpen: false } : entry))
            : current;
        }),
      closeAll: () =>
        setEntries((current) =>
          current.some((entry) => entry.isOpen)
            ? current.map((entry) => (entry.isOpen ? { ...entry, isOpen: false } : entry))
            : current,
        ),
      isOpen: (id) => entriesRef.current.some((entry) => entry.id === id && entry.isOpen),
    }),
    [close],
  );

  return (
    <DialogStackContext.Provider value={stack}>
      {children}
      {entries.map((entry) => (
        <StackedDialogEntry key={entry.id} entry={entry} onClose={close} onRemove={remove} />
      ))}
    </DialogStackContext.Provider>
  );
};
