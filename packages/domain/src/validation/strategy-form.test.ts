import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEFAULT_SCHEDULE } from './campaign-schedule';
import { parseListQuery } from './list-query';
import {
  CAMPAIGN_NAME_MESSAGE,
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
  REQUIRED_MESSAGE,
  SCHEDULE_RANGE_OVERLAP_MESSAGE,
  STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE,
  STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE,
  STRATEGY_SHARES_MESSAGE,
} from './messages';
import {
  STRATEGY_LIST_SPEC,
  strategyCreateSchema,
  strategyIssues,
  strategyUpdateSchema,
  type TStrategyContext,
  ZStrategyCreate,
  ZStrategyDuplicate,
  ZStrategyUpdate,
} from './strategy-form';

const issuesOf = (schema: z.ZodType, value: unknown): string[] =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const STRATEGY = { name: 'Weekdays', start_date: '2026-03-01', budget_share: 60 };

const CAMPAIGN: TStrategyContext = {
  currency: 'usd',
  pricing: 'cpm',
  campaign_start_date: '2026-03-01',
  campaign_end_date: '2026-03-31',
  campaign_countries: ['ESP', 'PRT'],
  other_shares: 40,
};

describe('ZStrategyCreate', () => {
  it('fills the defaults: bidding, no end, everywhere, all hours, the campaign bid, no cap', () => {
    expect(ZStrategyCreate.parse(STRATEGY)).toEqual({
      ...STRATEGY,
      state: 'bidding',
      end_date: null,
      location: { countries: [], regions: [], cities: [] },
      schedule: DEFAULT_SCHEDULE,
      bid: null,
      targeting: {
        audiences: { at_least_one_of: [], mandatory: [], excluded: [] },
        location_audiences: [],
        geolists: [],
      },
      frequency_cap: null,
    });
  });

  it('takes an optional frequency cap: N ≥ 1 impressions per hour, day or lifetime, soft fingerprint by default', () => {
    expect(
      ZStrategyCreate.parse({ ...STRATEGY, frequency_cap: { impressions: 3, period: 'hour' } }).frequency_cap,
    ).toEqual({ impressions: 3, period: 'hour', fingerprint: 'soft' });
    expect(
      issuesOf(ZStrategyCreate, {
        ...STRATEGY,
        frequency_cap: { impressions: 0, period: 'week', fingerprint: 'x' },
      }),
    ).toEqual([
      'frequency_cap.impressions: The minimum value is 1',
      `frequency_cap.period: ${INVALID_FORMAT_MESSAGE}`,
      `frequency_cap.fingerprint: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZStrategyCreate, { ...STRATEGY, frequency_cap: { impressions: 2.5, period: 'day' } }),
    ).toEqual(['frequency_cap.impressions: Enter a whole number of impressions']);
    expect(issuesOf(ZStrategyUpdate, { frequency_cap: null, version: 1 })).toEqual([]);
  });

  it('needs a name with the campaign name rules, a start date and a budget share', () => {
    expect(issuesOf(ZStrategyCreate, {})).toEqual([
      `name: ${REQUIRED_MESSAGE}`,
      `start_date: ${REQUIRED_MESSAGE}`,
      `budget_share: ${REQUIRED_MESSAGE}`,
    ]);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, name: 'Night @ home' })).toEqual([
      `name: ${CAMPAIGN_NAME_MESSAGE}`,
    ]);
  });

  it('budget share is a whole percent from 1 to 100', () => {
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, budget_share: 0 })).toEqual([
      'budget_share: The minimum value is 1',
    ]);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, budget_share: 101 })).toEqual([
      'budget_share: The maximum value is 100',
    ]);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, budget_share: 12.5 })).toEqual([
      'budget_share: The minimum value is 1',
    ]);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, budget_share: 100 })).toEqual([]);
  });

  it('states are bidding or paused; strict objects', () => {
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, state: 'paused' })).toEqual([]);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, state: 'active' })).toEqual([
      `state: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, campaign: 3 })[0]).toMatch(/^: /);
    expect(issuesOf(ZStrategyCreate, { ...STRATEGY, location: { countries: [], zip: [] } })[0]).toMatch(
      /^location: /,
    );
  });

  it('checks its own dates, location and schedule', () => {
    expect(
      issuesOf(ZStrategyCreate, {
        ...STRATEGY,
        end_date: '2026-02-28',
        location: { countries: ['ESP', 'FRA', 'DEU', 'ITA', 'PRT', 'GBR'], cities: ['nowhere'] },
        schedule: {
          preset: 'custom',
          days: ['monday'],
          ranges: [
            { from: '08:00', to: '12:00' },
            { from: '11:00', to: '13:00' },
          ],
        },
      }),
    ).toEqual([
      `location.countries: ${MAX_COUNTRIES_MESSAGE}`,
      `location.cities.0: ${INVALID_FORMAT_MESSAGE}`,
      `schedule.ranges.1: ${SCHEDULE_RANGE_OVERLAP_MESSAGE}`,
      `end_date: ${END_BEFORE_START_MESSAGE}`,
    ]);
  });
});

describe('strategyCreateSchema(campaign)', () => {
  const schema = strategyCreateSchema(CAMPAIGN);

  it('accepts a strategy within the campaign', () => {
    expect(
      issuesOf(schema, {
        ...STRATEGY,
        end_date: '2026-03-31',
        location: { countries: ['PRT'], regions: ['ES-AN'], cities: ['PT-11-Lisbon'] },
        bid: '3.5',
      }),
    ).toEqual([]);
  });

  it('runs within the campaign dates', () => {
    expect(issuesOf(schema, { ...STRATEGY, start_date: '2026-02-28', end_date: '2026-04-01' })).toEqual([
      `start_date: ${STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE}`,
      `end_date: ${STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE}`,
    ]);
    expect(issuesOf(schema, { ...STRATEGY, start_date: '2026-04-02' })).toEqual([
      `start_date: ${STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE}`,
    ]);
    expect(
      issuesOf(strategyCreateSchema({ ...CAMPAIGN, campaign_end_date: null }), {
        ...STRATEGY,
        end_date: '2030-01-01',
      }),
    ).toEqual([]);
  });

  it('bids within the campaign countries', () => {
    expect(
      issuesOf(schema, {
        ...STRATEGY,
        location: { countries: ['ESP', 'FRA'], regions: ['FR-IDF'], cities: ['ES-AN-Málaga', 'IT-RM-Roma'] },
      }),
    ).toEqual([
      `location.countries.1: ${STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE}`,
      `location.regions.0: ${STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE}`,
      `location.cities.1: ${STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE}`,
    ]);
    expect(
      issuesOf(strategyCreateSchema({ ...CAMPAIGN, campaign_countries: [] }), {
        ...STRATEGY,
        location: { countries: ['FRA'] },
      }),
    ).toEqual([]);
  });

  it('keeps the bid within the bounds of the campaign pricing and currency', () => {
    expect(issuesOf(schema, { ...STRATEGY, bid: '0.24' })).toEqual(['bid: The minimum value is $0.25']);
    expect(issuesOf(schema, { ...STRATEGY, bid: '200.000001' })).toEqual([
      'bid: The maximum value is $200.00',
    ]);
    expect(
      issuesOf(strategyCreateSchema({ ...CAMPAIGN, currency: 'inr' }), { ...STRATEGY, bid: '14.99' }),
    ).toEqual(['bid: The minimum value is ₹15.00']);
    expect(
      issuesOf(strategyCreateSchema({ ...CAMPAIGN, pricing: 'cpc' }), { ...STRATEGY, bid: '0.0009' }),
    ).toEqual(['bid: The minimum value is $0.001']);
    expect(issuesOf(schema, { ...STRATEGY, bid: '1e2' })).toEqual([`bid: ${INVALID_FORMAT_MESSAGE}`]);
  });

  it('keeps the shares of the campaign strategies at 100 at most', () => {
    expect(issuesOf(schema, { ...STRATEGY, budget_share: 61 })).toEqual([
      `budget_share: ${STRATEGY_SHARES_MESSAGE}`,
    ]);
    expect(issuesOf(schema, { ...STRATEGY, budget_share: 60 })).toEqual([]);
  });

  it('reports the campaign rules together with field issues', () => {
    expect(issuesOf(schema, { ...STRATEGY, name: '', start_date: '2026-01-01', budget_share: 80 })).toEqual([
      `name: ${REQUIRED_MESSAGE}`,
      `start_date: ${STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE}`,
      `budget_share: ${STRATEGY_SHARES_MESSAGE}`,
    ]);
  });
});

describe('ZStrategyUpdate', () => {
  it('needs the version, takes any subset without defaults', () => {
    expect(issuesOf(ZStrategyUpdate, { state: 'paused' })).toEqual([`version: ${REQUIRED_MESSAGE}`]);
    expect(ZStrategyUpdate.parse({ state: 'paused', version: 2 })).toEqual({ state: 'paused', version: 2 });
    expect(ZStrategyUpdate.parse({ bid: null, version: 2 })).toEqual({ bid: null, version: 2 });
  });

  it('checks against the campaign what it can; the merged strategy goes through strategyIssues', () => {
    expect(issuesOf(strategyUpdateSchema(CAMPAIGN), { budget_share: 70, version: 1 })).toEqual([
      `budget_share: ${STRATEGY_SHARES_MESSAGE}`,
    ]);
    const merged = { ...STRATEGY, end_date: '2026-02-01' };
    expect(strategyIssues(merged, CAMPAIGN)).toEqual([
      { path: ['end_date'], message: END_BEFORE_START_MESSAGE },
      { path: ['end_date'], message: STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE },
    ]);
    expect(strategyIssues(STRATEGY)).toEqual([]);
  });
});

describe('other strategy bodies', () => {
  it('duplicate takes an optional name', () => {
    expect(ZStrategyDuplicate.parse({})).toEqual({});
    expect(issuesOf(ZStrategyDuplicate, { name: 'a$' })).toEqual([`name: ${CAMPAIGN_NAME_MESSAGE}`]);
  });

  it('STRATEGY_LIST_SPEC filters on the grid columns', () => {
    const result = parseListQuery(
      { 'state[is]': 'paused', 'budget_share[gte]': '10', 'end_date[before]': '2026-04-01', search: 'week' },
      STRATEGY_LIST_SPEC,
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.query.sort).toEqual({ field: 'created_at', direction: 'asc' });
    expect(parseListQuery({ 'state[is]': 'deleted' }, STRATEGY_LIST_SPEC).ok).toBe(false);
  });
});
