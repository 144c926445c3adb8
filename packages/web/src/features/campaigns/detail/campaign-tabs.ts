/** The tabs of the campaign page (§2); internal is for internal roles. */
export const CAMPAIGN_TABS = ['properties', 'targeting', 'strategies', 'creatives', 'internal'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

export const CAMPAIGN_TAB_LABELS = {
  properties: 'Properties',
  targeting: 'Targeting',
  strategies: 'Strategies',
  creatives: 'Creatives',
  internal: 'Internal',
} as const satisfies Record<CampaignTab, string>;

export const isCampaignTab = (value: string | undefined): value is CampaignTab =>
  CAMPAIGN_TABS.some((tab) => tab === value);
