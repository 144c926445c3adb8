import type { THistoryEntry } from '@beacon/domain/api/history';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { formatDateTime } from '../../../lib/format';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

export type HistoryDialogProps = {
  readonly title: string;
  readonly queryKey: readonly unknown[];
  readonly fetcher: (signal: AbortSignal) => Promise<readonly THistoryEntry[]>;
};

/** Who changed what and when, newest first. */
export const HistoryDialog = ({ title, queryKey, fetcher }: HistoryDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const history = useQuery({ queryKey, queryFn: ({ signal }) => fetcher(signal) });
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {history.isPending && <LinearProgress aria-label="Loading the history" />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.data?.length === 0 && <Typography color="text.secondary">No changes yet.</Typography>}
        {history.data && history.data.length > 0 && (
          <List dense disablePadding>
            {history.data.map((entry) => (
              <ListItem key={entry.id} disableGutters divider sx={{ alignItems: 'flex-start' }}>
                <ListItemText
                  primary={`${formatDateTime(entry.created_at)} · ${entry.action} · ${entry.actor?.name ?? 'System'}${
                    entry.impersonator ? ` (as simulated by ${entry.impersonator.name})` : ''
                  }`}
                  secondary={
                    entry.changes.length === 0
                      ? undefined
                      : entry.changes
                          .map((change) => `${change.field}: ${shown(change.from)} → ${shown(change.to)}`)
                          .join('; ')
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
