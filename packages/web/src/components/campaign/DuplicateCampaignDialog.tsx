import { duplicateCampaignName, ZCampaignDuplicate } from '@beacon/domain/validation/campaign-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../app/unsaved-changes';
import { detailErrors } from '../../lib/form-errors';
import { closeSnackbar, enqueueSnackbar } from '../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY } from './api/campaign-row';
import { duplicateCampaign } from './api/duplicate-campaign';
import { campaignPath } from './campaign-paths';

/** What the dialog needs of the campaign it copies (a grid row or the campaign detail). */
export type DuplicateSource = {
  readonly id: number;
  readonly name: string;
  readonly strategies_count: number;
};

export type DuplicateCampaignDialogProps = {
  readonly source: DuplicateSource;
  /** Open the copy once made (the campaign detail does); the grid stays and offers it in the snackbar. */
  readonly openCopy?: boolean;
};

const strategiesCountText = (count: number): string => `${count} ${count === 1 ? 'strategy' : 'strategies'}`;

/**
 * The duplicate campaign dialog (§2): a copy of the campaign under a new name, with or without its strategies.
 * The copy starts inactive (a draft when the source was incomplete), so nothing bids until it is activated.
 */
export const DuplicateCampaignDialog = ({ source, openCopy = false }: DuplicateCampaignDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const initialName = duplicateCampaignName(source.name);
  const [name, setName] = useState(initialName);
  const [withStrategies, setWithStrategies] = useState(source.strategies_count > 0);
  const [nameError, setNameError] = useState<string>();
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  useUnsavedChanges(`duplicate-campaign-${source.id}`, !isDone && name !== initialName);

  const check = (value: string): string | undefined => {
    const result = ZCampaignDuplicate.safeParse({ name: value, with_strategies: withStrategies });
    return result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path[0] === 'name')?.message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const error = check(name);
    setNameError(error);
    if (error) return;
    setIsBusy(true);
    try {
      const copy = await duplicateCampaign(source.id, { name: name.trim(), with_strategies: withStrategies });
      setIsDone(true);
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      close();
      if (openCopy) {
        enqueueSnackbar(`${copy.name} created as a copy of ${source.name}`, { variant: 'success' });
        void navigate(campaignPath(copy.id));
        return;
      }
      const key = enqueueSnackbar(`${copy.name} created as a copy of ${source.name}`, {
        variant: 'success',
        action: () => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              void navigate(campaignPath(copy.id));
            }}
          >
            Open
          </Button>
        ),
      });
    } catch (caught) {
      const fieldError = isApiError(caught) ? detailErrors(caught.details ?? [], ['name']).name : undefined;
      setNameError(fieldError);
      if (!fieldError) setFailure(errorMessage(caught));
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
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Duplicate {source.name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            The copy gets the settings and targeting of {source.name}. It starts inactive, so nothing bids
            until you activate it.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2.5}>
            <TextField
              autoFocus
              fullWidth
              required
              label="Name of the copy"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (isSubmitted) setNameError(check(event.target.value));
              }}
              error={nameError !== undefined}
              helperText={nameError}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
            <FormControl>
              <FormLabel id={`${titleId}-strategies`}>Strategies</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-strategies`}
                value={withStrategies ? 'with' : 'without'}
                onChange={(event) => setWithStrategies(event.target.value === 'with')}
              >
                <FormControlLabel
                  value="with"
                  control={<Radio />}
                  disabled={source.strategies_count === 0}
                  label={
                    source.strategies_count === 0
                      ? 'With its strategies (it has none)'
                      : `With its ${strategiesCountText(source.strategies_count)}`
                  }
                />
                <FormControlLabel value="without" control={<Radio />} label="Without strategies" />
              </RadioGroup>
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Duplicate
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
