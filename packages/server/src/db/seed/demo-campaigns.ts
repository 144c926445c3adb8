import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_CAMPAIGN_INTERNAL } from '@beacon/domain/validation/campaign-internal';
import { scheduleForPreset } from '@beacon/domain/validation/campaign-schedule';
import { EMPTY_TARGETING, type TTargeting } from '@beacon/domain/validation/campaign-targeting';
import { EMPTY_STRATEGY_LOCATION, type TStrategyLocation } from '@beacon/domain/validation/strategy-form';
import { insertCampaignWithHistory } from '../../modules/campaigns/campaigns.rows';
import { insertStrategyWithHistory } from '../../modules/campaigns/strategies.service';
import type { HistoryActor } from '../../modules/history/history.service';
import type { Db } from '../database';
import type { NewCampaign } from '../schema';

/**
 * Demo campaigns of Demo Agency and its child Demo Advertiser, so that a fresh `npm start` shows a
 * populated /campaigns page: one of each type, in every state the grid distinguishes (running, all strategies
 * paused, ended, inactive, draft, synchronized). Dates are relative to the day of seeding. Every campaign and
 * strategy satisfies the domain's rules (campaigns.seed.test.ts checks it).
 * No delivery figure is typed in (docs/engine.md "One data path"): spend, impressions and the rest come from the
 * delivery rollups, which only the event intake writes.
 */

type Schedule = ReturnType<typeof scheduleForPreset>;

type DemoStrategy = {
  name: string;
  state?: 'bidding' | 'paused';
  share: number;
  bid?: string;
  location?: Partial<TStrategyLocation>;
  schedule?: Schedule;
};

type DemoCampaign = {
  key: string;
  organization: 'agency' | 'advertiser';
  values: Omit<NewCampaign, 'organization_id' | 'currency' | 'targeting' | 'schedule' | 'internal'> & {
    targeting?: Partial<TTargeting>;
    schedule?: Schedule;
    source?: string;
  };
  /** Days from today of the flight; null end = no end. */
  flight: [number, number | null] | null;
  strategies: DemoStrategy[];
};

const money = (amount: string): string => toMicros(amount).toString();

const CAMPAIGNS: DemoCampaign[] = [
  {
    key: 'summer',
    organization: 'agency',
    flight: [-20, 40],
    values: {
      name: 'Summer Sale — Multichannel',
      type: 'generic',
      state: 'active',
      budget_timespan: 'lifetime',
      budget: money('25000'),
      daily_limit_type: 'manual',
      daily_budget: money('650'),
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'cpm',
      bid: money('3.2'),
      device_types: ['phone', 'tablet', 'desktop'],
      video_positions: ['pre-roll'],
      viewability: 50,
      targeting: { countries: ['GBR', 'ESP'], iab_categories: ['IAB18', 'IAB22'] },
    },
    strategies: [
      {
        name: 'UK evenings',
        share: 60,
        location: { countries: ['GBR'], cities: ['GB-ENG-London', 'GB-ENG-Manchester'] },
        schedule: scheduleForPreset('after_work'),
      },
      {
        name: 'Spain weekends',
        share: 40,
        bid: '2.8',
        location: { countries: ['ESP'] },
        schedule: scheduleForPreset('weekend'),
      },
    ],
  },
  {
    key: 'fitness',
    organization: 'agency',
    flight: [-7, null],
    values: {
      name: 'Fitness App Installs',
      type: 'app-promotion',
      state: 'active',
      objective: 'user_acquisition',
      event_optimisation: 'all_events',
      tracking_tool: 'appsflyer',
      budget_timespan: 'daily',
      budget: money('500'),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'automatic',
      pricing: 'cpc',
      price_model: 'cpc',
      bid: money('0.45'),
      cpc_target: money('0.35'),
      device_types: ['phone', 'tablet'],
      device_id_types: ['ifa', 'gaid'],
      targeting: { countries: ['USA', 'CAN'], bundle_ids: ['com.beacon.fitness', 'id1234567890'] },
    },
    strategies: [
      { name: 'Android', share: 50, location: { countries: ['USA'] } },
      { name: 'iOS', share: 50, state: 'paused', location: { countries: ['USA', 'CAN'] } },
    ],
  },
  {
    key: 'stores',
    organization: 'agency',
    flight: [-3, 27],
    values: {
      name: 'Store Visits London',
      type: 'proximity',
      state: 'active',
      tracking_tool: 'beacon_footfall',
      budget_timespan: 'lifetime',
      budget: money('6000'),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'lifetime',
      pricing: 'cpm',
      price_model: 'cpm',
      bid: money('4.5'),
      device_types: ['phone'],
      targeting: { countries: ['GBR'], cities: ['GB-ENG-London'] },
      schedule: scheduleForPreset('work_hours'),
    },
    // Every strategy paused: the grid shows "Paused strategies" and the campaign its banner.
    strategies: [
      {
        name: 'Lunch hours',
        share: 50,
        state: 'paused',
        location: { countries: ['GBR'], cities: ['GB-ENG-London'] },
      },
      { name: 'Commute', share: 50, state: 'paused' },
    ],
  },
  {
    key: 'ctv',
    organization: 'agency',
    flight: [10, 70],
    values: {
      name: 'CTV Brand Awareness',
      type: 'smart-tv',
      state: 'inactive',
      budget_timespan: 'lifetime',
      budget: money('40000'),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'cpvcomplete',
      bid: money('18'),
      device_types: ['connectedtv'],
      device_id_types: ['tifa', 'rida', 'lgudid'],
      video_positions: ['pre-roll', 'mid-roll'],
      video_attributes: ['standard'],
      targeting: { countries: ['USA'] },
    },
    strategies: [{ name: 'Prime time', share: 100, schedule: scheduleForPreset('after_work') }],
  },
  {
    key: 'spring',
    organization: 'agency',
    flight: [-90, -30],
    values: {
      name: 'Spring Launch',
      type: 'generic',
      state: 'active',
      budget_timespan: 'lifetime',
      budget: money('12000'),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpc',
      price_model: 'cpc',
      bid: money('0.6'),
      device_types: ['desktop'],
      targeting: { countries: ['FRA'] },
    },
    strategies: [{ name: 'France', share: 100, location: { countries: ['FRA'] } }],
  },
  {
    key: 'billboards',
    organization: 'agency',
    flight: null,
    values: {
      name: 'Digital Billboards Q4',
      type: 'dooh',
      state: 'preview',
      pricing: 'cpm',
      price_model: 'cpm',
    },
    strategies: [],
  },
  {
    key: 'always-on',
    organization: 'advertiser',
    flight: [-45, null],
    values: {
      name: 'Always-On Prospecting',
      type: 'generic',
      state: 'active',
      budget_timespan: 'daily',
      budget: money('150'),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'ctr',
      bid: money('1.9'),
      device_types: ['phone', 'desktop'],
      targeting: { countries: ['ESP'], regions: ['ES-MD', 'ES-CT'] },
    },
    strategies: [
      { name: 'Madrid', share: 50, location: { countries: ['ESP'], regions: ['ES-MD'] } },
      { name: 'Barcelona', share: 50, location: { countries: ['ESP'], cities: ['ES-CT-Barcelona'] } },
    ],
  },
  {
    key: 'always-on-sync',
    organization: 'advertiser',
    flight: [-45, null],
    values: {
      name: 'Always-On Retargeting (synchronized)',
      type: 'synchronized',
      state: 'inactive',
      source: 'always-on',
      budget_timespan: 'daily',
      budget: money('60'),
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'cpm',
      bid: money('2.4'),
      device_types: ['phone'],
    },
    strategies: [{ name: 'Recent visitors', share: 100 }],
  },
];

const dayFrom = (today: Date, days: number): string =>
  new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Seeds the demo campaigns inside the demo seed's transaction. */
export const seedDemoCampaigns = async (
  db: Db,
  organizations: { agency: string; advertiser: string },
  actor: HistoryActor,
  now: Date,
): Promise<void> => {
  const today = now.toISOString().slice(0, 10);
  const ids = new Map<string, string>();
  const currencies = new Map(
    (
      await db
        .selectFrom('organizations')
        .select(['id', 'currency'])
        .where('id', 'in', [organizations.agency, organizations.advertiser])
        .execute()
    ).map((row) => [row.id, row.currency]),
  );
  for (const demo of CAMPAIGNS) {
    const { targeting, schedule, source, ...values } = demo.values;
    const start = demo.flight ? dayFrom(now, demo.flight[0]) : null;
    const end = demo.flight && demo.flight[1] !== null ? dayFrom(now, demo.flight[1]) : null;
    const campaign = await insertCampaignWithHistory(
      db,
      {
        ...values,
        organization_id: organizations[demo.organization],
        currency: currencies.get(organizations[demo.organization]) ?? 'usd',
        start_date: start,
        end_date: end,
        source_campaign_id: source === undefined ? null : (ids.get(source) ?? null),
        targeting: JSON.stringify({ ...EMPTY_TARGETING, ...targeting }),
        schedule: JSON.stringify(schedule ?? scheduleForPreset('all')),
        internal: JSON.stringify(EMPTY_CAMPAIGN_INTERNAL),
      },
      actor,
      today,
    );
    ids.set(demo.key, campaign.id);
    for (const strategy of demo.strategies) {
      await insertStrategyWithHistory(
        db,
        campaign,
        {
          name: strategy.name,
          state: strategy.state ?? 'bidding',
          start_date: start,
          end_date: end,
          location: JSON.stringify({ ...EMPTY_STRATEGY_LOCATION, ...strategy.location }),
          schedule: JSON.stringify(strategy.schedule ?? scheduleForPreset('all')),
          bid: strategy.bid === undefined ? null : money(strategy.bid),
          budget_share: strategy.share,
        },
        actor,
      );
    }
  }
};
