import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { type FieldErrors, hasErrors } from '../../../lib/form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { createUser, USERS_QUERY_KEY } from '../api/users';
import { useGuardedDialog } from '../components/use-guarded-dialog';
import { serverFieldErrors } from '../form';
import { AdvertisersField, FlagsField, RoleSummary } from './UserFields';
import {
  EMPTY_INVITE,
  INVITE_FIELDS,
  type InviteField,
  type InviteValues,
  inviteBody,
  inviteErrors,
  isInviteDirty,
} from './user-form';

/** "an Editor", "a Viewer". */
export const withArticle = (label: string): string => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;

export type InviteUserDialogProps = {
  readonly role: UserRole;
  readonly organizationId: number;
  readonly organizationName: string;
};

const PASSWORD_LABELS = { password: 'Password', confirmation: 'Confirm the password' };

/**
 * Invite user (spec §2 dialogs, one per role): says what the role can do, then asks for the new user's name,
 * username, email, phone, a first password and its confirmation, the advertisers it is restricted to and the
 * visibility flags. POST /organization/{id}/user; a taken username or email answers 409 on its field.
 */
export const InviteUserDialog = ({ role, organizationId, organizationName }: InviteUserDialogProps) => {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InviteValues>(EMPTY_INVITE);
  const [errors, setErrors] = useState<FieldErrors<InviteField>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const { dialogProps, close, requestClose } = useGuardedDialog(
    `invite-user-${role}`,
    isInviteDirty(values),
    isBusy,
  );
  const label = USER_ROLE_LABELS[role];

  const validate = (next: InviteValues) => inviteErrors(next, role);

  const change = <TField extends keyof InviteValues>(field: TField, value: InviteValues[TField]) => {
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
      const user = await createUser(organizationId, inviteBody(values, role));
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      enqueueSnackbar(`${user.name} can now log in as ${user.username}`, { variant: 'success' });
      close();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, INVITE_FIELDS);
      setErrors(fieldErrors);
      // The role is the dialog's own: its error has no field to go under.
      if (fieldErrors.role !== undefined || !hasErrors(fieldErrors))
        setFailure(fieldErrors.role ?? errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const text = (field: 'name' | 'username' | 'email' | 'phone') => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: errors[field] !== undefined,
    helperText: errors[field],
    disabled: isBusy,
  });

  return (
    <Dialog {...dialogProps} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth scroll="paper">
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id={`${id}-title`}>Invite {withArticle(label)}</DialogTitle>
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            The new user joins {organizationName} as {withArticle(label)}, and logs in with the username and
            password you give here.
          </Typography>
          <RoleSummary role={role} />
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 3 }}>
            <TextField {...text('name')} label="Name" autoComplete="off" required autoFocus />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...text('username')} label="Username" autoComplete="off" required />
              <TextField {...text('phone')} label="Phone" type="tel" autoComplete="off" />
            </Stack>
            <TextField {...text('email')} label="Email address" type="email" autoComplete="off" required />
            <NewPasswordFields
              values={values}
              errors={errors}
              onChange={(field, value) => change(field, value)}
              labels={PASSWORD_LABELS}
              isNamed
            />
            <AdvertisersField
              organizationId={organizationId}
              value={values.advertisers}
              onChange={(ids) => change('advertisers', ids)}
              error={errors.advertisers}
              disabled={isBusy}
            />
            <FlagsField
              value={values}
              onChange={(flag, checked) => change(flag, checked)}
              disabled={isBusy}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={requestClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Invite {label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
