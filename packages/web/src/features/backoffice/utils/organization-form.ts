/**
 * The organization dialog's values and their way to the API: the form holds what the inputs show (text, ''
 * for no choice), the domain's schemas (ZOrganizationCreate, ZOrganizationUpdate) check them with the §5
 * messages and give the body that is sent, and every error — the schema's or the server's `details` — lands
 * on the field that shows it. Pure: no React, no DOM.
 */
import type { Currency } from '@beacon/domain/dictionary/currencies';
import { DEFAULT_CURRENCY } from '@beacon/domain/dictionary/currencies';
import {
  type AccountType,
  type BillingBasis,
  type CommissionRole,
  type FeeModel,
  LEGAL_ENTITY_REGIONS,
  type LegalEntity,
  ORGANIZATION_CONTACT_ROLES,
  type OrganizationContactRole,
  type OrganizationKind,
  type OrganizationService,
  type PaymentMethod,
  type PaymentTerm,
  type Region,
} from '@beacon/domain/dictionary/organizations';
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import { isPasswordConfirmed } from '@beacon/domain/validation/account';
import { PASSWORD_MISMATCH_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import {
  type TOrganizationCreate,
  type TOrganizationUpdate,
  taxIdIssues,
  taxIdKindToStore,
  ZOrganizationCreate,
  ZOrganizationUpdate,
} from '@beacon/domain/validation/organization-form';
import { DEFAULT_TIME_ZONE } from '@beacon/domain/validation/time-zone';
import type { ErrorDetail } from '../../../api/api-error';
import { firstMessageOfEachField } from '../../../lib/resource-form-errors';
import type { Organization } from '../api/organization';

export type MainUserValues = {
  readonly name: string;
  readonly username: string;
  readonly phone: string;
  readonly email: string;
  readonly password: string;
  /** Only in the form: the password typed twice (§5 "The password does not match"). */
  readonly confirmation: string;
};

/** What the dialog's inputs hold; '' is "nothing chosen". */
export type OrganizationFormValues = {
  // Company
  readonly name: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly tax_id: string;
  // Invoicing
  readonly legal_entity: LegalEntity | '';
  readonly billing_address: string;
  readonly city: string;
  readonly zip: string;
  readonly currency: Currency | '';
  /** IANA zone: the default of its campaigns' zone. */
  readonly time_zone: string;
  readonly invoicing_currency: Currency | '';
  // Limits & payment
  readonly payment_method: PaymentMethod | '';
  readonly payment_terms: PaymentTerm | '';
  readonly max_daily_balance: string;
  readonly prepayment_amount: string;
  // Main user (creation only)
  readonly main_user: MainUserValues;
  // Services & domains
  readonly services: readonly OrganizationService[];
  readonly additional_domains: readonly string[];
  // Contacts: user ids of the operator's staff
  readonly contacts: Readonly<Record<OrganizationContactRole, number | null>>;
  // Classification
  readonly account_type: AccountType | '';
  readonly kind: OrganizationKind | '';
  readonly commission_role: CommissionRole | '';
  readonly region: Region | '';
  readonly fee_model: FeeModel | '';
  readonly billing_basis: BillingBasis | '';
  readonly role: OrganizationRole;
  readonly parent: number | null;
  // White label
  readonly whitelabel_hosts: readonly string[];
  readonly title: string;
  readonly color: string;
};

export type OrganizationFormMode = 'create' | 'edit';

/**
 * Where an error shows: a top-level field by its name, the main user's and the contacts' fields by
 * `main_user.email`, `contacts.support`; an item of a list on the list (`additional_domains.2` →
 * `additional_domains`); the tax id kind, which follows the country, on the tax id.
 */
export type FieldKey = string;
export type FormErrors = Readonly<Record<FieldKey, string>>;

const EMPTY_MAIN_USER: MainUserValues = {
  name: '',
  username: '',
  phone: '',
  email: '',
  password: '',
  confirmation: '',
};

const NO_CONTACTS: Readonly<Record<OrganizationContactRole, number | null>> = {
  client_services_owner: null,
  sales_owner: null,
  support: null,
};

/** A new organization: regular, in the default currency (§3), nothing else chosen. */
export const EMPTY_ORGANIZATION_FORM: OrganizationFormValues = {
  name: '',
  country: '',
  tax_id: '',
  legal_entity: '',
  billing_address: '',
  city: '',
  zip: '',
  currency: DEFAULT_CURRENCY,
  time_zone: DEFAULT_TIME_ZONE,
  invoicing_currency: DEFAULT_CURRENCY,
  payment_method: '',
  payment_terms: '',
  max_daily_balance: '',
  prepayment_amount: '',
  main_user: EMPTY_MAIN_USER,
  services: [],
  additional_domains: [],
  contacts: NO_CONTACTS,
  account_type: '',
  kind: '',
  commission_role: '',
  region: '',
  fee_model: '',
  billing_basis: '',
  role: 'regular',
  parent: null,
  whitelabel_hosts: [],
  title: '',
  color: '',
};

/** The form of an existing organization. */
export const organizationFormOf = (organization: Organization): OrganizationFormValues => ({
  name: organization.name,
  country: organization.country ?? '',
  tax_id: organization.tax_id ?? '',
  legal_entity: organization.legal_entity ?? '',
  billing_address: organization.billing_address ?? '',
  city: organization.city ?? '',
  zip: organization.zip ?? '',
  currency: organization.currency,
  time_zone: organization.time_zone,
  invoicing_currency: organization.invoicing_currency,
  payment_method: organization.payment_method ?? '',
  payment_terms: organization.payment_terms,
  max_daily_balance: organization.max_daily_balance ?? '',
  prepayment_amount: organization.prepayment_amount ?? '',
  main_user: EMPTY_MAIN_USER,
  services: [...organization.services],
  additional_domains: [...organization.additional_domains],
  contacts: { ...NO_CONTACTS, ...organization.contacts },
  account_type: organization.account_type ?? '',
  kind: organization.kind ?? '',
  commission_role: organization.commission_role ?? '',
  region: organization.region ?? '',
  fee_model: organization.fee_model ?? '',
  billing_basis: organization.billing_basis ?? '',
  role: organization.role,
  parent: organization.parent,
  whitelabel_hosts: [...(organization.whitelabel_hosts ?? [])],
  title: organization.title ?? '',
  color: organization.color ?? '',
});

/**
 * Choosing an invoicing entity also picks its region when none is chosen yet: each of the five legal
 * entities invoices one region.
 */
export const withLegalEntity = (
  values: OrganizationFormValues,
  legalEntity: LegalEntity | '',
): OrganizationFormValues => ({
  ...values,
  legal_entity: legalEntity,
  region: values.region === '' && legalEntity !== '' ? LEGAL_ENTITY_REGIONS[legalEntity] : values.region,
});

const orNull = <T extends string>(value: T | ''): T | null => (value === '' ? null : value);

/** The §3 fields every organization body carries (create and update), as the API spells them. */
const commonBody = (values: OrganizationFormValues) => ({
  name: values.name,
  country: values.country,
  tax_id: values.tax_id,
  tax_id_kind: values.country === '' ? null : taxIdKindToStore(values.country, values.tax_id.trim()),
  legal_entity: orNull(values.legal_entity),
  billing_address: values.billing_address,
  city: values.city,
  zip: values.zip,
  // Left blank, a required choice reaches the schema as '' and answers "This field is required".
  currency: values.currency,
  time_zone: values.time_zone,
  invoicing_currency: values.invoicing_currency,
  payment_method: orNull(values.payment_method),
  payment_terms: values.payment_terms,
  max_daily_balance: values.max_daily_balance,
  prepayment_amount: values.prepayment_amount,
  services: [...values.services],
  additional_domains: [...values.additional_domains],
  contacts: { ...values.contacts },
  account_type: orNull(values.account_type),
  kind: orNull(values.kind),
  commission_role: orNull(values.commission_role),
  region: orNull(values.region),
  fee_model: orNull(values.fee_model),
  billing_basis: orNull(values.billing_basis),
  role: values.role,
  parent: values.parent,
  // Host identities, title and colour belong to a customized organization; any other role clears them.
  whitelabel_hosts: values.role === 'customized' ? [...values.whitelabel_hosts] : [],
  title: values.role === 'customized' ? values.title : '',
  color: values.role === 'customized' ? values.color : '',
});

const createInput = (values: OrganizationFormValues) => {
  const { confirmation: _confirmation, ...mainUser } = values.main_user;
  return { ...commonBody(values), main_user: mainUser };
};

/** The error key of an issue or a server detail path (see FieldKey). */
export const fieldKeyOf = (path: string): FieldKey => {
  const [first = '', second] = path.split('.');
  if ((first === 'main_user' || first === 'contacts') && second !== undefined) return `${first}.${second}`;
  if (first === 'tax_id_kind') return 'tax_id';
  if (first === 'image') return 'logo';
  return first;
};

/** The first message of each field among `details` (server answers and schema issues alike). */
export const errorsOfDetails = (details: readonly ErrorDetail[]): FormErrors =>
  firstMessageOfEachField(details, fieldKeyOf);

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

const detailsOfIssues = (issues: readonly Issue[]): ErrorDetail[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * The tax id is checked against the country even when the schema stopped earlier (an object refinement does
 * not run while a field fails), so that its message shows together with the others.
 */
const withTaxIdErrors = (values: OrganizationFormValues, details: ErrorDetail[]): ErrorDetail[] => [
  ...details,
  ...taxIdIssues({
    country: values.country === '' ? undefined : values.country,
    tax_id: values.tax_id.trim(),
  }),
];

export type FormCheck<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly errors: FormErrors };

/** The creation body, or the errors to show: the schema's, and the password confirmation's. */
export const checkCreateForm = (values: OrganizationFormValues): FormCheck<TOrganizationCreate> => {
  const result = ZOrganizationCreate.safeParse(createInput(values));
  const details = result.success ? [] : withTaxIdErrors(values, detailsOfIssues(result.error.issues));
  const { password, confirmation } = values.main_user;
  if (confirmation === '') details.push({ path: 'main_user.confirmation', message: REQUIRED_MESSAGE });
  else if (!isPasswordConfirmed({ password, confirmation })) {
    details.push({ path: 'main_user.confirmation', message: PASSWORD_MISMATCH_MESSAGE });
  }
  if (result.success && details.length === 0) return { ok: true, body: result.data };
  return { ok: false, errors: errorsOfDetails(details) };
};

const sameValue = (first: unknown, second: unknown): boolean =>
  JSON.stringify(first) === JSON.stringify(second);

/**
 * The update body: the fields that changed since the organization was read, and its version (a stale one
 * answers 409). The whole form is checked first, so that a change never leaves an invalid field unseen.
 */
export const checkUpdateForm = (
  values: OrganizationFormValues,
  initial: OrganizationFormValues,
  version: number,
): FormCheck<TOrganizationUpdate> => {
  const after = commonBody(values);
  const whole = ZOrganizationUpdate.safeParse({ ...after, version });
  if (!whole.success) {
    return {
      ok: false,
      errors: errorsOfDetails(withTaxIdErrors(values, detailsOfIssues(whole.error.issues))),
    };
  }
  const before = commonBody(initial);
  const changes = Object.entries(after).filter(
    ([field, value]) => !sameValue(value, Reflect.get(before, field)),
  );
  const isTaxIdChanged = changes.some(([field]) => field === 'country' || field === 'tax_id');
  const result = ZOrganizationUpdate.safeParse({
    ...Object.fromEntries(changes),
    // The kind follows the country and the tax id: it goes along with either.
    ...(isTaxIdChanged ? { tax_id_kind: after.tax_id_kind } : {}),
    version,
  });
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: errorsOfDetails(detailsOfIssues(result.error.issues)) };
};

/** Whether the form differs from where it started (the unsaved-changes flag of §2). */
export const isFormDirty = (values: OrganizationFormValues, initial: OrganizationFormValues): boolean =>
  !sameValue(values, initial);

export const CONTACT_ROLES = ORGANIZATION_CONTACT_ROLES;
