/** §2: the banner shown when every strategy of a campaign is paused (it does not run), with a way to resume. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY } from '../api/get-campaign';
import type { Strategy } from '../api/strategies';
import { resumeStrategies } from './strategy-actions';

export const isEveryStrategyPaused = (strategies: readonly Strategy[]): boolean =>
  strategies.length > 0 && strategies.every((strategy) => strategy.state === 'paused');

export const AllPausedBanner = ({ strategies }: { strategies: readonly Strategy[] }) => {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  if (!isEveryStrategyPaused(strategies)) return null;
  const resume = async () => {
    setIsBusy(true);
    try {
      const count = await resumeStrategies(strategies);
      enqueueSnackbar(`${count} ${count === 1 ? 'strategy' : 'strategies'} resumed`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      setIsBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" loading={isBusy} onClick={() => void resume()}>
          Resume strategies
        </Button>
      }
    >
      <AlertTitle>Every strategy of this campaign is paused</AlertTitle>
      The campaign does not run until a strategy bids again.
    </Alert>
  );
};
