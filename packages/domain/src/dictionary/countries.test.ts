import twoToThree from 'countries-list/minimal/countries.2to3.min.json' with { type: 'json' };
import threeToTwo from 'countries-list/minimal/countries.3to2.min.json' with { type: 'json' };
import { checkVAT, countries as jsvatCountries } from 'jsvat';
import { describe, expect, it } from 'vitest';
import {
  CONTINENT_LABELS,
  CONTINENTS,
  COUNTRIES,
  continentOf,
  countryName,
  EU_COUNTRIES,
  ISO2_TO_ISO3,
  ISO3_TO_ISO2,
  isCountryCode,
  isEuCountry,
  isVatCountry,
  toIso2,
  toIso3,
  VAT_COUNTRIES,
} from './countries';

describe('country tables', () => {
  it('lists every country of the package once, with iso2, iso3, name and continent', () => {
    expect(COUNTRIES.length).toBe(Object.keys(twoToThree).length);
    expect(new Set(COUNTRIES.map((country) => country.iso2)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.iso3)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.iso2).toMatch(/^[A-Z]{2}$/);
      expect(country.iso3).toMatch(/^[A-Z]{3}$/);
      expect(country.name).not.toBe('');
      expect(CONTINENTS).toContain(country.continent);
    }
  });

  it('sorts countries by name for pickers', () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('round-trips iso2 → iso3 → iso2 for every country', () => {
    for (const country of COUNTRIES) {
      const iso3 = toIso3(country.iso2);
      expect(iso3).toBe(country.iso3);
      expect(iso3 === undefined ? undefined : toIso2(iso3)).toBe(country.iso2);
    }
    expect(ISO2_TO_ISO3.size).toBe(COUNTRIES.length);
    expect(ISO3_TO_ISO2.size).toBe(COUNTRIES.length);
  });

  it('agrees with the 2-to-3 and 3-to-2 tables published by countries-list', () => {
    expect(Object.fromEntries(ISO2_TO_ISO3)).toEqual(twoToThree);
    expect(Object.fromEntries(ISO3_TO_ISO2)).toEqual(threeToTwo);
  });

  it('looks codes up in any case and answers undefined for unknown ones', () => {
    expect(toIso3('fr')).toBe('FRA');
    expect(toIso2('bra')).toBe('BR');
    expect(countryName('es')).toBe('Spain');
    expect(toIso3('ZZ')).toBeUndefined();
    expect(toIso2('ZZZ')).toBeUndefined();
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });

  it('gives the region (continent) of a country', () => {
    expect(continentOf('FR')).toBe('EU');
    expect(continentOf('IN')).toBe('AS');
    expect(continentOf('BR')).toBe('SA');
    expect(continentOf('MX')).toBe('NA');
    expect(continentOf('ZZ')).toBeUndefined();
    expect(Object.keys(CONTINENT_LABELS).sort()).toEqual([...CONTINENTS].sort());
  });

  it('has the 27 EU member states, all known countries', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    for (const iso2 of EU_COUNTRIES) expect(isCountryCode(iso2), iso2).toBe(true);
    expect(isEuCountry('gr')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
    expect(isEuCountry('CH')).toBe(false);
  });

  it('checks VAT for the EU plus Brazil, Russia, Serbia, Switzerland, the UK and Norway (§5)', () => {
    for (const iso2 of [...EU_COUNTRIES, 'BR', 'RU', 'RS', 'CH', 'GB', 'NO']) {
      expect(isVatCountry(iso2), iso2).toBe(true);
    }
    expect(isVatCountry('US')).toBe(false);
    expect(isVatCountry('IN')).toBe(false);
  });

  it('keeps VAT countries in sync with what jsvat validates, without its Europe pseudo-country', () => {
    const jsvatCodes = jsvatCountries.map((country) => country.codes[0]).filter((code) => code !== 'EU');
    expect([...VAT_COUNTRIES].sort()).toEqual([...jsvatCodes].sort());
    expect(checkVAT('DE129273398', jsvatCountries).isSupportedCountry).toBe(true);
  });
});
