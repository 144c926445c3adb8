/**
 * The history dialog (§2): who changed what and when, newest first, in words (history-format.ts). Campaigns,
 * creatives and the resources (deals, geolists, publisher lists, audiences, location audiences) all show it.
 */
import type { Currency } from '@beacon/domain/dictionary/currencies';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { errorMessage } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { formatDateTime } from '../../lib/format';
import { actionText, actorText, changeLines, currenciesOf, type HistoryEntryView } from './history-format';

export type HistoryDialogProps = {
  readonly title: string;
  /** What the history is of (`campaign`, `deal`…), when the entries do not say; a part's entries name theirs. */
  readonly entity?: string;
  readonly queryKey: readonly unknown[];
  readonly fetcher: (signal: AbortSignal) => Promise<readonly HistoryEntryView[]>;
  /** The currency of the resource's money (a campaign's and its strategies'). */
  readonly currency?: Currency;
};

const Entry = ({
  entry,
  entity,
  currency,
}: {
  entry: HistoryEntryView;
  entity: string;
  currency: Currency | undefined;
}) => {
  const lines = changeLines(entry, entity, currency === undefined ? {} : { currency });
  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        overflowWrap: 'anywhere',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography variant="body2">
        <Box component="time" dateTime={entry.created_at} sx={{ color: 'text.secondary' }}>
          {formatDateTime(entry.created_at)}
        </Box>{' '}
        ·{' '}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {actionText(entry, entity)}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {actorText(entry)}
      </Typography>
      {lines.length > 0 && (
        <Box sx={{ mt: 0.5, pl: 2 }}>
          {lines.map((line, index) => (
            // A line's label may repeat (two parts of one object), so its place keys it.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an entry never move.
            <Typography variant="body2" key={index}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {line.label}:
              </Box>{' '}
              {line.from === null ? line.to : `${line.from} → ${line.to}`}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
};

export const HistoryDialog = ({ title, entity, queryKey, fetcher, currency }: HistoryDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const theme = useTheme();
  const isFullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useQuery({ queryKey, queryFn: ({ signal }) => fetcher(signal) });
  const currencies = useMemo(() => currenciesOf(history.data ?? [], currency), [history.data, currency]);
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={isFullScreen}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Focusable, so that a long history scrolls with the keyboard. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Changes, newest first">
        {history.isPending && <LinearProgress aria-label="Loading the history" />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.data?.length === 0 && <Typography color="text.secondary">No changes yet.</Typography>}
        {history.data && history.data.length > 0 && (
          <Box component="ol" aria-label="Changes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {history.data.map((entry) => (
              <Entry
                key={entry.id}
                entry={entry}
                entity={entity ?? entry.entity ?? ''}
                currency={currencies.get(entry.id)}
              />
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
