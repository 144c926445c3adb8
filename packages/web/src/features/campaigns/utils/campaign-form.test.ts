import { campaignCreateSchema } from '@beacon/domain/validation/campaign-form';
import {
  AUDIENCES_REQUIRED_MESSAGE,
  BUNDLE_ID_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../api/get-campaign';
import {
  type CampaignFormValues,
  campaignFormOf,
  createBodyOf,
  earlyTargetingErrors,
  emptyCampaignForm,
  errorsOfDetails,
  fieldKeyOf,
  isFormDirty,
  rebaseForm,
  schemaErrors,
  updateBodyOf,
  withEarlyErrors,
} from './campaign-form';

const completeGeneric = (): CampaignFormValues => ({
  ...emptyCampaignForm('generic', 7),
  name: 'Spring sale',
  start_date: '2030-03-01',
  end_date: '2030-03-31',
  budget_timespan: 'lifetime',
  budget: '1500',
  daily_limit_type: 'auto',
  max_daily_cost_strategy: 'daily',
  pricing: 'cpm',
  price_model: 'cpm',
  bid: '2.5',
});

describe('campaign form', () => {
  it('starts every required choice on a default: pricing, price model, budget timespan, limits, all week', () => {
    for (const type of [
      'generic',
      'smart-tv',
      'dooh',
      'proximity',
      'synchronized',
      'app-promotion',
    ] as const) {
      const form = emptyCampaignForm(type, 1);
      expect(form.budget_timespan).toBe('daily');
      expect(form.daily_limit_type).toBe('auto');
      expect(form.max_daily_cost_strategy).toBe('automatic');
      expect(form.pricing).not.toBe('');
      expect(form.price_model).not.toBe('');
      expect(form.schedule.days).toHaveLength(7);
      expect(form.schedule.ranges).toEqual([{ from: '00:00', to: '24:00' }]);
    }
    expect(emptyCampaignForm('generic', 1).price_model).toBe('cpm');
    expect(emptyCampaignForm('app-promotion', 1).price_model).toBe('cpc');
  });

  it('flags the five-country limit as soon as it is broken, and clears it when fixed', () => {
    const schema = campaignCreateSchema('usd');
    const five = ['ESP', 'FRA', 'DEU', 'ITA', 'PRT'];
    const base = emptyCampaignForm('generic', 1);
    const withCountries = (countries: string[]): CampaignFormValues => ({
      ...base,
      targeting: { ...base.targeting, countries },
    });
    // Nothing else is flagged early: the empty name waits for Next.
    expect(earlyTargetingErrors(schema, withCountries([...five, 'BEL']))).toEqual({
      'targeting.countries': MAX_COUNTRIES_MESSAGE,
    });
    expect(earlyTargetingErrors(schema, withCountries(five))).toEqual({});
    const shown = withEarlyErrors(
      { name: REQUIRED_MESSAGE },
      { 'targeting.countries': MAX_COUNTRIES_MESSAGE },
    );
    expect(shown).toEqual({ name: REQUIRED_MESSAGE, 'targeting.countries': MAX_COUNTRIES_MESSAGE });
    expect(withEarlyErrors(shown, {})).toEqual({ name: REQUIRED_MESSAGE });
    // A proximity campaign without a place is not flagged before Next ("required" waits).
    expect(earlyTargetingErrors(schema, emptyCampaignForm('proximity', 1))).toEqual({});
  });

  it('starts a type from its defaults', () => {
    const tv = emptyCampaignForm('smart-tv', 1);
    expect(tv.pricing).toBe('cpm');
    expect(tv.device_types).toEqual(['connectedtv']);
    expect(emptyCampaignForm('app-promotion', 1).objective).toBe('user_acquisition');
  });

  it('sends only the fields a type asks, leaving blank ones out', () => {
    const body = createBodyOf(emptyCampaignForm('dooh', 3), 'preview', { withInternal: false });
    expect(body).toMatchObject({ state: 'preview', type: 'dooh', organization: 3, pricing: 'cpm' });
    expect(body).not.toHaveProperty('device_types');
    expect(body).not.toHaveProperty('objective');
    expect(body).not.toHaveProperty('start_date');
    expect(body.targeting).not.toHaveProperty('bundle_ids');
    expect(body).not.toHaveProperty('internal');
  });

  it('sends the resource targeting, and a retargeting campaign without audiences gets the §5 hint', () => {
    const values: CampaignFormValues = {
      ...emptyCampaignForm('app-promotion', 1),
      targeting: {
        ...emptyCampaignForm('app-promotion', 1).targeting,
        geolists: [4],
        publisher_blocklists: [9],
        audiences: { at_least_one_of: [], mandatory: [], excluded: [2] },
      },
    };
    const body = createBodyOf(values, 'preview', { withInternal: false });
    expect(body.targeting).toMatchObject({
      geolists: [4],
      publisher_blocklists: [9],
      audiences: { at_least_one_of: [], mandatory: [], excluded: [2] },
    });
    const complete = createBodyOf({ ...values, objective: 'retargeting' }, 'inactive', {
      withInternal: false,
    });
    expect(schemaErrors(campaignCreateSchema('usd'), complete)['targeting.audiences.at_least_one_of']).toBe(
      AUDIENCES_REQUIRED_MESSAGE,
    );
  });

  it('makes a body the domain schema accepts for a complete campaign', () => {
    const body = createBodyOf(completeGeneric(), 'inactive', { withInternal: false });
    expect(schemaErrors(campaignCreateSchema('usd'), body)).toEqual({});
  });

  it('shows the §5 and §9 messages under their fields', () => {
    const values: CampaignFormValues = {
      ...completeGeneric(),
      name: 'Sale | 50%',
      bid: '0.1',
      daily_limit_type: 'manual',
      daily_impressions: '10',
      targeting: {
        ...completeGeneric().targeting,
        countries: ['ESP', 'FRA', 'DEU', 'ITA', 'PRT', 'BEL'],
      },
    };
    const errors = schemaErrors(
      campaignCreateSchema('usd'),
      createBodyOf(values, 'inactive', { withInternal: false }),
    );
    expect(errors.name).toBe(CAMPAIGN_NAME_MESSAGE);
    expect(errors.bid).toBe('The minimum value is $0.25');
    expect(errors.daily_impressions).toBe('The minimum value is 1000');
    expect(errors['targeting.countries']).toBe(MAX_COUNTRIES_MESSAGE);
  });

  it('asks an app promotion for its bundle ids and checks each', () => {
    const values: CampaignFormValues = {
      ...completeGeneric(),
      ...emptyCampaignForm('app-promotion', 7),
      name: 'App',
      start_date: '2030-03-01',
      budget_timespan: 'daily',
      budget: '20',
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      bid: '1',
      tracking_tool: 'adjust',
    };
    const schema = campaignCreateSchema('usd');
    expect(
      schemaErrors(schema, createBodyOf(values, 'inactive', { withInternal: false }))['targeting.bundle_ids'],
    ).toBe(REQUIRED_MESSAGE);
    const malformed = {
      ...values,
      targeting: { ...values.targeting, bundle_ids: ['com.example.app', 'not a bundle'] },
    };
    expect(
      schemaErrors(schema, createBodyOf(malformed, 'inactive', { withInternal: false }))[
        'targeting.bundle_ids'
      ],
    ).toBe(BUNDLE_ID_MESSAGE);
  });

  it('updates only what changed, with the version', () => {
    const initial = completeGeneric();
    const values = { ...initial, budget: '2000', targeting: { ...initial.targeting, countries: ['ESP'] } };
    expect(updateBodyOf(values, initial, ['name', 'budget', 'targeting'], 4)).toEqual({
      budget: '2000',
      targeting: {
        countries: ['ESP'],
        regions: [],
        cities: [],
        iab_categories: [],
        app_categories: [],
        audiences: { at_least_one_of: [], mandatory: [], excluded: [] },
        location_audiences: [],
        geolists: [],
        publisher_allowlists: [],
        publisher_blocklists: [],
        deals: [],
      },
      version: 4,
    });
    expect(updateBodyOf(initial, initial, ['name'], 4)).toEqual({ version: 4 });
    expect(isFormDirty(values, initial)).toBe(true);
  });

  it('places messages of nested paths on their field', () => {
    expect(fieldKeyOf('targeting.bundle_ids.2')).toBe('targeting.bundle_ids');
    expect(fieldKeyOf('schedule.ranges.0.to')).toBe('schedule');
    expect(fieldKeyOf('internal.notes')).toBe('internal.notes');
    expect(fieldKeyOf('targeting.geolists.1')).toBe('targeting.geolists');
    expect(fieldKeyOf('targeting.audiences.at_least_one_of')).toBe('targeting.audiences.at_least_one_of');
    expect(fieldKeyOf('targeting.audiences.excluded.2')).toBe('targeting.audiences.excluded');
    expect(
      errorsOfDetails([
        { path: 'bid', message: 'first' },
        { path: 'bid', message: 'second' },
      ]),
    ).toEqual({ bid: 'first' });
  });

  it('sends the frequency cap: left out of a new campaign when blank, null to remove it on a change', () => {
    const initial = completeGeneric();
    expect(initial.frequency_cap).toEqual({ impressions: '', period: 'day', fingerprint: 'soft' });
    expect(createBodyOf(initial, 'inactive', { withInternal: false })).not.toHaveProperty('frequency_cap');
    const capped = { ...initial, frequency_cap: { ...initial.frequency_cap, impressions: ' 2 ' } };
    const body = createBodyOf(capped, 'inactive', { withInternal: false });
    expect(body.frequency_cap).toEqual({ impressions: 2, period: 'day', fingerprint: 'soft' });
    expect(schemaErrors(campaignCreateSchema('usd'), body)).toEqual({});
    expect(updateBodyOf(initial, capped, ['name', 'frequency_cap'], 5)).toEqual({
      frequency_cap: null,
      version: 5,
    });
  });

  it('shows what is wrong with the cap under its part', () => {
    const initial = completeGeneric();
    const errorsOf = (impressions: string) =>
      schemaErrors(
        campaignCreateSchema('usd'),
        createBodyOf({ ...initial, frequency_cap: { ...initial.frequency_cap, impressions } }, 'inactive', {
          withInternal: false,
        }),
      );
    expect(errorsOf('0')).toEqual({ 'frequency_cap.impressions': 'The minimum value is 1' });
    expect(errorsOf('1.5')).toEqual({ 'frequency_cap.impressions': 'Enter a whole number of impressions' });
    expect(fieldKeyOf('frequency_cap.period')).toBe('frequency_cap.period');
    expect(fieldKeyOf('frequency_cap')).toBe('frequency_cap.impressions');
  });

  it('keeps what the user typed on top of a newer campaign', () => {
    const before = completeGeneric();
    const typed = { ...before, name: 'Typed name' };
    const fresh = { ...before, budget: '9999', name: 'Their name' };
    const rebased = rebaseForm(typed, before, fresh, ['name', 'budget']);
    expect(rebased.name).toBe('Typed name');
    expect(rebased.budget).toBe('9999');
  });
});

/** A campaign as GET /campaign/{id} answers it to an internal role. */
const storedCampaign = (): Campaign => ({
  id: 12,
  name: 'Spring sale',
  organization: 7,
  organization_name: 'Acme',
  type: 'generic',
  objective: null,
  state: 'inactive',
  status: 'incomplete',
  delivery_status: 'stopped',
  delivery_explanation: 'The campaign is not active',
  start_date: '2030-03-01',
  end_date: '2030-03-31',
  currency: 'usd',
  time_zone: 'Europe/Madrid',
  budget_timespan: 'lifetime',
  budget: '1500',
  impressions: 0,
  clicks: 0,
  ctr: null,
  conversions: 0,
  spend: '0',
  spend_today: '0',
  expected_spend_today: null,
  last_delivery_hour: null,
  strategies_count: 1,
  strategies_bidding: 0,
  source_campaign: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  version: 3,
  delivery: {
    conversions_by_event: [0, 0, 0, 0, 0],
    budget_spend: '0',
    recent_hours: 3,
    recent_bids: 0,
    recent_wins: 0,
    target_spend_today: null,
    projected_spend_today: null,
  },
  daily_limit_type: 'auto',
  daily_budget: null,
  daily_impressions: null,
  daily_clicks: null,
  max_daily_cost_strategy: 'daily',
  pricing: 'cpm',
  price_model: 'cpm',
  bid: '2.5',
  cpc_target: null,
  event_optimisation: null,
  tracking_tool: 'none',
  schedule: { preset: 'all', days: ['monday'], ranges: [{ from: '00:00', to: '24:00' }] },
  device_types: [],
  device_id_types: [],
  video_positions: [],
  video_attributes: [],
  viewability: 50,
  targeting: {
    countries: ['ESP'],
    regions: [],
    cities: [],
    bundle_ids: [],
    iab_categories: [],
    app_categories: [],
    audiences: { at_least_one_of: [], mandatory: [], excluded: [] },
    location_audiences: [],
    geolists: [],
    publisher_allowlists: [],
    publisher_blocklists: [],
    deals: [],
  },
  frequency_cap: { impressions: 4, period: 'hour', fingerprint: 'exact' },
  budget_reset_at: null,
  deleted_at: null,
  alerts: [],
  targeted_resources: [],
  tracking: {
    tool: 'none',
    attribution_windows: null,
    footfall: false,
    price_cpm: null,
    price_currency: 'usd',
  },
  internal: { fee_percent: '10', margin_percent: null, notes: '', flags: ['priority', 'test'] },
});

describe('campaignFormOf', () => {
  it('starts from the stored threshold, flags and frequency cap', () => {
    const form = campaignFormOf(storedCampaign());
    expect(form.viewability).toBe(50);
    expect(form.frequency_cap).toEqual({ impressions: '4', period: 'hour', fingerprint: 'exact' });
    expect(form.internal).toEqual({
      fee_percent: '10',
      margin_percent: '',
      notes: '',
      flags: ['priority', 'test'],
    });
  });

  it('offers only the thresholds and flags the writes accept, the answer typing them as any number and text', () => {
    const stored = storedCampaign();
    const form = campaignFormOf({
      ...stored,
      viewability: 45,
      internal: { fee_percent: null, margin_percent: null, notes: '', flags: ['legacy', 'test'] },
    });
    expect(form.viewability).toBe(0);
    expect(form.internal.flags).toEqual(['test']);
  });
});
