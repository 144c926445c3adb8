import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../api/api-error';

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
  dialogProps = { open: true },
}: ConfirmDeleteDialogProps) => {
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const confirm = async () => {
    setIsBusy(true);
    setFailure(undefined);
    try {
      await onDelete();
      onClose();
      onDeleted?.();
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
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={isBusy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
};
