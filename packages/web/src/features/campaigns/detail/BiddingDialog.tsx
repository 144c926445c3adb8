/**
 * The bidding dialog (§2): why a campaign's strategies bid or not. For each strategy, where the bid requests of
 * the last hour stopped (a targeting rule, the budget, the frequency cap, the creative, the floor) or whether it
 * bid or was outbid, from the requests the bidder diagnosed (docs/engine.md "Bidding diagnostics").
 */
import { STRATEGY_STATE_LABELS } from '@beacon/domain/dictionary/campaigns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { formatDateTime, formatNumber, toDecimalMark } from '../../../lib/format';
import { type BiddingDiagnostics, biddingQueryOptions } from '../api/bidding';

type StrategyDiagnostics = BiddingDiagnostics['strategies'][number];

const stateLabel = (state: string): string =>
  (STRATEGY_STATE_LABELS as Record<string, string>)[state] ?? state;

const StrategySection = ({
  strategy,
  sampled,
  count,
}: {
  strategy: StrategyDiagnostics;
  sampled: number;
  count: (value: number) => string;
}) => {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {strategy.name}
        </Typography>
        <Chip label={stateLabel(strategy.state)} size="small" variant="outlined" />
      </Box>
      {strategy.steps.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {strategy.state === 'bidding'
            ? 'No diagnosed request reached this strategy: it is not live in the bidder (its campaign is not active, outside its dates, or has no approved creative).'
            : 'The strategy is paused: it does not bid.'}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>Where the request stopped</TableCell>
              <TableCell align="right">Requests (estimate)</TableCell>
              <TableCell align="right">Share</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {strategy.steps.map((step) => (
              <TableRow key={step.step}>
                <TableCell sx={step.step === 'bid' ? { fontWeight: 600 } : undefined}>{step.label}</TableCell>
                <TableCell align="right">{count(step.estimated)}</TableCell>
                <TableCell align="right">
                  {sampled === 0 ? '—' : `${Math.round((step.sampled / sampled) * 100)}%`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};

export const BiddingDialog = ({ campaignId, campaignName }: { campaignId: number; campaignName: string }) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useQuery(biddingQueryOptions(campaignId));
  const identity = useSessionStore(selectActiveIdentity);
  const decimalMark = toDecimalMark(identity?.decimal_mark);
  const count = (value: number) => formatNumber(value, { decimalMark });
  const data = query.data;
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Bidding of {campaignName}</DialogTitle>
      <DialogContent>
        {query.isFetching && <LinearProgress aria-label="Loading the bidding figures" sx={{ mb: 1 }} />}
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {data !== undefined && (
          <>
            <Typography variant="body2" color="text.secondary">
              Where the bid requests of the last hour stopped for each strategy, from{' '}
              {formatDateTime(data.from, { timeZone: 'UTC' })} to{' '}
              {formatDateTime(data.to, { timeZone: 'UTC' })} UTC. About one request a second is checked
              against every strategy ({count(data.sampled)} of {count(data.requests)} requests received); the
              counts are scaled to every request.
            </Typography>
            {data.requests === 0 ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                No bid request reached the bidder in the last hour, so there is nothing to explain yet.
              </Alert>
            ) : (
              data.strategies.map((strategy) => (
                <StrategySection key={strategy.id} strategy={strategy} sampled={data.sampled} count={count} />
              ))
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
        <Button onClick={close} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
};
