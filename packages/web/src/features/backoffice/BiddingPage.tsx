import { canSwitchBidding } from '@beacon/domain/access/permissions';
import { STOP_BIDDING_WORD } from '@beacon/domain/api/exchanges';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error';
import { usePageTitle } from '../../app/branding';
import { useDialogStack } from '../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';
import { ConfirmWordDialog } from '../../components/ConfirmWordDialog';
import { formatDateTime } from '../../lib/format';
import { enqueueSnackbar } from '../../lib/snackbar';
import { BIDDING_QUERY_KEY, type BiddingState, biddingQueryOptions, setBidding } from './api/exchanges';
import { ConfirmActionDialog } from './components/ConfirmActionDialog';

/** "since 27/11/2026 16:05 UTC, by Ada Admin", or nothing for a platform never switched. */
const sinceText = (state: BiddingState): string => {
  if (state.changed_at === null) return '';
  const by = state.changed_by ? `, by ${state.changed_by.name}` : '';
  return `Since ${formatDateTime(state.changed_at)} UTC${by}.`;
};

/**
 * `/backoffice/bidding`: whether the platform bids (spec §4 "Stop bidding"), since when and by whom. Stopping
 * asks for the word "Stop bidding" (§5); starting again asks for a plain confirmation. Admins switch it; the
 * tech team is emailed either way.
 */
export const BiddingPage = () => {
  usePageTitle('Bidding · Back office');
  const identity = useSessionStore(selectActiveIdentity);
  const mayToggle = identity ? canSwitchBidding(identity.role) : false;
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const bidding = useQuery(biddingQueryOptions());

  const apply = async (enabled: boolean) => {
    const next = await setBidding(enabled);
    queryClient.setQueryData(BIDDING_QUERY_KEY, next);
    enqueueSnackbar(enabled ? 'Platform bidding started' : 'Platform bidding stopped', {
      variant: enabled ? 'success' : 'warning',
    });
  };

  const stop = () =>
    stack.open(
      'stop-bidding',
      <ConfirmWordDialog
        title="Stop bidding"
        description="Every campaign of every organization stops buying at once, until bidding is started again. The tech team is emailed."
        word={STOP_BIDDING_WORD}
        confirmLabel="Stop bidding"
        isDestructive
        onConfirm={() => apply(false)}
      />,
    );

  const start = () =>
    stack.open(
      'start-bidding',
      <ConfirmActionDialog
        title="Start bidding"
        message="The bidder answers bid requests again for every active campaign. The tech team is emailed."
        confirmLabel="Start bidding"
        onConfirm={() => apply(true)}
      />,
    );

  const state = bidding.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">
          Back office
        </Typography>
        <Typography variant="h1">Bidding</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          The platform's bidding switch: while it is stopped, the bidder answers no bid request of any
          exchange.
        </Typography>
      </Box>
      {bidding.isPending && <LinearProgress aria-label="Loading the bidding state" />}
      {bidding.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void bidding.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(bidding.error)}
        </Alert>
      )}
      {state && (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
          <Stack spacing={2}>
            {state.enabled ? (
              <Alert severity="success" variant="outlined">
                <AlertTitle>Platform bidding is on</AlertTitle>
                {sinceText(state) || 'It has never been stopped.'}
              </Alert>
            ) : (
              <Alert severity="error" variant="filled">
                <AlertTitle>Platform bidding is stopped</AlertTitle>
                No campaign buys anything until bidding is started again. {sinceText(state)}
              </Alert>
            )}
            {mayToggle ? (
              <Box>
                {state.enabled ? (
                  <Button variant="contained" color="error" onClick={stop}>
                    Stop bidding
                  </Button>
                ) : (
                  <Button variant="contained" onClick={start}>
                    Start bidding
                  </Button>
                )}
              </Box>
            ) : (
              <Typography color="text.secondary">
                Only a controller or a supervisor can stop or start bidding.
              </Typography>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
