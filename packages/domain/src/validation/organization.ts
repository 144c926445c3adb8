/** What the organization lists of spec §7 (`GET /organizations`) let a caller filter, sort and search. */
import { CURRENCIES } from '../dictionary/currencies';
import { ACCOUNT_TYPES, ORGANIZATION_STATES, PAYMENT_TERMS, REGIONS } from '../dictionary/organizations';
import { ORGANIZATION_ROLES } from '../dictionary/roles';
import type { ListSpec } from './list-query';

/**
 * The back-office organizations grid and a customer's view of its children share this list. `search` looks in
 * the name, title and tax id; `parent` lists the direct children of one organization.
 */
export const ORGANIZATION_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    state: { type: 'enum', values: ORGANIZATION_STATES },
    role: { type: 'enum', values: ORGANIZATION_ROLES },
    parent: { type: 'number' },
    country: { type: 'text' },
    currency: { type: 'enum', values: CURRENCIES },
    payment_terms: { type: 'enum', values: PAYMENT_TERMS },
    account_type: { type: 'enum', values: ACCOUNT_TYPES },
    region: { type: 'enum', values: REGIONS },
    created_at: { type: 'date' },
  },
  defaultSort: 'name',
  searchable: true,
} as const satisfies ListSpec;

export type OrganizationListField = keyof typeof ORGANIZATION_LIST_SPEC.fields;
