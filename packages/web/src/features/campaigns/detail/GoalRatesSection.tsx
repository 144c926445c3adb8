/**
 * The goal rates of the internal tab (decision 051): per strategy, the rate of the campaign's goal event learnt
 * from its delivery, overall and at its top placements, the prior it starts from, and the value per impression and
 * the CPM the bidder offers now. Internal staff only (the server answers 403 to anyone else).
 */
import type { TGoalRateRow } from '@beacon/domain/api/goal-rates';
import {
  EVENT_OPTIMISATION_LABELS,
  PRICE_MODEL_LABELS,
  STRATEGY_STATE_LABELS,
} from '@beacon/domain/dictionary/campaigns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../api/api-error';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import {
  type DecimalMark,
  formatCurrency,
  formatDate,
  formatNumber,
  toDecimalMark,
} from '../../../lib/format';
import type { Campaign } from '../api/get-campaign';
import { type GoalRates, goalRatesQueryOptions } from '../api/goal-rates';

type Formats = {
  readonly count: (value: number) => string;
  readonly percent: (value: number | null) => string;
  /** An exact amount, with as many decimals as it has (2 to 6). */
  readonly money: (amount: string | null) => string;
};

const formatsOf = (currency: GoalRates['currency'], decimalMark: DecimalMark): Formats => ({
  count: (value) => formatNumber(value, { decimalMark }),
  percent: (value) => {
    if (value === null) return '—';
    const percent = value * 100;
    const fractionDigits = percent >= 10 ? 1 : percent >= 1 ? 2 : percent >= 0.01 ? 4 : 6;
    return `${formatNumber(percent, { decimalMark, fractionDigits })}%`;
  },
  money: (amount) => {
    if (amount === null) return '—';
    const decimals = amount.split('.')[1]?.length ?? 0;
    return formatCurrency(amount, {
      currency,
      decimalMark,
      fractionDigits: Math.min(6, Math.max(2, decimals)),
    });
  },
});

/** How the strategies bid, in a sentence. */
const howTheyBid = (rates: GoalRates, money: Formats['money']): string => {
  const model =
    rates.price_model === null
      ? 'no price model'
      : `the price model ${PRICE_MODEL_LABELS[rates.price_model]}`;
  const optimising =
    rates.event_optimisation === null || rates.event_optimisation === 'not_optimizing'
      ? ''
      : ` optimising ${EVENT_OPTIMISATION_LABELS[rates.event_optimisation]}`;
  const event = rates.event_label?.toLowerCase() ?? 'nothing';
  switch (rates.bidding) {
    case 'goal':
      return `Goal: ${event} at ${money(rates.goal_price)} each (the CPC target), from ${model}${optimising}. Each strategy bids the goal price × its predicted rate per impression, capped by its maximum bid.`;
    case 'cpc':
      return `CPC pricing without a CPC target: each strategy bids its bid per click × its predicted click-through rate.`;
    case 'cpm':
      return rates.event === null
        ? `CPM pricing with ${model}: the strategies bid their CPM, and no rate is learnt.`
        : `${model.charAt(0).toUpperCase()}${model.slice(1)} counts ${event}, but without a CPC target (the goal price) the strategies bid their CPM. The rate is learnt all the same.`;
  }
};

const RateRow = ({ row, formats }: { row: TGoalRateRow; formats: Formats }) => (
  <TableRow>
    <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
      {row.placement ?? 'All placements'}
    </TableCell>
    <TableCell align="right">{formats.count(row.impressions)}</TableCell>
    <TableCell align="right">{row.events === null ? '—' : formats.count(row.events)}</TableCell>
    <TableCell align="right">{formats.percent(row.observed_rate)}</TableCell>
    <TableCell align="right">{formats.percent(row.predicted_rate)}</TableCell>
    <TableCell align="right">{formats.money(row.value_per_impression)}</TableCell>
    <TableCell align="right">
      {row.bid_cpm === null ? 'No bid (under the minimum CPM)' : formats.money(row.bid_cpm)}
    </TableCell>
  </TableRow>
);

const StrategyRates = ({
  strategy,
  rates,
  formats,
}: {
  strategy: GoalRates['strategies'][number];
  rates: GoalRates;
  formats: Formats;
}) => {
  const headingId = useId();
  const maxBid =
    strategy.max_bid === null
      ? 'none'
      : `${formats.money(strategy.max_bid)} ${rates.pricing === 'cpc' ? 'per click' : 'CPM'}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {strategy.name}
        </Typography>
        <Chip label={STRATEGY_STATE_LABELS[strategy.state]} size="small" variant="outlined" />
        <Typography variant="body2" color="text.secondary">
          Maximum bid: {maxBid}
        </Typography>
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>Placement</TableCell>
              <TableCell align="right">Impressions</TableCell>
              <TableCell align="right">{rates.event_label ?? 'Events'}</TableCell>
              <TableCell align="right">Observed rate</TableCell>
              <TableCell align="right">Predicted rate</TableCell>
              <TableCell align="right">Value per impression</TableCell>
              <TableCell align="right">Bid CPM now</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <RateRow row={strategy.overall} formats={formats} />
            {strategy.placements.map((row) => (
              <RateRow key={row.placement} row={row} formats={formats} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
};

export const GoalRatesSection = ({ campaign }: { readonly campaign: Campaign }) => {
  const query = useQuery(goalRatesQueryOptions(campaign.id));
  const identity = useSessionStore(selectActiveIdentity);
  const rates = query.data;
  const formats = formatsOf(rates?.currency ?? campaign.currency, toDecimalMark(identity?.decimal_mark));
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}
      aria-label="Goal optimisation"
    >
      <Typography variant="h2" sx={{ mb: 2 }}>
        Goal optimisation
      </Typography>
      {query.isPending && <LinearProgress aria-label="Loading the goal rates" />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {rates !== undefined && (
        <>
          <Typography variant="body2">{howTheyBid(rates, formats.money)}</Typography>
          {rates.prior !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Prior: {formats.percent(rates.prior.rate)}, weighing {formats.count(rates.prior.weight)}{' '}
              impressions. A strategy's rate backs off to the prior, and a placement's to its strategy's.
              Learnt from the delivery since {formatDate(rates.since)} (the last {rates.window_days} days,
              UTC).
            </Typography>
          )}
          {!rates.has_delivery && (
            <Alert severity="info" sx={{ mt: 2 }}>
              No delivery in the last {rates.window_days} days: the priors are in use.
            </Alert>
          )}
          {rates.strategies.length === 0 ? (
            <Typography variant="body2" sx={{ mt: 2 }}>
              The campaign has no strategy.
            </Typography>
          ) : (
            rates.strategies.map((strategy) => (
              <StrategyRates key={strategy.id} strategy={strategy} rates={rates} formats={formats} />
            ))
          )}
        </>
      )}
    </Paper>
  );
};
