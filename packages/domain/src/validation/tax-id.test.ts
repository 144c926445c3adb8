import { describe, expect, it } from 'vitest';
import { toIso2 } from '../dictionary/countries';
import { TAX_ID_KINDS, taxIdKindForCountry } from '../dictionary/organizations';
import { firstErrorMessage } from './generic';
import { isTaxIdFormatValid, taxIdHint, ZTaxId } from './tax-id';

describe('taxIdHint', () => {
  it('gives the hint of the United Arab Emirates, Brazil and India', () => {
    expect(taxIdHint('ARE')).toEqual({
      kind: 'TRN',
      description: '15 numeric characters',
      example: '100123456700003',
    });
    expect(taxIdHint('BRA')).toEqual({
      kind: 'CNPJ',
      description: '14 characters (format 15.388.963/0001-81)',
      example: '15.388.963/0001-81',
    });
    expect(taxIdHint('IND')).toMatchObject({ kind: 'GST', description: '15 numeric characters' });
  });

  it('accepts alpha-2 codes too', () => {
    expect(taxIdHint('ae').kind).toBe('TRN');
    expect(taxIdHint('BR').kind).toBe('CNPJ');
    expect(taxIdHint('IN').kind).toBe('GST');
  });

  it("gives the dictionary's tax id kind, whether the country is written with 2 or 3 letters", () => {
    for (const iso3 of ['ARE', 'BRA', 'IND', 'DEU', 'GRC', 'USA', 'ESP']) {
      const iso2 = toIso2(iso3) ?? '';
      expect(TAX_ID_KINDS).toContain(taxIdHint(iso3).kind);
      expect(taxIdHint(iso3).kind, iso3).toBe(taxIdKindForCountry(iso2));
      expect(taxIdHint(iso2.toLowerCase()).kind, iso2).toBe(taxIdKindForCountry(iso2));
    }
    expect(taxIdHint(' are ').kind).toBe('TRN');
    expect(taxIdHint('XYZ').kind).toBe('VAT');
    expect(taxIdHint('').kind).toBe('VAT');
  });

  it('defaults to a VAT: a country code followed by 9 alphanumerics', () => {
    expect(taxIdHint('DEU')).toEqual({
      kind: 'VAT',
      description: 'A country code followed by 9 alphanumeric characters',
      example: 'DE123456789',
    });
    expect(taxIdHint('GRC').example).toBe('EL123456789');
    expect(taxIdHint('USA').example).toBe('XX123456789');
  });
});

describe('isTaxIdFormatValid', () => {
  it('checks the TRN of the United Arab Emirates: 15 digits', () => {
    expect(isTaxIdFormatValid('ARE', '100123456700003')).toBe(true);
    expect(isTaxIdFormatValid('ARE', '10012345670000')).toBe(false);
    expect(isTaxIdFormatValid('ARE', '10012345670000A')).toBe(false);
  });

  it('checks the CNPJ: 14 digits, formatted or not', () => {
    expect(isTaxIdFormatValid('BRA', '15.388.963/0001-81')).toBe(true);
    expect(isTaxIdFormatValid('BRA', '15388963000181')).toBe(true);
    expect(isTaxIdFormatValid('BRA', '1538896300018')).toBe(false);
  });

  it('checks the GST number: 15 characters', () => {
    expect(isTaxIdFormatValid('IND', '271234567890123')).toBe(true);
    expect(isTaxIdFormatValid('IND', '27AAPFU0939F1ZV')).toBe(true);
    expect(isTaxIdFormatValid('IND', '27AAPFU0939F1Z')).toBe(false);
  });

  it("uses jsvat's exact format where it knows the country", () => {
    expect(isTaxIdFormatValid('FRA', 'FR40303265045')).toBe(true);
    expect(isTaxIdFormatValid('DEU', 'DE123456789')).toBe(true);
    expect(isTaxIdFormatValid('DEU', 'DE12345678')).toBe(false);
  });

  it('uses the default pattern elsewhere', () => {
    expect(isTaxIdFormatValid('USA', 'US12-3456789')).toBe(true);
    expect(isTaxIdFormatValid('USA', '123456789')).toBe(false);
    expect(isTaxIdFormatValid('USA', 'US1234567890')).toBe(false);
  });
});

describe('ZTaxId', () => {
  it('requires a value with the right format and, where known, checksum', () => {
    expect(firstErrorMessage(ZTaxId('DEU'), '')).toBe('This field is required');
    expect(ZTaxId('DEU').safeParse('DE136695976').success).toBe(true);
    expect(firstErrorMessage(ZTaxId('DEU'), 'DE136695977')).toBe('Invalid format');
    expect(ZTaxId('BRA').safeParse('15.388.963/0001-81').success).toBe(true);
    expect(firstErrorMessage(ZTaxId('BRA'), '15.388.963/0001-82')).toBe('Invalid format');
    expect(ZTaxId('ARE').safeParse('100123456700003').success).toBe(true);
    expect(firstErrorMessage(ZTaxId('USA'), '123')).toBe('Invalid format');
  });
});
