import { ZPassword } from '@beacon/domain/validation/account';
import { firstErrorMessage } from '@beacon/domain/validation/generic';
import { PASSWORD_RULE_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { PasswordField } from '../../components/PasswordField';
import { confirmationError, detailErrors, type FieldErrors, hasErrors } from '../../lib/form-errors';
import type { LoginNoticeState } from './access-state';
import { resetPassword } from './api/reset-password';
import { AccessLayout } from './components/AccessLayout';

type Field = 'password' | 'confirmation';
const FIELDS: readonly Field[] = ['password', 'confirmation'];

const validate = (values: Record<Field, string>): FieldErrors<Field> => ({
  password: firstErrorMessage(ZPassword, values.password),
  confirmation: confirmationError(values.password, values.confirmation),
});

/**
 * /access/reset?token=: choose a new password with the emailed link (POST /password/reset), then log in with it;
 * the login page confirms the change.
 */
export const ResetPasswordPage = () => {
  usePageTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token')?.trim() ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
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
    setIsBusy(true);
    try {
      const { message } = await resetPassword({ token, ...values });
      navigate('/access/login', { replace: true, state: { notice: message } satisfies LoginNoticeState });
    } catch (error) {
      const fieldErrors = isApiError(error) ? detailErrors(error.details, FIELDS) : {};
      setErrors(fieldErrors);
      if (!hasErrors(fieldErrors)) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const footer = (
    <Link component={RouterLink} to="/access/login" sx={{ fontWeight: 600 }}>
      Back to log in
    </Link>
  );

  if (token === '') {
    return (
      <AccessLayout title="Choose a new password" footer={footer}>
        <Stack spacing={3}>
          <Alert severity="warning">
            This link is incomplete. Open the link of the email again, or ask for a new one.
          </Alert>
          <Button component={RouterLink} to="/access/remember" variant="contained" size="large">
            Send me a new link
          </Button>
        </Stack>
      </AccessLayout>
    );
  }

  return (
    <AccessLayout
      title="Choose a new password"
      subtitle="Your new password replaces the old one everywhere: every open session ends."
      footer={footer}
    >
      <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Choose a new password">
        {failure && (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/access/remember" color="inherit" size="small">
                New link
              </Button>
            }
          >
            {failure}
          </Alert>
        )}
        <PasswordField
          autoFocus
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
          helperText={errors.confirmation}
          required
        />
        <Button type="submit" variant="contained" size="large" loading={isBusy} sx={{ py: 1.25 }}>
          Change password
        </Button>
      </Stack>
    </AccessLayout>
  );
};
