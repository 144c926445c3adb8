import { PUBLISHER_PLATFORM_LABELS } from '@beacon/domain/dictionary/publisher-lists';
import { parsePublisher, type TPublisher } from '@beacon/domain/validation/publisher-file';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import { useStackedDialog } from '../../../../app/dialogs/dialog-stack';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import {
  changePublishers,
  PUBLISHER_CATALOGUE_QUERY_KEY,
  PUBLISHER_LISTS_QUERY_KEY,
  type PublisherListRow,
  searchCatalogue,
} from '../api/publisher-list';

/** How long typing rests before the catalogue is searched, and how many matches are shown. */
const SEARCH_DEBOUNCE_MS = 250;
const RESULTS_SHOWN = 20;

type Candidate = TPublisher & { readonly name: string | null };

const useDebounced = (value: string, delay: number): string => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};

/**
 * The search publishers dialog (§2, §3): type to search the catalogue of known publishers and apps, pick
 * several, and add them to the list. A typed domain or bundle id that the catalogue does not know yet can be
 * picked too; adding it puts it in the catalogue for everyone's next search.
 */
export const SearchPublishersDialog = ({ list }: { readonly list: PublisherListRow }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<ReadonlyMap<string, Candidate>>(new Map());
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);

  const results = useQuery({
    queryKey: [...PUBLISHER_CATALOGUE_QUERY_KEY, search],
    queryFn: ({ signal }) => searchCatalogue(search, RESULTS_SHOWN, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
  const typed = parsePublisher(search);
  const rows: Candidate[] = results.data?.rows ?? [];
  const candidates: Candidate[] =
    typed && !rows.some((row) => row.publisher === typed.publisher)
      ? [{ ...typed, name: null }, ...rows]
      : rows;

  const toggle = (candidate: Candidate) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(candidate.publisher)) next.delete(candidate.publisher);
      else next.set(candidate.publisher, candidate);
      return next;
    });

  const add = async () => {
    setFailure(undefined);
    setIsBusy(true);
    try {
      const saved = await changePublishers(list.id, {
        version: list.version,
        add: [...picked.keys()],
      });
      await queryClient.invalidateQueries({ queryKey: PUBLISHER_LISTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PUBLISHER_CATALOGUE_QUERY_KEY });
      enqueueSnackbar(
        `${picked.size === 1 ? '1 publisher' : `${picked.size} publishers`} added to ${saved.name}`,
        {
          variant: 'success',
        },
      );
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const label = (candidate: Candidate) => candidate.name ?? candidate.publisher;

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Search publishers</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextField
            autoFocus
            type="search"
            label="Search publishers and apps"
            placeholder="A name, a domain or a bundle id"
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { 'aria-controls': resultsId } }}
          />
          {picked.size > 0 && (
            <Box
              aria-label="Picked publishers"
              role="group"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {[...picked.values()].map((candidate) => (
                <Chip
                  key={candidate.publisher}
                  label={label(candidate)}
                  onDelete={() => toggle(candidate)}
                  size="small"
                />
              ))}
            </Box>
          )}
          <Box id={resultsId} aria-live="polite" sx={{ minHeight: 240 }}>
            {results.isFetching && <LinearProgress aria-label="Searching publishers" />}
            {results.isError && <Alert severity="error">{errorMessage(results.error)}</Alert>}
            {search === '' && (
              <Typography color="text.secondary">Type a name, a domain or a bundle id to search.</Typography>
            )}
            {search !== '' && results.isSuccess && candidates.length === 0 && (
              <Typography color="text.secondary">
                No known publisher matches “{search}”. Type a full domain or bundle id to add it.
              </Typography>
            )}
            {search !== '' && candidates.length > 0 && (
              <List dense aria-label="Matching publishers">
                {candidates.map((candidate) => (
                  <ListItem key={candidate.publisher} disablePadding>
                    <FormControlLabel
                      sx={{ mx: 0, py: 0.5, width: '100%' }}
                      control={
                        <Checkbox
                          checked={picked.has(candidate.publisher)}
                          onChange={() => toggle(candidate)}
                        />
                      }
                      label={
                        <ListItemText
                          primary={
                            candidate.name
                              ? `${candidate.name} (${candidate.publisher})`
                              : candidate.publisher
                          }
                          secondary={
                            rows.includes(candidate)
                              ? PUBLISHER_PLATFORM_LABELS[candidate.platform]
                              : `${PUBLISHER_PLATFORM_LABELS[candidate.platform]} · not in the catalogue yet`
                          }
                        />
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isBusy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void add()} disabled={picked.size === 0} loading={isBusy}>
          {picked.size === 0
            ? 'Add publishers'
            : `Add ${picked.size === 1 ? '1 publisher' : `${picked.size} publishers`}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
