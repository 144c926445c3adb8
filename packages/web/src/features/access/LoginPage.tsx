import { API_ERROR_CODES } from '@beacon/domain/api/error-codes';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { login } from '../../api/session';
import { usePageTitle } from '../../app/branding';
import { landingAfterLogin, signIn } from '../../app/session/session-actions';
import { useSessionStore } from '../../app/session/session-store';
import { PasswordField } from '../../components/PasswordField';
import { TextInput } from '../../components/TextInput';
import { type ExpiredPasswordState, readLoginNotice } from './access-state';
import { AccessLayout } from './components/AccessLayout';

type Field = 'username' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const validate = (username: string, password: string): FieldErrors => ({
  ...(username.trim() === '' ? { username: REQUIRED_MESSAGE } : {}),
  ...(password === '' ? { password: REQUIRED_MESSAGE } : {}),
});

const fromOf = (state: unknown): string | undefined => {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  return typeof state.from === 'string' ? state.from : undefined;
};

/**
 * Log in (§2 /access/login). The optional `error` parameter carries why the last session ended. After login the
 * user goes back to the page the guard sent them from, else to their role-based landing page; an expired
 * password leads to /access/expired with the restricted token.
 */
export const LoginPage = () => {
  usePageTitle('Log in');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const clearSignedOutReason = useSessionStore((state) => state.clearSignedOutReason);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const from = fromOf(location.state);
  const logoutMessage = searchParams.get('error');
  const notice = readLoginNotice(location.state);

  useEffect(() => clearSignedOutReason(), [clearSignedOutReason]);

  if (session) {
    return <Navigate to={landingAfterLogin(session, from)} replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = validate(username, password);
    setErrors(found);
    if (found.username) {
      usernameRef.current?.focus();
      return;
    }
    if (found.password) {
      passwordRef.current?.focus();
      return;
    }
    setIsBusy(true);
    try {
      signIn(await login({ username: username.trim(), password }));
    } catch (error) {
      if (isApiError(error) && error.code === API_ERROR_CODES.PASSWORD_EXPIRED) {
        const state: ExpiredPasswordState = {
          token: error.bodyField('token') ?? null,
          userId: error.bodyNumber('userId') ?? null,
          organizationId: error.bodyNumber('organizationId') ?? null,
          username: username.trim(),
          ...(from ? { from } : {}),
        };
        navigate('/access/expired', { state });
        return;
      }
      setFailure(errorMessage(error));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AccessLayout
      title="Log in"
      subtitle="Welcome back. Enter your username and password to continue."
      footer={
        <Typography color="text.secondary">
          New here?{' '}
          <Link component={RouterLink} to="/access/signup" sx={{ fontWeight: 600 }}>
            Create an account
          </Link>
        </Typography>
      }
    >
      <Stack component="form" onSubmit={submit} noValidate spacing={2.5} aria-label="Log in">
        {notice && !failure && <Alert severity="success">{notice}</Alert>}
        {logoutMessage && !failure && <Alert severity="warning">{logoutMessage}</Alert>}
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextInput
          inputRef={usernameRef}
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            if (errors.username) setErrors({ ...errors, username: undefined });
          }}
          error={errors.username !== undefined}
          helperText={errors.username}
          required
          htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <Box>
          <PasswordField
            inputRef={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password) setErrors({ ...errors, password: undefined });
            }}
            error={errors.password !== undefined}
            helperText={errors.password}
            required
          />
          <Box sx={{ mt: 1, textAlign: 'right' }}>
            <Link component={RouterLink} to="/access/remember" variant="body2" sx={{ fontWeight: 600 }}>
              Forgot your password?
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={isBusy} fullWidth sx={{ py: 1.25 }}>
          Log in
        </Button>
      </Stack>
    </AccessLayout>
  );
};
