import type { DialogProps } from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export type ConfirmDeleteDialogProps = {
  readonly title: string;
  /** What deleting does, in a sentence or two. */
  readonly message: ReactNode;
  /** Deletes; the dialog stays open with the server's message when it fails. */
  readonly onDelete: () => Promise<void>;
  /** Closes the dialog: Cancel, Escape, and once the deletion succeeded (before `onDeleted`). */
  readonly onClose: () => void;
  readonly onDeleted?: () => void;
  /** A stacked dialog's open state and transition (dialog-stack.ts); without it the dialog is open. */
  readonly dialogProps?: Pick<DialogProps, 'open' | 'slotProps'>;
};

/**
 * The one confirmation before a deletion (a resource, a saved view…): Cancel or Delete, busy while it runs,
 * the server's message when it fails.
 */
export const ConfirmDeleteDialog = ({
  title,
  message,
  onDelete,
  onClose,
  onDeleted,
  dialogProps,
}: ConfirmDeleteDialogProps) => (
  <ConfirmDialog
    title={title}
    confirmLabel="Delete"
    isDestructive
    onConfirm={onDelete}
    onClose={onClose}
    onDone={onDeleted}
    dialogProps={dialogProps}
  >
    <DialogContentText>{message}</DialogContentText>
  </ConfirmDialog>
);
