import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';

export type ConfirmActionDialogProps = {
  readonly title: string;
  readonly message: ReactNode;
  readonly confirmLabel: string;
  /** Runs on confirmation; the dialog stays open with the server's message when it fails. */
  readonly onConfirm: () => Promise<void>;
};

/** A plain confirmation of a back-office action (rotate a token, start bidding): Cancel or the action. */
export const ConfirmActionDialog = ({
  title,
  message,
  confirmLabel,
  onConfirm,
}: ConfirmActionDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const confirm = async () => {
    setIsBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
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
        <DialogContentText component="div">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isBusy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={isBusy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
