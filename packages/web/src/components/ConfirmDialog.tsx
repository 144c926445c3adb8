import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../api/api-error';

export type ConfirmDialogProps = {
  readonly title: string;
  /** What the action does, and any field it asks for first. */
  readonly children: ReactNode;
  readonly confirmLabel: string;
  /** The action button in the error colour (a deletion, stopping bidding). */
  readonly isDestructive?: boolean;
  /** Checked before the action runs (a typed word): false keeps the dialog open, the reason shown by the caller. */
  readonly canConfirm?: () => boolean;
  /** Runs on confirmation; the dialog stays open with the server's message when it fails. */
  readonly onConfirm: () => void | Promise<void>;
  /** Closes the dialog: Cancel, Escape, and once the action succeeded (before `onDone`). */
  readonly onClose: () => void;
  readonly onDone?: () => void;
  /** A stacked dialog's open state and transition (dialog-stack.ts); without it the dialog is open. */
  readonly dialogProps?: Pick<DialogProps, 'open' | 'slotProps'>;
};

/**
 * The skeleton of every confirmation (§5 confirm dialogs): the title, the server's message when the action
 * failed, what it does, then Cancel or the action, busy while it runs. ConfirmDeleteDialog, ConfirmWordDialog
 * and the back office's ConfirmActionDialog fill it in.
 */
export const ConfirmDialog = ({
  title,
  children,
  confirmLabel,
  isDestructive = false,
  canConfirm,
  onConfirm,
  onClose,
  onDone,
  dialogProps = { open: true },
}: ConfirmDialogProps) => {
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm && !canConfirm()) return;
    setIsBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
      onClose();
      onDone?.();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={isDestructive ? 'error' : 'primary'}
            loading={isBusy}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
