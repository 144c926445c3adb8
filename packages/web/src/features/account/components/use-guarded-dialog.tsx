import { useDialogStack, useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';

/**
 * A stacked dialog with a form: while it is open and changed, navigation is blocked (§2 unsaved-changes flag),
 * and closing it (Escape, the backdrop, Cancel) asks before the changes are lost.
 */
export const useGuardedDialog = (flagId: string, isDirty: boolean, isBusy = false) => {
  const dialog = useStackedDialog();
  const stack = useDialogStack();
  useUnsavedChanges(flagId, dialog.isOpen && isDirty);

  const requestClose = () => {
    if (isBusy) return;
    if (!isDirty) {
      dialog.close();
      return;
    }
    stack.open(
      'discard-changes',
      <DiscardChangesDialog onDiscard={dialog.close} onKeepEditing={() => undefined} />,
    );
  };

  return {
    ...dialog,
    requestClose,
    dialogProps: { ...dialog.dialogProps, onClose: requestClose },
  };
};
