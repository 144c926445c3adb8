import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useStackedDialog } from '../app/dialogs/dialog-stack';

export type DiscardChangesDialogProps = {
  readonly onDiscard: () => void;
  readonly onKeepEditing: () => void;
};

/** Asked before leaving a page with unsaved changes (§2). Escape or the backdrop keep editing. */
export const DiscardChangesDialog = ({ onDiscard, onKeepEditing }: DiscardChangesDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const keepEditing = () => {
    onKeepEditing();
    close();
  };
  return (
    <Dialog
      {...dialogProps}
      onClose={keepEditing}
      aria-labelledby="discard-changes-title"
      aria-describedby="discard-changes-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="discard-changes-title">Discard unsaved changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-changes-text">
          You have changes that are not saved yet. If you leave this page now, they will be lost.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={keepEditing} autoFocus>
          Keep editing
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            onDiscard();
            close();
          }}
        >
          Discard changes
        </Button>
      </DialogActions>
    </Dialog>
  );
};
