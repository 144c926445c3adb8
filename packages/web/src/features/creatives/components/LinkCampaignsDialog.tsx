import { ZCreativeCampaigns } from '@beacon/domain/validation/creative-form';
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
import { errorMessage } from '../../../api/api-error';
import { apiList } from '../../../api/client';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import {
  CREATIVES_QUERY_KEY,
  type Creative,
  creativeQueryKey,
} from '../../../components/creative/api/creative';
import { linkCreativeToCampaigns } from '../api/creative-writes';

type CampaignOption = { readonly id: number; readonly name: string; readonly organization_name: string };

const SEARCH_DEBOUNCE_MS = 300;
const OPTIONS_LIMIT = 20;

/** Link a creative to campaigns (active links), picked by name from the campaigns the user sees. */
export const LinkCampaignsDialog = ({ creative }: { readonly creative: Creative }) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CampaignOption[]>([]);
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const linked = new Set(
    creative.campaigns.filter((link) => link.link_state !== 'deleted').map((link) => link.id),
  );
  const campaigns = useQuery({
    queryKey: ['creatives', 'campaign-options', search],
    queryFn: ({ signal }) =>
      apiList<CampaignOption>('/campaigns', {
        params: {
          search: search || undefined,
          limit: OPTIONS_LIMIT,
          'state[any]': 'active,inactive,preview',
        },
        signal,
      }),
  });
  const options = (campaigns.data?.rows ?? []).filter((campaign) => !linked.has(campaign.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = ZCreativeCampaigns.safeParse({ campaign_ids: chosen.map((campaign) => campaign.id) });
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      const saved = await linkCreativeToCampaigns(creative.id, check.data.campaign_ids);
      queryClient.setQueryData(creativeQueryKey(creative.id), saved);
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      enqueueSnackbar(
        `${creative.name} linked to ${chosen.length} ${chosen.length === 1 ? 'campaign' : 'campaigns'}`,
        { variant: 'success' },
      );
      close();
    } catch (failure) {
      setError(errorMessage(failure));
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
        <DialogTitle id={titleId}>Link {creative.name} to campaigns</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The creative serves in these campaigns once it is approved. Campaigns of{' '}
            {creative.organization_name} and its advertisers may use it.
          </DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
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
            loading={campaigns.isFetching}
            disabled={isBusy}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                {option.name} · {option.organization_name}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Campaigns"
                helperText="Type to search campaigns by name"
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
