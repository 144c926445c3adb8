import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';

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
  return (
    <ConfirmDeleteDialog
      dialogProps={dialogProps}
      title={`Delete ${kind}`}
      message={`Delete the ${kind} “${name}”? It is no longer offered for targeting; campaigns that use it stop receiving it.`}
      onDelete={onDelete}
      onClose={close}
      onDeleted={() => {
        enqueueSnackbar(`${name} deleted`, { variant: 'success' });
        onDeleted?.();
      }}
    />
  );
};
