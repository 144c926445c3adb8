/**
 * What /campaign/{id}/{tab} asks first (the page budget of docs/decisions/006-console-foundations.md): the campaign and its strategies, fetched while
 * the page's code downloads (the route's loader, app/prefetch.ts), the campaign it is synchronized with, and
 * the tabs' code, which the page would otherwise only ask for once its own code had run. The router imports
 * this module itself (it is small), so the requests start as soon as the route matches.
 */
import { queryClient } from '../../../app/query-client';
import { campaignQueryOptions } from '../api/get-campaign';
import { strategiesQueryOptions } from '../api/strategies';

export const prefetchCampaignPage = (campaignId: string | undefined): void => {
  const id = Number(campaignId);
  if (!Number.isInteger(id) || id < 1) return;
  void queryClient.fetchQuery(campaignQueryOptions(id)).then(
    (campaign) => {
      if (campaign.source_campaign !== null) {
        void queryClient.prefetchQuery({ ...campaignQueryOptions(campaign.source_campaign), retry: false });
      }
    },
    () => undefined,
  );
  void queryClient.prefetchQuery(strategiesQueryOptions(id));
  void import('./CampaignTabs');
};
