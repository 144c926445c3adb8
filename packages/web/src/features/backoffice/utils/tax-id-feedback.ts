/**
 * What the organization dialog says under the tax id while it is typed (§5): the hint of the company's
 * country, the format check, and for the countries the domain VAT rule covers, its checksum with the
 * country's name. Pure, on the domain's rules; the schema says the same on submit.
 */
import { countryName } from '@beacon/domain/dictionary/countries';
import {
  TAX_ID_KIND_LABELS,
  type TaxIdKind,
  taxIdKindForCountry,
} from '@beacon/domain/dictionary/organizations';
import { INVALID_FORMAT_MESSAGE, invalidTaxIdMessage } from '@beacon/domain/validation/messages';
import { isTaxIdFormatValid, taxIdHint } from '@beacon/domain/validation/tax-id';
import { checkCompanyVat, findVatCountry } from '@beacon/domain/validation/vat';

export type TaxIdFeedback = {
  /** The field's label: the kind of tax id the country asks for. */
  readonly label: string;
  readonly kind: TaxIdKind;
  readonly status: 'hint' | 'valid' | 'invalid';
  readonly message: string;
};

const hintText = (country: string): string => {
  const hint = taxIdHint(country);
  return `${hint.description}, e.g. ${hint.example}`;
};

export const taxIdFeedback = (country: string, value: string): TaxIdFeedback => {
  if (country === '') {
    return {
      label: 'Tax id',
      kind: 'VAT',
      status: 'hint',
      message: 'Choose the country first: the kind of tax id follows it',
    };
  }
  const kind = taxIdKindForCountry(country);
  const label = TAX_ID_KIND_LABELS[kind];
  const typed = value.trim();
  if (typed === '') return { label, kind, status: 'hint', message: hintText(country) };
  if (!isTaxIdFormatValid(country, typed)) {
    return { label, kind, status: 'invalid', message: `${INVALID_FORMAT_MESSAGE}. ${hintText(country)}` };
  }
  if (findVatCountry(country) === undefined) {
    return {
      label,
      kind,
      status: 'hint',
      message: `The format is right; ${countryName(country) ?? country} has no checksum to verify`,
    };
  }
  const check = checkCompanyVat(typed, country);
  const name = check.country?.name ?? countryName(country) ?? country;
  return check.isValid
    ? { label, kind, status: 'valid', message: `Valid ${label} of ${name}` }
    : { label, kind, status: 'invalid', message: invalidTaxIdMessage(label) };
};
