import type { CreativeState, CreativeType, GoogleApprovalStatus } from '@beacon/domain/dictionary/creatives';
import { TECHNICAL_TYPE_OF } from '@beacon/domain/validation/creative-form';
import { writeCampaignLinks } from '../../modules/creatives/creatives.links';
import { insertCreativeWithHistory } from '../../modules/creatives/creatives.resource';
import type { HistoryActor } from '../../modules/history/history.service';
import type { Db } from '../database';
import type { CampaignCreativeLinkState } from '../schema';

/**
 * Demo creatives (decision 022) of Demo Agency, its child Demo Advertiser and Northwind Media: tags, rich media
 * and a VAST wrapper (their content is inline, so they preview without uploaded files), some approved and
 * linked to the demo campaigns, some pending approval (the back office's queue), one rejected. Every creative
 * satisfies the domain's create schema (creatives.seed.test.ts checks it).
 */

type DemoCreative = {
  organization: 'agency' | 'advertiser' | 'northwind';
  type: Extract<CreativeType, 'tag' | 'rich_media' | 'external_video'>;
  name: string;
  click_url?: string;
  html_markup?: string;
  size?: [number, number];
  vast_url?: string;
  state: CreativeState;
  rejection_reason?: string;
  google_status?: GoogleApprovalStatus;
  impression_pixels?: string[];
  /** Demo campaigns (by name) it is linked to, with the link's state. */
  campaigns?: [string, CampaignCreativeLinkState][];
};

const banner = (headline: string, colour: string) =>
  `<div style="font-family:sans-serif;background:${colour};color:#fff;padding:12px"><a href="{click_url}" target="_blank" style="color:#fff">${headline}</a></div>`;

export const DEMO_CREATIVES: DemoCreative[] = [
  {
    organization: 'agency',
    type: 'tag',
    name: 'Summer Sale — MPU 300x250',
    click_url: 'https://shop.example.com/summer',
    html_markup: banner('Summer Sale: up to 50% off', '#d2691e'),
    size: [300, 250],
    state: 'active',
    google_status: 'secure_approved',
    impression_pixels: ['https://pixel.example.com/imp?c=summer-mpu'],
    campaigns: [['Summer Sale — Multichannel', 'active']],
  },
  {
    organization: 'agency',
    type: 'tag',
    name: 'Summer Sale — Leaderboard 728x90',
    click_url: 'https://shop.example.com/summer',
    html_markup: banner('Summer Sale ends Sunday', '#8b4513'),
    size: [728, 90],
    state: 'active',
    campaigns: [['Summer Sale — Multichannel', 'inactive']],
  },
  {
    organization: 'agency',
    type: 'external_video',
    name: 'Fitness App — 15 s pre-roll (VAST)',
    vast_url: 'https://ads.example.com/vast/fitness-15s.xml',
    state: 'pending-approval',
    campaigns: [['Fitness App Installs', 'active']],
  },
  {
    organization: 'agency',
    type: 'rich_media',
    name: 'Spring Launch — expandable mobile banner',
    click_url: 'https://brand.example.com/spring',
    html_markup: banner('Tap to discover the spring collection', '#2e8b57'),
    size: [320, 50],
    state: 'pending-approval',
  },
  {
    organization: 'agency',
    type: 'tag',
    name: 'Black Friday — skyscraper 160x600',
    click_url: 'https://shop.example.com/black-friday',
    html_markup: banner('Black Friday: everything must go', '#222222'),
    size: [160, 600],
    state: 'rejected',
    rejection_reason: 'The landing page does not match the advertised offer',
  },
  {
    organization: 'advertiser',
    type: 'tag',
    name: 'Prospecting — mobile banner 320x50',
    click_url: 'https://advertiser.example.com/welcome',
    html_markup: banner('New here? Get 10% off', '#1e90ff'),
    size: [320, 50],
    state: 'active',
    campaigns: [['Always-On Prospecting', 'active']],
  },
  {
    organization: 'advertiser',
    type: 'tag',
    name: 'Retargeting — MPU 300x250',
    click_url: 'https://advertiser.example.com/cart',
    html_markup: banner('Your basket misses you', '#6a5acd'),
    size: [300, 250],
    state: 'pending-approval',
  },
  {
    organization: 'northwind',
    type: 'tag',
    name: 'Northwind — half page 300x600',
    click_url: 'https://northwind.example.com/offers',
    html_markup: banner('Northwind weekly offers', '#008080'),
    size: [300, 600],
    state: 'pending-approval',
  },
];

const REVIEW = {
  active: { audit_status: 'audited' },
  'pending-approval': { audit_status: 'pending' },
  rejected: { audit_status: 'rejected' },
} as const;

export const seedDemoCreatives = async (
  db: Db,
  organizations: { agency: string; advertiser: string; northwind: string },
  actor: HistoryActor,
  now: Date,
): Promise<void> => {
  const links: { campaignId: string; creativeId: string; state: CampaignCreativeLinkState }[] = [];
  for (const creative of DEMO_CREATIVES) {
    const organizationId = organizations[creative.organization];
    const record = await insertCreativeWithHistory(
      db,
      {
        organization_id: organizationId,
        name: creative.name,
        type: creative.type,
        technical_type: TECHNICAL_TYPE_OF[creative.type],
        state: creative.state,
        audit_status: REVIEW[creative.state].audit_status,
        rejection_reason: creative.rejection_reason ?? null,
        google_status: creative.google_status ?? null,
        click_url: creative.click_url ?? null,
        html_markup: creative.html_markup ?? null,
        width: creative.size?.[0] ?? null,
        height: creative.size?.[1] ?? null,
        vast_url: creative.vast_url ?? null,
        tag_creation_mode: creative.type === 'tag' ? 'single' : null,
        impression_pixels: JSON.stringify(creative.impression_pixels ?? []),
        event_pixels: '{}',
        attributes: '[]',
      },
      actor,
    );
    for (const [campaignName, state] of creative.campaigns ?? []) {
      const campaign = await db
        .selectFrom('campaigns')
        .select('id')
        .where('name', '=', campaignName)
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      links.push({ campaignId: campaign.id, creativeId: record.id, state });
    }
  }
  await writeCampaignLinks(db, links, now);
};
