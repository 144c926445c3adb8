import { PASSWORD_EXPIRED_MESSAGE } from '@beacon/domain/dictionary/error-catalogue';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { changePassword } from '../../api/password';
import { usePageTitle } from '../../app/branding';
import { landingAfterLogin, signIn } from '../../app/session/session-actions';
import { useSessionStore } from '../../app/session/session-store';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { validateNewPassword } from '../../components/new-password';
import { PasswordField } from '../../components/PasswordField';
import { requiredError } from '../../lib/form-errors';
import { type FormValues, useForm } from '../../lib/use-form';
import { readExpiredPasswordState } from './access-state';
import { AccessLayout } from './components/AccessLayout';

type Field = 'currentPassword' | 'password' | 'confirmation';

const validate = (values: FormValues<Field>) => ({
  currentPassword: requiredError(values.currentPassword),
  ...validateNewPassword(values.password, values.confirmation),
});

const BackToLogin = () => (
  <Link component={RouterLink} to="/access/login" sx={{ fontWeight: 600 }}>
    Back to log in
  </Link>
);

/**
 * /access/expired: the password expired at login, which answered a restricted token usable only to change it
 * (PUT /password). A successful change answers a full session and the user goes on as after a login.
 */
export const ExpiredPasswordPage = () => {
  usePageTitle('Password expired');
  const location = useLocation();
  const expired = readExpiredPasswordState(location.state);
  const session = useSessionStore((state) => state.session);
  const { values, errors, failure, isBusy, change, handleSubmit } = useForm<Field>({
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    validate,
  });

  if (session) return <Navigate to={landingAfterLogin(session, expired?.from)} replace />;

  if (!expired?.token || expired.userId === null || expired.organizationId === null) {
    return (
      <AccessLayout title="Password expired" footer={<BackToLogin />}>
        <Stack spacing={3}>
          <Alert severity="warning">{PASSWORD_EXPIRED_MESSAGE}</Alert>
          <Typography color="text.secondary">
            Log in again to choose a new password now, or ask for a link to reset it by email.
          </Typography>
          <Button component={RouterLink} to="/access/remember" variant="contained" size="large">
            Reset my password by email
          </Button>
        </Stack>
      </AccessLayout>
    );
  }

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    signIn(
      await changePassword(
        {
          organizationId: expired.organizationId ?? 0,
          userId: expired.userId ?? 0,
          currentPassword,
          password,
        },
        expired.token ?? undefined,
      ),
    );
  });

  return (
    <AccessLayout
      title="Choose a new password"
      subtitle={
        <>
          The password of <strong>{expired.username}</strong> has expired. Choose a new one to continue.
        </>
      }
      footer={<BackToLogin />}
    >
      <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Choose a new password">
        {/* §8: the server's answer to the login, which this page continues. */}
        {!failure && <Alert severity="warning">{PASSWORD_EXPIRED_MESSAGE}</Alert>}
        {failure && <Alert severity="error">{failure}</Alert>}
        <PasswordField
          autoFocus
          label="Current password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => change('currentPassword', event.target.value)}
          error={errors.currentPassword !== undefined}
          helperText={errors.currentPassword}
          required
        />
        <NewPasswordFields values={values} errors={errors} onChange={change} />
        <Button type="submit" variant="contained" size="large" loading={isBusy} sx={{ py: 1.25 }}>
          Change password and continue
        </Button>
      </Stack>
    </AccessLayout>
  );
};
