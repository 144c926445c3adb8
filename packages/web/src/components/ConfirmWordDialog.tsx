import { isConfirmWordTyped } from '@beacon/domain/validation/confirm';
import { confirmWordMessage } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { useStackedDialog } from '../app/dialogs/dialog-stack';

export type ConfirmWordDialogProps = {
  readonly title: string;
  readonly description: ReactNode;
  /** The word the user must type, exactly (§5), e.g. "Stop bidding". */
  readonly word: string;
  readonly confirmLabel: string;
  /** Runs on confirmation; the dialog stays open and shows the error if it fails. */
  readonly onConfirm: () => void | Promise<void>;
  readonly isDestructive?: boolean;
};

/** A confirmation that asks the user to type a given word before a risky action (§5 confirm dialogs). */
export const ConfirmWordDialog = ({
  title,
  description,
  word,
  confirmLabel,
  onConfirm,
  isDestructive = false,
}: ConfirmWordDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [wordError, setWordError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isConfirmWordTyped(word, typed)) {
      setWordError(confirmWordMessage(word));
      return;
    }
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
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div" sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            autoFocus
            label={`Type "${word}" to confirm`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setWordError(undefined);
            }}
            error={wordError !== undefined}
            helperText={wordError ?? ' '}
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
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
