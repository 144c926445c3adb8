import type { ICity, IState } from 'country-state-city';

/**
 * Regions and cities come from the maintained `country-state-city` dataset (about 150k cities). It is loaded
 * on the first search, not at start-up, and indexed by country once.
 */
export type Region = { id: string; code: string; name: string; country: string };
export type City = {
  id: string;
  name: string;
  country: string;
  region: string;
  latitude: number;
  longitude: number;
};

/**
 * `major`: a city a time zone of its country is named after (Europe/Madrid, America/New_York), first among
 * equally good matches: the dataset has no populations.
 */
type Indexed<T> = T & { key: string; major?: boolean };

type PlacesIndex = {
  regionsByCountry: Map<string, Indexed<Region>[]>;
  citiesByCountry: Map<string, Indexed<City>[]>;
  cities: Indexed<City>[];
};

/** Lower case without accents, so that "malaga" finds "Málaga". */
export const searchKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const group = <T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

let index: Promise<PlacesIndex> | undefined;

const loadIndex = async (): Promise<PlacesIndex> => {
  const { City: Cities, Country: Countries, State: States } = await import('country-state-city');
  const majorCities = new Set(
    Countries.getAllCountries().flatMap((country) =>
      (country.timezones ?? []).map(
        (zone) =>
          `${country.isoCode}:${searchKey((zone.zoneName.split('/').pop() ?? '').replaceAll('_', ' '))}`,
      ),
    ),
  );
  const regions = States.getAllStates().map(
    (state: IState): Indexed<Region> => ({
      id: `${state.countryCode}-${state.isoCode}`,
      code: state.isoCode,
      name: state.name,
      country: state.countryCode,
      key: searchKey(state.name),
    }),
  );
  const cities = Cities.getAllCities().map(
    (city: ICity): Indexed<City> => ({
      id: `${city.countryCode}-${city.stateCode}-${city.name}`,
      name: city.name,
      country: city.countryCode,
      region: city.stateCode,
      latitude: Number(city.latitude),
      longitude: Number(city.longitude),
      key: searchKey(city.name),
      major: majorCities.has(`${city.countryCode}:${searchKey(city.name)}`),
    }),
  );
  return {
    regionsByCountry: group(regions, (region) => region.country),
    citiesByCountry: group(cities, (city) => city.country),
    cities,
  };
};

const placesIndex = (): Promise<PlacesIndex> => {
  index ??= loadIndex();
  return index;
};

/** Matches by text: the name itself first, then names starting with the text, major cities, then alphabetical. */
const rank = <T extends { key: string; name: string; major?: boolean }>(
  items: T[],
  search: string | undefined,
  limit: number,
): T[] => {
  if (!search)
    return items
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, limit);
  const needle = searchKey(search);
  return items
    .filter((item) => item.key.includes(needle))
    .sort(
      (a, b) =>
        Number(a.key !== needle) - Number(b.key !== needle) ||
        Number(!a.key.startsWith(needle)) - Number(!b.key.startsWith(needle)) ||
        Number(!a.major) - Number(!b.major) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, limit);
};

const strip = <T extends { key: string; major?: boolean }>({
  key: _key,
  major: _major,
  ...rest
}: T): Omit<T, 'key' | 'major'> => rest;

export const searchRegions = async (
  countries: string[],
  search: string | undefined,
  limit: number,
): Promise<Region[]> => {
  const { regionsByCountry } = await placesIndex();
  const candidates = countries.flatMap((country) => regionsByCountry.get(country) ?? []);
  return rank(candidates, search, limit).map(strip);
};

/** Cities of some countries (and regions), or of every country when `countries` is null (the map's search). */
export const searchCities = async (
  countries: string[] | null,
  regions: string[],
  search: string | undefined,
  limit: number,
): Promise<City[]> => {
  const { citiesByCountry, cities } = await placesIndex();
  const candidates = (
    countries === null ? cities : countries.flatMap((country) => citiesByCountry.get(country) ?? [])
  ).filter(
    (city) =>
      regions.length === 0 ||
      regions.includes(city.region) ||
      regions.includes(`${city.country}-${city.region}`),
  );
  return rank(candidates, search, limit).map(strip);
};
