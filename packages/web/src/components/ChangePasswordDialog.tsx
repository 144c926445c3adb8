import { SESSION_NOT_FOUND_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import { ZPassword } from '@beacon/domain/validation/account';
import { firstErrorMessage } from '@beacon/domain/validation/generic';
import { PASSWORD_RULE_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '../api/api-error';
import { changePassword } from '../api/password';
import { useStackedDialog } from '../app/dialogs/dialog-stack';
import { signIn } from '../app/session/session-actions';
import { useSessionStore } from '../app/session/session-store';
import {
  confirmationError,
  detailErrors,
  type FieldErrors,
  hasErrors,
  requiredError,
} from '../lib/form-errors';
import { PasswordField } from './PasswordField';

type Field = 'currentPassword' | 'password' | 'confirmation';
type Values = Record<Field, string>;

const FIELDS: readonly Field[] = ['currentPassword', 'password', 'confirmation'];

const validate = (values: Values): FieldErrors<Field> => ({
  currentPassword: requiredError(values.currentPassword),
  password: firstErrorMessage(ZPassword, values.password),
  confirmation: confirmationError(values.password, values.confirmation),
});

/**
 * Change the signed-in user's password (PUT /password with organizationId and userId from the session). The
 * server ends every other session and answers a fresh one, which replaces the stored session.
 */
export const ChangePasswordDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const session = useSessionStore((state) => state.session);
  const [values, setValues] = useState<Values>({ currentPassword: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(validate(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) return;
    if (!session) {
      setFailure(SESSION_NOT_FOUND_MESSAGE);
      return;
    }
    setIsBusy(true);
    try {
      const fresh = await changePassword({
        organizationId: session.organization.id,
        userId: session.user.id,
        currentPassword: values.currentPassword,
        password: values.password,
      });
      signIn(fresh);
      enqueueSnackbar('Your password has been changed', { variant: 'success' });
      close();
    } catch (error) {
      const fieldErrors = isApiError(error) ? detailErrors(error.details, FIELDS) : {};
      setErrors(fieldErrors);
      if (!hasErrors(fieldErrors)) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

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
            <PasswordField
              label="New password"
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
              error={errors.password !== undefined}
              helperText={errors.password ?? PASSWORD_RULE_MESSAGE}
              required
            />
            <PasswordField
              label="Confirm the new password"
              autoComplete="new-password"
              value={values.confirmation}
              onChange={(event) => change('confirmation', event.target.value)}
              error={errors.confirmation !== undefined}
              helperText={errors.confirmation ?? ' '}
              required
            />
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
