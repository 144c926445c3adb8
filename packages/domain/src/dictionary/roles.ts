/** User roles of spec §3 with the labels the console shows. */
export const USER_ROLES = [
  'supervisor',
  'admin',
  'account_manager',
  'viewer',
  'editor',
  'advertiser',
  'owner',
  'support',
  'adexchange',
  'audience_manager',
  'creative_manager',
] as const;

export type UserRole = (typeof USER_ROLES)[number];

export const USER_ROLE_LABELS = {
  supervisor: 'Supervisor',
  admin: 'Controller',
  account_manager: 'Manager',
  viewer: 'Viewer',
  editor: 'Editor',
  advertiser: 'Advertiser',
  owner: 'Owner',
  support: 'Support',
  adexchange: 'Ad Exchange',
  audience_manager: 'Audience Manager',
  creative_manager: 'Creative Manager',
} as const satisfies Record<UserRole, string>;

/**
 * Organization roles (spec §3): a regular customer organization, the customized (white-label) role that
 * allows its own logo, title, favicon and colour, and the two partner roles with restricted access (§6).
 */
export const ORGANIZATION_ROLES = ['regular', 'customized', 'data-partner', 'other-partner'] as const;

export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_ROLE_LABELS = {
  regular: 'Regular',
  customized: 'Customized (white-label)',
  'data-partner': 'Data partner',
  'other-partner': 'Other partner',
} as const satisfies Record<OrganizationRole, string>;

export const isUserRole = (value: unknown): value is UserRole =>
  typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);

export const isOrganizationRole = (value: unknown): value is OrganizationRole =>
  typeof value === 'string' && (ORGANIZATION_ROLES as readonly string[]).includes(value);
