/**
 * The organization of spec §3 as the API answers it (packages/server/src/modules/organizations/
 * organizations.schemas.ts, ZOrganization). The server validates its answers against that schema, so the
 * console types them without parsing again (decision 006).
 */
import type { Currency } from '@beacon/domain/dictionary/currencies';
import type {
  AccountType,
  BillingBasis,
  CommissionRole,
  FeeModel,
  LegalEntity,
  OrganizationContactRole,
  OrganizationKind,
  OrganizationService,
  OrganizationState,
  PaymentMethod,
  PaymentTerm,
  Region,
  TaxIdKind,
} from '@beacon/domain/dictionary/organizations';
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';

export type Organization = {
  readonly id: number;
  readonly name: string;
  readonly state: OrganizationState;
  readonly role: OrganizationRole;
  readonly parent: number | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string | null;
  /** The reporting currency. */
  readonly currency: Currency;
  /** IANA zone: the default of its campaigns' zone. */
  readonly time_zone: string;
  readonly invoicing_currency: Currency;
  readonly payment_terms: PaymentTerm;
  readonly payment_method: PaymentMethod | null;
  readonly title: string | null;
  readonly image: string | null;
  readonly favicon: string | null;
  readonly color: string | null;
  readonly billing_address: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly tax_id: string | null;
  readonly tax_id_kind: TaxIdKind | null;
  /** The invoicing entity. */
  readonly legal_entity: LegalEntity | null;
  /** Exact decimal text in the invoicing currency. */
  readonly max_daily_balance: string | null;
  readonly prepayment_amount: string | null;
  readonly additional_domains: readonly string[];
  readonly services: readonly OrganizationService[];
  readonly contacts: Readonly<Record<OrganizationContactRole, number | null>>;
  readonly account_type: AccountType | null;
  readonly kind: OrganizationKind | null;
  readonly commission_role: CommissionRole | null;
  readonly region: Region | null;
  readonly fee_model: FeeModel | null;
  readonly billing_basis: BillingBasis | null;
  /** Only for the operator's staff (§1: the list of identities is not shown to anyone else). */
  readonly whitelabel_hosts?: readonly string[];
  readonly created_at: string;
  readonly deleted_at: string | null;
  readonly version: number;
};

/** The cache key every organization query starts with: a write invalidates them all at once. */
export const ORGANIZATIONS_QUERY_KEY = ['organizations'] as const;
