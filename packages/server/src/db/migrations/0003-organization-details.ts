import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script';

/**
 * The organization fields of spec §3 behind the creation form and the back office: company
 * details, invoicing, money limits, services, contacts and the attributes of §3. The CHECK lists copy the
 * enumerations of `domain/dictionary/organizations.ts` as they were when this migration was written: a
 * migration is history, so a later change to an enumeration comes with a migration of its own.
 *
 * Money (max daily balance, prepayment amount) is bigint micro-units in the organization's invoicing
 * currency. Contacts are users (the operator's staff), so a renamed user stays the contact.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    ALTER TABLE organizations
      ADD COLUMN billing_address text,
      ADD COLUMN city text,
      ADD COLUMN zip text,
      ADD COLUMN tax_id text,
      ADD COLUMN tax_id_kind text
        CONSTRAINT organizations_tax_id_kind_check CHECK (tax_id_kind IN ('VAT', 'TRN', 'GST', 'CNPJ')),
      ADD COLUMN legal_entity text
        CONSTRAINT organizations_legal_entity_check CHECK (legal_entity IN
          ('beacon_eu', 'beacon_india', 'beacon_sea', 'beacon_latam', 'beacon_ctv_apps')),
      ADD COLUMN payment_method text
        CONSTRAINT organizations_payment_method_check CHECK (payment_method IN ('wire_transfer', 'paypal',
          'credit_card', 'european_credit_card', 'non_european_credit_card', 'ach', 'other')),
      ADD COLUMN max_daily_balance bigint
        CONSTRAINT organizations_max_daily_balance_check CHECK (max_daily_balance >= 0),
      ADD COLUMN prepayment_amount bigint
        CONSTRAINT organizations_prepayment_amount_check CHECK (prepayment_amount >= 0),
      ADD COLUMN additional_domains text[] NOT NULL DEFAULT '{}',
      ADD COLUMN services text[] NOT NULL DEFAULT '{}'
        CONSTRAINT organizations_services_check CHECK (services <@ ARRAY['ad_quality_scans',
          'extensive_data_access', 'audience_management', 'session_level_data']::text[]),
      ADD COLUMN client_services_owner_id bigint REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN sales_owner_id bigint REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN support_contact_id bigint REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN account_type text
        CONSTRAINT organizations_account_type_check CHECK (account_type IN
          ('licensing', 'io', 'ctv_apps', 'test', 'maas', 'partner', 'ctv_ai')),
      ADD COLUMN kind text
        CONSTRAINT organizations_kind_check CHECK (kind IN ('direct', 'resellers', 'verified')),
      ADD COLUMN commission_role text
        CONSTRAINT organizations_commission_role_check CHECK (commission_role IN
          ('none', 'account_manager', 'sales_rep')),
      ADD COLUMN region text
        CONSTRAINT organizations_region_check CHECK (region IN ('eu', 'india', 'sea', 'latam', 'ctv_apps')),
      ADD COLUMN fee_model text
        CONSTRAINT organizations_fee_model_check CHECK (fee_model IN ('markup', 'margin')),
      ADD COLUMN billing_basis text
        CONSTRAINT organizations_billing_basis_check CHECK (billing_basis IN ('gross', 'net')),
      ADD COLUMN deleted_at timestamptz,
      ADD CONSTRAINT organizations_state_check CHECK (state IN ('active', 'DELETED')),
      ADD CONSTRAINT organizations_role_check CHECK (role IN
        ('regular', 'customized', 'data-partner', 'other-partner')),
      ADD CONSTRAINT organizations_currency_check CHECK (currency IN
        ('eur', 'usd', 'gbp', 'inr', 'thb', 'idr', 'myr', 'mxn', 'cop', 'brl', 'aed', 'aud')),
      ADD CONSTRAINT organizations_invoicing_currency_check CHECK (invoicing_currency IN
        ('eur', 'usd', 'gbp', 'inr', 'thb', 'idr', 'myr', 'mxn', 'cop', 'brl', 'aed', 'aud')),
      ADD CONSTRAINT organizations_payment_terms_check CHECK (payment_terms IN
        ('net30', 'net45', 'net60', 'net90', 'prepayment'));

    -- The default order of GET /organizations (lower(name), then id) and its children listing.
    CREATE INDEX organizations_name_idx ON organizations (lower(name), id);
  `,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await runSqlScript(
    db,
    `
    DROP INDEX organizations_name_idx;
    ALTER TABLE organizations
      DROP CONSTRAINT organizations_state_check,
      DROP CONSTRAINT organizations_role_check,
      DROP CONSTRAINT organizations_currency_check,
      DROP CONSTRAINT organizations_invoicing_currency_check,
      DROP CONSTRAINT organizations_payment_terms_check,
      DROP COLUMN billing_address,
      DROP COLUMN city,
      DROP COLUMN zip,
      DROP COLUMN tax_id,
      DROP COLUMN tax_id_kind,
      DROP COLUMN legal_entity,
      DROP COLUMN payment_method,
      DROP COLUMN max_daily_balance,
      DROP COLUMN prepayment_amount,
      DROP COLUMN additional_domains,
      DROP COLUMN services,
      DROP COLUMN client_services_owner_id,
      DROP COLUMN sales_owner_id,
      DROP COLUMN support_contact_id,
      DROP COLUMN account_type,
      DROP COLUMN kind,
      DROP COLUMN commission_role,
      DROP COLUMN region,
      DROP COLUMN fee_model,
      DROP COLUMN billing_basis,
      DROP COLUMN deleted_at;
  `,
  );
};
