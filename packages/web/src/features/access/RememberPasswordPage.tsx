import { ZEmail } from '@beacon/domain/validation/account';
import { firstErrorMessage } from '@beacon/domain/validation/generic';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { TextInput } from '../../components/TextInput';
import { requestPasswordReset } from './api/forgot-password';
import { AccessLayout } from './components/AccessLayout';

/** /access/remember: ask for a reset link by email (POST /password/forgot), then /access/sent?email=. */
export const RememberPasswordPage = () => {
  usePageTitle('Reset your password');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = firstErrorMessage(ZEmail, email);
    setError(found);
    if (found) return;
    setIsBusy(true);
    try {
      const { message } = await requestPasswordReset(email.trim());
      navigate(`/access/sent?email=${encodeURIComponent(email.trim())}`, { state: { message } });
    } catch (caught) {
      const detail = isApiError(caught) ? caught.detailFor('email') : undefined;
      if (detail) setError(detail);
      else setFailure(errorMessage(caught));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AccessLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link component={RouterLink} to="/access/login" sx={{ fontWeight: 600 }}>
          Back to log in
        </Link>
      }
    >
      <Stack component="form" onSubmit={submit} noValidate spacing={2.5} aria-label="Reset your password">
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextInput
          autoFocus
          type="email"
          label="Email address"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          error={error !== undefined}
          helperText={error}
          required
        />
        <Button type="submit" variant="contained" size="large" loading={isBusy} sx={{ py: 1.25 }}>
          Send the link
        </Button>
      </Stack>
    </AccessLayout>
  );
};
