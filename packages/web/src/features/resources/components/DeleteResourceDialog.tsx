import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';

export type DeleteResourceDialogProps = {
  /** "geolist", "deal", "location audience". */
  readonly kind: string;
  readonly name: string;
  /** Deletes at the version read; the dialog stays open with the server's message when it fails. */
  readonly onDelete: () => Promise<void>;
  readonly onDeleted?: () => void;
};

/** Confirms the deletion of a resource (its state becomes deleted; it is kept with its history). */
export const DeleteResourceDialog = ({ kind, name, onDelete, onDeleted }: DeleteResourceDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const confirm = async () => {
    setIsBusy(true);
    setFailure(undefined);
    try {
      await onDelete();
      enqueueSnackbar(`${name} deleted`, { variant: 'success' });
      close();
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
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Delete {kind}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>
          Delete the {kind} “{name}”? It is no longer offered for targeting; campaigns that use it stop
          receiving it.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isBusy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={isBusy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
};
