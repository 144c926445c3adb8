/** Organization attributes of spec §3: the enumerations behind the organization form and back office. */

export const ACCOUNT_TYPES = ['licensing', 'io', 'ctv_apps', 'test', 'maas', 'partner', 'ctv_ai'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS = {
  licensing: 'Licensing',
  io: 'IO',
  ctv_apps: 'CTV Apps',
  test: 'Test',
  maas: 'MaaS',
  partner: 'Partner',
  ctv_ai: 'CTV AI',
} as const satisfies Record<AccountType, string>;

export const ORGANIZATION_KINDS = ['direct', 'resellers', 'verified'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];
export const ORGANIZATION_KIND_LABELS = {
  direct: 'Direct',
  resellers: 'Resellers',
  verified: 'Verified',
} as const satisfies Record<OrganizationKind, string>;

export const COMMISSION_ROLES = ['none', 'account_manager', 'sales_rep'] as const;
export type CommissionRole = (typeof COMMISSION_ROLES)[number];
export const COMMISSION_ROLE_LABELS = {
  none: 'None',
  account_manager: 'Account manager',
  sales_rep: 'Sales rep',
} as const satisfies Record<CommissionRole, string>;

export const REGIONS = ['eu', 'india', 'sea', 'latam', 'ctv_apps'] as const;
export type Region = (typeof REGIONS)[number];
export const REGION_LABELS = {
  eu: 'Europe',
  india: 'India',
  sea: 'South-East Asia',
  latam: 'Latin America',
  ctv_apps: 'CTV Apps',
} as const satisfies Record<Region, string>;

/**
 * The five regional legal entities that invoice customers (the "invoicing entity" of the organization
 * form). The spec only says five exist; the names are ours, one per region.
 */
export const LEGAL_ENTITIES = [
  'beacon_eu',
  'beacon_india',
  'beacon_sea',
  'beacon_latam',
  'beacon_ctv_apps',
] as const;
export type LegalEntity = (typeof LEGAL_ENTITIES)[number];
export const LEGAL_ENTITY_LABELS = {
  beacon_eu: 'Beacon Media EU S.L.',
  beacon_india: 'Beacon Media India Pvt. Ltd.',
  beacon_sea: 'Beacon Media Asia Pte. Ltd.',
  beacon_latam: 'Beacon Media LATAM S.A. de C.V.',
  beacon_ctv_apps: 'Beacon CTV Apps Inc.',
} as const satisfies Record<LegalEntity, string>;
export const LEGAL_ENTITY_REGIONS = {
  beacon_eu: 'eu',
  beacon_india: 'india',
  beacon_sea: 'sea',
  beacon_latam: 'latam',
  beacon_ctv_apps: 'ctv_apps',
} as const satisfies Record<LegalEntity, Region>;

export const PAYMENT_METHODS = [
  'wire_transfer',
  'paypal',
  'credit_card',
  'european_credit_card',
  'non_european_credit_card',
  'ach',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = {
  wire_transfer: 'Wire transfer',
  paypal: 'PayPal',
  credit_card: 'Credit card',
  european_credit_card: 'European credit card',
  non_european_credit_card: 'Non-European credit card',
  ach: 'ACH',
  other: 'Other',
} as const satisfies Record<PaymentMethod, string>;

export const PAYMENT_TERMS = ['net30', 'net45', 'net60', 'net90', 'prepayment'] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERM_LABELS = {
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
  net90: 'Net 90',
  prepayment: 'Prepayment',
} as const satisfies Record<PaymentTerm, string>;

/** Prepayment organizations are those whose payment terms equal prepayment (§9). */
export const isPrepaymentTerm = (terms: PaymentTerm | null | undefined): boolean => terms === 'prepayment';

export const FEE_MODELS = ['markup', 'margin'] as const;
export type FeeModel = (typeof FEE_MODELS)[number];
export const FEE_MODEL_LABELS = {
  markup: 'Markup',
  margin: 'Margin',
} as const satisfies Record<FeeModel, string>;

export const BILLING_BASES = ['gross', 'net'] as const;
export type BillingBasis = (typeof BILLING_BASES)[number];
export const BILLING_BASIS_LABELS = {
  gross: 'Gross',
  net: 'Net',
} as const satisfies Record<BillingBasis, string>;

/** The spec spells the removed state in capitals (§3 "DELETED exists"); removal sets it (§4). */
export const ORGANIZATION_STATES = ['active', 'DELETED'] as const;
export type OrganizationState = (typeof ORGANIZATION_STATES)[number];
export const ORGANIZATION_STATE_LABELS = {
  active: 'Active',
  DELETED: 'Deleted',
} as const satisfies Record<OrganizationState, string>;

export const ORGANIZATION_SERVICES = [
  'ad_quality_scans',
  'extensive_data_access',
  'audience_management',
  'session_level_data',
] as const;
export type OrganizationService = (typeof ORGANIZATION_SERVICES)[number];
export const ORGANIZATION_SERVICE_LABELS = {
  ad_quality_scans: 'Ad quality scans',
  extensive_data_access: 'Extensive data access',
  audience_management: 'Audience management',
  session_level_data: 'Session level data',
} as const satisfies Record<OrganizationService, string>;

/** The three contact slots of the organization form. */
export const ORGANIZATION_CONTACT_ROLES = ['client_services_owner', 'sales_owner', 'support'] as const;
export type OrganizationContactRole = (typeof ORGANIZATION_CONTACT_ROLES)[number];
export const ORGANIZATION_CONTACT_ROLE_LABELS = {
  client_services_owner: 'Client services owner',
  sales_owner: 'Sales owner',
  support: 'Support',
} as const satisfies Record<OrganizationContactRole, string>;

/** The kind of company tax identifier; the form names it after the country (§3, §5 tax id hints). */
export const TAX_ID_KINDS = ['VAT', 'TRN', 'GST', 'CNPJ'] as const;
export type TaxIdKind = (typeof TAX_ID_KINDS)[number];
export const TAX_ID_KIND_LABELS = {
  VAT: 'VAT number',
  TRN: 'TRN (Tax Registration Number)',
  GST: 'GST number (GSTIN)',
  CNPJ: 'CNPJ',
} as const satisfies Record<TaxIdKind, string>;

/** Countries (ISO 3166-1 alpha-2) whose tax id is not a VAT number: UAE, India and Brazil (§5 hints). */
const TAX_ID_KIND_BY_COUNTRY: Readonly<Record<string, TaxIdKind>> = { AE: 'TRN', IN: 'GST', BR: 'CNPJ' };

/** The tax id kind the organization form asks for, given the company's country (alpha-2). */
export const taxIdKindForCountry = (iso2: string): TaxIdKind =>
  TAX_ID_KIND_BY_COUNTRY[iso2.toUpperCase()] ?? 'VAT';

/**
 * A white-label partner: a customized organization selected by host identity (§1, §3). The rows live in
 * the database and are never listed to the browser, so only the shape is defined here.
 */
export type WhiteLabelPartner = { readonly id: string; readonly domain: string; readonly title: string };
