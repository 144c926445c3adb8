import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { enqueueSnackbar } from '../../lib/snackbar';

const SEARCH_DEBOUNCE_MS = 300;
/** How many matches the picker offers for what is typed. */
export const LINK_OPTIONS_LIMIT = 20;

type LinkOption = { readonly id: number; readonly name: string };

type LinkPickerDialogProps<T extends LinkOption> = {
  readonly title: string;
  readonly description: ReactNode;
  /** The picker's label ("Creatives", "Campaigns"); its helper text says it searches them by name. */
  readonly label: string;
  /** The options' query key, to which the search is appended. */
  readonly queryKey: readonly unknown[];
  readonly fetchOptions: (search: string, signal: AbortSignal) => Promise<readonly T[]>;
  /** Linked already: not offered again. */
  readonly linkedIds: ReadonlySet<number>;
  readonly renderOption: (option: T) => ReactNode;
  /** The domain's check of the links to make: its first problem, or undefined. */
  readonly check: (chosen: readonly T[]) => string | undefined;
  /** Makes the links and refreshes what shows them; answers the success message. */
  readonly link: (chosen: readonly T[]) => Promise<string>;
};

/**
 * Links picked by name (a creative's campaigns, a campaign's creatives): a debounced search of the options, a
 * multiple choice, and one call that makes them all; a refusal shows in the dialog, which stays open.
 */
export const LinkPickerDialog = <T extends LinkOption>({
  title,
  description,
  label,
  queryKey,
  fetchOptions,
  linkedIds,
  renderOption,
  check,
  link,
}: LinkPickerDialogProps<T>) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<T[]>([]);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const found = useQuery({
    queryKey: [...queryKey, search],
    queryFn: ({ signal }) => fetchOptions(search, signal),
  });
  const options = (found.data ?? []).filter((option) => !linkedIds.has(option.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const problem = check(chosen);
    if (problem !== undefined) {
      setFailure(problem);
      return;
    }
    setIsBusy(true);
    try {
      enqueueSnackbar(await link(chosen), { variant: 'success' });
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
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Autocomplete
            multiple
            options={options}
            value={chosen}
            onChange={(_event, next) => setChosen(next)}
            inputValue={input}
            onInputChange={(_event, next, reason) => {
              if (reason !== 'reset') setInput(next);
            }}
            filterOptions={(all) => all}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={found.isFetching}
            disabled={isBusy}
            renderOption={({ key, ...props }, option) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
                {renderOption(option)}
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                helperText={`Type to search ${label.toLowerCase()} by name`}
                autoFocus
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={chosen.length === 0}>
            Link
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
