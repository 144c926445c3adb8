import {
  EMAIL_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  invalidTaxIdMessage,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import type { Organization } from '../api/organization';
import {
  checkCreateForm,
  checkUpdateForm,
  EMPTY_ORGANIZATION_FORM,
  errorsOfDetails,
  fieldKeyOf,
  isFormDirty,
  type OrganizationFormValues,
  organizationFormOf,
  withLegalEntity,
} from './organization-form';

const VALID_FORM: OrganizationFormValues = {
  ...EMPTY_ORGANIZATION_FORM,
  name: ' Acme Media ',
  country: 'DE',
  tax_id: 'DE136695976',
  legal_entity: 'beacon_eu',
  billing_address: 'Hauptstraße 1',
  city: 'Berlin',
  zip: '10115',
  currency: 'eur',
  invoicing_currency: 'eur',
  payment_method: 'wire_transfer',
  payment_terms: 'net30',
  max_daily_balance: '1500.25',
  main_user: {
    name: 'Anna Acme',
    username: 'anna_acme',
    phone: '+49 30 123456',
    email: 'anna@acme.example',
    password: 'Strong-pass-1',
    confirmation: 'Strong-pass-1',
  },
  services: ['ad_quality_scans'],
  additional_domains: ['acme.example'],
  contacts: { client_services_owner: 3, sales_owner: null, support: 4 },
  account_type: 'io',
  region: 'eu',
};

const ORGANIZATION: Organization = {
  id: 12,
  name: 'Acme Media',
  state: 'active',
  role: 'regular',
  parent: null,
  country: 'DE',
  currency: 'eur',
  time_zone: 'Europe/Berlin',
  invoicing_currency: 'eur',
  payment_terms: 'net30',
  payment_method: null,
  title: null,
  image: null,
  favicon: null,
  color: null,
  billing_address: null,
  city: 'Berlin',
  zip: null,
  tax_id: 'DE136695976',
  tax_id_kind: 'VAT',
  legal_entity: 'beacon_eu',
  max_daily_balance: null,
  prepayment_amount: '250',
  additional_domains: [],
  services: [],
  contacts: { client_services_owner: null, sales_owner: 3, support: null },
  account_type: null,
  kind: null,
  commission_role: null,
  region: 'eu',
  fee_model: null,
  billing_basis: null,
  whitelabel_hosts: [],
  created_at: '2024-05-01T10:00:00.000Z',
  deleted_at: null,
  version: 7,
};

const initialOf = () => organizationFormOf(ORGANIZATION);

describe('checkCreateForm', () => {
  it('answers the body of POST /v2/organization: trimmed, blanks as null, the tax id kind of the country', () => {
    const result = checkCreateForm(VALID_FORM);
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        name: 'Acme Media',
        country: 'DE',
        tax_id: 'DE136695976',
        tax_id_kind: 'VAT',
        payment_terms: 'net30',
        prepayment_amount: null,
        kind: null,
        contacts: { client_services_owner: 3, sales_owner: null, support: 4 },
        main_user: {
          name: 'Anna Acme',
          username: 'anna_acme',
          phone: '+49 30 123456',
          email: 'anna@acme.example',
          password: 'Strong-pass-1',
        },
      }),
    });
  });

  it('shows the §5 messages of every required field of an empty form at once', () => {
    const result = checkCreateForm(EMPTY_ORGANIZATION_FORM);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      name: REQUIRED_MESSAGE,
      country: REQUIRED_MESSAGE,
      payment_terms: REQUIRED_MESSAGE,
      'main_user.name': REQUIRED_MESSAGE,
      'main_user.username': REQUIRED_MESSAGE,
      'main_user.email': REQUIRED_MESSAGE,
      'main_user.password': REQUIRED_MESSAGE,
      'main_user.confirmation': REQUIRED_MESSAGE,
    });
    expect(result.errors.currency).toBeUndefined();
  });

  it('checks the main user: email, password rule and its confirmation', () => {
    const result = checkCreateForm({
      ...VALID_FORM,
      main_user: { ...VALID_FORM.main_user, email: 'anna@', password: 'weak', confirmation: 'other' },
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'main_user.email': EMAIL_MESSAGE,
        'main_user.password': PASSWORD_RULE_MESSAGE,
        'main_user.confirmation': PASSWORD_MISMATCH_MESSAGE,
      },
    });
  });

  it("checks the tax id against the country's format and VAT checksum, with the other errors", () => {
    expect(checkCreateForm({ ...VALID_FORM, tax_id: 'DE1234' })).toEqual({
      ok: false,
      errors: { tax_id: INVALID_FORMAT_MESSAGE },
    });
    expect(checkCreateForm({ ...VALID_FORM, name: '', tax_id: 'DE136695977' })).toEqual({
      ok: false,
      errors: { name: REQUIRED_MESSAGE, tax_id: invalidTaxIdMessage('VAT number') },
    });
  });

  it('puts an invalid additional domain on the list, and a bad amount on its field', () => {
    const result = checkCreateForm({
      ...VALID_FORM,
      additional_domains: ['acme.example', 'not a domain'],
      max_daily_balance: '12,5',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['additional_domains', 'max_daily_balance']);
  });

  it('keeps host identities, title and colour only for a customized organization', () => {
    const branded = {
      ...VALID_FORM,
      whitelabel_hosts: ['ads.acme.example'],
      title: 'Acme',
      color: '#AA0000',
    };
    const regular = checkCreateForm(branded);
    expect(regular).toMatchObject({ ok: true, body: { whitelabel_hosts: [], title: null, color: null } });
    const customized = checkCreateForm({ ...branded, role: 'customized' });
    expect(customized).toMatchObject({
      ok: true,
      body: { whitelabel_hosts: ['ads.acme.example'], title: 'Acme', color: '#aa0000' },
    });
  });
});

describe('checkUpdateForm', () => {
  const initial = organizationFormOf(ORGANIZATION);

  it('sends only what changed, with the version read', () => {
    expect(checkUpdateForm(initial, initial, 7)).toEqual({ ok: true, body: { version: 7 } });
    expect(
      checkUpdateForm(
        { ...initial, city: ' Munich ', contacts: { ...initial.contacts, support: 4 } },
        initial,
        7,
      ),
    ).toEqual({
      ok: true,
      body: {
        city: 'Munich',
        contacts: { client_services_owner: null, sales_owner: 3, support: 4 },
        version: 7,
      },
    });
  });

  it('clears an optional field left blank, and sends the tax id kind with a new tax id', () => {
    expect(checkUpdateForm({ ...initial, prepayment_amount: '', tax_id: '' }, initial, 7)).toEqual({
      ok: true,
      body: { prepayment_amount: null, tax_id: null, tax_id_kind: null, version: 7 },
    });
  });

  it('checks the whole form, not only the changes', () => {
    const broken = { ...initial, tax_id: 'DE1' };
    expect(checkUpdateForm({ ...broken, city: 'Munich' }, broken, 7)).toEqual({
      ok: false,
      errors: { tax_id: INVALID_FORMAT_MESSAGE },
    });
  });
});

describe('form helpers', () => {
  it('reads an organization into the form: blanks for nulls, no main user', () => {
    expect(initialOf()).toMatchObject({ billing_address: '', payment_method: '', prepayment_amount: '250' });
    expect(initialOf().main_user.username).toBe('');
  });

  it('tells when the form has changed', () => {
    expect(isFormDirty(initialOf(), initialOf())).toBe(false);
    expect(isFormDirty({ ...initialOf(), services: ['session_level_data'] }, initialOf())).toBe(true);
  });

  it("picks the invoicing entity's region when no region is chosen yet", () => {
    expect(withLegalEntity(EMPTY_ORGANIZATION_FORM, 'beacon_india').region).toBe('india');
    expect(withLegalEntity({ ...EMPTY_ORGANIZATION_FORM, region: 'sea' }, 'beacon_india').region).toBe('sea');
  });

  it('puts each error path on the field that shows it, first message first', () => {
    expect(fieldKeyOf('main_user.email')).toBe('main_user.email');
    expect(fieldKeyOf('contacts.support')).toBe('contacts.support');
    expect(fieldKeyOf('additional_domains.3')).toBe('additional_domains');
    expect(fieldKeyOf('tax_id_kind')).toBe('tax_id');
    expect(fieldKeyOf('image')).toBe('logo');
    expect(
      errorsOfDetails([
        { path: 'main_user.username', message: 'This username is already in use' },
        { path: 'main_user.username', message: 'second' },
      ]),
    ).toEqual({ 'main_user.username': 'This username is already in use' });
  });
});
