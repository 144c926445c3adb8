/**
 * The world base map: Natural Earth country shapes (world-atlas, 1:50m) bundled with the console as an asset of
 * its own and loaded once, when the first map opens. Nothing comes from the internet: no tiles, no CDN.
 */
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import countriesUrl from 'world-atlas/countries-50m.json?url';

type CountriesTopology = Parameters<typeof feature>[0] & {
  readonly objects: { readonly countries: Parameters<typeof feature>[1] };
};

let countries: Promise<FeatureCollection> | undefined;

const isCountriesTopology = (value: unknown): value is CountriesTopology =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  value.type === 'Topology' &&
  'objects' in value &&
  typeof value.objects === 'object' &&
  value.objects !== null &&
  'countries' in value.objects;

const loadCountries = async (): Promise<FeatureCollection> => {
  const response = await fetch(countriesUrl);
  if (!response.ok) throw new Error(`The base map did not load (${response.status})`);
  const topology: unknown = await response.json();
  if (!isCountriesTopology(topology)) throw new Error('The base map is not a TopoJSON of countries');
  const shapes = feature(topology, topology.objects.countries);
  return shapes.type === 'FeatureCollection' ? shapes : { type: 'FeatureCollection', features: [shapes] };
};

/** The countries as GeoJSON, loaded on first use and kept; a failed load is tried again next time. */
export const worldCountries = (): Promise<FeatureCollection> => {
  if (!countries) {
    countries = loadCountries().catch((error: unknown) => {
      countries = undefined;
      throw error;
    });
  }
  return countries;
};
