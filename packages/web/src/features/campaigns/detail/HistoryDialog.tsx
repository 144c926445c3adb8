/**
 * The history dialog (§2): who changed what and when, newest first, for the campaign and its strategies; a
 * change made while simulating names both the user and the impersonator.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { formatDateTime } from '../../../lib/format';
import { type HistoryEntry, useCampaignHistory } from '../api/history';
import { historyValueText, historyWords, meaningfulChanges, personText } from '../utils/history-text';

const Entry = ({ entry }: { entry: HistoryEntry }) => {
  const changes = meaningfulChanges(entry.changes);
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
      <Typography variant="body2">
        <strong>{formatDateTime(entry.created_at)}</strong> ·{' '}
        {entry.entity === 'campaign' ? 'Campaign' : `Strategy #${entry.entity_id}`} {entry.action}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        by {personText(entry.actor)}
        {entry.impersonator && `, simulated by ${personText(entry.impersonator)}`}
      </Typography>
      {changes.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {changes.map((change) => (
            <Typography component="li" variant="body2" key={change.field}>
              {historyWords(change.field)}: {historyValueText(change.from)} → {historyValueText(change.to)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
};

export const HistoryDialog = ({ campaignId }: { campaignId: number }) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const theme = useTheme();
  const isFullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useCampaignHistory(campaignId);
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={isFullScreen}>
      <DialogTitle id={titleId}>History</DialogTitle>
      {/* Focusable, so that a long history scrolls with the keyboard. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Changes, newest first">
        {history.isPending && <CircularProgress aria-label="Loading history" />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.data?.length === 0 && <Typography>No changes recorded yet.</Typography>}
        {history.data && history.data.length > 0 && (
          <Box component="ol" aria-label="Changes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {history.data.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
