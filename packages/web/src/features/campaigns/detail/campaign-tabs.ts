/** The tabs of the campaign page (§2); creatives joins with the creatives issue, internal is for internal roles. */
export const CAMPAIGN_TABS = ['properties', 'targeting', 'strategies', 'internal'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

export const CAMPAIGN_TAB_LABELS = {
  properties: 'Properties',
  targeting: 'Targeting',
  strategies: 'Strategies',
  internal: 'Internal',
} as const satisfies Record<CampaignTab, string>;

export const isCampaignTab = (value: string | undefined): value is CampaignTab =>
  CAMPAIGN_TABS.some((tab) => tab === value);
