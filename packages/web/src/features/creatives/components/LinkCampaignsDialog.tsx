import type { TCampaignRow } from '@beacon/domain/api/campaigns';
import { ZCreativeCampaigns } from '@beacon/domain/validation/creative-form';
import { useQueryClient } from '@tanstack/react-query';
import { apiList } from '../../../api/client';
import {
  CREATIVES_QUERY_KEY,
  type Creative,
  creativeQueryKey,
} from '../../../components/creative/api/creative';
import { LINK_OPTIONS_LIMIT, LinkPickerDialog } from '../../../components/creative/LinkPickerDialog';
import { linkCreativeToCampaigns } from '../api/creative-writes';

/** What the picker shows of a row of GET /campaigns. */
type CampaignOption = Pick<TCampaignRow, 'id' | 'name' | 'organization_name'>;

const campaignIdsOf = (chosen: readonly CampaignOption[]) =>
  ZCreativeCampaigns.safeParse({ campaign_ids: chosen.map((campaign) => campaign.id) });

/** Link a creative to campaigns (active links), picked by name from the campaigns the user sees. */
export const LinkCampaignsDialog = ({ creative }: { readonly creative: Creative }) => {
  const queryClient = useQueryClient();
  return (
    <LinkPickerDialog<CampaignOption>
      title={`Link ${creative.name} to campaigns`}
      description={`The creative serves in these campaigns once it is approved. Campaigns of ${creative.organization_name} and its advertisers may use it.`}
      label="Campaigns"
      queryKey={['creatives', 'campaign-options']}
      fetchOptions={async (search, signal) =>
        (
          await apiList<CampaignOption>('/campaigns', {
            params: {
              search: search || undefined,
              limit: LINK_OPTIONS_LIMIT,
              'state[any]': 'active,inactive,preview',
            },
            signal,
          })
        ).rows
      }
      linkedIds={
        new Set(creative.campaigns.filter((link) => link.link_state !== 'deleted').map((link) => link.id))
      }
      renderOption={(option) => `${option.name} · ${option.organization_name}`}
      check={(chosen) => {
        const check = campaignIdsOf(chosen);
        return check.success ? undefined : check.error.issues[0]?.message;
      }}
      link={async (chosen) => {
        const saved = await linkCreativeToCampaigns(
          creative.id,
          chosen.map((campaign) => campaign.id),
        );
        queryClient.setQueryData(creativeQueryKey(creative.id), saved);
        await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
        await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
        return `${creative.name} linked to ${chosen.length} ${chosen.length === 1 ? 'campaign' : 'campaigns'}`;
      }}
    />
  );
};
