import { countries as jsvatCountries } from 'jsvat';
import { describe, expect, it } from 'vitest';
import { toIso3, VAT_COUNTRIES } from '../dictionary/countries';
import { checkCompanyVat, findVatCountry, normalizeVat } from './vat';

describe('checkCompanyVat', () => {
  it('accepts a valid German VAT and describes its country', () => {
    expect(checkCompanyVat('DE136695976')).toEqual({
      value: 'DE136695976',
      isValid: true,
      isValidFormat: true,
      isSupportedCountry: true,
      country: { name: 'Germany', isoCode: { short: 'DE', long: 'DEU', numeric: '276' } },
    });
  });

  it('strips spaces, dashes, dots and slashes and upper-cases the value', () => {
    expect(normalizeVat('de 136-695.976/')).toBe('DE136695976');
    const result = checkCompanyVat(' de 136-695.976 ');
    expect(result.value).toBe('DE136695976');
    expect(result.isValid).toBe(true);
  });

  it('rejects a wrong checksum while the format is right', () => {
    const result = checkCompanyVat('DE136695977');
    expect(result.isValid).toBe(false);
    expect(result.isValidFormat).toBe(true);
    expect(result.isSupportedCountry).toBe(true);
  });

  it('uses the EL prefix for Greece, not GR', () => {
    expect(checkCompanyVat('EL094012834').isValid).toBe(true);
    expect(checkCompanyVat('EL094012834').country?.isoCode.short).toBe('GR');
    expect(checkCompanyVat('GR094012834').isValidFormat).toBe(false);
    expect(checkCompanyVat('EL094012834', 'GR').isValid).toBe(true);
    expect(checkCompanyVat('EL094012834', 'GRC').isValid).toBe(true);
  });

  it('accepts a Brazilian CNPJ without prefix, formatted or not, and with BR', () => {
    for (const cnpj of ['15388963000181', '15.388.963/0001-81', 'BR15388963000181', '02.248.426/0001-94']) {
      const result = checkCompanyVat(cnpj);
      expect(result.isValid).toBe(true);
      expect(result.country?.name).toBe('Brazil');
    }
    expect(checkCompanyVat('15.388.963/0001-82').isValid).toBe(false);
    expect(checkCompanyVat('11.111.111/1111-11').isValid).toBe(false);
  });

  it('reads a number starting with digits as a CNPJ only (not as a numeric country code)', () => {
    // 020… is Andorra's numeric ISO code and 056… Belgium's: jsvat alone would pick them.
    expect(checkCompanyVat('02.248.426/0001-94').country?.name).toBe('Brazil');
    expect(checkCompanyVat('056123456').country?.name).toBe('Brazil');
  });

  it('checks the United Kingdom, Switzerland and Norway', () => {
    expect(checkCompanyVat('GB980780684').isValid).toBe(true);
    expect(checkCompanyVat('GB980780685').isValid).toBe(false);
    expect(checkCompanyVat('CHE-116.281.710 MWST').isValid).toBe(true);
    expect(checkCompanyVat('NO974760673MVA').isValid).toBe(true);
  });

  it('accepts the Europe-wide EU + 9 digits pattern', () => {
    expect(checkCompanyVat('EU123456789').isValid).toBe(true);
    expect(checkCompanyVat('EU12345678').isValidFormat).toBe(false);
  });

  it('requires the prefix of the given country', () => {
    expect(checkCompanyVat('DE136695976', 'DE').isValid).toBe(true);
    expect(checkCompanyVat('DE136695976', 'FR').isValid).toBe(false);
    expect(checkCompanyVat('136695976', 'DE').isValid).toBe(false);
    expect(checkCompanyVat('BE0411905847', 'be').isValid).toBe(true);
  });

  it('says when the country has no VAT check', () => {
    const unknownPrefix = checkCompanyVat('US123456789');
    expect(unknownPrefix.isSupportedCountry).toBe(false);
    expect(unknownPrefix.isValid).toBe(false);
    expect(unknownPrefix.country).toBeUndefined();
    expect(checkCompanyVat('DE136695976', 'US').isSupportedCountry).toBe(false);
  });
});

describe('findVatCountry', () => {
  it('finds a country by alpha-2, alpha-3 or the EL prefix', () => {
    expect(findVatCountry('DE')?.name).toBe('Germany');
    expect(findVatCountry('deu')?.name).toBe('Germany');
    expect(findVatCountry('EL')?.name).toBe('Greece');
    expect(findVatCountry('RS')).toBeDefined();
    expect(findVatCountry('RUS')).toBeDefined();
    expect(findVatCountry('USA')).toBeUndefined();
    expect(findVatCountry('EU')?.name).toBe('Europe');
  });

  it("checks exactly the dictionary's VAT countries, plus the Europe-wide scheme", () => {
    for (const iso2 of VAT_COUNTRIES) {
      expect(findVatCountry(iso2)?.codes[0], iso2).toBe(iso2);
      expect(findVatCountry(toIso3(iso2) ?? '')?.codes[0], iso2).toBe(iso2);
    }
    const checked = jsvatCountries.filter((country) => findVatCountry(country.codes[0] ?? '') !== undefined);
    expect(checked.map((country) => country.codes[0]).sort()).toEqual([...VAT_COUNTRIES, 'EU'].sort());
  });
});
