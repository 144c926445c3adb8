/**
 * Company tax id hints and formats per country (spec §5): UAE TRN, Brazilian CNPJ, Indian GST, and a VAT
 * number elsewhere. Countries are given as ISO 3166-1 alpha-3 (as the spec writes them) or alpha-2; the
 * kinds and which country asks for which come from the dictionary.
 */
import type { z } from 'zod';
import { toIso2 } from '../dictionary/countries';
import type { TaxIdKind } from '../dictionary/organizations';
import { taxIdKindForCountry } from '../dictionary/organizations';
import { requiredString } from './generic';
import { INVALID_FORMAT_MESSAGE } from './messages';
import { checkCompanyVat, findVatCountry, normalizeVat } from './vat';

export type TTaxIdHint = {
  readonly kind: TaxIdKind;
  readonly description: string;
  readonly example: string;
};

type TTaxIdRule = TTaxIdHint & { readonly pattern: RegExp };

/**
 * Hints and formats of the tax ids that are not a VAT number, by kind (which country asks for which kind
 * is the dictionary's `taxIdKindForCountry`). Patterns apply to the value cleaned like a VAT number (no
 * spaces, dashes, dots, slashes; upper case).
 */
const SPECIAL_RULES = {
  TRN: {
    description: '15 numeric characters',
    example: '100123456700003',
    pattern: /^[0-9]{15}$/,
  },
  CNPJ: {
    description: '14 characters (format 15.388.963/0001-81)',
    example: '15.388.963/0001-81',
    pattern: /^[0-9]{14}$/,
  },
  GST: {
    description: '15 numeric characters',
    example: '271234567890123',
    // A real GSTIN mixes digits and letters (27AAPFU0939F1ZV): accept both so no company is locked out.
    pattern: /^[0-9A-Z]{15}$/,
  },
} as const satisfies Record<Exclude<TaxIdKind, 'VAT'>, Omit<TTaxIdRule, 'kind'>>;

const DEFAULT_PATTERN = /^[A-Z]{2}[0-9A-Z]{9}$/;

/** The tax id kind of a country given as alpha-2 or alpha-3 (any case, surrounding spaces forgiven). */
const taxIdKindOf = (country: string): TaxIdKind => {
  const code = country.trim();
  const iso2 = code.length === 3 ? toIso2(code) : code;
  return iso2 === undefined ? 'VAT' : taxIdKindForCountry(iso2);
};

const specialRule = (country: string): TTaxIdRule | undefined => {
  const kind = taxIdKindOf(country);
  return kind === 'VAT' ? undefined : { kind, ...SPECIAL_RULES[kind] };
};

/** What the organization form shows next to the tax id field for the company's country. */
export const taxIdHint = (country: string): TTaxIdHint => {
  const rule = specialRule(country);
  if (rule !== undefined) return { kind: rule.kind, description: rule.description, example: rule.example };
  const prefix = findVatCountry(country)?.codes[0] ?? 'XX';
  return {
    kind: 'VAT',
    description: 'A country code followed by 9 alphanumeric characters',
    example: `${prefix === 'GR' ? 'EL' : prefix}123456789`,
  };
};

/**
 * Format check only (no checksum). Countries with a VAT check in jsvat use its exact format (a French VAT
 * has 11 characters after FR, not 9); other countries use the hint's pattern.
 */
export const isTaxIdFormatValid = (country: string, value: string): boolean => {
  const clean = normalizeVat(value);
  const rule = specialRule(country);
  if (rule !== undefined) return rule.pattern.test(clean);
  if (findVatCountry(country) !== undefined) return checkCompanyVat(clean, country).isValidFormat;
  return DEFAULT_PATTERN.test(clean);
};

/**
 * The tax id field for a country: required, with the right format, and for countries jsvat covers (the
 * Brazilian CNPJ included) a passing checksum.
 */
export const ZTaxId = (country: string) =>
  requiredString().refine(
    (value) =>
      isTaxIdFormatValid(country, value) &&
      (findVatCountry(country) === undefined || checkCompanyVat(value, country).isValid),
    { error: INVALID_FORMAT_MESSAGE },
  );
export type TTaxId = z.infer<ReturnType<typeof ZTaxId>>;
