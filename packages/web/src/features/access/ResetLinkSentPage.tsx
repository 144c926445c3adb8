import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/branding';
import { AccessLayout } from './components/AccessLayout';

const messageOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string'
    ? state.message
    : null;

/** /access/sent?email=: the reset link is on its way (the server's own words when it gave them). */
export const ResetLinkSentPage = () => {
  usePageTitle('Check your email');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const email = searchParams.get('email')?.trim() ?? '';
  const message = messageOf(location.state);
  return (
    <AccessLayout
      title="Check your email"
      footer={
        <Typography color="text.secondary">
          No email after a few minutes? Look in your spam folder or{' '}
          <Link component={RouterLink} to="/access/remember" sx={{ fontWeight: 600 }}>
            send the link again
          </Link>
          .
        </Typography>
      }
    >
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'success.dark' }}>
          <MarkEmailReadOutlined aria-hidden />
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {email || 'Your email address'}
          </Typography>
        </Box>
        <Typography color="text.secondary">
          {message ??
            'If an account uses this email address, we have sent it a link to choose a new password. Open it on this device to continue.'}
        </Typography>
        <Button component={RouterLink} to="/access/login" variant="contained" size="large" sx={{ py: 1.25 }}>
          Back to log in
        </Button>
      </Stack>
    </AccessLayout>
  );
};
