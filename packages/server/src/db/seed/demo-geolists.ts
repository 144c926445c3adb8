import type { TGeolistArea } from '@beacon/domain/validation/geolist';
import { insertGeolistWithHistory } from '../../modules/geolists/geolists.service';
import type { HistoryActor } from '../../modules/history/history.service';
import type { Db } from '../database';

/**
 * Demo geolists of Demo Agency and its child Demo Advertiser, so that a fresh `npm start` has
 * geolists to list and target: stores in Madrid (a country, region and city, high precision), Barcelona
 * stations (default radius) and London stadiums in the child organization. Real places, rounded coordinates;
 * every area satisfies the geolist rules (geolists.seed.test.ts checks it).
 */
type DemoGeolist = {
  organization: 'agency' | 'advertiser';
  name: string;
  country: string;
  region?: string;
  city?: string;
  radius?: number;
  precision?: 'standard' | 'high';
  areas: TGeolistArea[];
};

export const DEMO_GEOLISTS: readonly DemoGeolist[] = [
  {
    organization: 'agency',
    name: 'Madrid flagship stores',
    country: 'ESP',
    region: 'ES-MD',
    city: 'ES-MD-Madrid',
    radius: 300,
    precision: 'high',
    areas: [
      { latitude: 40.4169, longitude: -3.7035, radius: 300, name: 'Puerta del Sol' },
      { latitude: 40.4203, longitude: -3.7058, radius: 250, name: 'Gran Vía' },
      { latitude: 40.4297, longitude: -3.6876, radius: 400, name: 'Serrano' },
      { latitude: 40.4531, longitude: -3.6883, radius: 500, name: 'Santiago Bernabéu' },
    ],
  },
  {
    organization: 'agency',
    name: 'Barcelona train stations',
    country: 'ESP',
    region: 'ES-CT',
    areas: [
      { latitude: 41.3793, longitude: 2.1402, radius: 250, name: 'Sants' },
      { latitude: 41.3843, longitude: 2.1838, radius: 250, name: 'França' },
      { latitude: 41.3955, longitude: 2.1625, radius: 250, name: 'Passeig de Gràcia' },
    ],
  },
  {
    organization: 'advertiser',
    name: 'London stadiums',
    country: 'GBR',
    radius: 800,
    areas: [
      { latitude: 51.556, longitude: -0.2796, radius: 800, name: 'Wembley' },
      { latitude: 51.4817, longitude: -0.191, radius: 600, name: 'Stamford Bridge' },
      { latitude: 51.5549, longitude: -0.1084, radius: 600, name: 'Emirates' },
    ],
  },
];

export const seedDemoGeolists = async (
  db: Db,
  organizations: { agency: string; advertiser: string },
  actor: HistoryActor,
): Promise<void> => {
  for (const { organization, areas, ...fields } of DEMO_GEOLISTS) {
    await insertGeolistWithHistory(
      db,
      { ...fields, organization_id: organizations[organization] },
      areas,
      actor,
    );
  }
};
