import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { type NewPasswordField, validateNewPassword } from '../../components/new-password';
import { type FormValues, useForm } from '../../lib/use-form';
import type { LoginNoticeState } from './access-state';
import { checkResetLink, resetPassword } from './api/reset-password';
import { AccessLayout } from './components/AccessLayout';

const validate = ({ password, confirmation }: FormValues<NewPasswordField>) =>
  validateNewPassword(password, confirmation);

/**
 * /access/reset?token=: choose a new password with the emailed link (POST /password/reset), then log in with it;
 * the login page confirms the change.
 */
export const ResetPasswordPage = () => {
  usePageTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token')?.trim() ?? '';
  const { values, errors, failure, isBusy, change, handleSubmit } = useForm<NewPasswordField>({
    initialValues: { password: '', confirmation: '' },
    validate,
  });

  // The link is checked as the page opens: a used or expired one says so at once, before a password is typed.
  const link = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const submit = handleSubmit(async ({ password, confirmation }) => {
    const { message } = await resetPassword({ token, password, confirmation });
    navigate('/access/login', { replace: true, state: { notice: message } satisfies LoginNoticeState });
  });

  const footer = (
    <Link component={RouterLink} to="/access/login" sx={{ fontWeight: 600 }}>
      Back to log in
    </Link>
  );

  const unusable =
    token === ''
      ? 'This link is incomplete. Open the link of the email again, or ask for a new one.'
      : link.isError
        ? errorMessage(link.error)
        : undefined;
  if (unusable !== undefined) {
    return (
      <AccessLayout title="Choose a new password" footer={footer}>
        <Stack spacing={3}>
          <Alert severity="warning">{unusable}</Alert>
          <Button component={RouterLink} to="/access/remember" variant="contained" size="large">
            Send me a new link
          </Button>
        </Stack>
      </AccessLayout>
    );
  }

  if (link.isPending) {
    return (
      <AccessLayout title="Choose a new password" footer={footer}>
        <LinearProgress aria-label="Checking the link" />
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
        <NewPasswordFields autoFocus values={values} errors={errors} onChange={change} />
        <Button type="submit" variant="contained" size="large" loading={isBusy} sx={{ py: 1.25 }}>
          Change password
        </Button>
      </Stack>
    </AccessLayout>
  );
};
