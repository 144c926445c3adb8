/** Pure helpers of a campaign's creative links. */
import type { CampaignCreative } from './api/campaign-creatives';
import type { LinkState } from './api/creative';

/** The links whose state the user changed, as PUT /campaign/{id}/creatives takes them. */
export const changedLinks = (
  creatives: readonly Pick<CampaignCreative, 'id' | 'link_state'>[],
  states: Readonly<Record<number, LinkState>>,
): { creative_id: number; state: LinkState }[] =>
  creatives.flatMap((creative) => {
    const state = states[creative.id];
    return state !== undefined && state !== creative.link_state ? [{ creative_id: creative.id, state }] : [];
  });

/** A campaign's links as the tab lists them: removed ones last, each group by name. */
export const sortedLinks = <T extends Pick<CampaignCreative, 'name' | 'link_state'>>(
  links: readonly T[],
): T[] =>
  [...links].sort(
    (a, b) =>
      Number(a.link_state === 'deleted') - Number(b.link_state === 'deleted') || a.name.localeCompare(b.name),
  );
