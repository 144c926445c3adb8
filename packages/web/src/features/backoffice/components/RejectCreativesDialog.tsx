import {
  CREATIVE_REJECTION_REASON_MAX_LENGTH,
  ZRejectionReason,
} from '@beacon/domain/validation/creative-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { enqueueSnackbar } from '../../../lib/snackbar';

type RejectCreativesDialogProps = {
  /** The names of the creatives rejected (one or many). */
  readonly names: readonly string[];
  /** Rejects with the reason; the dialog stays open with the server's message when it fails. */
  readonly onReject: (reason: string) => Promise<void>;
};

/** Rejection needs a reason, which the advertiser reads on the creative and in its alert. */
export const RejectCreativesDialog = ({ names, onReject }: RejectCreativesDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const subject = names.length === 1 ? (names[0] ?? 'the creative') : `${names.length} creatives`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const check = ZRejectionReason.safeParse(reason);
    if (!check.success) {
      setReasonError(check.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    setIsBusy(true);
    try {
      await onReject(check.data);
      enqueueSnackbar(`${subject} rejected`, { variant: 'success' });
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Reject {subject}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The advertiser sees the reason on the creative and in its alert, and may edit the creative to send
            it again.
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={3}
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError !== undefined}
            helperText={reasonError ?? `Up to ${CREATIVE_REJECTION_REASON_MAX_LENGTH} characters`}
            disabled={isBusy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" loading={isBusy}>
            Reject
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
