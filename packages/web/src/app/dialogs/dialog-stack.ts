/**
 * The dialog stack of §2: dialogs open on top of each other and close by id or from the top. Any component
 * opens one with `useDialogStack().open(id, element)`; the dialog itself reads its own open state and
 * close function with `useStackedDialog()`, so that it can play its closing transition before it is removed.
 */
import type { DialogProps } from '@mui/material/Dialog';
import { createContext, type ReactNode, useContext } from 'react';

export type DialogStack = {
  /** Opens `element` on top; an id already open is replaced where it stands. */
  readonly open: (id: string, element: ReactNode) => void;
  readonly close: (id: string) => void;
  readonly closeTop: () => void;
  /** Closes every open dialog (the session that opened them ended). */
  readonly closeAll: () => void;
  readonly isOpen: (id: string) => boolean;
};

export const DialogStackContext = createContext<DialogStack | null>(null);

export type StackedDialog = {
  readonly id: string;
  readonly isOpen: boolean;
  readonly close: () => void;
  /** Spread on MUI's Dialog: open state, close on Escape or backdrop, removal after the exit transition. */
  readonly dialogProps: Pick<DialogProps, 'open' | 'onClose'> & {
    readonly slotProps: { readonly transition: { readonly onExited: () => void } };
  };
};

export const StackedDialogContext = createContext<StackedDialog | null>(null);

export const useDialogStack = (): DialogStack => {
  const stack = useContext(DialogStackContext);
  if (!stack) throw new Error('useDialogStack must be used inside DialogStackProvider');
  return stack;
};

export const useStackedDialog = (): StackedDialog => {
  const dialog = useContext(StackedDialogContext);
  if (!dialog) throw new Error('useStackedDialog must be used by a dialog opened with useDialogStack().open');
  return dialog;
};
