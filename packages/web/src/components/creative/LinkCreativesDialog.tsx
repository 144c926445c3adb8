import { CREATIVE_STATE_LABELS, CREATIVE_TYPE_LABELS } from '@beacon/domain/dictionary/creatives';
import { ZCampaignCreativeLinks } from '@beacon/domain/validation/creative-form';
import { useQueryClient } from '@tanstack/react-query';
import { CAMPAIGNS_QUERY_KEY } from '../campaign/api/campaign-row';
import { campaignCreativesQueryKey, updateCampaignCreatives } from './api/campaign-creatives';
import { CREATIVES_QUERY_KEY, type CreativeRow, fetchLinkableCreatives } from './api/creative';
import { CreativeThumbnail } from './CreativeThumbnail';
import { LINK_OPTIONS_LIMIT, LinkPickerDialog } from './LinkPickerDialog';

type LinkCreativesDialogProps = {
  readonly campaignId: number;
  readonly campaignName: string;
  /** Creatives linked already (not removed): not offered again. */
  readonly linkedIds: readonly number[];
};

const linksOf = (chosen: readonly CreativeRow[]) =>
  ZCampaignCreativeLinks.safeParse({
    links: chosen.map((creative) => ({ creative_id: creative.id, state: 'active' })),
  });

/** Link creatives of the library to a campaign (active links), picked by name. */
export const LinkCreativesDialog = ({ campaignId, campaignName, linkedIds }: LinkCreativesDialogProps) => {
  const queryClient = useQueryClient();
  return (
    <LinkPickerDialog<CreativeRow>
      title={`Link creatives to ${campaignName}`}
      description="Only creatives of the campaign's advertiser (or an organization above it) that were not rejected are offered. Each serves once it is approved."
      label="Creatives"
      queryKey={[...CREATIVES_QUERY_KEY, 'linkable', campaignId]}
      fetchOptions={async (search, signal) =>
        (
          await fetchLinkableCreatives(campaignId)(
            { page: 1, limit: LINK_OPTIONS_LIMIT, filters: [], ...(search ? { search } : {}) },
            signal,
          )
        ).rows
      }
      linkedIds={new Set(linkedIds)}
      renderOption={(option) => (
        <>
          <CreativeThumbnail url={option.thumbnail_url} type={option.type} name={option.name} size={32} />
          <span>
            {option.name} · {CREATIVE_TYPE_LABELS[option.type]} · {CREATIVE_STATE_LABELS[option.state]} ·{' '}
            {option.organization_name}
          </span>
        </>
      )}
      check={(chosen) => {
        const check = linksOf(chosen);
        return check.success ? undefined : check.error.issues[0]?.message;
      }}
      link={async (chosen) => {
        const links = linksOf(chosen);
        if (!links.success) throw links.error;
        const saved = await updateCampaignCreatives(campaignId, links.data);
        queryClient.setQueryData(campaignCreativesQueryKey(campaignId), saved);
        await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
        await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
        return `${chosen.length} ${chosen.length === 1 ? 'creative' : 'creatives'} linked to ${campaignName}`;
      }}
    />
  );
};
