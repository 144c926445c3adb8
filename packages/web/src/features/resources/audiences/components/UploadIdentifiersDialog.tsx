import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import type { FormEvent } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../../app/unsaved-changes';
import { ResourceDialog } from '../../../../components/ResourceDialog';
import { AUDIENCES_QUERY_KEY, type Audience } from '../api/audience';
import { useIdentifiersUpload } from '../hooks/use-identifiers-upload';
import { IdentifiersFields } from './IdentifiersFields';

/** Adds identifiers to an existing audience (§5: the checkbox, progress, every bad line of a refused file). */
export const UploadIdentifiersDialog = ({ audience }: { readonly audience: Audience }) => {
  const { close } = useStackedDialog();
  const queryClient = useQueryClient();
  const upload = useIdentifiersUpload();
  const isSending = upload.progress !== null;
  useUnsavedChanges(`audience-upload-${audience.id}`, upload.values.file !== null && !isSending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!upload.check()) return;
    const result = await upload.send(audience.id);
    if (!result) return;
    await queryClient.invalidateQueries({ queryKey: AUDIENCES_QUERY_KEY });
    enqueueSnackbar(
      `${result.identifiers.toLocaleString()} identifiers added to ${audience.name}: its users count is updating`,
      { variant: 'success' },
    );
    close();
  };

  return (
    <ResourceDialog
      title={`Upload identifiers to ${audience.name}`}
      onSubmit={submit}
      submitLabel="Upload"
      isBusy={isSending}
      failure={upload.failure}
      maxWidth="md"
    >
      <IdentifiersFields
        values={upload.values}
        onChange={upload.setValues}
        errors={upload.errors}
        rejection={upload.rejection}
        progress={upload.progress}
        disabled={isSending}
      />
    </ResourceDialog>
  );
};
