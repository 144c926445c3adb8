import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CAMPAIGN_TYPE_REQUIREMENTS } from '../campaigns/campaign-types';
import {
  CAMPAIGN_TYPES,
  type CampaignType,
  DAYS_OF_WEEK,
  SCHEDULE_PRESET_DEFINITIONS,
  SCHEDULE_PRESETS,
} from '../dictionary/campaigns';
import {
  CPM_BOUNDS,
  CURRENCIES,
  type Currency,
  formatMicros,
  fromMicros,
  toMicros,
} from '../dictionary/currencies';
import {
  bidIssue,
  CAMPAIGN_LIST_SPEC,
  CAMPAIGN_STATE_TRANSITIONS,
  campaignChangeIssues,
  campaignCompleteSchema,
  campaignCreateSchema,
  campaignDraftSchema,
  campaignIssues,
  campaignUpdateSchema,
  canChangeCampaignState,
  duplicateCampaignName,
  isCampaignComplete,
  MIN_DAILY_BUDGET_MICROS,
  moneyLimitText,
  moneyMinimumMessage,
  type TStoredCampaign,
  ZCampaignComplete,
  ZCampaignCreate,
  ZCampaignDraft,
  ZCampaignDuplicate,
  ZCampaignStartDateChange,
  ZCampaignsBulkUpdate,
  ZCampaignUpdate,
} from './campaign-form';
import { ZCampaignInternal } from './campaign-internal';
import {
  DEFAULT_SCHEDULE,
  overlappingRanges,
  scheduleForPreset,
  schedulePresetOf,
  ZSchedule,
} from './campaign-schedule';
import { ZTargeting } from './campaign-targeting';
import { placeCountry, ZDay, ZMoney } from './fields';
import { isFingerprintUsed } from './frequency-cap';
import { parseListQuery } from './list-query';
import {
  ACTIVATION_NEEDS_STRATEGY_MESSAGE,
  BUNDLE_ID_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  CAMPAIGN_TYPE_FIXED_MESSAGE,
  END_BEFORE_START_MESSAGE,
  FIELD_NOT_FOR_TYPE_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  LOCATION_REQUIRED_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
  REQUIRED_MESSAGE,
  SCHEDULE_PRESET_MISMATCH_MESSAGE,
  SCHEDULE_RANGE_ORDER_MESSAGE,
  SCHEDULE_RANGE_OVERLAP_MESSAGE,
  START_DATE_RESETS_BUDGET_MESSAGE,
  SYNCHRONIZED_UNLINK_MESSAGE,
  VALUE_NOT_FOR_TYPE_MESSAGE,
} from './messages';

/** The issues of a parse as `path: message` lines, in order. */
const issuesOf = (schema: z.ZodType, value: unknown): string[] =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const COMMON = {
  name: 'Spring sale',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  budget_timespan: 'lifetime',
  budget: '1500',
  daily_limit_type: 'auto',
  max_daily_cost_strategy: 'automatic',
  pricing: 'cpm',
  price_model: 'cpm',
  bid: '2.5',
} as const;

/** A complete campaign of each type, as the guided flow sends it. */
const VALID: Record<CampaignType, Record<string, unknown>> = {
  'app-promotion': {
    ...COMMON,
    type: 'app-promotion',
    objective: 'user_acquisition',
    event_optimisation: 'event2',
    tracking_tool: 'appsflyer',
    device_types: ['phone', 'tablet'],
    device_id_types: ['ifa', 'gaid'],
    targeting: { countries: ['ESP'], bundle_ids: ['com.example.game', 'id1234567'], app_categories: ['8-3'] },
  },
  generic: {
    ...COMMON,
    type: 'generic',
    device_types: ['desktop', 'phone'],
    device_id_types: ['web'],
    video_positions: ['pre-roll'],
    video_attributes: ['autoplay'],
    viewability: 60,
    targeting: { iab_categories: ['IAB1', 'IAB2-3'], app_categories: ['5'] },
  },
  proximity: {
    ...COMMON,
    type: 'proximity',
    tracking_tool: 'beacon_footfall',
    device_types: ['phone'],
    device_id_types: ['gaid', 'fake'],
    targeting: { countries: ['ESP'], regions: ['ES-AN'], cities: ['ES-MD-Madrid'] },
  },
  'smart-tv': {
    ...COMMON,
    type: 'smart-tv',
    device_types: ['connectedtv'],
    device_id_types: ['rida', 'tifa'],
    video_positions: ['mid-roll'],
    video_attributes: ['standard'],
    targeting: { app_categories: ['20-3'] },
  },
  dooh: { ...COMMON, type: 'dooh', targeting: { countries: ['GBR'] } },
  synchronized: {
    ...COMMON,
    start_date: undefined,
    end_date: undefined,
    type: 'synchronized',
    source_campaign: 42,
    device_types: ['connectedtv'],
  },
};

describe('ZCampaignComplete per type', () => {
  it.each(CAMPAIGN_TYPES)('accepts a complete %s campaign', (type) => {
    expect(issuesOf(campaignCompleteSchema('usd'), VALID[type])).toEqual([]);
  });

  it('fills the contract defaults of a new campaign', () => {
    const result = ZCampaignCreate.parse({ ...VALID.dooh, targeting: undefined });
    expect(result).toMatchObject({
      state: 'inactive',
      tracking_tool: 'none',
      viewability: 0,
      schedule: DEFAULT_SCHEDULE,
      device_types: [],
      targeting: {
        countries: [],
        regions: [],
        cities: [],
        bundle_ids: [],
        iab_categories: [],
        app_categories: [],
      },
    });
    expect(result.internal).toBeUndefined();
  });

  it('requires every common field of a complete campaign', () => {
    expect(issuesOf(ZCampaignComplete, { name: 'x', type: 'dooh' })).toEqual([
      `start_date: ${REQUIRED_MESSAGE}`,
      `budget_timespan: ${REQUIRED_MESSAGE}`,
      `budget: ${REQUIRED_MESSAGE}`,
      `daily_limit_type: ${REQUIRED_MESSAGE}`,
      `max_daily_cost_strategy: ${REQUIRED_MESSAGE}`,
      `pricing: ${REQUIRED_MESSAGE}`,
      `price_model: ${REQUIRED_MESSAGE}`,
      `bid: ${REQUIRED_MESSAGE}`,
    ]);
  });

  it('app promotion: needs objective, events, tracking, mobile devices and ids, and a bundle id', () => {
    const base = VALID['app-promotion'];
    expect(
      issuesOf(ZCampaignComplete, {
        ...base,
        objective: undefined,
        event_optimisation: null,
        tracking_tool: 'none',
        device_types: [],
        device_id_types: undefined,
        targeting: { countries: ['ESP'] },
      }),
    ).toEqual([
      `objective: ${REQUIRED_MESSAGE}`,
      `event_optimisation: ${REQUIRED_MESSAGE}`,
      `tracking_tool: ${REQUIRED_MESSAGE}`,
      `device_types: ${REQUIRED_MESSAGE}`,
      `device_id_types: ${REQUIRED_MESSAGE}`,
      `targeting.bundle_ids: ${REQUIRED_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZCampaignComplete, {
        ...base,
        tracking_tool: 'partner_footfall',
        device_types: ['phone', 'desktop'],
        device_id_types: ['ifa', 'tifa'],
        video_positions: ['pre-roll'],
        targeting: { bundle_ids: ['com.example.app'], iab_categories: ['IAB3'] },
      }),
    ).toEqual([
      `tracking_tool: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
      `device_types.1: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
      `device_id_types.1: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
      `video_positions: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `targeting.iab_categories: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
    ]);
  });

  it('generic: refuses the app promotion fields but lets their empty values through', () => {
    const base = VALID.generic;
    expect(
      issuesOf(ZCampaignComplete, {
        ...base,
        objective: 'retargeting',
        tracking_tool: 'beacon',
        targeting: { bundle_ids: ['com.example.app'] },
        source_campaign: 3,
      }),
    ).toEqual([
      `objective: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `tracking_tool: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `targeting.bundle_ids: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `source_campaign: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZCampaignComplete, {
        ...base,
        objective: null,
        event_optimisation: 'not_optimizing',
        tracking_tool: 'none',
        source_campaign: null,
        targeting: { bundle_ids: [] },
      }),
    ).toEqual([]);
    expect(issuesOf(ZCampaignComplete, { ...base, device_types: [] })).toEqual([
      `device_types: ${REQUIRED_MESSAGE}`,
    ]);
  });

  it('proximity: needs a country and a region or city, phones or tablets; footfall tracking allowed', () => {
    const base = VALID.proximity;
    expect(issuesOf(ZCampaignComplete, { ...base, targeting: {} })).toEqual([
      `targeting.countries: ${REQUIRED_MESSAGE}`,
      `targeting.regions: ${LOCATION_REQUIRED_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZCampaignComplete, { ...base, targeting: { countries: ['ESP'], cities: ['ES-AN-Málaga'] } }),
    ).toEqual([]);
    expect(
      issuesOf(ZCampaignComplete, {
        ...base,
        device_types: ['connectedtv'],
        tracking_tool: 'partner_footfall',
      }),
    ).toEqual([`device_types.0: ${VALUE_NOT_FOR_TYPE_MESSAGE}`]);
    expect(issuesOf(ZCampaignComplete, { ...base, tracking_tool: 'none', device_id_types: [] })).toEqual([]);
  });

  it('smart-tv: connected TV only, CTV ids, CPM pricing only', () => {
    const base = VALID['smart-tv'];
    expect(
      issuesOf(ZCampaignComplete, {
        ...base,
        pricing: 'cpc',
        device_types: ['connectedtv', 'phone'],
        device_id_types: ['gaid'],
        viewability: 50,
      }),
    ).toEqual([
      `device_types.1: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
      `device_id_types.0: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
      `viewability: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `pricing: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
    ]);
    expect(issuesOf(ZCampaignComplete, { ...base, device_types: [] })).toEqual([
      `device_types: ${REQUIRED_MESSAGE}`,
    ]);
  });

  it('dooh: CPM only, no device ids, bundles or video', () => {
    expect(
      issuesOf(ZCampaignComplete, {
        ...VALID.dooh,
        pricing: 'cpc',
        bid: '0.5',
        device_types: ['phone'],
        device_id_types: ['fake'],
        video_attributes: ['autoplay'],
        targeting: { bundle_ids: ['com.example.app'] },
      }),
    ).toEqual([
      `device_types: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `device_id_types: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `video_attributes: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `targeting.bundle_ids: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      `pricing: ${VALUE_NOT_FOR_TYPE_MESSAGE}`,
    ]);
  });

  it('synchronized: needs its source campaign, not its own dates', () => {
    expect(issuesOf(ZCampaignComplete, { ...VALID.synchronized, source_campaign: null })).toEqual([
      `source_campaign: ${REQUIRED_MESSAGE}`,
    ]);
    expect(issuesOf(ZCampaignComplete, { ...VALID.synchronized, source_campaign: 0 })).toEqual([
      `source_campaign: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('every type of the table lists its pricing and its defaults are accepted by its own rules', () => {
    for (const type of CAMPAIGN_TYPES) {
      const { defaults } = CAMPAIGN_TYPE_REQUIREMENTS[type];
      if (defaults.pricing) expect(CAMPAIGN_TYPE_REQUIREMENTS[type].pricing).toContain(defaults.pricing);
      const issues = campaignIssues({ type, ...defaults }, { complete: false });
      expect(issues).toEqual([]);
    }
  });
});

describe('campaign name (§5)', () => {
  it.each(['|', '$', '#', '@'])('refuses %s', (character) => {
    expect(issuesOf(ZCampaignDraft, { name: `Sale ${character} 1`, type: 'dooh' })).toEqual([
      `name: ${CAMPAIGN_NAME_MESSAGE}`,
    ]);
  });

  it('is required, trimmed and at most 255 characters', () => {
    expect(issuesOf(ZCampaignDraft, { name: '   ', type: 'dooh' })).toEqual([`name: ${REQUIRED_MESSAGE}`]);
    expect(issuesOf(ZCampaignDraft, { type: 'dooh' })).toEqual([`name: ${REQUIRED_MESSAGE}`]);
    expect(issuesOf(ZCampaignDraft, { name: 'a'.repeat(256), type: 'dooh' })).toEqual([
      'name: The maximum length is 255',
    ]);
    expect(ZCampaignDraft.parse({ name: '  Sale — été 2026 ', type: 'dooh' }).name).toBe('Sale — été 2026');
  });

  it('type is required and one of the six', () => {
    expect(issuesOf(ZCampaignDraft, { name: 'x' })).toEqual([`type: ${REQUIRED_MESSAGE}`]);
    expect(issuesOf(ZCampaignDraft, { name: 'x', type: 'banner' })).toEqual([
      `type: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });
});

describe('targeting', () => {
  it('accepts at most five countries (§5), counting each once', () => {
    const five = ['ESP', 'FRA', 'DEU', 'ITA', 'PRT'];
    expect(issuesOf(ZTargeting, { countries: five })).toEqual([]);
    expect(issuesOf(ZTargeting, { countries: [...five, 'GBR'] })).toEqual([
      `countries: ${MAX_COUNTRIES_MESSAGE}`,
    ]);
    expect(ZTargeting.parse({ countries: [...five, 'ESP'] }).countries).toEqual(five);
  });

  it('takes alpha-3 codes of the countries table only', () => {
    expect(issuesOf(ZTargeting, { countries: ['ES', 'esp', 'XXX', 'ESP'] })).toEqual([
      `countries.0: ${INVALID_FORMAT_MESSAGE}`,
      `countries.1: ${INVALID_FORMAT_MESSAGE}`,
      `countries.2: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('answers Malformed Bundle ID for each bad bundle id (§5)', () => {
    expect(
      issuesOf(ZTargeting, { bundle_ids: ['com.example.app', 'not a bundle', 'id0123', '123456789', 'com'] }),
    ).toEqual([
      `bundle_ids.1: ${BUNDLE_ID_MESSAGE}`,
      `bundle_ids.2: ${BUNDLE_ID_MESSAGE}`,
      `bundle_ids.4: ${BUNDLE_ID_MESSAGE}`,
    ]);
    expect(issuesOf(ZTargeting, { bundle_ids: Array.from({ length: 501 }, (_, i) => `id${i + 1}`) })).toEqual(
      ['bundle_ids: The maximum length is 500'],
    );
  });

  it('checks the shape of region and city ids of the dictionary endpoints', () => {
    expect(issuesOf(ZTargeting, { regions: ['ES-AN', 'GB-SH-AC', 'AN', 'es-an'] })).toEqual([
      `regions.2: ${INVALID_FORMAT_MESSAGE}`,
      `regions.3: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZTargeting, { cities: ['ES-AN-Málaga', 'US-NY-New York', 'Madrid', ''] })).toEqual([
      `cities.2: ${INVALID_FORMAT_MESSAGE}`,
      `cities.3: ${REQUIRED_MESSAGE}`,
    ]);
    expect(placeCountry('ES-AN-Málaga')).toBe('ESP');
    expect(placeCountry('GB-SH-AC')).toBe('GBR');
  });

  it('takes IAB and app category ids of the dictionary', () => {
    expect(issuesOf(ZTargeting, { iab_categories: ['IAB1', 'IAB26-4', 'IAB27', 'iab1'] })).toEqual([
      `iab_categories.2: ${INVALID_FORMAT_MESSAGE}`,
      `iab_categories.3: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZTargeting, { app_categories: ['1', '23', '8-15', '24', '1-1', 8] })).toEqual([
      `app_categories.3: ${INVALID_FORMAT_MESSAGE}`,
      `app_categories.4: ${INVALID_FORMAT_MESSAGE}`,
      `app_categories.5: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('is strict', () => {
    expect(issuesOf(ZTargeting, { countries: [], keywords: [] })[0]).toMatch(/^: /);
  });
});

describe('minimums of §9', () => {
  const generic = VALID.generic;
  it('daily budget 10, compared exactly', () => {
    const lifetimeManual = { ...generic, daily_limit_type: 'manual' };
    const usd = campaignCompleteSchema('usd');
    expect(issuesOf(usd, { ...lifetimeManual, daily_budget: '9.999999' })).toEqual([
      'daily_budget: The minimum value is $10.00',
    ]);
    expect(issuesOf(usd, { ...lifetimeManual, daily_budget: '10' })).toEqual([]);
    expect(issuesOf(usd, { ...generic, budget_timespan: 'daily', budget: '9.99' })).toEqual([
      'budget: The minimum value is $10.00',
    ]);
    expect(issuesOf(usd, { ...generic, budget_timespan: 'daily', budget: '10.000000' })).toEqual([]);
  });

  it('daily budget is required with a manual limit on a lifetime budget, and at most the budget', () => {
    const manual = { ...generic, daily_limit_type: 'manual' };
    expect(issuesOf(ZCampaignComplete, manual)).toEqual([`daily_budget: ${REQUIRED_MESSAGE}`]);
    expect(issuesOf(ZCampaignComplete, { ...manual, budget_timespan: 'daily' })).toEqual([]);
    expect(issuesOf(ZCampaignComplete, { ...manual, budget: '100', daily_budget: '100.000001' })).toEqual([
      'daily_budget: The maximum value is 100',
    ]);
    expect(issuesOf(ZCampaignComplete, { ...manual, budget: '100', daily_budget: '100' })).toEqual([]);
  });

  it('daily impressions 1000 and daily clicks 10, whole numbers', () => {
    expect(issuesOf(ZCampaignComplete, { ...generic, daily_impressions: 999, daily_clicks: 9 })).toEqual([
      'daily_impressions: The minimum value is 1000',
      'daily_clicks: The minimum value is 10',
    ]);
    expect(issuesOf(ZCampaignComplete, { ...generic, daily_impressions: 1000, daily_clicks: 10 })).toEqual(
      [],
    );
    expect(
      issuesOf(ZCampaignComplete, { ...generic, daily_impressions: 1500.5, daily_clicks: null }),
    ).toEqual([`daily_impressions: ${INVALID_FORMAT_MESSAGE}`]);
    expect(issuesOf(ZCampaignComplete, { ...generic, daily_impressions: '2000' })).toEqual([
      `daily_impressions: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('money minimums carry the currency of the organization (symbol, 2 decimals or more)', () => {
    const manual = { ...generic, daily_limit_type: 'manual', pricing: 'cpc', price_model: 'cpc' };
    expect(
      issuesOf(campaignCompleteSchema('usd'), {
        ...manual,
        budget_timespan: 'daily',
        budget: '5',
        daily_budget: '9',
        bid: '0.0001',
        cpc_target: '0.0001',
      }),
    ).toEqual([
      'budget: The minimum value is $10.00',
      'daily_budget: The minimum value is $10.00',
      'cpc_target: The minimum value is $0.001',
      'bid: The minimum value is $0.001',
    ]);
    expect(issuesOf(campaignCreateSchema('eur'), { ...generic, state: 'preview', budget: '1' })).toEqual([
      'budget: The minimum value is €10.00',
    ]);
    expect(moneyMinimumMessage(MIN_DAILY_BUDGET_MICROS, 'gbp')).toBe('The minimum value is £10.00');
    expect(moneyLimitText(toMicros('1.3'), 'brl')).toBe('R$1.30');
    expect(moneyLimitText(toMicros('0.001'), undefined)).toBe('0.001');
  });

  it('refuses a CPC target on the types bought by CPM only', () => {
    for (const type of ['smart-tv', 'dooh'] as const) {
      expect(issuesOf(ZCampaignComplete, { ...VALID[type], cpc_target: '0.5' })).toContain(
        `cpc_target: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      );
      expect(issuesOf(ZCampaignComplete, VALID[type])).not.toContain(
        `cpc_target: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
      );
    }
  });

  it('CPC bid 0.001 and CPC target 0.001', () => {
    const cpc = { ...generic, pricing: 'cpc', price_model: 'cpc' };
    expect(
      issuesOf(campaignCompleteSchema('usd'), { ...cpc, bid: '0.000999', cpc_target: '0.0009' }),
    ).toEqual(['cpc_target: The minimum value is $0.001', 'bid: The minimum value is $0.001']);
    expect(issuesOf(campaignCompleteSchema('idr'), { ...cpc, bid: '0.001', cpc_target: '0.001' })).toEqual(
      [],
    );
  });

  it('money is decimal text with up to 6 decimals, never a number', () => {
    for (const bad of ['1e3', '-5', '10.1234567', '1,5', '10.', '1234567890123']) {
      expect(issuesOf(ZMoney, bad)).toEqual([`: ${INVALID_FORMAT_MESSAGE}`]);
    }
    expect(issuesOf(ZMoney, 10)).toEqual([`: ${INVALID_FORMAT_MESSAGE}`]);
    expect(issuesOf(ZMoney, '')).toEqual([`: ${REQUIRED_MESSAGE}`]);
    expect(issuesOf(ZMoney, null)).toEqual([`: ${REQUIRED_MESSAGE}`]);
    expect(ZMoney.parse(' 1500.000001 ')).toBe('1500.000001');
  });
});

describe('CPM bounds per currency (§9)', () => {
  const cpm = (currency: Currency, bid: string) =>
    issuesOf(campaignCompleteSchema(currency), { ...VALID.dooh, bid });
  const sound = CURRENCIES.filter((currency) => currency !== 'cop');

  it.each(sound)('%s: accepts the bounds and refuses one micro-unit beyond', (currency) => {
    const min = toMicros(CPM_BOUNDS[currency].min);
    const max = toMicros(CPM_BOUNDS[currency].max);
    expect(cpm(currency, fromMicros(min))).toEqual([]);
    expect(cpm(currency, fromMicros(max))).toEqual([]);
    expect(cpm(currency, fromMicros(min - 1n))).toEqual([
      `bid: The minimum value is ${formatMicros(min, { currency })}`,
    ]);
    expect(cpm(currency, fromMicros(max + 1n))).toEqual([
      `bid: The maximum value is ${formatMicros(max, { currency })}`,
    ]);
  });

  it('compares exactly: 0.25 is the usd minimum, 0.249999 is not; brl 1.3 holds', () => {
    expect(bidIssue('0.25', 'cpm', 'usd')).toBeUndefined();
    expect(bidIssue('0.249999', 'cpm', 'usd')).toBe('The minimum value is $0.25');
    expect(bidIssue('1.3', 'cpm', 'brl')).toBeUndefined();
    expect(bidIssue('1.299999', 'cpm', 'brl')).toBe('The minimum value is R$1.30');
    expect(bidIssue('20000', 'cpm', 'idr')).toBeUndefined();
    expect(bidIssue('20000.000001', 'cpm', 'idr')).toBe('The maximum value is Rp20,000.00');
  });

  it('cop keeps the spec row 800-200: no CPM bid can pass, each side answers its own bound', () => {
    expect(cpm('cop', '200')).toEqual(['bid: The minimum value is COL$800.00']);
    expect(cpm('cop', '500')).toEqual(['bid: The minimum value is COL$800.00']);
    expect(cpm('cop', '800')).toEqual(['bid: The maximum value is COL$200.00']);
    expect(cpm('cop', '1000')).toEqual(['bid: The maximum value is COL$200.00']);
  });

  it('without a currency (static schema) money limits wait for the currency; formats are checked', () => {
    expect(issuesOf(ZCampaignComplete, { ...VALID.dooh, bid: '0' })).toEqual([]);
    expect(issuesOf(ZCampaignComplete, { ...VALID.dooh, budget: '1', cpc_target: null })).toEqual([]);
    expect(issuesOf(ZCampaignComplete, { ...VALID.dooh, bid: '1,5' })).toEqual([
      `bid: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('a CPC bid ignores the CPM bounds', () => {
    expect(issuesOf(campaignCompleteSchema('idr'), { ...VALID.generic, pricing: 'cpc', bid: '0.5' })).toEqual(
      [],
    );
  });
});

describe('dates', () => {
  it('are real YYYY-MM-DD days', () => {
    expect(issuesOf(ZDay, '2026-02-29')).toEqual([`: ${INVALID_FORMAT_MESSAGE}`]);
    expect(issuesOf(ZDay, '2028-02-29')).toEqual([]);
    expect(issuesOf(ZDay, '2026-3-1')).toEqual([`: ${INVALID_FORMAT_MESSAGE}`]);
    expect(issuesOf(ZDay, '2026-03-01T00:00:00Z')).toEqual([`: ${INVALID_FORMAT_MESSAGE}`]);
    expect(issuesOf(ZDay, '')).toEqual([`: ${REQUIRED_MESSAGE}`]);
  });

  it('end on or after start; no end is allowed', () => {
    expect(issuesOf(ZCampaignComplete, { ...VALID.dooh, end_date: '2026-02-28' })).toEqual([
      `end_date: ${END_BEFORE_START_MESSAGE}`,
    ]);
    expect(issuesOf(ZCampaignComplete, { ...VALID.dooh, end_date: '2026-03-01' })).toEqual([]);
    expect(issuesOf(ZCampaignComplete, { ...VALID.dooh, end_date: null })).toEqual([]);
    expect(
      issuesOf(ZCampaignDraft, { name: 'x', type: 'dooh', start_date: '2026-05-02', end_date: '2026-05-01' }),
    ).toEqual([`end_date: ${END_BEFORE_START_MESSAGE}`]);
  });
});

describe('schedule', () => {
  it.each(SCHEDULE_PRESETS.filter((preset) => preset !== 'custom'))('%s holds its definition', (preset) => {
    const definition = SCHEDULE_PRESET_DEFINITIONS[preset];
    expect(ZSchedule.parse({ preset })).toEqual({
      preset,
      days: [...definition.days],
      ranges: definition.ranges.map((range) => ({ ...range })),
    });
    expect(scheduleForPreset(preset)).toEqual(ZSchedule.parse({ preset }));
    expect(issuesOf(ZSchedule, scheduleForPreset(preset))).toEqual([]);
    expect(schedulePresetOf(definition.days, definition.ranges)).toBe(preset);
  });

  it('a preset other than custom must keep its days and hours', () => {
    expect(issuesOf(ZSchedule, { preset: 'work_hours', days: ['monday'] })).toEqual([
      `preset: ${SCHEDULE_PRESET_MISMATCH_MESSAGE}`,
    ]);
    expect(issuesOf(ZSchedule, { preset: 'night_time', ranges: [{ from: '00:00', to: '07:00' }] })).toEqual([
      `preset: ${SCHEDULE_PRESET_MISMATCH_MESSAGE}`,
    ]);
    expect(issuesOf(ZSchedule, { preset: 'weekend', days: ['sunday', 'saturday', 'sunday'] })).toEqual([]);
  });

  it('custom needs its days and ranges; none selected is allowed (an alert, not an error)', () => {
    expect(issuesOf(ZSchedule, { preset: 'custom' })).toEqual([
      `days: ${REQUIRED_MESSAGE}`,
      `ranges: ${REQUIRED_MESSAGE}`,
    ]);
    expect(ZSchedule.parse({ preset: 'custom', days: [], ranges: [] })).toEqual({
      preset: 'custom',
      days: [],
      ranges: [],
    });
    expect(scheduleForPreset('custom')).toEqual({ ...scheduleForPreset('all'), preset: 'custom' });
    expect(
      scheduleForPreset('custom', { days: ['friday'], ranges: [{ from: '10:00', to: '11:00' }] }),
    ).toEqual({
      preset: 'custom',
      days: ['friday'],
      ranges: [{ from: '10:00', to: '11:00' }],
    });
    expect(schedulePresetOf(['friday'], [])).toBe('custom');
  });

  it('ranges go forward within a day; 24:00 only ends a range', () => {
    const custom = (ranges: unknown) => issuesOf(ZSchedule, { preset: 'custom', days: ['monday'], ranges });
    expect(custom([{ from: '18:00', to: '24:00' }])).toEqual([]);
    expect(custom([{ from: '10:00', to: '10:00' }])).toEqual([
      `ranges.0.to: ${SCHEDULE_RANGE_ORDER_MESSAGE}`,
    ]);
    expect(custom([{ from: '12:00', to: '08:00' }])).toEqual([
      `ranges.0.to: ${SCHEDULE_RANGE_ORDER_MESSAGE}`,
    ]);
    expect(custom([{ from: '24:00', to: '24:00' }])).toEqual([
      `ranges.0.to: ${SCHEDULE_RANGE_ORDER_MESSAGE}`,
    ]);
    expect(custom([{ from: '8:00', to: '24:30' }])).toEqual([
      `ranges.0.from: ${INVALID_FORMAT_MESSAGE}`,
      `ranges.0.to: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(custom([{ from: '08:00' }])).toEqual([`ranges.0.to: ${REQUIRED_MESSAGE}`]);
  });

  it('ranges must not overlap; touching ranges are fine; output is sorted', () => {
    const parsed = ZSchedule.safeParse({
      preset: 'custom',
      days: ['sunday', 'monday'],
      ranges: [
        { from: '14:00', to: '16:00' },
        { from: '08:00', to: '14:00' },
      ],
    });
    expect(parsed.data).toEqual({
      preset: 'custom',
      days: ['monday', 'sunday'],
      ranges: [
        { from: '08:00', to: '14:00' },
        { from: '14:00', to: '16:00' },
      ],
    });
    expect(
      issuesOf(ZSchedule, {
        preset: 'custom',
        days: DAYS_OF_WEEK,
        ranges: [
          { from: '10:00', to: '12:00' },
          { from: '00:00', to: '24:00' },
          { from: '11:59', to: '13:00' },
        ],
      }),
    ).toEqual([`ranges.0: ${SCHEDULE_RANGE_OVERLAP_MESSAGE}`, `ranges.2: ${SCHEDULE_RANGE_OVERLAP_MESSAGE}`]);
    expect(
      overlappingRanges([
        { from: '01:00', to: '02:00' },
        { from: '02:00', to: '03:00' },
      ]),
    ).toEqual([]);
  });

  it('refuses unknown days and presets', () => {
    expect(issuesOf(ZSchedule, { preset: 'custom', days: ['funday'], ranges: [] })).toEqual([
      `days.0: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZSchedule, { preset: 'always' })).toEqual([`preset: ${INVALID_FORMAT_MESSAGE}`]);
  });
});

describe('ZCampaignCreate', () => {
  it('state preview saves a draft: only name and type required, what is sent still checked', () => {
    expect(issuesOf(ZCampaignCreate, { name: 'Draft', type: 'app-promotion', state: 'preview' })).toEqual([]);
    expect(
      issuesOf(campaignCreateSchema('usd'), {
        name: 'Draft',
        type: 'dooh',
        state: 'preview',
        bid: '0.0001',
        device_types: ['phone'],
        daily_clicks: 5,
      }),
    ).toEqual([
      'daily_clicks: The minimum value is 10',
      'bid: The minimum value is $0.001',
      `device_types: ${FIELD_NOT_FOR_TYPE_MESSAGE}`,
    ]);
  });

  it('state inactive (the default) needs a complete campaign; active is not a creation state', () => {
    expect(issuesOf(ZCampaignCreate, { name: 'x', type: 'dooh' })).toContain(`bid: ${REQUIRED_MESSAGE}`);
    expect(ZCampaignCreate.parse(VALID.generic).state).toBe('inactive');
    expect(issuesOf(ZCampaignCreate, { ...VALID.generic, state: 'active' })).toEqual([
      `state: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('refuses unknown fields (strict) and read-only ones', () => {
    const issues = ZCampaignCreate.safeParse({ ...VALID.generic, id: 4, spend: '0', currency: 'usd' }).error
      ?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['id', 'spend', 'currency'] });
  });

  it('reports field and cross-field issues together, without piling "required" on a wrong field', () => {
    expect(
      issuesOf(campaignCreateSchema('eur'), {
        ...VALID.dooh,
        name: '',
        bid: '0.1',
        budget: '5',
        start_date: 'x',
      }),
    ).toEqual([
      `name: ${REQUIRED_MESSAGE}`,
      `start_date: ${INVALID_FORMAT_MESSAGE}`,
      'budget: The minimum value is €10.00',
      'bid: The minimum value is €0.25',
    ]);
  });

  it('internal fields: percents 0-100, notes up to 2000, known flags', () => {
    expect(ZCampaignInternal.parse({})).toEqual({
      fee_percent: null,
      margin_percent: null,
      notes: '',
      flags: [],
    });
    expect(
      issuesOf(ZCampaignInternal, {
        fee_percent: '100.01',
        margin_percent: '12.345',
        notes: 'n'.repeat(2001),
        flags: ['vip'],
      }),
    ).toEqual([
      'fee_percent: The maximum value is 100',
      `margin_percent: ${INVALID_FORMAT_MESSAGE}`,
      'notes: The maximum length is 2000',
      `flags.0: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(
      ZCampaignInternal.parse({ fee_percent: '', margin_percent: '100', flags: ['test', 'test'] }),
    ).toEqual({
      fee_percent: null,
      margin_percent: '100',
      notes: '',
      flags: ['test'],
    });
  });
});

describe('frequency cap (docs/engine.md "Frequency caps")', () => {
  it('a new campaign has none unless it sends one; the fingerprint defaults to soft', () => {
    expect(ZCampaignCreate.parse(VALID.generic).frequency_cap).toBeNull();
    expect(
      ZCampaignCreate.parse({ ...VALID.generic, frequency_cap: { impressions: 2, period: 'day' } })
        .frequency_cap,
    ).toEqual({ impressions: 2, period: 'day', fingerprint: 'soft' });
  });

  it.each(CAMPAIGN_TYPES)('is allowed on a %s campaign', (type) => {
    const capped = {
      ...VALID[type],
      frequency_cap: { impressions: 5, period: 'lifetime', fingerprint: 'exact' },
    };
    expect(issuesOf(campaignCompleteSchema('usd'), capped)).toEqual([]);
    expect(
      issuesOf(campaignDraftSchema('usd'), { name: 'Draft', type, frequency_cap: capped.frequency_cap }),
    ).toEqual([]);
  });

  it('answers the field messages of the strategy cap under frequency_cap, with the other issues', () => {
    expect(
      issuesOf(ZCampaignCreate, {
        ...VALID.generic,
        name: '',
        frequency_cap: { impressions: 0, period: 'week', fingerprint: 'x' },
      }),
    ).toEqual([
      `name: ${REQUIRED_MESSAGE}`,
      'frequency_cap.impressions: The minimum value is 1',
      `frequency_cap.period: ${INVALID_FORMAT_MESSAGE}`,
      `frequency_cap.fingerprint: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZCampaignUpdate, { version: 1, frequency_cap: { impressions: 2.5, period: 'day' } }),
    ).toEqual(['frequency_cap.impressions: Enter a whole number of impressions']);
    expect(
      issuesOf(ZCampaignUpdate, { version: 1, frequency_cap: { impressions: 1_000_001, period: 'hour' } }),
    ).toEqual(['frequency_cap.impressions: The maximum value is 1000000']);
    expect(issuesOf(ZCampaignUpdate, { version: 1, frequency_cap: { impressions: 3 } })).toEqual([
      `frequency_cap.period: ${REQUIRED_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZCampaignUpdate, { version: 1, frequency_cap: { impressions: 3, period: 'day', n: 1 } }),
    ).toHaveLength(1);
  });

  it('a change sets, keeps (left out) or removes (null) the cap', () => {
    expect(ZCampaignUpdate.parse({ version: 2 })).not.toHaveProperty('frequency_cap');
    expect(ZCampaignUpdate.parse({ version: 2, frequency_cap: null })).toEqual({
      version: 2,
      frequency_cap: null,
    });
    expect(
      ZCampaignUpdate.parse({
        version: 2,
        frequency_cap: { impressions: 1, period: 'hour', fingerprint: 'exact' },
      }),
    ).toEqual({ version: 2, frequency_cap: { impressions: 1, period: 'hour', fingerprint: 'exact' } });
  });

  it('uses the fingerprint only when the campaign takes any ID (fake, or no type chosen)', () => {
    expect(isFingerprintUsed([])).toBe(true);
    expect(isFingerprintUsed(['gaid', 'fake'])).toBe(true);
    expect(isFingerprintUsed(['ifa', 'gaid'])).toBe(false);
    expect(isFingerprintUsed(['web'])).toBe(false);
  });
});

describe('ZCampaignUpdate', () => {
  it('needs the version and takes any subset of fields, without filling defaults', () => {
    expect(issuesOf(ZCampaignUpdate, {})).toEqual([`version: ${REQUIRED_MESSAGE}`]);
    expect(ZCampaignUpdate.parse({ version: 3 })).toEqual({ version: 3 });
    expect(ZCampaignUpdate.parse({ version: 3, targeting: { cities: ['ES-AN-Sevilla'] } })).toEqual({
      version: 3,
      targeting: { cities: ['ES-AN-Sevilla'] },
    });
    expect(ZCampaignUpdate.parse({ version: 3, internal: { notes: 'x' } })).toEqual({
      version: 3,
      internal: { notes: 'x' },
    });
  });

  it('checks what is sent and what can be checked from it alone', () => {
    expect(
      issuesOf(campaignUpdateSchema('usd'), {
        version: 1,
        name: 'a@b',
        pricing: 'cpm',
        bid: '300',
        budget: null,
      }),
    ).toEqual([
      `name: ${CAMPAIGN_NAME_MESSAGE}`,
      `budget: ${REQUIRED_MESSAGE}`,
      'bid: The maximum value is $200.00',
    ]);
    expect(issuesOf(ZCampaignUpdate, { version: 1, state: 'deleted' })).toEqual([
      `state: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZCampaignUpdate, { version: 1, spend: '1' })[0]).toMatch(/^: /);
  });

  it('the merged campaign is checked with campaignIssues', () => {
    const stored = ZCampaignComplete.parse(VALID['app-promotion']);
    const merged = { ...stored, targeting: { ...stored.targeting, bundle_ids: [] } };
    expect(campaignIssues(merged, { complete: true, currency: 'usd' })).toEqual([
      { path: ['targeting', 'bundle_ids'], message: REQUIRED_MESSAGE },
    ]);
    expect(campaignIssues(merged, { complete: false, currency: 'usd' })).toEqual([]);
    expect(isCampaignComplete(stored, 'usd')).toBe(true);
    expect(isCampaignComplete(merged, 'usd')).toBe(false);
  });
});

describe('campaignChangeIssues (§4)', () => {
  const stored: TStoredCampaign = {
    state: 'inactive',
    type: 'generic',
    budget_timespan: 'lifetime',
    start_date: '2026-03-01',
    source_campaign: null,
  };

  it('follows the state transitions; activation needs a strategy', () => {
    expect(campaignChangeIssues(stored, { state: 'active' }, 1)).toEqual([]);
    expect(campaignChangeIssues(stored, { state: 'active' }, 0)).toEqual([
      { path: ['state'], message: ACTIVATION_NEEDS_STRATEGY_MESSAGE },
    ]);
    expect(campaignChangeIssues({ ...stored, state: 'active' }, { state: 'inactive' }, 0)).toEqual([]);
    expect(campaignChangeIssues({ ...stored, state: 'preview' }, { state: 'inactive' }, 0)).toEqual([]);
    expect(campaignChangeIssues({ ...stored, state: 'deleted' }, { state: 'active' }, 1)).toEqual([
      { path: ['state'], message: 'A campaign cannot go from Deleted to Active' },
    ]);
    expect(campaignChangeIssues({ ...stored, state: 'imported' }, { state: 'inactive' }, 1)).toHaveLength(1);
    expect(canChangeCampaignState('active', 'active')).toBe(true);
    expect(CAMPAIGN_STATE_TRANSITIONS.preview).toEqual(['inactive', 'active']);
  });

  it('the type is fixed once out of draft', () => {
    expect(campaignChangeIssues(stored, { type: 'dooh' }, 1)).toEqual([
      { path: ['type'], message: CAMPAIGN_TYPE_FIXED_MESSAGE },
    ]);
    expect(campaignChangeIssues({ ...stored, state: 'preview' }, { type: 'dooh' }, 0)).toEqual([]);
  });

  it('a synchronized campaign cannot be unlinked from its source', () => {
    const synchronized = { ...stored, type: 'synchronized' as const, source_campaign: 7 };
    expect(campaignChangeIssues(synchronized, { source_campaign: null }, 1)).toEqual([
      { path: ['source_campaign'], message: SYNCHRONIZED_UNLINK_MESSAGE },
    ]);
    expect(campaignChangeIssues(synchronized, { source_campaign: 8 }, 1)).toHaveLength(1);
    expect(campaignChangeIssues(synchronized, { source_campaign: 7 }, 1)).toEqual([]);
  });

  it('a plain change of the start of a lifetime budget is refused (it resets the budget)', () => {
    expect(campaignChangeIssues(stored, { start_date: '2026-04-01' }, 1)).toEqual([
      { path: ['start_date'], message: START_DATE_RESETS_BUDGET_MESSAGE },
    ]);
    expect(campaignChangeIssues(stored, { start_date: '2026-03-01' }, 1)).toEqual([]);
    expect(
      campaignChangeIssues({ ...stored, budget_timespan: 'daily' }, { start_date: '2026-04-01' }, 1),
    ).toEqual([]);
    expect(campaignChangeIssues({ ...stored, state: 'preview' }, { start_date: '2026-04-01' }, 1)).toEqual(
      [],
    );
  });
});

describe('other bodies', () => {
  it('start-date change', () => {
    expect(
      ZCampaignStartDateChange.parse({ start_date: '2026-04-01', version: 2, reset_budget: true }),
    ).toEqual({
      start_date: '2026-04-01',
      version: 2,
      reset_budget: true,
    });
    expect(issuesOf(ZCampaignStartDateChange, { start_date: '2026-04-31', version: 0 })).toEqual([
      `start_date: ${INVALID_FORMAT_MESSAGE}`,
      `version: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('duplicate', () => {
    expect(issuesOf(ZCampaignDuplicate, {})).toEqual([`with_strategies: ${REQUIRED_MESSAGE}`]);
    expect(issuesOf(ZCampaignDuplicate, { name: '#1', with_strategies: false })).toEqual([
      `name: ${CAMPAIGN_NAME_MESSAGE}`,
    ]);
    expect(duplicateCampaignName('Spring')).toBe('Spring (copy)');
    expect(duplicateCampaignName('x'.repeat(255))).toHaveLength(255);
  });

  it('bulk state change: 1 to 500 ids, active, inactive or deleted', () => {
    expect(ZCampaignsBulkUpdate.parse({ ids: [3, 3, 4], changes: { state: 'deleted' } })).toEqual({
      ids: [3, 4],
      changes: { state: 'deleted' },
    });
    expect(issuesOf(ZCampaignsBulkUpdate, { ids: [], changes: { state: 'preview' } })).toEqual([
      `ids: ${REQUIRED_MESSAGE}`,
      `changes.state: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZCampaignsBulkUpdate, {
        ids: Array.from({ length: 501 }, (_, i) => i + 1),
        changes: { state: 'active' },
      }),
    ).toEqual(['ids: The maximum length is 500']);
  });
});

describe('CAMPAIGN_LIST_SPEC', () => {
  it('sorts newest first and filters on every grid column', () => {
    const result = parseListQuery(
      {
        search: 'spring',
        'type[any]': 'generic,dooh',
        'delivery_status[is]': 'paused_strategies',
        'state[is]': 'deleted',
        'start_date[after]': '2026-01-01',
        'spend[gt]': '10',
        'currency[is]': 'cop',
        'organization_name[contains]': 'acme',
      },
      CAMPAIGN_LIST_SPEC,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.query.sort).toEqual({ field: 'created_at', direction: 'desc' });
      expect(result.query.search).toBe('spring');
      expect(result.query.filters).toHaveLength(7);
    }
    expect(parseListQuery({ 'status[is]': 'running' }, CAMPAIGN_LIST_SPEC).ok).toBe(false);
  });
});

describe('messages', () => {
  it('speaks the §5 words and the contract wording', () => {
    expect(CAMPAIGN_NAME_MESSAGE).toBe('Please, do not use the characters | $ # or @');
    expect(MAX_COUNTRIES_MESSAGE).toBe('You can not target more than five countries');
    expect(BUNDLE_ID_MESSAGE).toBe('Malformed Bundle ID');
    expect(SYNCHRONIZED_UNLINK_MESSAGE).toBe(
      'A synchronized campaign cannot be unlinked from its source campaign',
    );
    expect(issuesOf(ZCampaignDraft, { name: 'x', type: 'dooh', daily_impressions: 1 })).toEqual([
      'daily_impressions: The minimum value is 1000',
    ]);
  });
});
