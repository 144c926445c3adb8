import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId } from 'react';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../../app/unsaved-changes';
import { AUDIENCES_QUERY_KEY, type Audience } from '../api/audience';
import { useIdentifiersUpload } from '../hooks/use-identifiers-upload';
import { IdentifiersFields } from './IdentifiersFields';

/** Adds identifiers to an existing audience (§5: the checkbox, progress, every bad line of a refused file). */
export const UploadIdentifiersDialog = ({ audience }: { readonly audience: Audience }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
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
    <Dialog
      {...dialogProps}
      onClose={isSending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{`Upload identifiers to ${audience.name}`}</DialogTitle>
        <DialogContent dividers>
          {upload.failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {upload.failure}
            </Alert>
          )}
          <IdentifiersFields
            values={upload.values}
            onChange={upload.setValues}
            errors={upload.errors}
            rejection={upload.rejection}
            progress={upload.progress}
            disabled={isSending}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSending}>
            Upload
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
