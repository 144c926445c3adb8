import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { enqueueSnackbar } from '../../lib/snackbar';
import { bulkUpdateCampaigns } from './api/bulk-update-campaigns';
import { CAMPAIGNS_QUERY_KEY, type CampaignRow } from './api/campaign-row';
import { CampaignNameList } from './CampaignNameList';
import { BULK_ACTION_STATE, campaignsText } from './campaign-list';

export type CampaignStateDialogProps = {
  readonly action: 'activate' | 'pause';
  /** The campaigns that change (the selection's others are left as they are). */
  readonly campaigns: readonly CampaignRow[];
  /** How many selected campaigns the action leaves alone (already in that state). */
  readonly skipped: number;
  readonly onDone: () => void;
};

const COPY = {
  activate: {
    verb: 'Activate',
    done: 'activated',
    effect: 'They start bidding as soon as their dates, strategies and creatives allow.',
    skippedText: 'already active',
  },
  pause: {
    verb: 'Pause',
    done: 'paused',
    effect: 'They stop bidding until they are activated again; nothing else changes.',
    skippedText: 'not running',
  },
} as const;

/**
 * The confirmation of a bulk activation or pause. The change is all or nothing: when one campaign refuses it
 * (an activation without a strategy, an incomplete draft), the server names it and nothing changes.
 */
export const CampaignStateDialog = ({ action, campaigns, skipped, onDone }: CampaignStateDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const id = useId();
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const copy = COPY[action];
  const count = campaigns.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setFailure(undefined);
    try {
      await bulkUpdateCampaigns(
        campaigns.map((campaign) => campaign.id),
        BULK_ACTION_STATE[action],
      );
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      onDone();
      enqueueSnackbar(`${campaignsText(count)} ${copy.done}`, { variant: 'success' });
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
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {copy.verb} {campaignsText(count)}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            {copy.effect}
            <CampaignNameList campaigns={campaigns} />
            {skipped > 0 && (
              <p>
                {campaignsText(skipped)} of the selection {skipped === 1 ? 'is' : 'are'} {copy.skippedText}{' '}
                and
                {skipped === 1 ? ' stays' : ' stay'} as {skipped === 1 ? 'it is' : 'they are'}.
              </p>
            )}
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} autoFocus>
            {copy.verb} {campaignsText(count)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
