/** Test data for the engine's unit tests: a strategy that targets nothing, and the fixture requests. */
import { readFileSync } from 'node:fs';
import { DAYS_OF_WEEK } from '@beacon/domain/dictionary/campaigns';
import type { BidderExchange } from './bidder-state';
import { parseBidRequest, type TBidRequest } from './openrtb';
import type { CampaignDay } from './pacing';
import type { GoalCounts } from './price';
import type { CompiledStrategy } from './strategy-index';

export const FIXTURE_NAMES = [
  'simple-banner',
  'mobile-app',
  'video-companions',
  'pmp-direct-deal',
  'native',
] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

export const fixtureText = (name: FixtureName): string =>
  readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');

/** A fixture request, parsed (a fresh copy each call, so tests may change it). */
export const fixture = (name: FixtureName): TBidRequest => {
  const parsed = parseBidRequest(fixtureText(name));
  if (!parsed.ok) throw new Error(`fixture ${name}: ${parsed.reason}`);
  return parsed.request;
};

/** Learnt counts (goal-rates.ts): nothing but what is given; `conversions` by event, 1 to 5. */
export const goalCounts = (
  counts: Partial<Omit<GoalCounts, 'conversions'>> & {
    conversions?: Partial<Record<1 | 2 | 3 | 4 | 5, number>>;
  },
): GoalCounts => ({
  impressions: counts.impressions ?? 0,
  clicks: counts.clicks ?? 0,
  videoStarts: counts.videoStarts ?? 0,
  videoCompletes: counts.videoCompletes ?? 0,
  conversions: [
    counts.conversions?.[1] ?? 0,
    counts.conversions?.[2] ?? 0,
    counts.conversions?.[3] ?? 0,
    counts.conversions?.[4] ?? 0,
    counts.conversions?.[5] ?? 0,
  ],
});

/** A campaign that has delivered nothing yet (a fake delivery sink's `campaignDay`). */
export const NOTHING_DELIVERED: CampaignDay = { spend: 0n, impressions: 0, clicks: 0, spentBeforeToday: 0n };

/** An enabled exchange admitting by token, in USD, first price (the bidder's unit tests). */
export const TEST_EXCHANGE: BidderExchange = {
  id: '9',
  key: 'x',
  name: 'X',
  partner: null,
  auctionType: 1,
  currency: 'USD',
  enabled: true,
  qpsLimit: null,
  token: 't',
  allowedAddresses: [],
  allowLoopback: false,
};

/** A live CPM strategy without a goal, of a generic campaign in USD that targets nothing, with one 300x250 banner. */
export const buildStrategy = (overrides: Partial<CompiledStrategy> = {}): CompiledStrategy => ({
  strategyId: '11',
  campaignId: '7',
  organizationId: '3',
  campaignType: 'generic',
  pricing: 'cpm',
  bidMicros: 2_000_000n,
  goal: null,
  currency: 'usd',
  budget: {
    timespan: 'lifetime',
    campaignBudgetMicros: 1_000_000_000n,
    dailyBudgetMicros: null,
    dailyImpressions: null,
    dailyClicks: null,
    budgetSharePercent: 100,
    campaignEndDay: null,
  },
  schedule: {
    timeZone: 'UTC',
    startDay: null,
    endDay: null,
    days: new Set(DAYS_OF_WEEK),
    ranges: [{ from: 0, to: 1440 }],
  },
  geo: { countries: new Set(), regions: new Set(), cities: [], areas: [], locationAudiences: [] },
  deviceTypes: new Set(),
  deviceIdTypes: new Set(),
  supply: {
    bundleIds: new Set(),
    iabCategories: new Set(),
    appCategories: new Set(),
    publishers: { allow: null, block: new Set() },
  },
  videoPositions: new Set(),
  deals: [],
  audiences: { atLeastOneOf: [], mandatory: [], excluded: [] },
  creatives: [
    { id: '501', kind: 'banner', size: { w: 300, h: 250 }, attributes: [], advertiserDomain: 'shop.example' },
  ],
  ...overrides,
});
