import ExpandMore from '@mui/icons-material/ExpandMore';
import Search from '@mui/icons-material/Search';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { TextInput } from '../../components/TextInput';
import { formatDateTime } from '../../lib/format';
import { OUTBOX_LIMIT, type OutboxEmail, outboxQueryOptions } from './api/outbox';

/** How long typing rests before the recipient filter is sent. */
const FILTER_DEBOUNCE_MS = 300;

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** An email's text with its addresses as links (a password reset link is opened or copied from here). */
const withLinks = (text: string): ReactNode[] =>
  text.split(URL_PATTERN).map((piece, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move.
      <Link key={index} href={piece} sx={{ overflowWrap: 'anywhere' }}>
        {piece}
      </Link>
    ) : (
      piece
    ),
  );

const statusOf = (email: OutboxEmail): { label: string; color: 'success' | 'error' | 'default' } => {
  if (email.sent_at) return { label: 'Sent', color: 'success' };
  if (email.error) return { label: 'Not delivered', color: 'error' };
  return { label: 'Only here', color: 'default' };
};

const EmailItem = ({ email }: { readonly email: OutboxEmail }) => {
  const status = statusOf(email);
  const summaryId = `outbox-email-${email.id}`;
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />} id={summaryId} aria-controls={`${summaryId}-body`}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ width: '100%', alignItems: { sm: 'center' }, minWidth: 0 }}
        >
          <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {email.subject}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {email.recipient}
          </Typography>
          <Typography color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(email.created_at)} UTC
          </Typography>
          <Chip
            size="small"
            label={status.label}
            color={status.color}
            sx={{ alignSelf: { xs: 'flex-start' } }}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-body`}>
        {email.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Delivery failed: {email.error}
          </Alert>
        )}
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {withLinks(email.body)}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
};

/**
 * `/backoffice/outbox`: the emails Beacon wrote, newest first. Without an SMTP server (`SMTP_URL`) emails —
 * password reset links among them — are delivered only here, so an operator can pass a reset link on.
 */
export const OutboxPage = () => {
  usePageTitle('Outbox · Back office');
  const [typed, setTyped] = useState('');
  const [recipient, setRecipient] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setRecipient(typed.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const outbox = useQuery(outboxQueryOptions(recipient));
  const emails = outbox.data ?? [];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">
          Back office
        </Typography>
        <Typography variant="h1">Outbox</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          The emails Beacon wrote, newest first (the last {OUTBOX_LIMIT}). Without an SMTP server (SMTP_URL)
          they are delivered only here: open a password reset email to pass its link on.
        </Typography>
      </Box>
      <Box sx={{ maxWidth: { sm: 360 } }}>
        <TextInput
          label="Recipient"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          htmlInput={{ maxLength: 254 }}
          startAdornment={
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          }
        />
      </Box>
      {outbox.isFetching && <LinearProgress aria-label="Loading emails" />}
      {outbox.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void outbox.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(outbox.error)}
        </Alert>
      )}
      {outbox.isSuccess && emails.length === 0 && (
        <Typography color="text.secondary">
          {recipient ? `No email was written to ${recipient}.` : 'No email was written yet.'}
        </Typography>
      )}
      <Box>
        {emails.map((email) => (
          <EmailItem key={email.id} email={email} />
        ))}
      </Box>
    </Stack>
  );
};
