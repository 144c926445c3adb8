import { describe, expect, it } from 'vitest';
import { SCHEDULE_NO_DAYS_ALERT, SCHEDULE_NO_HOURS_ALERT } from '../validation/messages';
import { type AlertCampaign, targetingAlerts } from './targeting-alerts';

const ALL_WEEK = {
  days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const,
  ranges: [{ from: '00:00', to: '24:00' }],
};

const CAMPAIGN: AlertCampaign = {
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  schedule: { days: [...ALL_WEEK.days], ranges: ALL_WEEK.ranges },
  targeting: { countries: ['ESP'], regions: ['ES-AN'], cities: ['ES-MD-Madrid'] },
};

describe('targetingAlerts', () => {
  it('a consistent campaign raises none', () => {
    expect(
      targetingAlerts(CAMPAIGN, [{ id: 1, name: 'All', start_date: '2026-03-01', end_date: null }]),
    ).toEqual([]);
  });

  it('a schedule with no days or no hours', () => {
    expect(targetingAlerts({ ...CAMPAIGN, schedule: { days: [], ranges: [] } })).toEqual([
      { type: 'inconsistent_targeting', field: 'schedule', message: SCHEDULE_NO_DAYS_ALERT },
      { type: 'inconsistent_targeting', field: 'schedule', message: SCHEDULE_NO_HOURS_ALERT },
    ]);
  });

  it('a region or city outside the targeted countries', () => {
    expect(
      targetingAlerts({
        ...CAMPAIGN,
        targeting: {
          countries: ['ESP', 'PRT'],
          regions: ['ES-AN', 'FR-IDF'],
          cities: ['IT-RM-Roma', 'PT-11-Lisbon'],
        },
      }),
    ).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'targeting.regions',
        message: 'Targeted regions outside the targeted countries: FR-IDF',
      },
      {
        type: 'inconsistent_targeting',
        field: 'targeting.cities',
        message: 'Targeted cities outside the targeted countries: IT-RM-Roma',
      },
    ]);
  });

  it('regions and cities without targeted countries raise nothing (they define the area)', () => {
    expect(
      targetingAlerts({ ...CAMPAIGN, targeting: { countries: [], regions: ['FR-IDF'], cities: [] } }),
    ).toEqual([]);
  });

  it('strategies: location outside the campaign countries, no hours, outside the dates', () => {
    const alerts = targetingAlerts(CAMPAIGN, [
      { id: 7, name: 'France', location: { countries: ['FRA'], regions: [], cities: [] } },
      { id: 8, name: 'Lisbon', location: { countries: [], regions: [], cities: ['PT-11-Lisbon'] } },
      { id: 9, name: 'Never', schedule: { days: ['monday'], ranges: [] } },
      { name: 'Late', start_date: '2026-03-10', end_date: '2026-04-10' },
      { id: 11, name: 'Early', start_date: '2026-02-01', end_date: '2026-03-05' },
    ]);
    expect(alerts).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'strategies.7.location',
        message: 'The location of strategy "France" is outside the campaign\'s countries',
        strategy: 7,
      },
      {
        type: 'inconsistent_targeting',
        field: 'strategies.8.location',
        message: 'The location of strategy "Lisbon" is outside the campaign\'s countries',
        strategy: 8,
      },
      {
        type: 'inconsistent_targeting',
        field: 'strategies.9.schedule',
        message: 'The schedule of strategy "Never" has no days or no hours selected, so it never bids',
        strategy: 9,
      },
      {
        type: 'inconsistent_targeting',
        field: 'strategies.3.dates',
        message: 'Strategy "Late" runs outside the campaign\'s dates',
        strategy: 3,
      },
      {
        type: 'inconsistent_targeting',
        field: 'strategies.11.dates',
        message: 'Strategy "Early" runs outside the campaign\'s dates',
        strategy: 11,
      },
    ]);
  });

  it('a campaign without an end lets strategies run on', () => {
    expect(
      targetingAlerts({ ...CAMPAIGN, end_date: null }, [
        { id: 1, name: 'Long', start_date: '2027-01-01', end_date: null },
      ]),
    ).toEqual([]);
  });
});
