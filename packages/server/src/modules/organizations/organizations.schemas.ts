import { CURRENCIES } from '@beacon/domain/dictionary/currencies';
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
  TAX_ID_KINDS,
} from '@beacon/domain/dictionary/organizations';
import { ORGANIZATION_ROLES } from '@beacon/domain/dictionary/roles';
import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import { z } from 'zod';
import { ZListQuery } from '../../lib/list-route';

/** An organization id in a path: a bigint identity, so digits only (anything else is a 400, not a 404). */
export const ZOrganizationParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { error: 'Give an organization id (a positive whole number)' }),
});

/** An exact amount: decimal text of micro-units (never a float), e.g. "1500.25". */
const ZMoney = z.string().nullable().meta({ description: 'Exact decimal amount in the invoicing currency' });

/** A contact of the organization: a user of the operator's staff, by id. */
const ZContactId = z.number().nullable();

/**
 * One organization as the API answers it (spec §3 and §7, snake_case). `whitelabel_hosts` is only present
 * for the operator's staff: the list of identities is not shown to anyone else (§1).
 */
export const ZOrganization = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(ORGANIZATION_STATES),
  role: z.enum(ORGANIZATION_ROLES),
  parent: z.number().nullable(),
  country: z.string().nullable(),
  currency: z.enum(CURRENCIES).meta({ description: 'Reporting currency' }),
  time_zone: z.string().meta({ description: 'IANA time zone: the default zone of its campaigns' }),
  invoicing_currency: z.enum(CURRENCIES),
  payment_terms: z.enum(PAYMENT_TERMS),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  title: z.string().nullable(),
  image: z.string().nullable(),
  favicon: z.string().nullable(),
  color: z.string().nullable(),
  billing_address: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  tax_id: z.string().nullable(),
  tax_id_kind: z.enum(TAX_ID_KINDS).nullable(),
  legal_entity: z.enum(LEGAL_ENTITIES).nullable().meta({ description: 'Invoicing entity' }),
  max_daily_balance: ZMoney,
  prepayment_amount: ZMoney,
  additional_domains: z.array(z.string()),
  services: z.array(z.enum(ORGANIZATION_SERVICES)),
  contacts: z.object({
    client_services_owner: ZContactId,
    sales_owner: ZContactId,
    support: ZContactId,
  }),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  kind: z.enum(ORGANIZATION_KINDS).nullable(),
  commission_role: z.enum(COMMISSION_ROLES).nullable(),
  region: z.enum(REGIONS).nullable(),
  fee_model: z.enum(FEE_MODELS).nullable(),
  billing_basis: z.enum(BILLING_BASES).nullable(),
  whitelabel_hosts: z
    .array(z.string())
    .optional()
    .meta({ description: "Host identities of a white-label organization; only for the operator's staff" }),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  version: z.number(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

/**
 * Bodies of the organization writes: the domain's schemas with the §5 messages, shared with the
 * console's organization dialog (domain/validation/organization-form.ts). All strict: id, balance, state
 * (outside bulk changes), created_at and the like are refused.
 */
export {
  ZOrganizationCreateRequest,
  ZOrganizationDuplicate,
  ZOrganizationsBulkUpdate,
  ZOrganizationUpdate,
} from '@beacon/domain/validation/organization-form';

/**
 * The querystring of the CSV download: the list parameters of `GET /organizations` (the grid's filters,
 * search and sort; every page is written), plus `token` and `demo`, which a download opened in a new tab
 * sends instead of the headers (§7).
 */
export const ZOrganizationsDownloadQuery = z
  .object({
    token: z
      .string()
      .optional()
      .meta({ description: 'The session token, for a download opened in a new tab' }),
    demo: z.string().optional().meta({ description: '1 while demo mode is on, for a new tab' }),
  })
  .catchall(z.union([z.string(), z.array(z.string())]))
  .transform(({ token: _token, demo: _demo, ...list }) => list)
  .pipe(ZListQuery(ORGANIZATION_LIST_SPEC));
