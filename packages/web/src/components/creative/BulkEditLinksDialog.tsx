import { CREATIVE_BULK_MAX, ZCampaignCreativeLinks } from '@beacon/domain/validation/creative-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { useUnsavedChanges } from '../../app/unsaved-changes';
import { enqueueSnackbar } from '../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY } from '../campaign/api/campaign-row';
import {
  type CampaignCreative,
  campaignCreativesQueryKey,
  updateCampaignCreatives,
} from './api/campaign-creatives';
import { CREATIVES_QUERY_KEY, LINK_STATE_LABELS, LINK_STATES, type LinkState } from './api/creative';
import { CreativeStateChip } from './CreativeStateChip';
import { changedLinks } from './link-edits';

type BulkEditLinksDialogProps = {
  readonly campaignId: number;
  readonly campaignName: string;
  readonly creatives: readonly CampaignCreative[];
};

const isLinkState = (value: string): value is LinkState => LINK_STATES.some((state) => state === value);

/**
 * The bulk edit of a campaign's creatives (§2): the link state of each (active, paused, removed), or of all at
 * once, saved together — all or nothing.
 */
export const BulkEditLinksDialog = ({ campaignId, campaignName, creatives }: BulkEditLinksDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const queryClient = useQueryClient();
  const titleId = useId();
  const initial = Object.fromEntries(creatives.map((creative) => [creative.id, creative.link_state]));
  const [states, setStates] = useState<Record<number, LinkState>>(initial);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const links = changedLinks(creatives, states);
  useUnsavedChanges('bulk-edit-creatives', !isDone && links.length > 0);

  const setAll = (state: LinkState) =>
    setStates(Object.fromEntries(creatives.map((creative) => [creative.id, state])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const check = ZCampaignCreativeLinks.safeParse({ links });
    if (!check.success) {
      setFailure(check.error.issues[0]?.message);
      return;
    }
    setIsBusy(true);
    try {
      const saved = await updateCampaignCreatives(campaignId, check.data);
      setIsDone(true);
      queryClient.setQueryData(campaignCreativesQueryKey(campaignId), saved);
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar(
        `${links.length} ${links.length === 1 ? 'creative' : 'creatives'} of ${campaignName} updated`,
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
      maxWidth="md"
      fullWidth
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>Bulk edit the creatives of {campaignName}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <DialogContentText>
              An active link serves once the creative is approved; a paused one waits; a removed one leaves
              the campaign. At most {CREATIVE_BULK_MAX} changes at once.
            </DialogContentText>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {LINK_STATES.map((state) => (
                <Button
                  key={state}
                  size="small"
                  variant="outlined"
                  onClick={() => setAll(state)}
                  disabled={isBusy}
                >
                  Set all to {LINK_STATE_LABELS[state].toLowerCase()}
                </Button>
              ))}
            </Stack>
            <Table size="small" aria-label="Link states">
              <TableHead>
                <TableRow>
                  <TableCell>Creative</TableCell>
                  <TableCell>Approval</TableCell>
                  <TableCell sx={{ width: 200 }}>Link</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {creatives.map((creative) => (
                  <TableRow key={creative.id}>
                    <TableCell sx={{ overflowWrap: 'break-word', minWidth: 140 }}>{creative.name}</TableCell>
                    <TableCell>
                      <CreativeStateChip state={creative.state} />
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label={`Link of ${creative.name}`}
                        value={states[creative.id] ?? creative.link_state}
                        onChange={(event) => {
                          const next = event.target.value;
                          if (isLinkState(next)) setStates({ ...states, [creative.id]: next });
                        }}
                        disabled={isBusy}
                      >
                        {LINK_STATES.map((state) => (
                          <MenuItem key={state} value={state}>
                            {LINK_STATE_LABELS[state]}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={links.length === 0}>
            {links.length === 0
              ? 'Save'
              : `Save ${links.length} ${links.length === 1 ? 'change' : 'changes'}`}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
