import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { checkWith, errorsOfApiError, type FormSchema } from '../utils/form-errors';

export type DuplicateResourceDialogProps = {
  readonly kind: string;
  readonly sourceName: string;
  readonly defaultName: string;
  /** The duplicate call's body schema (`{ name }`). */
  readonly schema: FormSchema<{ readonly name?: string | undefined }>;
  readonly description?: ReactNode;
  /** Creates the copy; a failure (the §8 deal duplication error…) stays in the dialog. */
  readonly onDuplicate: (name: string) => Promise<{ readonly name: string }>;
};

/** A copy of a resource under a new name ("<name> (copy)" by default). */
export const DuplicateResourceDialog = ({
  kind,
  sourceName,
  defaultName,
  schema,
  description,
  onDuplicate,
}: DuplicateResourceDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [name, setName] = useState(defaultName);
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const check = checkWith(schema, { name });
    if (!check.ok) {
      setNameError(check.errors.name);
      return;
    }
    setNameError(undefined);
    setIsBusy(true);
    try {
      const copy = await onDuplicate(check.value.name ?? name);
      enqueueSnackbar(`${copy.name} created as a copy of ${sourceName}`, { variant: 'success' });
      close();
    } catch (error) {
      const fieldError = errorsOfApiError(error).name;
      setNameError(fieldError);
      if (fieldError === undefined) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          Duplicate {kind} {sourceName}
        </DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {failure}
            </Alert>
          )}
          {description && <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>}
          <TextField
            autoFocus
            required
            label="Name of the copy"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError !== undefined}
            helperText={nameError}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Duplicate
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
