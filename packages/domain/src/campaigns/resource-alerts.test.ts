import { describe, expect, it } from 'vitest';
import {
  audiencesExcludedAndRequiredAlert,
  geolistOutsideCountriesAlert,
  locationAudienceOutsideDatesAlert,
  PUBLISHER_CONFLICT_MESSAGE,
  strategyAlert,
  targetedResourceDeletedAlert,
} from '../validation/messages';
import {
  type ResourceAlertCampaign,
  resourceTargetingAlerts,
  type TargetedResourceInfo,
} from './targeting-alerts';

const RESOURCES: TargetedResourceInfo[] = [
  { kind: 'audience', id: 1, name: 'Buyers', live: true },
  { kind: 'audience', id: 2, name: 'Churned', live: true },
  { kind: 'geolist', id: 10, name: 'Madrid stores', live: true, country: 'ESP' },
  { kind: 'geolist', id: 11, name: 'Paris stores', live: true, country: 'FRA' },
  {
    kind: 'location_audience',
    id: 20,
    name: 'Fair visitors',
    live: true,
    start_date: '2026-01-01',
    end_date: '2026-01-31',
  },
  {
    kind: 'location_audience',
    id: 21,
    name: 'March visitors',
    live: true,
    start_date: '2026-03-10',
    end_date: '2026-04-10',
  },
  { kind: 'deal', id: 30, name: 'Old deal', live: false },
  { kind: 'publisher_list', id: 40, name: 'Premium', live: true },
];

const CAMPAIGN: ResourceAlertCampaign = {
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  targeting: {
    countries: ['ESP'],
    audiences: { at_least_one_of: [1], mandatory: [], excluded: [2] },
    geolists: [10],
    location_audiences: [21],
    publisher_allowlists: [40],
    deals: [],
  },
};

describe('resourceTargetingAlerts', () => {
  it('a consistent campaign raises none', () => {
    expect(resourceTargetingAlerts(CAMPAIGN, [], RESOURCES)).toEqual([]);
  });

  it('publishers in both an allowlist and a blocklist: the §5 alert names them', () => {
    const alerts = resourceTargetingAlerts(CAMPAIGN, [], RESOURCES, {
      publishers: ['a.com', 'b.com'],
      total: 5,
    });
    expect(alerts).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'targeting.publisher_lists',
        message: `${PUBLISHER_CONFLICT_MESSAGE}: a.com, b.com and 3 more`,
      },
    ]);
  });

  it('an audience both excluded and required', () => {
    const alerts = resourceTargetingAlerts(
      {
        ...CAMPAIGN,
        targeting: {
          ...CAMPAIGN.targeting,
          audiences: { at_least_one_of: [1, 2], mandatory: [2], excluded: [2] },
        },
      },
      [],
      RESOURCES,
    );
    expect(alerts).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'targeting.audiences.excluded',
        message: audiencesExcludedAndRequiredAlert(['Churned']),
      },
    ]);
  });

  it('a resource deleted after being targeted, or gone', () => {
    const alerts = resourceTargetingAlerts(
      { ...CAMPAIGN, targeting: { ...CAMPAIGN.targeting, deals: [30, 31] } },
      [],
      RESOURCES,
    );
    expect(alerts.map((alert) => [alert.field, alert.message])).toEqual([
      ['targeting.deals.0', targetedResourceDeletedAlert('deal', 'Old deal')],
      ['targeting.deals.1', targetedResourceDeletedAlert('deal', '#31')],
    ]);
  });

  it('a geolist in a country not targeted; none without targeted countries', () => {
    const targeting = { ...CAMPAIGN.targeting, geolists: [10, 11] };
    expect(resourceTargetingAlerts({ ...CAMPAIGN, targeting }, [], RESOURCES)).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'targeting.geolists.1',
        message: geolistOutsideCountriesAlert('Paris stores'),
      },
    ]);
    expect(
      resourceTargetingAlerts({ ...CAMPAIGN, targeting: { ...targeting, countries: [] } }, [], RESOURCES),
    ).toEqual([]);
  });

  it('a location audience with no day within the campaign dates', () => {
    const targeting = { ...CAMPAIGN.targeting, location_audiences: [20, 21] };
    expect(resourceTargetingAlerts({ ...CAMPAIGN, targeting }, [], RESOURCES)).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'targeting.location_audiences.0',
        message: locationAudienceOutsideDatesAlert('Fair visitors'),
      },
    ]);
    // An open-ended campaign that starts before the audience's days still shares them.
    expect(
      resourceTargetingAlerts({ start_date: '2025-12-01', end_date: null, targeting }, [], RESOURCES),
    ).toEqual([]);
  });

  it("a strategy's own resources, against its dates and the campaign's exclusions, name the strategy", () => {
    const alerts = resourceTargetingAlerts(
      CAMPAIGN,
      [
        {
          id: 7,
          name: 'Weekend',
          start_date: '2026-03-20',
          end_date: '2026-03-31',
          location: { countries: ['FRA'] },
          targeting: {
            audiences: { at_least_one_of: [], mandatory: [2], excluded: [] },
            geolists: [10, 11],
            location_audiences: [],
          },
        },
      ],
      RESOURCES,
    );
    expect(alerts).toEqual([
      {
        type: 'inconsistent_targeting',
        field: 'strategies.7.targeting.audiences.excluded',
        message: strategyAlert('Weekend', audiencesExcludedAndRequiredAlert(['Churned'])),
        strategy: 7,
      },
      {
        type: 'inconsistent_targeting',
        field: 'strategies.7.targeting.geolists.0',
        message: strategyAlert('Weekend', geolistOutsideCountriesAlert('Madrid stores')),
        strategy: 7,
      },
    ]);
  });
});
