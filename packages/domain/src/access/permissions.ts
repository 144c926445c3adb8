import type { OrganizationRole, UserRole } from '../dictionary/roles';
import { USER_ROLES } from '../dictionary/roles';
import type { AccessResource } from './resources';
import { ACCESS_RESOURCES } from './resources';

/**
 * User roles allowed per resource (spec §6). The spec's "all except …" rows are spelled out so the
 * table reads without arithmetic; the unit test checks it against the spec's own wording.
 */
export const USER_ROLE_PERMISSIONS = {
  public: USER_ROLES,
  access: USER_ROLES,
  account: USER_ROLES,
  'account-users': ['owner', 'account_manager', 'admin', 'support', 'supervisor'],
  analytics: [
    'supervisor',
    'admin',
    'account_manager',
    'viewer',
    'editor',
    'advertiser',
    'owner',
    'support',
    'adexchange',
  ],
  backoffice: ['admin', 'account_manager', 'supervisor'],
  'backoffice-tickets': ['admin', 'account_manager', 'supervisor'],
  campaign: ['supervisor', 'admin', 'account_manager', 'viewer', 'editor', 'owner', 'support'],
  campaigns: ['supervisor', 'admin', 'account_manager', 'viewer', 'editor', 'owner', 'support'],
  creative: [
    'supervisor',
    'admin',
    'account_manager',
    'viewer',
    'editor',
    'owner',
    'support',
    'creative_manager',
  ],
  creatives: ['supervisor', 'admin', 'account_manager', 'editor', 'owner', 'support', 'creative_manager'],
  dashboard: ['admin', 'account_manager', 'support', 'owner', 'editor', 'viewer', 'supervisor'],
  discovery: ['admin', 'account_manager', 'support', 'owner', 'editor', 'viewer', 'supervisor'],
  'internal-campaign': ['admin', 'account_manager', 'support', 'supervisor'],
  resources: [
    'supervisor',
    'admin',
    'account_manager',
    'editor',
    'owner',
    'support',
    'audience_manager',
    'creative_manager',
  ],
  'resources-audiences': [
    'supervisor',
    'admin',
    'account_manager',
    'editor',
    'owner',
    'support',
    'audience_manager',
  ],
  'resources-deals': ['supervisor', 'admin', 'account_manager', 'editor', 'owner', 'support'],
  'resources-geolists': ['supervisor', 'admin', 'account_manager', 'editor', 'owner', 'support'],
  'resources-publishers': ['supervisor', 'admin', 'account_manager', 'editor', 'owner', 'support'],
  legacy: ['admin', 'account_manager', 'support', 'supervisor'],
  simulate: ['admin', 'account_manager', 'owner', 'supervisor'],
  invoicing: ['owner', 'support'],
} as const satisfies Record<AccessResource, readonly UserRole[]>;

/** Resources a partner organization may use whatever its users' roles (spec §6). */
const PARTNER_RESOURCES = ['public', 'access', 'account', 'account-users', 'analytics'] as const;

/**
 * Resources allowed per organization role (spec §6). Reading of the spec:
 * - both partner roles are "limited to access, account and analytics"; `account` includes its users
 *   section (`account-users`) and `public` is open to all anyway;
 * - "data-partner is excluded from deals, geolists and publishers" only makes sense if it keeps the
 *   rest of resources, so data-partner also gets `resources` and `resources-audiences`;
 * - other-partner "is also excluded from resources": none of the resources sections;
 * - regular and customized "may use everything except the access-only pages": the access pages are
 *   public and need no session, so in practice they may use every resource.
 */
export const ORGANIZATION_ROLE_RESOURCES = {
  regular: ACCESS_RESOURCES,
  customized: ACCESS_RESOURCES,
  'data-partner': [...PARTNER_RESOURCES, 'resources', 'resources-audiences'],
  'other-partner': PARTNER_RESOURCES,
} as const satisfies Record<OrganizationRole, readonly AccessResource[]>;

export type AccessOptions = {
  /** The test environment allows everything (spec §6). */
  isTestEnvironment?: boolean;
};

const hasRole = (roles: readonly UserRole[], role: UserRole): boolean => roles.includes(role);

const isUserRoleAllowed = (resource: AccessResource, userRole: UserRole): boolean => {
  const allowed: readonly UserRole[] = USER_ROLE_PERMISSIONS[resource];
  // A supervisor is treated as an admin: allowed wherever an admin is, besides its own entries.
  return hasRole(allowed, userRole) || (userRole === 'supervisor' && hasRole(allowed, 'admin'));
};

const isOrganizationRoleAllowed = (resource: AccessResource, organizationRole: OrganizationRole): boolean => {
  const allowed: readonly AccessResource[] = ORGANIZATION_ROLE_RESOURCES[organizationRole];
  return allowed.includes(resource);
};

/** Whether a user may use a resource: both its user role and its organization's role must be allowed. */
export const canAccess = (
  resource: AccessResource,
  userRole: UserRole,
  organizationRole: OrganizationRole,
  options: AccessOptions = {},
): boolean => {
  if (options.isTestEnvironment === true || resource === 'public') return true;
  return isUserRoleAllowed(resource, userRole) && isOrganizationRoleAllowed(resource, organizationRole);
};

const EDIT_ROLES = ['admin', 'account_manager', 'owner', 'editor', 'support', 'supervisor'] as const;
const DEMO_ROLES = ['supervisor', 'admin', 'account_manager', 'support', 'owner'] as const;
const INTERNAL_ROLES = ['supervisor', 'admin', 'account_manager'] as const;
const ADMIN_ROLES = ['supervisor', 'admin'] as const;
const BALANCE_ROLES = ['owner', 'support'] as const;
/** Invoicing of the platform operator's own organization is done by its internal staff. */
const OPERATOR_INVOICING_ROLES = INTERNAL_ROLES;

export const canEdit = (role: UserRole): boolean => hasRole(EDIT_ROLES, role);

/**
 * A manager role edits the resource its name and its §6 access row give it, and nothing else (decision 038):
 * the creative manager creatives, the audience manager audiences and location audiences.
 */
export const canEditCreatives = (role: UserRole): boolean => canEdit(role) || role === 'creative_manager';
export const canEditAudiences = (role: UserRole): boolean => canEdit(role) || role === 'audience_manager';

export const canUseDemo = (role: UserRole): boolean => hasRole(DEMO_ROLES, role);

export const isInternal = (role: UserRole): boolean => hasRole(INTERNAL_ROLES, role);

export const isAdmin = (role: UserRole): boolean => hasRole(ADMIN_ROLES, role);

/**
 * The learnt goal rates on a campaign's internal tab (docs/decisions/051): the tab's §6 `internal campaign` area,
 * and the internal staff only (§6 "Internal": supervisor, admin, account manager), so not support.
 */
export const canSeeGoalRates = (role: UserRole, organizationRole: OrganizationRole): boolean =>
  canAccess('internal-campaign', role, organizationRole) && isInternal(role);

/**
 * The bidder's exchanges (back office, docs/engine.md): the operator's internal staff manage them, as they manage
 * organizations' internal fields (decision 010). The server also requires the operator's own organization.
 */
export const canManageExchanges = (role: UserRole): boolean => isInternal(role);

/**
 * Platform bidding (spec §4 "Stop bidding") stops every bid of every organization: admins only, as an
 * organization's state is (decision 010).
 */
export const canSwitchBidding = (role: UserRole): boolean => isAdmin(role);

export type SimulationContext = {
  /** Role of the current session (the simulated one while simulating). */
  role: UserRole;
  /** Role of the real, signed-in user while simulating; null outside a simulation. */
  realRole: UserRole | null;
  isSimulating: boolean;
};

/**
 * Whether simulation is offered. An advertiser is judged on its own session, everyone else on the
 * real one, so a simulated owner whose real user is support is not offered another simulation.
 * Outside a simulation `realRole` is null and the own role is the real one, hence `isSimulating`
 * does not change the outcome.
 */
export const canSimulate = ({ role, realRole }: SimulationContext): boolean => {
  const checkedRole = role === 'advertiser' ? role : (realRole ?? role);
  return hasRole(USER_ROLE_PERMISSIONS.simulate, checkedRole);
};

export const canViewBalance = (role: UserRole): boolean => hasRole(BALANCE_ROLES, role);

export const canEditBalance = (role: UserRole): boolean => hasRole(BALANCE_ROLES, role);

export type InvoicingContext = {
  /** The organization being invoiced is the platform operator's own (OPERATOR_ORG_ID, docs/architecture.md). */
  isOperatorOrganization: boolean;
};

export const canInvoice = (role: UserRole, { isOperatorOrganization }: InvoicingContext): boolean =>
  hasRole(isOperatorOrganization ? OPERATOR_INVOICING_ROLES : USER_ROLE_PERMISSIONS.invoicing, role);
