import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { type NewPasswordField, validateNewPassword } from '../../../components/new-password';
import { type FieldErrors, hasErrors } from '../../../lib/form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { type AccountUser, setUserPassword } from '../api/users';
import { useGuardedDialog } from '../components/use-guarded-dialog';
import { serverFieldErrors } from '../form';

const EMPTY = { password: '', confirmation: '' };

/**
 * The password update of §7 (organizationId, userId, password): a user who manages users gives another user a
 * new password, for example one who lost it. PUT /organization/{id}/user/{userId}/password.
 */
export const SetPasswordDialog = ({ user }: { readonly user: AccountUser }) => {
  const id = useId();
  const [values, setValues] = useState<Record<NewPasswordField, string>>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<NewPasswordField>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const isDirty = values.password !== '' || values.confirmation !== '';
  const { dialogProps, close, requestClose } = useGuardedDialog(`set-password-${user.id}`, isDirty, isBusy);

  const change = (field: NewPasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(validateNewPassword(next.password, next.confirmation));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const found = validateNewPassword(values.password, values.confirmation);
    setErrors(found);
    if (hasErrors(found)) return;
    setIsBusy(true);
    try {
      await setUserPassword(user.organization.id, user.id, values.password);
      enqueueSnackbar(`${user.name} has a new password`, { variant: 'success' });
      close();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['password', 'confirmation'] as const);
      setErrors(fieldErrors);
      if (!hasErrors(fieldErrors)) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog {...dialogProps} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>Set the password of {user.name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {user.name} logs in with this password from now on. Share it with {user.name} in a safe way.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={1}>
            <NewPasswordFields
              values={values}
              errors={errors}
              onChange={change}
              autoFocus
              confirmationHint=" "
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={requestClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Set password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
