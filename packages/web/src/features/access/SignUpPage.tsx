import { ZEmail, ZPassword, ZUsername } from '@beacon/domain/validation/account';
import { firstErrorMessage, requiredString } from '@beacon/domain/validation/generic';
import { PASSWORD_RULE_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { landingAfterLogin, signIn } from '../../app/session/session-actions';
import { useSessionStore } from '../../app/session/session-store';
import { PasswordField } from '../../components/PasswordField';
import { TextInput } from '../../components/TextInput';
import { confirmationError, detailErrors, type FieldErrors, hasErrors } from '../../lib/form-errors';
import { signUp } from './api/sign-up';
import { AccessLayout } from './components/AccessLayout';

type Field = 'company' | 'name' | 'username' | 'email' | 'password' | 'confirmation';
type Values = Record<Field, string>;
const FIELDS: readonly Field[] = ['company', 'name', 'username', 'email', 'password', 'confirmation'];

const ZRequiredText = requiredString();

const validate = (values: Values): FieldErrors<Field> => ({
  company: firstErrorMessage(ZRequiredText, values.company),
  name: firstErrorMessage(ZRequiredText, values.name),
  username: firstErrorMessage(ZUsername, values.username),
  email: firstErrorMessage(ZEmail, values.email),
  password: firstErrorMessage(ZPassword, values.password),
  confirmation: confirmationError(values.password, values.confirmation),
});

/** /access/signup: create an organization and its owner (POST /signup); the owner is then logged in. */
export const SignUpPage = () => {
  usePageTitle('Create an account');
  const session = useSessionStore((state) => state.session);
  const [values, setValues] = useState<Values>({
    company: '',
    name: '',
    username: '',
    email: '',
    password: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  if (session) return <Navigate to={landingAfterLogin(session, undefined)} replace />;

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
      signIn(
        await signUp({
          company: values.company.trim(),
          name: values.name.trim(),
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
        }),
      );
    } catch (error) {
      const fieldErrors = isApiError(error) ? detailErrors(error.details, FIELDS) : {};
      // A taken username or email answers 409 without details: put it on its field.
      if (isApiError(error) && error.code === 'USERNAME_TAKEN') fieldErrors.username = error.message;
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') fieldErrors.email = error.message;
      setErrors(fieldErrors);
      if (!hasErrors(fieldErrors)) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

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
        <PasswordField
          {...field('password')}
          label="Password"
          autoComplete="new-password"
          helperText={errors.password ?? PASSWORD_RULE_MESSAGE}
        />
        <PasswordField {...field('confirmation')} label="Confirm the password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" loading={isBusy} sx={{ py: 1.25 }}>
          Create account
        </Button>
      </Stack>
    </AccessLayout>
  );
};
