/**
 * Company VAT check of spec §5, on the maintained `jsvat` package: it strips spaces, dashes, dots and
 * slashes, upper-cases, matches the country prefix (EL for Greece, none needed for Brazil, EU for the
 * Europe-wide scheme), the format pattern and the country checksum.
 */
import type { Country, VatCheckResult } from 'jsvat';
import { brazil, checkVAT, europe, countries as jsvatCountries } from 'jsvat';
import { isVatCountry } from '../dictionary/countries';

export type TVatCheckResult = VatCheckResult;

/**
 * The jsvat rules in use, with their ISO codes (alpha-2, alpha-3, numeric): those of the dictionary's
 * VAT_COUNTRIES, plus jsvat's Europe-wide scheme (EU prefix), a pattern rather than a country, which the
 * dictionary leaves out. jsvat's order is kept.
 */
const VAT_RULES: readonly Country[] = jsvatCountries.filter(
  (country) => country === europe || isVatCountry(country.codes[0] ?? ''),
);

/** Greece writes its VAT numbers with EL rather than its ISO code GR. */
const VAT_PREFIX_ALIASES: Readonly<Record<string, string>> = { EL: 'GR' };

/** The jsvat country for an ISO alpha-2 or alpha-3 code (EL accepted for Greece), if it has a VAT check. */
export const findVatCountry = (code: string): Country | undefined => {
  const upper = code.trim().toUpperCase();
  const iso = VAT_PREFIX_ALIASES[upper] ?? upper;
  return VAT_RULES.find((country) => country.codes[0] === iso || country.codes[1] === iso);
};

/** The same clean-up jsvat applies: upper case, without spaces, dashes, dots and slashes. */
export const normalizeVat = (value: string): string => value.toUpperCase().replace(/[\s./-]+/g, '');

/**
 * Checks a company VAT number. With a country (ISO alpha-2 or alpha-3), only that country is accepted, so
 * the prefix must be that country's. Without one, the prefix picks the country; a number starting with
 * digits can only be a Brazilian CNPJ (jsvat would otherwise read some digits as numeric country codes).
 */
export const checkCompanyVat = (value: string, country?: string): TVatCheckResult => {
  if (country !== undefined) {
    const vatCountry = findVatCountry(country);
    return checkVAT(value, vatCountry === undefined ? [] : [vatCountry]);
  }
  const startsWithDigit = /^[0-9]/.test(normalizeVat(value));
  return checkVAT(value, startsWithDigit ? [brazil] : VAT_RULES);
};

/**
 * A tax id as it is stored: a company VAT number of a VAT country in the one form jsvat checks ("de 136.695.976"
 * → "DE136695976"), any other id trimmed. A value that fails the check is returned trimmed (it is refused anyway).
 */
export const normalizeTaxId = (country: string | null | undefined, taxId: string): string => {
  const trimmed = taxId.trim();
  if (country === null || country === undefined || trimmed === '' || findVatCountry(country) === undefined) {
    return trimmed;
  }
  const result = checkCompanyVat(trimmed, country);
  return result.isValid ? (result.value ?? trimmed) : trimmed;
};
