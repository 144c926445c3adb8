import type { TLocationAudienceArea } from '@beacon/domain/validation/location-audience-form';
import type { HistoryActor } from '../../modules/history/history.service';
import {
  insertLocationAudienceWithHistory,
  type NewLocationAudience,
} from '../../modules/location-audiences/location-audiences.service';
import type { Db } from '../database';

/**
 * Demo location audiences of Demo Agency and its child Demo Advertiser (decision 017), so that a fresh `npm start`
 * has some to list and target: city-centre circles with both precisions, a time range and zones of their
 * own. Dates are relative to the day of seeding; every one satisfies the domain's create schema
 * (location-audiences.routes.test.ts checks it).
 */

type DemoLocationAudience = {
  organization: 'agency' | 'advertiser';
  /** Days from today of the first and last day. */
  days: [number, number];
  values: Omit<NewLocationAudience, 'organization_id' | 'start_date' | 'end_date'>;
  areas: TLocationAudienceArea[];
};

export const DEMO_LOCATION_AUDIENCES: DemoLocationAudience[] = [
  {
    organization: 'agency',
    days: [-10, 50],
    values: {
      name: 'London commuters',
      max_users: 250_000,
      time_range: { from: '07:00', to: '10:00' },
      timezone: 'Europe/London',
      precision: 'high',
    },
    areas: [
      { latitude: 51.5308, longitude: -0.1238, radius: 400, name: "King's Cross" },
      { latitude: 51.5033, longitude: -0.1143, radius: 350, name: 'Waterloo' },
      { latitude: 51.5154, longitude: -0.1755, radius: 300, name: 'Paddington' },
    ],
  },
  {
    organization: 'agency',
    days: [0, 90],
    values: {
      name: 'Madrid shopping streets',
      max_users: 80_000,
      time_range: { from: '10:00', to: '21:00' },
      timezone: 'Europe/Madrid',
      precision: 'standard',
    },
    areas: [
      { latitude: 40.4169, longitude: -3.7035, radius: 250, name: 'Puerta del Sol' },
      { latitude: 40.4203, longitude: -3.7058, radius: 250, name: 'Gran Vía' },
    ],
  },
  {
    organization: 'advertiser',
    days: [5, 35],
    values: {
      name: 'Manchester stadium nights',
      max_users: 10_000,
      time_range: { from: '18:00', to: '24:00' },
      timezone: 'Europe/London',
      precision: 'standard',
    },
    areas: [{ latitude: 53.4631, longitude: -2.2913, radius: 800, name: 'Old Trafford' }],
  },
];

const dayFrom = (now: Date, days: number): string =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export const seedDemoLocationAudiences = async (
  db: Db,
  organizations: { agency: string; advertiser: string },
  actor: HistoryActor,
  now: Date,
): Promise<void> => {
  for (const demo of DEMO_LOCATION_AUDIENCES) {
    await insertLocationAudienceWithHistory(
      db,
      {
        ...demo.values,
        organization_id: organizations[demo.organization],
        start_date: dayFrom(now, demo.days[0]),
        end_date: dayFrom(now, demo.days[1]),
      },
      demo.areas,
      actor,
    );
  }
};
