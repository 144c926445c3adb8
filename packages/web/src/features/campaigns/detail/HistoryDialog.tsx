/**
 * The history dialog (§2) of a campaign: who changed what and when, newest first, for the campaign and its
 * strategies, money in the campaign's currency; a change made while simulating names both people.
 */
import { HistoryDialog as SharedHistoryDialog } from '../../../components/history/HistoryDialog';
import { useCampaign } from '../api/get-campaign';
import { campaignHistoryQueryOptions, fetchCampaignHistory } from '../api/history';

export const HistoryDialog = ({ campaignId }: { campaignId: number }) => {
  // The page has read the campaign already: its name and currency come from the cache.
  const campaign = useCampaign(campaignId).data;
  return (
    <SharedHistoryDialog
      title={campaign ? `History of ${campaign.name}` : 'History'}
      entity="campaign"
      queryKey={campaignHistoryQueryOptions(campaignId).queryKey}
      fetcher={(signal) => fetchCampaignHistory(campaignId, signal)}
      {...(campaign ? { currency: campaign.currency } : {})}
    />
  );
};
