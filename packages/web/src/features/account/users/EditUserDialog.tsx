import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import { ZUserUpdate } from '@beacon/domain/validation/user-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { type FieldErrors, hasErrors } from '../../../lib/form-errors';
import { isStaleVersionError } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { type AccountUser, USERS_QUERY_KEY, updateUser } from '../api/users';
import { useGuardedDialog } from '../components/use-guarded-dialog';
import { schemaErrors, serverFieldErrors } from '../form';
import { AdvertisersField, FlagsField, RoleSummary } from './UserFields';
import {
  EDIT_FIELDS,
  type EditField,
  type EditValues,
  editValuesOf,
  isEditDirty,
  userChanges,
} from './user-form';

export const STALE_USER_MESSAGE =
  'Somebody else changed this user while you were editing. Close this dialog and open the user again to see the changes.';

export type EditUserDialogProps = {
  readonly user: AccountUser;
  /** The roles the signed-in user may give this user. */
  readonly assignableRoles: readonly UserRole[];
  /** The signed-in user edits itself: its own role is not its to change. */
  readonly isSelf: boolean;
};

/**
 * Edit user (spec §2 dialogs): role, advertisers, the view-all-KPIs and view-all-campaigns flags, name, email
 * and phone. PUT /organization/{id}/user/{userId} with the changed fields and the `version` it was opened with.
 */
export const EditUserDialog = ({ user, assignableRoles, isSelf }: EditUserDialogProps) => {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EditValues>(() => editValuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<EditField>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<{ message: string; severity: 'warning' | 'error' }>();
  const [isBusy, setIsBusy] = useState(false);
  const isDirty = isEditDirty(user, values);
  const { dialogProps, close, requestClose } = useGuardedDialog(`edit-user-${user.id}`, isDirty, isBusy);
  const roles = assignableRoles.includes(user.role) ? assignableRoles : [user.role, ...assignableRoles];
  const mayChangeRole = !isSelf && assignableRoles.includes(user.role) && assignableRoles.length > 1;

  const validate = (next: EditValues) =>
    schemaErrors<EditField>(ZUserUpdate, {
      ...next,
      advertisers: [...next.advertisers],
      version: user.version,
    });

  const change = <TField extends keyof EditValues>(field: TField, value: EditValues[TField]) => {
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
      const updated = await updateUser(user.organization.id, user.id, userChanges(user, values));
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      enqueueSnackbar(`${updated.name} has been saved`, { variant: 'success' });
      close();
    } catch (error) {
      if (isStaleVersionError(error)) {
        setFailure({ message: STALE_USER_MESSAGE, severity: 'warning' });
        void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
        return;
      }
      const fieldErrors = serverFieldErrors(error, EDIT_FIELDS);
      setErrors(fieldErrors);
      if (!hasErrors(fieldErrors)) setFailure({ message: errorMessage(error), severity: 'error' });
    } finally {
      setIsBusy(false);
    }
  };

  const text = (field: 'name' | 'email' | 'phone') => ({
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
        <DialogTitle id={`${id}-title`}>Edit {user.name}</DialogTitle>
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user.username} · {user.organization.name}
          </Typography>
          {failure && (
            <Alert severity={failure.severity} sx={{ mb: 2 }}>
              {failure.message}
            </Alert>
          )}
          <Stack spacing={2}>
            <TextField
              select
              label="Role"
              name="role"
              value={values.role}
              onChange={(event) => change('role', event.target.value as UserRole)}
              error={errors.role !== undefined}
              helperText={
                errors.role ??
                (isSelf
                  ? 'Your own role is changed by another user who manages users.'
                  : mayChangeRole
                    ? undefined
                    : 'Your role cannot change the role of this user.')
              }
              disabled={isBusy || !mayChangeRole}
            >
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {USER_ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
            <RoleSummary role={values.role} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...text('name')} label="Name" autoComplete="off" required />
              <TextField {...text('phone')} label="Phone" type="tel" autoComplete="off" />
            </Stack>
            <TextField {...text('email')} label="Email address" type="email" autoComplete="off" required />
            <AdvertisersField
              organizationId={user.organization.id}
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
          <Button type="submit" variant="contained" loading={isBusy} disabled={!isDirty}>
            Save changes
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
