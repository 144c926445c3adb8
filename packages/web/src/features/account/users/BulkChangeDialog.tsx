import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import { USER_STATE_LABELS } from '@beacon/domain/dictionary/users';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { bulkUpdateUsers, USERS_QUERY_KEY } from '../api/users';
import { useGuardedDialog } from '../components/use-guarded-dialog';
import { type BulkValues, bulkBody, hasBulkChanges, KEEP, KEEP_ALL, type Keep } from './user-form';

export type BulkChangeDialogProps = {
  /** The organization of the list (the path of PUT /v2/organization/{id}/users). */
  readonly organizationId: number;
  readonly ids: readonly number[];
  readonly roles: readonly UserRole[];
  readonly onDone: () => void;
};

const KEEP_LABEL = 'Keep as it is';

type FlagChoice = boolean | Keep;
const flagOf = (text: string): FlagChoice => (text === KEEP ? KEEP : text === 'true');

/**
 * Bulk changes of the selected users (PUT /v2/organization/{id}/users {ids, changes}): role, the two visibility
 * flags and whether they may log in. A field left as "Keep as it is" stays as each user has it.
 */
export const BulkChangeDialog = ({ organizationId, ids, roles, onDone }: BulkChangeDialogProps) => {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<BulkValues>(KEEP_ALL);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const isDirty = hasBulkChanges(values);
  const { dialogProps, close, requestClose } = useGuardedDialog('bulk-change-users', isDirty, isBusy);
  const count = ids.length === 1 ? '1 user' : `${ids.length} users`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty) return;
    setIsBusy(true);
    setFailure(undefined);
    try {
      await bulkUpdateUsers(organizationId, bulkBody(ids, values));
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      enqueueSnackbar(`${count} changed`, { variant: 'success' });
      onDone();
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog {...dialogProps} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>Change {count}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            What you choose applies to every selected user; the rest stays as each one has it.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Role"
              value={values.role}
              onChange={(event) =>
                setValues({
                  ...values,
                  role: event.target.value === KEEP ? KEEP : (event.target.value as UserRole),
                })
              }
              disabled={isBusy || roles.length === 0}
              helperText={
                roles.length === 0 ? 'Your role cannot give a role to all of these users.' : undefined
              }
            >
              <MenuItem value={KEEP}>{KEEP_LABEL}</MenuItem>
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {USER_ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
            {(['view_all_kpis', 'view_all_campaigns'] as const).map((flag) => (
              <TextField
                key={flag}
                select
                label={flag === 'view_all_kpis' ? 'View all KPIs' : 'View all campaigns'}
                value={String(values[flag])}
                onChange={(event) => setValues({ ...values, [flag]: flagOf(event.target.value) })}
                disabled={isBusy}
              >
                <MenuItem value={KEEP}>{KEEP_LABEL}</MenuItem>
                <MenuItem value="true">Yes</MenuItem>
                <MenuItem value="false">No</MenuItem>
              </TextField>
            ))}
            <TextField
              select
              label="State"
              value={values.state}
              onChange={(event) => setValues({ ...values, state: event.target.value as BulkValues['state'] })}
              disabled={isBusy}
              helperText="Inactive users are kept but cannot log in."
            >
              <MenuItem value={KEEP}>{KEEP_LABEL}</MenuItem>
              <MenuItem value="active">{USER_STATE_LABELS.active}</MenuItem>
              <MenuItem value="inactive">{USER_STATE_LABELS.inactive}</MenuItem>
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={requestClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={!isDirty}>
            Apply to {count}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
