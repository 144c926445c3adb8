import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

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
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      onClose={close}
      dialogProps={dialogProps}
    >
      <DialogContentText component="div">{message}</DialogContentText>
    </ConfirmDialog>
  );
};
