import { STRATEGY_SHARES_MESSAGE } from '@beacon/domain/validation/messages';
import { strategyCreateSchema } from '@beacon/domain/validation/strategy-form';
import { describe, expect, it } from 'vitest';
import { checkWith, type FieldErrors, type FormSchema } from '../../../lib/resource-form-errors';
import type { Campaign } from '../api/get-campaign';
import type { Strategy } from '../api/strategies';
import {
  newStrategyForm,
  strategyBodyOf,
  strategyFieldKeyOf,
  strategyFormOf,
  strategyUpdateBodyOf,
} from './strategy-form';

const campaign = {
  start_date: '2030-01-01',
  end_date: '2030-12-31',
  targeting: {
    countries: ['ESP'],
    regions: [],
    cities: [],
    bundle_ids: [],
    iab_categories: [],
    app_categories: [],
  },
  schedule: { preset: 'all', days: [], ranges: [] },
} as unknown as Campaign;

/** The messages of the strategy dialog's check: the call's schema, each message on the field that shows it. */
const formErrors = (schema: FormSchema<unknown>, body: unknown): FieldErrors => {
  const result = checkWith(schema, body, strategyFieldKeyOf);
  return result.ok ? {} : result.errors;
};

const strategy = (share: number): Strategy => ({
  id: 1,
  campaign: 1,
  name: 'Madrid',
  state: 'bidding',
  start_date: '2030-01-01',
  end_date: null,
  location: { countries: ['ESP'], regions: [], cities: [] },
  schedule: { preset: 'all', days: ['monday'], ranges: [{ from: '00:00', to: '24:00' }] },
  targeting: {
    audiences: { at_least_one_of: [], mandatory: [], excluded: [5] },
    location_audiences: [],
    geolists: [3],
  },
  bid: null,
  budget_share: share,
  frequency_cap: null,
  created_at: '',
  updated_at: '',
  version: 3,
});

describe('strategy form', () => {
  it('starts from the campaign: its dates, its places and the share left', () => {
    const form = newStrategyForm(campaign, [strategy(60)]);
    expect(form.start_date).toBe('2030-01-01');
    expect(form.location.countries).toEqual(['ESP']);
    expect(form.budget_share).toBe('40');
  });

  it('sends a blank bid as null (the campaign bid) and the share as a number', () => {
    const body = strategyBodyOf({ ...strategyFormOf(strategy(10)), bid: ' ', budget_share: '25' });
    expect(body.bid).toBeNull();
    expect(body.budget_share).toBe(25);
  });

  it('sends a blank cap as no cap, and a cap with its period and fingerprint type', () => {
    const form = strategyFormOf(strategy(10));
    expect(form.frequency_cap.impressions).toBe('');
    expect(strategyBodyOf(form).frequency_cap).toBeNull();
    const capped = {
      ...form,
      frequency_cap: { ...form.frequency_cap, impressions: ' 3 ', period: 'hour' as const },
    };
    expect(strategyUpdateBodyOf(capped, form, 3)).toEqual({
      frequency_cap: { impressions: 3, period: 'hour', fingerprint: 'soft' },
      version: 3,
    });
    const back = strategyFormOf({
      ...strategy(10),
      frequency_cap: { impressions: 2, period: 'lifetime', fingerprint: 'exact' },
    });
    expect(back.frequency_cap).toEqual({ impressions: '2', period: 'lifetime', fingerprint: 'exact' });
  });

  it('says what is wrong with a cap under its field', () => {
    const form = strategyFormOf(strategy(10));
    const errorsOf = (impressions: string) =>
      formErrors(
        strategyCreateSchema({ other_shares: 0 }),
        strategyBodyOf({ ...form, frequency_cap: { ...form.frequency_cap, impressions } }),
      )['frequency_cap.impressions'];
    expect(errorsOf('0')).toBe('The minimum value is 1');
    expect(errorsOf('1.5')).toBe('Enter a whole number of impressions');
    expect(errorsOf('abc')).toBeDefined();
    expect(errorsOf('2')).toBeUndefined();
  });

  it('checks the shares of the campaign with the domain rule', () => {
    const body = strategyBodyOf({ ...newStrategyForm(campaign, []), name: 'Extra', budget_share: '50' });
    const errors = formErrors(strategyCreateSchema({ other_shares: 60 }), body);
    expect(errors.budget_share).toBe(STRATEGY_SHARES_MESSAGE);
  });

  it('updates only what changed', () => {
    const initial = strategyFormOf(strategy(10));
    expect(strategyUpdateBodyOf({ ...initial, state: 'paused' }, initial, 3)).toEqual({
      state: 'paused',
      version: 3,
    });
    expect(strategyFieldKeyOf('location.countries.0')).toBe('location.countries');
    expect(strategyFieldKeyOf('targeting.geolists.1')).toBe('targeting.geolists');
    expect(strategyFieldKeyOf('targeting.audiences.excluded.0')).toBe('targeting.audiences.excluded');
  });

  it('carries its own resource targeting', () => {
    const initial = strategyFormOf(strategy(10));
    expect(strategyBodyOf(initial).targeting).toEqual({
      audiences: { at_least_one_of: [], mandatory: [], excluded: [5] },
      location_audiences: [],
      geolists: [3],
    });
    const targeting = { ...initial.targeting, geolists: [3, 4] };
    expect(strategyUpdateBodyOf({ ...initial, targeting }, initial, 3)).toEqual({ targeting, version: 3 });
  });
});
