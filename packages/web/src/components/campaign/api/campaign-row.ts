/**
 * GET /campaigns: one page of the campaigns the caller may see, with the list conventions of
 * docs/decisions/008-list-queries.md. Shared by the landing grid (`/campaigns`) and the back office (`/backoffice/campaigns`).
 */
import type {
  BudgetTimespan,
  CampaignState,
  CampaignStatus,
  CampaignType,
  DeliveryStatus,
  ObjectiveKind,
} from '@beacon/domain/dictionary/campaigns';
import type { Currency } from '@beacon/domain/dictionary/currencies';
import { listFetcher } from '../../../api/list-query';

/** One row of the campaigns grid; money is decimal text in the campaign's currency, days are YYYY-MM-DD. */
export type CampaignRow = {
  readonly id: number;
  readonly name: string;
  readonly organization: number;
  readonly organization_name: string;
  readonly type: CampaignType;
  readonly objective: ObjectiveKind | null;
  readonly state: CampaignState;
  readonly status: CampaignStatus;
  readonly delivery_status: DeliveryStatus;
  readonly delivery_explanation: string;
  readonly start_date: string | null;
  readonly end_date: string | null;
  readonly currency: Currency;
  /** IANA zone of the schedule, the flight and the daily budget day. */
  readonly time_zone: string;
  readonly budget_timespan: BudgetTimespan | null;
  readonly budget: string | null;
  // Delivery figures, from the rollups the event intake writes (the server's delivery query layer).
  readonly impressions: number;
  readonly clicks: number;
  /** Clicks per impression (0…1); null without impressions. */
  readonly ctr: number | null;
  /** The five conversion events together. */
  readonly conversions: number;
  readonly spend: string;
  /** The current UTC day's spend. */
  readonly spend_today: string;
  /** What an even spend of the budget would have spent so far today; null when nothing is expected. */
  readonly expected_spend_today: string | null;
  /** The start of the last hour with an impression; null: never delivered. */
  readonly last_delivery_hour: string | null;
  readonly strategies_count: number;
  readonly strategies_bidding: number;
  readonly source_campaign: number | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
};

/**
 * Every campaign query starts with this key (the campaign detail uses the same one), so that a change made
 * anywhere refreshes the grid and the detail alike.
 */
export const CAMPAIGNS_QUERY_KEY = ['campaigns'] as const;
export const CAMPAIGN_LIST_QUERY_KEY = [...CAMPAIGNS_QUERY_KEY, 'list'] as const;

export const fetchCampaigns = listFetcher<CampaignRow>('/campaigns');
