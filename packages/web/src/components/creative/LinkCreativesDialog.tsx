import { CREATIVE_STATE_LABELS, CREATIVE_TYPE_LABELS } from '@beacon/domain/dictionary/creatives';
import { ZCampaignCreativeLinks } from '@beacon/domain/validation/creative-form';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { CAMPAIGNS_QUERY_KEY } from '../campaign/api/campaign-row';
import { campaignCreativesQueryKey, updateCampaignCreatives } from './api/campaign-creatives';
import { CREATIVES_QUERY_KEY, type CreativeRow, fetchCreatives } from './api/creative';
import { CreativeThumbnail } from './CreativeThumbnail';

const SEARCH_DEBOUNCE_MS = 300;
const OPTIONS_LIMIT = 20;

type LinkCreativesDialogProps = {
  readonly campaignId: number;
  readonly campaignName: string;
  /** Creatives linked already (not removed): not offered again. */
  readonly linkedIds: readonly number[];
};

/** Link creatives of the library to a campaign (active links), picked by name. */
export const LinkCreativesDialog = ({ campaignId, campaignName, linkedIds }: LinkCreativesDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CreativeRow[]>([]);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const creatives = useQuery({
    queryKey: [...CREATIVES_QUERY_KEY, 'options', search],
    queryFn: ({ signal }) =>
      fetchCreatives({ page: 1, limit: OPTIONS_LIMIT, filters: [], ...(search ? { search } : {}) }, signal),
  });
  const linked = new Set(linkedIds);
  const options = (creatives.data?.rows ?? []).filter((creative) => !linked.has(creative.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const check = ZCampaignCreativeLinks.safeParse({
      links: chosen.map((creative) => ({ creative_id: creative.id, state: 'active' })),
    });
    if (!check.success) {
      setFailure(check.error.issues[0]?.message);
      return;
    }
    setIsBusy(true);
    try {
      const saved = await updateCampaignCreatives(campaignId, check.data);
      queryClient.setQueryData(campaignCreativesQueryKey(campaignId), saved);
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(
        `${chosen.length} ${chosen.length === 1 ? 'creative' : 'creatives'} linked to ${campaignName}`,
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

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Link creatives to {campaignName}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Creatives of the campaign's advertiser (or an organization above it) may be linked. Each serves
            once it is approved.
          </DialogContentText>
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
            loading={creatives.isFetching}
            disabled={isBusy}
            renderOption={({ key, ...props }, option) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
                <CreativeThumbnail
                  url={option.thumbnail_url}
                  type={option.type}
                  name={option.name}
                  size={32}
                />
                <span>
                  {option.name} · {CREATIVE_TYPE_LABELS[option.type]} · {CREATIVE_STATE_LABELS[option.state]}{' '}
                  · {option.organization_name}
                </span>
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Creatives"
                helperText="Type to search creatives by name"
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
