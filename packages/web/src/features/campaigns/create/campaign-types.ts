/** What each campaign type is for, in a line: the first choice of the creation flow. */
import type { CampaignType } from '@beacon/domain/dictionary/campaigns';

export const CAMPAIGN_TYPE_PURPOSES = {
  'app-promotion': 'Grow a mobile app: installs and re-engagement, measured with your tracking tool.',
  generic: 'Reach people on every screen, in apps and on the web, by content, device and video.',
  proximity: 'Reach people near places: countries, regions and cities, with store-visit measurement.',
  'smart-tv': 'Video on connected TVs, bought by the thousand impressions.',
  dooh: 'Digital out-of-home screens in public places, bought by the thousand impressions.',
  synchronized: 'Runs alongside one of your campaigns and follows its flight dates.',
} as const satisfies Record<CampaignType, string>;
