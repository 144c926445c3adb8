import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { formatNumber } from '../../../../lib/format';
import { type DealRow, dealQueryKey, fetchDeal } from '../api/deal';

/**
 * The monitor deal dialog (spec §3): requests and impressions where delivery data exists. Without it the API
 * answers no numbers and an explanation, which is what the dialog shows: no number is invented.
 */
export const MonitorDealDialog = ({ deal }: { readonly deal: DealRow }) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const query = useQuery({
    queryKey: dealQueryKey(deal.id),
    queryFn: ({ signal }) => fetchDeal(deal.id, signal),
  });
  const monitor = query.data?.monitor;
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Monitor {deal.name}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Deal ID {deal.external_id}
        </Typography>
        {query.isPending && <LinearProgress aria-label="Loading the deal's delivery" />}
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.data && !monitor && (
          <Alert severity="info">
            {query.data.monitor_explanation ?? 'No delivery data for this deal yet'}
          </Alert>
        )}
        {monitor && (
          <Stack spacing={1}>
            <Typography>
              From {monitor.from} to {monitor.to}
            </Typography>
            <Typography>
              Requests: <strong>{formatNumber(monitor.requests)}</strong>
            </Typography>
            <Typography>
              Impressions: <strong>{formatNumber(monitor.impressions)}</strong>
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
