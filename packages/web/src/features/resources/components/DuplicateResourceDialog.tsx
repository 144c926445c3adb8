import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { ResourceDialog } from '../../../components/ResourceDialog';
import { checkWith, errorsOfApiError, type FormSchema } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';

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
  const { close } = useStackedDialog();
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
    <ResourceDialog
      title={`Duplicate ${kind} ${sourceName}`}
      onSubmit={submit}
      submitLabel="Duplicate"
      isBusy={isBusy}
      failure={failure}
      dividers={false}
    >
      {description && <DialogContentText>{description}</DialogContentText>}
      <TextField
        autoFocus
        required
        label="Name of the copy"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError !== undefined}
        helperText={nameError}
      />
    </ResourceDialog>
  );
};
