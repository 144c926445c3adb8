import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/snackbar';
import { ConfirmWordDialog } from '../ConfirmWordDialog';
import { bulkUpdateCampaigns } from './api/bulk-update-campaigns';
import { CAMPAIGNS_QUERY_KEY, type CampaignRow } from './api/campaign-row';
import { CampaignNameList } from './CampaignNameList';
import { campaignsText } from './campaign-list';

const CONFIRM_WORD = 'Delete';

export type DeleteCampaignsDialogProps = {
  readonly campaigns: readonly CampaignRow[];
  readonly onDeleted: () => void;
};

/**
 * Deletes the selected campaigns once the user types the word (§5 confirm dialogs): their state becomes
 * deleted, they stop and leave the grid, and their history is kept. Synchronized campaigns that follow one of
 * them stop too.
 */
export const DeleteCampaignsDialog = ({ campaigns, onDeleted }: DeleteCampaignsDialogProps) => {
  const queryClient = useQueryClient();
  const count = campaigns.length;
  return (
    <ConfirmWordDialog
      title={`Delete ${campaignsText(count)}?`}
      word={CONFIRM_WORD}
      confirmLabel={`Delete ${campaignsText(count)}`}
      isDestructive
      description={
        <>
          <Typography>
            {count === 1 ? 'It stops and leaves' : 'They stop and leave'} the grid;{' '}
            {count === 1 ? 'its' : 'their'} history is kept. Synchronized campaigns that follow{' '}
            {count === 1 ? 'it' : 'them'} stop too.
          </Typography>
          <CampaignNameList campaigns={campaigns} />
        </>
      }
      onConfirm={async () => {
        await bulkUpdateCampaigns(
          campaigns.map((campaign) => campaign.id),
          'deleted',
        );
        await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
        onDeleted();
        enqueueSnackbar(`${campaignsText(count)} deleted`, { variant: 'success' });
      }}
    />
  );
};
