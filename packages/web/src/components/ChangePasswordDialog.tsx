import { SESSION_NOT_FOUND_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { changePassword } from '../api/password';
import { useStackedDialog } from '../app/dialogs/dialog-stack';
import { signIn } from '../app/session/session-actions';
import { useSessionStore } from '../app/session/session-store';
import { requiredError } from '../lib/form-errors';
import { enqueueSnackbar } from '../lib/snackbar';
import { type FormValues, useForm } from '../lib/use-form';
import { NewPasswordFields } from './NewPasswordFields';
import { validateNewPassword } from './new-password';
import { PasswordField } from './PasswordField';

type Field = 'currentPassword' | 'password' | 'confirmation';

const validate = (values: FormValues<Field>) => ({
  currentPassword: requiredError(values.currentPassword),
  ...validateNewPassword(values.password, values.confirmation),
});

/**
 * Change the signed-in user's password (PUT /password with organizationId and userId from the session). The
 * server ends every other session and answers a fresh one, which replaces the stored session.
 */
export const ChangePasswordDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const session = useSessionStore((state) => state.session);
  const { values, errors, failure, isBusy, change, handleSubmit } = useForm<Field>({
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    validate,
  });

  const submit = handleSubmit(
    async ({ currentPassword, password }) => {
      if (!session) return; // the precondition reports it
      signIn(
        await changePassword({
          organizationId: session.organization.id,
          userId: session.user.id,
          currentPassword,
          password,
        }),
      );
      enqueueSnackbar('Your password has been changed', { variant: 'success' });
      close();
    },
    { precondition: () => (session ? undefined : SESSION_NOT_FOUND_MESSAGE) },
  );

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby="change-password-title"
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">Change password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your other sessions will end. This one stays open with the new password.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={1}>
            <PasswordField
              autoFocus
              label="Current password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(event) => change('currentPassword', event.target.value)}
              error={errors.currentPassword !== undefined}
              helperText={errors.currentPassword ?? ' '}
              required
            />
            <NewPasswordFields values={values} errors={errors} onChange={change} confirmationHint=" " />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Change password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
