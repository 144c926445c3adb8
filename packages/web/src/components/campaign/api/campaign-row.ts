/**
 * GET /campaigns: one page of the campaigns the caller may see, with the list conventions of
 * docs/decisions/008-list-queries.md. Shared by the landing grid (`/campaigns`) and the back office (`/backoffice/campaigns`).
 */
import type { TCampaignRow } from '@beacon/domain/api/campaigns';
import { listFetcher } from '../../../api/list-query';

/**
 * One row of the campaigns grid, as the shared schema of packages/domain/src/api/campaigns.ts says (the server
 * validates its answers with it); money is decimal text in the campaign's currency, days are YYYY-MM-DD.
 */
export type CampaignRow = TCampaignRow;

/**
 * Every campaign query starts with this key (the campaign detail uses the same one), so that a change made
 * anywhere refreshes the grid and the detail alike.
 */
export const CAMPAIGNS_QUERY_KEY = ['campaigns'] as const;
export const CAMPAIGN_LIST_QUERY_KEY = [...CAMPAIGNS_QUERY_KEY, 'list'] as const;

export const fetchCampaigns = listFetcher<CampaignRow>('/campaigns');
