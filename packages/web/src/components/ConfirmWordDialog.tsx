import { isConfirmWordTyped } from '@beacon/domain/validation/confirm';
import { confirmWordMessage } from '@beacon/domain/validation/messages';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useStackedDialog } from '../app/dialogs/dialog-stack';
import { ConfirmDialog } from './ConfirmDialog';

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
  const [typed, setTyped] = useState('');
  const [wordError, setWordError] = useState<string>();

  const isTyped = () => {
    if (isConfirmWordTyped(word, typed)) return true;
    setWordError(confirmWordMessage(word));
    return false;
  };

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      isDestructive={isDestructive}
      canConfirm={isTyped}
      onConfirm={onConfirm}
      onClose={close}
      dialogProps={dialogProps}
    >
      <DialogContentText component="div" sx={{ mb: 2 }}>
        {description}
      </DialogContentText>
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
    </ConfirmDialog>
  );
};
