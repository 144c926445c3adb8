import { CLIENT_VERSION } from '@beacon/domain/dictionary/constants';
import { TICKET_TYPE_LABELS, TICKET_TYPES } from '@beacon/domain/dictionary/tickets';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useStackedDialog } from '../app/dialogs/dialog-stack';
import { SUPPORT_EMAIL } from '../app/external-links';
import { selectActiveIdentity, selectRealIdentity, useSessionStore } from '../app/session/session-store';
import { useDictionary } from '../app/session/use-dictionary';
import { type FieldErrors, hasErrors } from '../lib/form-errors';
import { enqueueSnackbar } from '../lib/snackbar';

type Field = 'subject' | 'message';

const required = (value: string): string | undefined => (value.trim() === '' ? REQUIRED_MESSAGE : undefined);

/** The support mailbox's view of the request: what was asked, by whom, from where. */
export const supportMailto = (input: {
  readonly typeLabel: string;
  readonly subject: string;
  readonly message: string;
  readonly context: readonly string[];
}): string => {
  const subject = `[${input.typeLabel}] ${input.subject.trim()}`;
  const body = [input.message.trim(), '', '—', ...input.context].join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
};

/**
 * Report a problem (§2 help menu): the kind of request (the dictionary's ticket types), a subject and a
 * message, sent to the support mailbox through the user's email application with the details support needs.
 */
export const ContactSupportDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const dictionary = useDictionary();
  const identity = useSessionStore(selectActiveIdentity);
  const realIdentity = useSessionStore(selectRealIdentity);
  const types =
    dictionary?.ticketTypes ?? TICKET_TYPES.map((value) => ({ value, label: TICKET_TYPE_LABELS[value] }));
  const [type, setType] = useState<string>(types[0]?.value ?? 'issue');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { subject: required(subject), message: required(message) };
    setErrors(found);
    if (hasErrors(found)) return;
    const context = [
      identity
        ? `User: ${identity.user.name} (${identity.user.username}), ${identity.organization.name}`
        : '',
      realIdentity?.simulation
        ? `Simulated by: ${realIdentity.user.name} (${realIdentity.user.username})`
        : '',
      `Page: ${window.location.href}`,
      `Console version: ${CLIENT_VERSION}`,
      `Browser: ${navigator.userAgent}`,
    ].filter(Boolean);
    const typeLabel = types.find((option) => option.value === type)?.label ?? type;
    window.location.href = supportMailto({ typeLabel, subject, message, context });
    enqueueSnackbar('Your email application opens with the message ready to send', { variant: 'info' });
    close();
  };

  return (
    <Dialog {...dialogProps} aria-labelledby="contact-support-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="contact-support-title">Report a problem</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Tell us what happened or what you need. Your email application opens with the message addressed to{' '}
            <Link href={`mailto:${SUPPORT_EMAIL}`} underline="always">
              {SUPPORT_EMAIL}
            </Link>
            , with the page and your account details added for the support team.
          </DialogContentText>
          <Stack spacing={1}>
            <TextField
              select
              label="Type"
              value={type}
              onChange={(event) => setType(event.target.value)}
              helperText=" "
            >
              {types.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              autoFocus
              label="Subject"
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              error={errors.subject !== undefined}
              helperText={errors.subject ?? ' '}
              required
            />
            <TextField
              label="Message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={errors.message !== undefined}
              helperText={errors.message ?? ' '}
              required
              multiline
              minRows={5}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained">
            Write the email
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
