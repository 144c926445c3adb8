/**
 * The sections of the organization dialog and the error keys of their fields: the dialog's section list
 * marks those with errors, and an error no section shows becomes the form's failure message.
 */
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import type { FormErrors, OrganizationFormMode } from './organization-form';

export type SectionId =
  | 'company'
  | 'invoicing'
  | 'main-user'
  | 'limits'
  | 'services'
  | 'contacts'
  | 'classification'
  | 'white-label';

export type SectionDefinition = {
  readonly id: SectionId;
  readonly title: string;
  /** Error keys of its fields: a key, or a prefix ending with a dot. */
  readonly fields: readonly string[];
};

export const SECTIONS: readonly SectionDefinition[] = [
  { id: 'company', title: 'Company', fields: ['name', 'country', 'tax_id', 'time_zone'] },
  {
    id: 'invoicing',
    title: 'Invoicing',
    fields: ['legal_entity', 'billing_address', 'city', 'zip', 'currency', 'invoicing_currency'],
  },
  { id: 'main-user', title: 'Main user', fields: ['main_user.'] },
  {
    id: 'limits',
    title: 'Limits & payment',
    fields: ['payment_method', 'payment_terms', 'max_daily_balance', 'prepayment_amount'],
  },
  { id: 'services', title: 'Services & domains', fields: ['services', 'additional_domains'] },
  { id: 'contacts', title: 'Contacts', fields: ['contacts.', 'contacts'] },
  {
    id: 'classification',
    title: 'Classification',
    fields: [
      'account_type',
      'kind',
      'commission_role',
      'region',
      'fee_model',
      'billing_basis',
      'role',
      'parent',
    ],
  },
  {
    id: 'white-label',
    title: 'White label',
    fields: ['whitelabel_hosts', 'title', 'color', 'logo', 'favicon'],
  },
];

const belongsTo = (key: string, section: SectionDefinition): boolean =>
  section.fields.some((field) => (field.endsWith('.') ? key.startsWith(field) : key === field));

/** How many of the errors are in the section: the section list marks them. */
export const sectionErrorCount = (errors: FormErrors, section: SectionDefinition): number =>
  Object.keys(errors).filter((key) => belongsTo(key, section)).length;

/** Every error key some field of the dialog shows; anything else is the form's failure. */
export const isShownErrorKey = (key: string): boolean => SECTIONS.some((section) => belongsTo(key, section));

/** The sections a form shows: the main user only on creation, white label only for a customized role. */
export const visibleSections = (
  mode: OrganizationFormMode,
  role: OrganizationRole,
): readonly SectionDefinition[] =>
  SECTIONS.filter(
    (section) =>
      (section.id !== 'main-user' || mode === 'create') &&
      (section.id !== 'white-label' || role === 'customized'),
  );
