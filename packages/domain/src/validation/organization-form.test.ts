import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BRANDING_FIELD_MESSAGE,
  EMAIL_MESSAGE,
  INTERNAL_FIELD_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  REQUIRED_MESSAGE,
  TAX_ID_KIND_MISMATCH_MESSAGE,
} from './messages';
import {
  ORGANIZATION_CHILD_INHERITED_FIELDS,
  ORGANIZATION_DUPLICATED_FIELDS,
  ORGANIZATION_INTERNAL_FIELDS,
  taxIdIssues,
  taxIdKindToStore,
  ZChildOrganizationCreate,
  ZOrganizationCreate,
  ZOrganizationCreateRequest,
  ZOrganizationDuplicate,
  ZOrganizationsBulkUpdate,
  ZOrganizationUpdate,
} from './organization-form';

const MAIN_USER = {
  name: 'Ana Pérez',
  username: 'ana.perez',
  phone: '+34 600 000 000',
  email: 'ana@example.com',
  password: 'Str0ng!pass',
};

const VALID_CREATE = {
  name: 'Acme Iberia',
  country: 'DE',
  currency: 'eur',
  invoicing_currency: 'eur',
  payment_terms: 'net30',
  main_user: MAIN_USER,
};

/** Each failing field with its first message, as the console shows them under the fields. */
const fieldErrors = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
};

describe('ZOrganizationCreate', () => {
  it('takes every field of the §3 creation form', () => {
    const result = ZOrganizationCreate.safeParse({
      ...VALID_CREATE,
      legal_entity: 'beacon_eu',
      billing_address: ' Calle Mayor 1 ',
      city: 'Berlin',
      zip: '10115',
      tax_id: 'DE136695976',
      tax_id_kind: 'VAT',
      payment_method: 'wire_transfer',
      max_daily_balance: '1500.25',
      prepayment_amount: '250',
      additional_domains: ['Acme.example', 'acme.example', 'shop.acme.example'],
      services: ['ad_quality_scans', 'session_level_data', 'ad_quality_scans'],
      contacts: { client_services_owner: 1, sales_owner: null, support: 3 },
      account_type: 'io',
      kind: 'direct',
      commission_role: 'sales_rep',
      region: 'eu',
      fee_model: 'markup',
      billing_basis: 'net',
      role: 'customized',
      parent: 2,
      whitelabel_hosts: ['ads.acme.example'],
      title: 'Acme Ads',
      color: '#0B6E4F',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      billing_address: 'Calle Mayor 1',
      additional_domains: ['acme.example', 'shop.acme.example'],
      services: ['ad_quality_scans', 'session_level_data'],
      color: '#0b6e4f',
      max_daily_balance: '1500.25',
    });
  });

  it('requires the name, country, currencies, payment terms and main user', () => {
    expect(fieldErrors(ZOrganizationCreate, { main_user: {} })).toEqual({
      name: REQUIRED_MESSAGE,
      country: REQUIRED_MESSAGE,
      currency: REQUIRED_MESSAGE,
      invoicing_currency: REQUIRED_MESSAGE,
      payment_terms: REQUIRED_MESSAGE,
      'main_user.name': REQUIRED_MESSAGE,
      'main_user.username': REQUIRED_MESSAGE,
      'main_user.email': REQUIRED_MESSAGE,
      'main_user.password': REQUIRED_MESSAGE,
    });
    expect(fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, main_user: undefined })).toEqual({
      main_user: REQUIRED_MESSAGE,
    });
  });

  it("checks the main user's email and password with the §5 messages", () => {
    expect(
      fieldErrors(ZOrganizationCreate, {
        ...VALID_CREATE,
        main_user: { ...MAIN_USER, email: 'ana@example', password: 'weakpass', phone: 'call me' },
      }),
    ).toEqual({
      'main_user.email': EMAIL_MESSAGE,
      'main_user.password': PASSWORD_RULE_MESSAGE,
      'main_user.phone': INVALID_FORMAT_MESSAGE,
    });
  });

  it('answers "Invalid format" for unknown enumeration values and a lower-case country', () => {
    expect(
      fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, country: 'de', currency: 'xxx', region: 'mars' }),
    ).toEqual({
      country: INVALID_FORMAT_MESSAGE,
      currency: INVALID_FORMAT_MESSAGE,
      region: INVALID_FORMAT_MESSAGE,
    });
  });

  it('takes money as exact decimal text only, with at most six decimals', () => {
    for (const amount of ['0', '1500', '1500.25', '999999999999.999999']) {
      expect(
        ZOrganizationCreate.safeParse({ ...VALID_CREATE, max_daily_balance: amount }).success,
        amount,
      ).toBe(true);
    }
    for (const amount of ['-1', '1.1234567', '1e3', '1,5', '1000000000000']) {
      expect(
        fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, prepayment_amount: amount }),
        amount,
      ).toEqual({
        prepayment_amount: INVALID_FORMAT_MESSAGE,
      });
    }
    expect(fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, max_daily_balance: 1500 })).toEqual({
      max_daily_balance: INVALID_FORMAT_MESSAGE,
    });
    expect(
      ZOrganizationCreate.parse({ ...VALID_CREATE, max_daily_balance: ' ' }).max_daily_balance,
    ).toBeNull();
  });

  it('refuses invalid additional domains and colours', () => {
    expect(
      fieldErrors(ZOrganizationCreate, {
        ...VALID_CREATE,
        additional_domains: ['https://acme.example'],
        color: 'green',
      }),
    ).toEqual({ 'additional_domains.0': 'A valid domain is required', color: INVALID_FORMAT_MESSAGE });
  });

  it('refuses fields a body does not own, such as id, balance, version or created_at', () => {
    for (const field of ['id', 'balance', 'version', 'created_at', 'state']) {
      const result = ZOrganizationCreate.safeParse({ ...VALID_CREATE, [field]: 1 });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.code, field).toBe('unrecognized_keys');
    }
  });
});

describe('tax id check', () => {
  it('answers the VAT check of the country as a field error on tax_id', () => {
    expect(fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, tax_id: 'DE136695977' })).toEqual({
      tax_id: 'The VAT number is not valid',
    });
    expect(fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, tax_id: 'DE12345678' })).toEqual({
      tax_id: INVALID_FORMAT_MESSAGE,
    });
    expect(fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, tax_id: 'FR136695976' })).toEqual({
      tax_id: INVALID_FORMAT_MESSAGE,
    });
    expect(ZOrganizationCreate.safeParse({ ...VALID_CREATE, tax_id: 'de 136 695 976' }).success).toBe(true);
  });

  it('uses the hint of the UAE, Brazil and India and the default pattern elsewhere', () => {
    expect(taxIdIssues({ country: 'AE', tax_id_kind: 'TRN', tax_id: '100123456700003' })).toEqual([]);
    expect(taxIdIssues({ country: 'AE', tax_id: '1001234567' })).toEqual([
      { path: 'tax_id', message: INVALID_FORMAT_MESSAGE },
    ]);
    expect(taxIdIssues({ country: 'BR', tax_id_kind: 'CNPJ', tax_id: '15.388.963/0001-81' })).toEqual([]);
    expect(taxIdIssues({ country: 'BR', tax_id: '15.388.963/0001-82' })).toEqual([
      { path: 'tax_id', message: 'The CNPJ is not valid' },
    ]);
    expect(taxIdIssues({ country: 'IN', tax_id: '27AAPFU0939F1ZV' })).toEqual([]);
    expect(taxIdIssues({ country: 'US', tax_id: 'US123456789' })).toEqual([]);
    expect(taxIdIssues({ country: 'US', tax_id: '123' })).toEqual([
      { path: 'tax_id', message: INVALID_FORMAT_MESSAGE },
    ]);
  });

  it('shows the VAT error together with the other errors of the form', () => {
    expect(
      fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, name: undefined, tax_id: 'DE136695977' }),
    ).toEqual({
      name: REQUIRED_MESSAGE,
      tax_id: 'The VAT number is not valid',
    });
    expect(
      fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, country: 'XX', tax_id: 'DE136695977' }),
    ).toEqual({
      country: INVALID_FORMAT_MESSAGE,
    });
  });

  it("refuses a tax id kind that is not the country's", () => {
    expect(fieldErrors(ZOrganizationCreate, { ...VALID_CREATE, tax_id_kind: 'TRN' })).toEqual({
      tax_id_kind: TAX_ID_KIND_MISMATCH_MESSAGE,
    });
  });

  it('stores the kind of the country, and none without a tax id', () => {
    expect(taxIdKindToStore('BR', '15388963000181')).toBe('CNPJ');
    expect(taxIdKindToStore('DE', 'DE136695976')).toBe('VAT');
    expect(taxIdKindToStore('DE', null)).toBeNull();
  });

  it('checks nothing while the country is unknown (a partial update without it)', () => {
    expect(taxIdIssues({ tax_id: 'anything' })).toEqual([]);
  });
});

describe('ZOrganizationCreateRequest and ZChildOrganizationCreate', () => {
  it('lets a child leave out the payment terms it inherits', () => {
    const { payment_terms: _terms, ...withoutTerms } = VALID_CREATE;
    expect(ZOrganizationCreateRequest.safeParse(withoutTerms).success).toBe(true);
    expect(ZChildOrganizationCreate.safeParse({ ...withoutTerms, parent: 2 }).success).toBe(true);
    expect(ORGANIZATION_CHILD_INHERITED_FIELDS).toContain('payment_terms');
  });

  it("refuses the internal fields on the owner's form", () => {
    const { payment_terms: _terms, ...withoutTerms } = VALID_CREATE;
    for (const field of ['role', 'account_type', 'services', 'whitelabel_hosts', 'title']) {
      expect(ZChildOrganizationCreate.safeParse({ ...withoutTerms, [field]: null }).success, field).toBe(
        false,
      );
    }
  });
});

describe('ZOrganizationUpdate', () => {
  it('takes any subset of the fields with the version last read', () => {
    expect(ZOrganizationUpdate.parse({ version: 3, name: ' New name ' })).toEqual({
      version: 3,
      name: 'New name',
    });
    expect(fieldErrors(ZOrganizationUpdate, { name: 'x' })).toEqual({ version: REQUIRED_MESSAGE });
    expect(fieldErrors(ZOrganizationUpdate, { version: 0 })).toEqual({ version: INVALID_FORMAT_MESSAGE });
  });

  it('clears optional fields with null but never the required ones', () => {
    expect(ZOrganizationUpdate.safeParse({ version: 1, city: null, legal_entity: null }).success).toBe(true);
    expect(fieldErrors(ZOrganizationUpdate, { version: 1, name: null, currency: null })).toEqual({
      name: REQUIRED_MESSAGE,
      currency: REQUIRED_MESSAGE,
    });
  });

  it('removes the logo and favicon with null; files come as multipart, never as text', () => {
    expect(ZOrganizationUpdate.safeParse({ version: 1, image: null, favicon: null }).success).toBe(true);
    expect(
      ZOrganizationUpdate.safeParse({ version: 1, image: 'https://evil.example/logo.png' }).success,
    ).toBe(false);
  });

  it('refuses the main user, the id and the balance', () => {
    for (const field of ['main_user', 'id', 'balance', 'created_at', 'state']) {
      expect(ZOrganizationUpdate.safeParse({ version: 1, [field]: 1 }).success, field).toBe(false);
    }
  });
});

describe('ZOrganizationsBulkUpdate', () => {
  it('applies one set of changes to 1 to 500 organizations', () => {
    expect(ZOrganizationsBulkUpdate.parse({ ids: [3, 3, 4], changes: { state: 'DELETED' } })).toEqual({
      ids: [3, 4],
      changes: { state: 'DELETED' },
    });
    expect(fieldErrors(ZOrganizationsBulkUpdate, { ids: [], changes: { region: 'eu' } })).toEqual({
      ids: REQUIRED_MESSAGE,
    });
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1);
    expect(fieldErrors(ZOrganizationsBulkUpdate, { ids: tooMany, changes: { region: 'eu' } })).toEqual({
      ids: 'The maximum length is 500',
    });
  });

  it('needs at least one change, and only the bulk ones', () => {
    expect(fieldErrors(ZOrganizationsBulkUpdate, { ids: [1], changes: {} })).toEqual({
      changes: REQUIRED_MESSAGE,
    });
    expect(ZOrganizationsBulkUpdate.safeParse({ ids: [1], changes: { name: 'x' } }).success).toBe(false);
    expect(ZOrganizationsBulkUpdate.safeParse({ ids: [1], changes: { state: 'deleted' } }).success).toBe(
      false,
    );
  });
});

describe('ZOrganizationDuplicate', () => {
  it('takes a new name and, optionally, a new main user', () => {
    expect(ZOrganizationDuplicate.safeParse({ name: 'Copy' }).success).toBe(true);
    expect(ZOrganizationDuplicate.safeParse({ name: 'Copy', main_user: MAIN_USER }).success).toBe(true);
    expect(fieldErrors(ZOrganizationDuplicate, { name: ' ' })).toEqual({ name: REQUIRED_MESSAGE });
    expect(ZOrganizationDuplicate.safeParse({ name: 'Copy', users: [] }).success).toBe(false);
  });

  it('copies settings, never the white-label hosts or anything about users', () => {
    expect(ORGANIZATION_DUPLICATED_FIELDS).not.toContain('whitelabel_hosts');
    expect(ORGANIZATION_DUPLICATED_FIELDS).not.toContain('state');
    expect(ORGANIZATION_INTERNAL_FIELDS).toContain('role');
  });
});

describe('organization messages', () => {
  it('names who may change a refused field', () => {
    expect(INTERNAL_FIELD_MESSAGE).toBe("Only the operator's staff may change this field");
    expect(BRANDING_FIELD_MESSAGE).toBe(
      'Only the owner of a customized (white-label) organization may change this field',
    );
  });
});
