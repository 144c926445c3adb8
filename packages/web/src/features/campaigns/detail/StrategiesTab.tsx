/**
 * The strategies tab: each strategy with its state toggle (bidding or paused), flight, bid and budget share;
 * add, edit, duplicate and delete (with confirmation).
 */
import { STRATEGY_STATE_LABELS } from '@beacon/domain/dictionary/campaigns';
import Add from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import { ConfirmWordDialog } from '../../../components/ConfirmWordDialog';
import { formatCurrency } from '../../../lib/format';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY, type Campaign } from '../api/get-campaign';
import { deleteStrategy, duplicateStrategy, type Strategy } from '../api/strategies';
import { StrategyDialog } from './StrategyDialog';
import { setStrategyState } from './strategy-actions';

/** The flight column leaves narrow screens (§9 breakpoints: below md). */
const HIDDEN_ON_PHONES = { display: { xs: 'none', md: 'table-cell' } } as const;

type StrategiesTabProps = {
  readonly campaign: Campaign;
  readonly strategies: readonly Strategy[];
  readonly canEdit: boolean;
};

export const StrategiesTab = ({ campaign, strategies, canEdit }: StrategiesTabProps) => {
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const refresh = () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });

  const openDialog = (strategy: Strategy | null) =>
    stack.open(
      `strategy-${strategy?.id ?? 'new'}`,
      <StrategyDialog campaign={campaign} strategies={strategies} strategy={strategy} />,
    );

  const toggle = async (strategy: Strategy, isBidding: boolean) => {
    setPending((current) => new Set([...current, strategy.id]));
    try {
      await setStrategyState(strategy, isBidding ? 'bidding' : 'paused');
      enqueueSnackbar(`${strategy.name} ${isBidding ? 'resumed' : 'paused'}`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      await refresh();
      setPending((current) => new Set([...current].filter((id) => id !== strategy.id)));
    }
  };

  const duplicate = async (strategy: Strategy) => {
    try {
      const copy = await duplicateStrategy(strategy.id);
      await refresh();
      enqueueSnackbar(`${copy.name} added`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const confirmDelete = (strategy: Strategy) =>
    stack.open(
      `delete-strategy-${strategy.id}`,
      <ConfirmWordDialog
        title={`Delete ${strategy.name}?`}
        description="The strategy stops bidding and leaves the campaign; its history is kept."
        word="Delete"
        confirmLabel="Delete strategy"
        isDestructive
        onConfirm={async () => {
          await deleteStrategy(strategy.id, strategy.version);
          await refresh();
          enqueueSnackbar(`${strategy.name} deleted`, { variant: 'success' });
        }}
      />,
    );

  const totalShare = strategies.reduce((sum, strategy) => sum + strategy.budget_share, 0);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h2" sx={{ mr: 'auto' }}>
          Strategies
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {totalShare}% of the budget shared
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<Add />} onClick={() => openDialog(null)}>
            Add strategy
          </Button>
        )}
      </Box>
      {strategies.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>
            No strategy yet. A campaign bids through its strategies: add one to choose where, when and how
            much it bids.
          </Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Strategies" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>State</TableCell>
                <TableCell sx={HIDDEN_ON_PHONES}>Flight</TableCell>
                <TableCell align="right">Bid</TableCell>
                <TableCell align="right">Budget share</TableCell>
                {canEdit && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {strategies.map((strategy) => {
                const isBidding = strategy.state === 'bidding';
                return (
                  <TableRow key={strategy.id} hover>
                    <TableCell component="th" scope="row">
                      {strategy.name}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                        <Switch
                          size="small"
                          checked={isBidding}
                          disabled={!canEdit || pending.has(strategy.id)}
                          onChange={(event) => void toggle(strategy, event.target.checked)}
                          slotProps={{ input: { 'aria-label': `${strategy.name} bidding` } }}
                        />
                        {STRATEGY_STATE_LABELS[strategy.state]}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...HIDDEN_ON_PHONES, whiteSpace: 'nowrap' }}>
                      {strategy.start_date ?? '—'} to {strategy.end_date ?? 'until stopped'}
                    </TableCell>
                    <TableCell align="right">
                      {strategy.bid === null
                        ? "Campaign's"
                        : formatCurrency(strategy.bid, { currency: campaign.currency, fractionDigits: 3 })}
                    </TableCell>
                    <TableCell align="right">{strategy.budget_share}%</TableCell>
                    {canEdit && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title="Edit" disableInteractive>
                          <IconButton
                            aria-label={`Edit ${strategy.name}`}
                            onClick={() => openDialog(strategy)}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Duplicate" disableInteractive>
                          <IconButton
                            aria-label={`Duplicate ${strategy.name}`}
                            onClick={() => void duplicate(strategy)}
                          >
                            <ContentCopyOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete" disableInteractive>
                          <IconButton
                            aria-label={`Delete ${strategy.name}`}
                            onClick={() => confirmDelete(strategy)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};
