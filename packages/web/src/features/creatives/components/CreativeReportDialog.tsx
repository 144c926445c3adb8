import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { downloadFile } from '../../../api/client';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { DateField } from '../../../components/DateField';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { defaultReportRange, type ReportRange, reportRangeErrors } from '../utils/report-range';

const REPORT_FILENAME = 'creatives.csv';

/**
 * The creatives report (§3 columns: day, month, organization, type, name, id, state and the exchanges'
 * statuses and reasons) of the creatives created on the chosen UTC days, downloaded as CSV.
 */
export const CreativeReportDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange(new Date()));
  const [errors, setErrors] = useState<Partial<Record<keyof ReportRange, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const change = (changes: Partial<ReportRange>) => {
    setRange((current) => ({ ...current, ...changes }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = reportRangeErrors(range);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsBusy(true);
    try {
      await downloadFile('/creatives/report.csv', REPORT_FILENAME, {
        params: { from: range.from, to: range.to },
        mimeType: 'text/csv;charset=utf-8',
      });
      enqueueSnackbar(`Creatives report from ${range.from} to ${range.to} downloaded`, {
        variant: 'success',
      });
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
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Creatives report</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <DialogContentText>
              One line per creative created on these days (UTC), with its state and the exchanges' review, as
              CSV.
            </DialogContentText>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateField
                required
                label="From"
                value={range.from}
                onChange={(from) => change({ from })}
                error={errors.from}
                disabled={isBusy}
              />
              <DateField
                required
                label="To"
                value={range.to}
                min={range.from}
                onChange={(to) => change({ to })}
                error={errors.to}
                disabled={isBusy}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Download CSV
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
