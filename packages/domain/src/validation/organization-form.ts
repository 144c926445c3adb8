/**
 * The organization writes of spec §7 (create, update, bulk changes, duplicate): the fields of the §3 creation
 * form with the §5 rules, shared by the console's organization dialog and the server's request bodies. Field
 * names are the API's (snake_case, as in the organization the API answers).
 *
 * Every schema is strict: a field it does not list (id, balance, version where not asked, created_at, …) is
 * refused, never ignored.
 */
import { z } from 'zod';
import { COUNTRIES, type CountryCode } from '../dictionary/countries';
import { CURRENCIES } from '../dictionary/currencies';
import {
  ACCOUNT_TYPES,
  BILLING_BASES,
  COMMISSION_ROLES,
  FEE_MODELS,
  LEGAL_ENTITIES,
  ORGANIZATION_KINDS,
  ORGANIZATION_SERVICES,
  ORGANIZATION_STATES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  REGIONS,
  TAX_ID_KIND_LABELS,
  TAX_ID_KINDS,
  type TaxIdKind,
  taxIdKindForCountry,
} from '../dictionary/organizations';
import { ORGANIZATION_ROLES } from '../dictionary/roles';
import { ZEmail, ZPassword, ZUsername } from './account';
import { MONEY_PATTERN, requiredOrInvalid, requiredString, ZRowId, ZVersion } from './generic';

/** Shared field rules that forms of every resource use, still reachable from here. */
export { MONEY_PATTERN, ZRowId, ZVersion };

import {
  INVALID_FORMAT_MESSAGE,
  invalidTaxIdMessage,
  maxLengthMessage,
  REQUIRED_MESSAGE,
  TAX_ID_KIND_MISMATCH_MESSAGE,
} from './messages';
import { isTaxIdFormatValid } from './tax-id';
import { ZTimeZone } from './time-zone';
import { checkCompanyVat, findVatCountry } from './vat';
import { ZDomain } from './web-domain';

export const ORGANIZATION_NAME_MAX_LENGTH = 255;
export const PERSON_NAME_MAX_LENGTH = 120;
export const ADDRESS_MAX_LENGTH = 500;
export const CITY_MAX_LENGTH = 120;
export const ZIP_MAX_LENGTH = 20;
export const TAX_ID_MAX_LENGTH = 32;
export const TITLE_MAX_LENGTH = 120;
export const MAX_ADDITIONAL_DOMAINS = 50;
export const MAX_WHITELABEL_HOSTS = 20;
/** How many organizations one bulk change may touch. */
export const MAX_BULK_ORGANIZATIONS = 500;
/** A phone number: an optional +, then digits with spaces, dots, dashes or brackets between them. */
export const PHONE_PATTERN = /^\+?[0-9](?:[0-9 ().-]{2,30})[0-9]$/;
/** A colour as the theme takes it: #rrggbb. */
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/**
 * Fields only the operator's internal staff (supervisor, admin, account manager of the operator) may set
 * (§6, decision 010). Anyone else sending one gets 403 with the field named, never a silent drop.
 * `parent` is the exception on creation: an owner names the parent of a new child inside its own subtree.
 */
export const ORGANIZATION_INTERNAL_FIELDS = [
  'role',
  'parent',
  'account_type',
  'kind',
  'commission_role',
  'region',
  'fee_model',
  'billing_basis',
  'legal_entity',
  'payment_terms',
  'max_daily_balance',
  'prepayment_amount',
  'services',
  'contacts',
  'whitelabel_hosts',
] as const;
export type OrganizationInternalField = (typeof ORGANIZATION_INTERNAL_FIELDS)[number];

/**
 * White-label branding (§3 customized role): set by the internal staff, or by the owner of a customized
 * organization on that organization itself. `image` is the logo.
 */
export const ORGANIZATION_BRANDING_FIELDS = ['title', 'color', 'image', 'favicon'] as const;
export type OrganizationBrandingField = (typeof ORGANIZATION_BRANDING_FIELDS)[number];

/** When an owner creates a child, these come from the parent (the paying customer's commercial terms). */
export const ORGANIZATION_CHILD_INHERITED_FIELDS = [
  'payment_terms',
  'legal_entity',
  'region',
  'fee_model',
  'billing_basis',
  'contacts',
] as const;

/** Copied by a duplicate. Never copied: users and their credentials, white-label hosts, state, history. */
export const ORGANIZATION_DUPLICATED_FIELDS = [
  'role',
  'parent',
  'country',
  'currency',
  'time_zone',
  'invoicing_currency',
  'payment_terms',
  'payment_method',
  'title',
  'image',
  'favicon',
  'color',
  'billing_address',
  'city',
  'zip',
  'tax_id',
  'tax_id_kind',
  'legal_entity',
  'max_daily_balance',
  'prepayment_amount',
  'additional_domains',
  'services',
  'contacts',
  'account_type',
  'kind',
  'commission_role',
  'region',
  'fee_model',
  'billing_basis',
] as const;

/** A pattern that also lets a blank value through (optional fields store blank as null). */
const orBlank = (pattern: RegExp): RegExp => new RegExp(`^$|${pattern.source}`);

/** A required choice among `values`: blank answers "required", anything else unknown "invalid format". */
const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: requiredOrInvalid });

/** An optional choice: left out keeps the value, null clears it. */
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  requiredEnum(values).nullable().optional();

/** An optional text: trimmed, at most `max` characters; blank or null is stored as null. */
const optionalText = (max: number, pattern?: RegExp) => {
  let text = z
    .string({ error: requiredOrInvalid })
    .trim()
    .max(max, { error: maxLengthMessage(max) });
  if (pattern !== undefined) text = text.regex(orBlank(pattern), { error: INVALID_FORMAT_MESSAGE });
  return text
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
};

const COUNTRY_CODES = COUNTRIES.map((country) => country.iso2) as [CountryCode, ...CountryCode[]];

/** The company's country: ISO 3166-1 alpha-2 in capitals, as the rest of the domain stores it. */
export const ZOrganizationCountry = requiredEnum(COUNTRY_CODES);

/** An exact amount as decimal text (never a float): "1500", "1500.25". Blank or null clears it. */
export const ZMoneyAmount = z
  .string({ error: requiredOrInvalid })
  .trim()
  .regex(orBlank(MONEY_PATTERN), { error: INVALID_FORMAT_MESSAGE })
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

const unique = <T>(values: T[]): T[] => [...new Set(values)];

export const ZAdditionalDomains = z
  .array(ZDomain, { error: requiredOrInvalid })
  .max(MAX_ADDITIONAL_DOMAINS, { error: maxLengthMessage(MAX_ADDITIONAL_DOMAINS) })
  .transform(unique);

export const ZOrganizationServices = z
  .array(requiredEnum(ORGANIZATION_SERVICES), { error: requiredOrInvalid })
  .transform(unique);

/** Host identities a white-label organization answers for (§1): host names, each on one organization. */
export const ZWhitelabelHosts = z
  .array(ZDomain, { error: requiredOrInvalid })
  .max(MAX_WHITELABEL_HOSTS, { error: maxLengthMessage(MAX_WHITELABEL_HOSTS) })
  .transform(unique);

/** The three contact slots: users of the operator's staff, by id; null leaves a slot empty. */
export const ZOrganizationContacts = z.strictObject(
  {
    client_services_owner: ZRowId.nullable().optional(),
    sales_owner: ZRowId.nullable().optional(),
    support: ZRowId.nullable().optional(),
  },
  { error: requiredOrInvalid },
);

/** The organization's main user, created with the owner role together with the organization. */
export const ZMainUser = z.strictObject(
  {
    name: requiredString({ max: PERSON_NAME_MAX_LENGTH }),
    username: ZUsername,
    phone: optionalText(32, PHONE_PATTERN),
    email: ZEmail,
    password: ZPassword,
  },
  { error: requiredOrInvalid },
);
export type TMainUser = z.infer<typeof ZMainUser>;
export type TMainUserInput = z.input<typeof ZMainUser>;

/** The color of a customized organization, stored in lower case. */
const ZColor = z
  .string({ error: requiredOrInvalid })
  .trim()
  .regex(orBlank(COLOR_PATTERN), { error: INVALID_FORMAT_MESSAGE })
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : typeof value === 'string' ? value.toLowerCase() : value));

/**
 * Fields of the creation form that a caller may leave out (each one optional and, where it makes sense,
 * nullable). Spread into the create and update schemas below.
 */
const OPTIONAL_FIELDS = {
  legal_entity: optionalEnum(LEGAL_ENTITIES),
  billing_address: optionalText(ADDRESS_MAX_LENGTH),
  city: optionalText(CITY_MAX_LENGTH),
  zip: optionalText(ZIP_MAX_LENGTH),
  tax_id: optionalText(TAX_ID_MAX_LENGTH),
  tax_id_kind: optionalEnum(TAX_ID_KINDS),
  payment_method: optionalEnum(PAYMENT_METHODS),
  max_daily_balance: ZMoneyAmount,
  prepayment_amount: ZMoneyAmount,
  additional_domains: ZAdditionalDomains.optional(),
  services: ZOrganizationServices.optional(),
  contacts: ZOrganizationContacts.optional(),
  account_type: optionalEnum(ACCOUNT_TYPES),
  kind: optionalEnum(ORGANIZATION_KINDS),
  commission_role: optionalEnum(COMMISSION_ROLES),
  region: optionalEnum(REGIONS),
  fee_model: optionalEnum(FEE_MODELS),
  billing_basis: optionalEnum(BILLING_BASES),
  role: requiredEnum(ORGANIZATION_ROLES).optional(),
  whitelabel_hosts: ZWhitelabelHosts.optional(),
  title: optionalText(TITLE_MAX_LENGTH),
  color: ZColor,
};

/** What the tax id check needs: the company's country, the kind of tax id claimed and the value. */
export type TTaxIdFields = {
  readonly country?: string | null | undefined;
  readonly tax_id_kind?: TaxIdKind | null | undefined;
  readonly tax_id?: string | null | undefined;
};

export type TFieldIssue = { readonly path: string; readonly message: string };

/**
 * The §5 tax id rules for a company: the kind must be the one of its country (VAT, or TRN, GST, CNPJ for the
 * UAE, India and Brazil); the value must have that country's format (the hint of `taxIdHint`), and where the
 * domain VAT rule covers the country, pass its checksum. Empty when nothing is wrong, or when the country is
 * not known (the server checks again with the stored country on a partial update).
 */
export const taxIdIssues = ({ country, tax_id_kind, tax_id }: TTaxIdFields): TFieldIssue[] => {
  if (country === undefined || country === null) return [];
  const expectedKind = taxIdKindForCountry(country);
  const issues: TFieldIssue[] = [];
  if (tax_id_kind !== undefined && tax_id_kind !== null && tax_id_kind !== expectedKind) {
    issues.push({ path: 'tax_id_kind', message: TAX_ID_KIND_MISMATCH_MESSAGE });
  }
  if (tax_id === undefined || tax_id === null || tax_id === '') return issues;
  if (!isTaxIdFormatValid(country, tax_id)) {
    issues.push({ path: 'tax_id', message: INVALID_FORMAT_MESSAGE });
  } else if (findVatCountry(country) !== undefined && !checkCompanyVat(tax_id, country).isValid) {
    issues.push({ path: 'tax_id', message: invalidTaxIdMessage(TAX_ID_KIND_LABELS[expectedKind]) });
  }
  return issues;
};

const TAX_ID_INPUTS: readonly PropertyKey[] = ['country', 'tax_id', 'tax_id_kind'];

/**
 * `.superRefine(checkOrganizationTaxId, TAX_ID_CHECK_PARAMS)`: the tax id issues as field errors. It also runs
 * while other fields of the form are still wrong (a missing name does not hide an invalid VAT), but not
 * when the country or the tax id themselves already failed.
 */
export const checkOrganizationTaxId = (value: TTaxIdFields, ctx: z.RefinementCtx): void => {
  if (typeof value !== 'object' || value === null) return;
  for (const issue of taxIdIssues(value)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, input: value });
  }
};

export const TAX_ID_CHECK_PARAMS = {
  when: (payload: { readonly issues: readonly { readonly path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => issue.path?.length === 1 && TAX_ID_INPUTS.includes(issue.path[0] ?? '')),
};

/** The kind a stored tax id gets: the one of the company's country, or none without a tax id. */
export const taxIdKindToStore = (country: string, taxId: string | null | undefined): TaxIdKind | null =>
  taxId === undefined || taxId === null || taxId === '' ? null : taxIdKindForCountry(country);

/** Fields every new organization needs, whoever creates it. */
const CREATE_REQUIRED_FIELDS = {
  name: requiredString({ max: ORGANIZATION_NAME_MAX_LENGTH }),
  country: ZOrganizationCountry,
  currency: requiredEnum(CURRENCIES),
  invoicing_currency: requiredEnum(CURRENCIES),
  main_user: ZMainUser,
  /** The new organization's parent; left out, a top-level one (staff) or a child of the caller's own. */
  parent: ZRowId.nullable().optional(),
};

/**
 * The shape of `POST /v2/organization`, without the cross-field check: payment terms may be left out
 * because a child created by an owner inherits them (the staff's form requires them, see below).
 */
export const ORGANIZATION_CREATE_REQUEST_SHAPE = {
  ...OPTIONAL_FIELDS,
  ...CREATE_REQUIRED_FIELDS,
  payment_terms: requiredEnum(PAYMENT_TERMS).optional(),
  /** The default zone of the organization's campaigns; left out, its parent's (UTC at the top level). */
  time_zone: ZTimeZone.optional(),
};

/** What `POST /v2/organization` takes from anyone allowed to create (decision 010 checks who sets what). */
export const ZOrganizationCreateRequest = z
  .strictObject(ORGANIZATION_CREATE_REQUEST_SHAPE)
  .superRefine(checkOrganizationTaxId, TAX_ID_CHECK_PARAMS);
export type TOrganizationCreateRequest = z.infer<typeof ZOrganizationCreateRequest>;

/** The back-office creation form of the operator's staff: every §3 field, payment terms required. */
export const ZOrganizationCreate = z
  .strictObject({ ...ORGANIZATION_CREATE_REQUEST_SHAPE, payment_terms: requiredEnum(PAYMENT_TERMS) })
  .superRefine(checkOrganizationTaxId, TAX_ID_CHECK_PARAMS);
export type TOrganizationCreate = z.infer<typeof ZOrganizationCreate>;
export type TOrganizationCreateInput = z.input<typeof ZOrganizationCreate>;

/**
 * The form an owner uses to create a child of its organization: no internal field (the commercial terms
 * come from the parent, ORGANIZATION_CHILD_INHERITED_FIELDS) and no branding; `parent` is its own
 * organization or one of its descendants.
 */
export const ZChildOrganizationCreate = z
  .strictObject({
    name: CREATE_REQUIRED_FIELDS.name,
    country: CREATE_REQUIRED_FIELDS.country,
    currency: CREATE_REQUIRED_FIELDS.currency,
    time_zone: ZTimeZone.optional(),
    invoicing_currency: CREATE_REQUIRED_FIELDS.invoicing_currency,
    main_user: ZMainUser,
    parent: ZRowId.optional(),
    billing_address: OPTIONAL_FIELDS.billing_address,
    city: OPTIONAL_FIELDS.city,
    zip: OPTIONAL_FIELDS.zip,
    tax_id: OPTIONAL_FIELDS.tax_id,
    tax_id_kind: OPTIONAL_FIELDS.tax_id_kind,
    payment_method: OPTIONAL_FIELDS.payment_method,
    additional_domains: OPTIONAL_FIELDS.additional_domains,
  })
  .superRefine(checkOrganizationTaxId, TAX_ID_CHECK_PARAMS);
export type TChildOrganizationCreate = z.infer<typeof ZChildOrganizationCreate>;

/**
 * `PUT /v2/organization/{id}`: every editable field optional (left out = unchanged, null = cleared where the
 * field may be empty) and the `version` last read. Users are changed through the users calls, so no main
 * user here. The logo (`image`) and favicon are uploaded as files (multipart); null removes them.
 */
export const ORGANIZATION_UPDATE_SHAPE = {
  ...OPTIONAL_FIELDS,
  name: CREATE_REQUIRED_FIELDS.name.optional(),
  country: ZOrganizationCountry.optional(),
  currency: requiredEnum(CURRENCIES).optional(),
  time_zone: ZTimeZone.optional(),
  invoicing_currency: requiredEnum(CURRENCIES).optional(),
  payment_terms: requiredEnum(PAYMENT_TERMS).optional(),
  parent: ZRowId.nullable().optional(),
  image: z.null({ error: 'Upload the logo as a file; send null to remove it' }).optional(),
  favicon: z.null({ error: 'Upload the favicon as a file; send null to remove it' }).optional(),
  version: ZVersion,
};

export const ZOrganizationUpdate = z
  .strictObject(ORGANIZATION_UPDATE_SHAPE)
  .superRefine(checkOrganizationTaxId, TAX_ID_CHECK_PARAMS);
export type TOrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;
export type TOrganizationUpdateInput = z.input<typeof ZOrganizationUpdate>;

/** The changes a bulk update may apply to many organizations at once (the back-office grid's bulk menu). */
export const ZOrganizationBulkChanges = z
  .strictObject(
    {
      state: requiredEnum(ORGANIZATION_STATES).optional(),
      role: requiredEnum(ORGANIZATION_ROLES).optional(),
      parent: ZRowId.nullable().optional(),
      account_type: optionalEnum(ACCOUNT_TYPES),
      kind: optionalEnum(ORGANIZATION_KINDS),
      commission_role: optionalEnum(COMMISSION_ROLES),
      region: optionalEnum(REGIONS),
      fee_model: optionalEnum(FEE_MODELS),
      billing_basis: optionalEnum(BILLING_BASES),
      legal_entity: optionalEnum(LEGAL_ENTITIES),
      payment_terms: requiredEnum(PAYMENT_TERMS).optional(),
      payment_method: optionalEnum(PAYMENT_METHODS),
    },
    { error: requiredOrInvalid },
  )
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: REQUIRED_MESSAGE,
  });
export type TOrganizationBulkChanges = z.infer<typeof ZOrganizationBulkChanges>;

/** `PUT /backoffice/organizations`: the same changes on 1 to 500 organizations (state DELETED removes them). */
export const ZOrganizationsBulkUpdate = z.strictObject({
  ids: z
    .array(ZRowId, { error: requiredOrInvalid })
    .min(1, { error: REQUIRED_MESSAGE })
    .max(MAX_BULK_ORGANIZATIONS, { error: maxLengthMessage(MAX_BULK_ORGANIZATIONS) })
    .transform(unique),
  changes: ZOrganizationBulkChanges,
});
export type TOrganizationsBulkUpdate = z.infer<typeof ZOrganizationsBulkUpdate>;
export type TOrganizationsBulkUpdateInput = z.input<typeof ZOrganizationsBulkUpdate>;

/**
 * `POST /v2/organization/{id}/duplicate`: a new organization with the settings of the source
 * (ORGANIZATION_DUPLICATED_FIELDS) under a new name. Users are never copied, so no credential is: with a
 * `main_user` the duplicate gets that new owner, without one it starts with no users (the staff add them
 * through the users calls).
 */
export const ZOrganizationDuplicate = z.strictObject({
  name: CREATE_REQUIRED_FIELDS.name,
  main_user: ZMainUser.optional(),
});
export type TOrganizationDuplicate = z.infer<typeof ZOrganizationDuplicate>;
export type TOrganizationDuplicateInput = z.input<typeof ZOrganizationDuplicate>;
