import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { duplicateOrganization } from '../api/duplicate-organization';
import { ORGANIZATIONS_QUERY_KEY, type Organization } from '../api/organization';
import { checkDuplicateForm, type DuplicateFormValues, duplicateFormOf } from '../utils/duplicate-form';
import { errorsOfDetails, type FormErrors } from '../utils/organization-form';
import { MainUserFields } from './form-fields';

export type DuplicateOrganizationDialogProps = { readonly source: Organization };

/**
 * The duplicate organization dialog (§2): a new organization with the settings of `source` under a new
 * name. Users are never copied; a new main user can be created with it.
 */
export const DuplicateOrganizationDialog = ({ source }: DuplicateOrganizationDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [initial] = useState(() => duplicateFormOf(source.name));
  const [values, setValues] = useState<DuplicateFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  useUnsavedChanges(
    `duplicate-organization-${source.id}`,
    !isDone && JSON.stringify(values) !== JSON.stringify(initial),
  );

  const change = (next: DuplicateFormValues) => {
    setValues(next);
    if (isSubmitted) {
      const result = checkDuplicateForm(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const result = checkDuplicateForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      const copy = await duplicateOrganization(source.id, result.body);
      setIsDone(true);
      await queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_QUERY_KEY });
      enqueueSnackbar(`${copy.name} created as a copy of ${source.name}`, { variant: 'success' });
      close();
    } catch (error) {
      const fieldErrors = isApiError(error) ? errorsOfDetails(error.details) : {};
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
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
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        // The fields scroll between the title and the actions, which stay in view.
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>Duplicate {source.name}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            The copy gets the settings of {source.name}: invoicing, limits, services, contacts and
            classification. Its users are not copied.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2.5}>
            <TextField
              autoFocus
              fullWidth
              required
              label="Name of the copy"
              value={values.name}
              onChange={(event) => change({ ...values, name: event.target.value })}
              error={errors.name !== undefined}
              helperText={errors.name}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.hasMainUser}
                  onChange={(event) => change({ ...values, hasMainUser: event.target.checked })}
                />
              }
              label="Create a main user for the copy"
            />
            {values.hasMainUser && (
              <MainUserFields
                values={values.main_user}
                errors={errors}
                onChange={(changes) => change({ ...values, main_user: { ...values.main_user, ...changes } })}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
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
