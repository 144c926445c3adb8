import { API_ERROR_CODES } from '@beacon/domain/api/error-codes';
import { ZEmail, ZUsername } from '@beacon/domain/validation/account';
import { firstErrorMessage, requiredString } from '@beacon/domain/validation/generic';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router';
import type { ApiError } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { landingAfterLogin, signIn } from '../../app/session/session-actions';
import { useSessionStore } from '../../app/session/session-store';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { validateNewPassword } from '../../components/new-password';
import { TextInput } from '../../components/TextInput';
import type { FieldErrors } from '../../lib/form-errors';
import { type FormValues, useForm } from '../../lib/use-form';
import { signUp } from './api/sign-up';
import { AccessLayout } from './components/AccessLayout';

type Field = 'company' | 'name' | 'username' | 'email' | 'password' | 'confirmation';

const ZRequiredText = requiredString();

const validate = (values: FormValues<Field>): FieldErrors<Field> => ({
  company: firstErrorMessage(ZRequiredText, values.company),
  name: firstErrorMessage(ZRequiredText, values.name),
  username: firstErrorMessage(ZUsername, values.username),
  email: firstErrorMessage(ZEmail, values.email),
  ...validateNewPassword(values.password, values.confirmation),
});

/** A taken username or email answers 409 without details: put it on its field. */
const takenErrors = (error: ApiError): FieldErrors<Field> => {
  if (error.code === API_ERROR_CODES.USERNAME_TAKEN) return { username: error.message };
  if (error.code === API_ERROR_CODES.EMAIL_TAKEN) return { email: error.message };
  return {};
};

const PASSWORD_LABELS = { password: 'Password', confirmation: 'Confirm the password' };

/** /access/signup: create an organization and its owner (POST /signup); the owner is then logged in. */
export const SignUpPage = () => {
  usePageTitle('Create an account');
  const session = useSessionStore((state) => state.session);
  const { values, errors, failure, isBusy, change, handleSubmit } = useForm<Field>({
    initialValues: { company: '', name: '', username: '', email: '', password: '', confirmation: '' },
    validate,
    apiFieldErrors: takenErrors,
  });

  if (session) return <Navigate to={landingAfterLogin(session, undefined)} replace />;

  const submit = handleSubmit(async ({ company, name, username, email, password }) => {
    signIn(
      await signUp({
        company: company.trim(),
        name: name.trim(),
        username: username.trim(),
        email: email.trim(),
        password,
      }),
    );
  });

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: errors[name] !== undefined,
    helperText: errors[name],
    required: true,
    name,
  });

  return (
    <AccessLayout
      title="Create an account"
      subtitle="Set up your organization and its first user. You can invite your team afterwards."
      width={480}
      footer={
        <Typography color="text.secondary">
          Already have an account?{' '}
          <Link component={RouterLink} to="/access/login" sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </Typography>
      }
    >
      <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Create an account">
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextInput {...field('company')} autoFocus label="Company" autoComplete="organization" />
        <TextInput {...field('name')} label="Your name" autoComplete="name" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput
            {...field('username')}
            label="Username"
            autoComplete="username"
            htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <TextInput {...field('email')} type="email" label="Email address" autoComplete="email" />
        </Box>
        <NewPasswordFields
          isNamed
          labels={PASSWORD_LABELS}
          values={values}
          errors={errors}
          onChange={change}
        />
        <Button type="submit" variant="contained" size="large" loading={isBusy} sx={{ py: 1.25 }}>
          Create account
        </Button>
      </Stack>
    </AccessLayout>
  );
};
