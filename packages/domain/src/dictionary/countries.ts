/**
 * Country tables of spec §3: 2-to-3 and 3-to-2 codes, region (continent) per country, EU and VAT
 * countries. Built from maintained packages rather than typed by hand, so ISO changes arrive by update.
 */
import type { TContinentCode, TCountryCode } from 'countries-list';
import { continents, getCountryDataList } from 'countries-list';
import { countries as jsvatCountries } from 'jsvat';

/** ISO 3166-1 alpha-2 code, as known to countries-list (includes user-assigned XK, Kosovo). */
export type CountryCode = TCountryCode;
export type ContinentCode = TContinentCode;

export const CONTINENTS = [
  'AF',
  'AN',
  'AS',
  'EU',
  'NA',
  'OC',
  'SA',
] as const satisfies readonly ContinentCode[];
export const CONTINENT_LABELS: Readonly<Record<ContinentCode, string>> = continents;

export type Country = {
  readonly iso2: CountryCode;
  readonly iso3: string;
  readonly name: string;
  /** The country's region: its main continent. */
  readonly continent: ContinentCode;
};

/** Every country, sorted by English name for pickers. */
export const COUNTRIES: readonly Country[] = getCountryDataList()
  .map(({ iso2, iso3, name, continent }) => ({ iso2, iso3, name, continent }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const COUNTRY_BY_ISO2: ReadonlyMap<string, Country> = new Map(
  COUNTRIES.map((country) => [country.iso2, country]),
);

export const ISO2_TO_ISO3: ReadonlyMap<CountryCode, string> = new Map(
  COUNTRIES.map((country) => [country.iso2, country.iso3]),
);
export const ISO3_TO_ISO2: ReadonlyMap<string, CountryCode> = new Map(
  COUNTRIES.map((country) => [country.iso3, country.iso2]),
);

export const isCountryCode = (value: unknown): value is CountryCode =>
  typeof value === 'string' && COUNTRY_BY_ISO2.has(value);

/** Alpha-3 code of an alpha-2 code (any case), or undefined when unknown. */
export const toIso3 = (iso2: string): string | undefined => COUNTRY_BY_ISO2.get(iso2.toUpperCase())?.iso3;

/** Alpha-2 code of an alpha-3 code (any case), or undefined when unknown. */
export const toIso2 = (iso3: string): CountryCode | undefined => ISO3_TO_ISO2.get(iso3.toUpperCase());

export const countryName = (iso2: string): string | undefined =>
  COUNTRY_BY_ISO2.get(iso2.toUpperCase())?.name;

/** Region per country (§3): the continent code, or undefined for an unknown code. */
export const continentOf = (iso2: string): ContinentCode | undefined =>
  COUNTRY_BY_ISO2.get(iso2.toUpperCase())?.continent;

/** The 27 member states of the European Union (alpha-2; Greece is GR here, EL only in VAT numbers). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const satisfies readonly CountryCode[];

const EU_COUNTRY_SET: ReadonlySet<string> = new Set(EU_COUNTRIES);

export const isEuCountry = (iso2: string): boolean => EU_COUNTRY_SET.has(iso2.toUpperCase());

/**
 * Countries whose company VAT numbers are checked (§5): exactly those jsvat validates, so the list and
 * the checker cannot drift. jsvat's pseudo-country "Europe" (EU) is a pattern, not a country, and is left
 * out by the country-code filter.
 */
export const VAT_COUNTRIES: readonly CountryCode[] = jsvatCountries
  .map((country) => country.codes[0])
  .filter(isCountryCode);

const VAT_COUNTRY_SET: ReadonlySet<string> = new Set(VAT_COUNTRIES);

export const isVatCountry = (iso2: string): boolean => VAT_COUNTRY_SET.has(iso2.toUpperCase());
