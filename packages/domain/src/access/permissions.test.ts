import { describe, expect, it } from 'vitest';
import type { OrganizationRole, UserRole } from '../dictionary/roles';
import { ORGANIZATION_ROLES, USER_ROLES } from '../dictionary/roles';
import type { SimulationContext } from './permissions';
import {
  canAccess,
  canEdit,
  canEditBalance,
  canInvoice,
  canSeeGoalRates,
  canSimulate,
  canUseDemo,
  canViewBalance,
  isAdmin,
  isInternal,
} from './permissions';
import type { AccessResource } from './resources';
import { ACCESS_RESOURCES } from './resources';

/*
 * The expectations below are transcribed from spec §6 independently of `USER_ROLE_PERMISSIONS`,
 * keeping the spec's own "all except …" wording, so a slip in either one shows up as a failure.
 */
const ALL: readonly UserRole[] = [
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
];

const allExcept = (...excluded: UserRole[]): readonly UserRole[] =>
  ALL.filter((role) => !excluded.includes(role));

const SPEC_USER_ROLES: Record<AccessResource, readonly UserRole[]> = {
  // "The public resource is open to all."
  public: ALL,
  backoffice: ['admin', 'account_manager', 'supervisor'],
  'backoffice-tickets': ['admin', 'account_manager', 'supervisor'],
  // "single-page app"
  legacy: ['admin', 'account_manager', 'support', 'supervisor'],
  'account-users': ['owner', 'account_manager', 'admin', 'support', 'supervisor'],
  analytics: allExcept('audience_manager', 'creative_manager'),
  campaign: allExcept('advertiser', 'adexchange', 'audience_manager', 'creative_manager'),
  campaigns: allExcept('advertiser', 'adexchange', 'audience_manager', 'creative_manager'),
  creative: allExcept('advertiser', 'adexchange', 'audience_manager'),
  creatives: allExcept('advertiser', 'adexchange', 'audience_manager', 'viewer'),
  dashboard: ['admin', 'account_manager', 'support', 'owner', 'editor', 'viewer', 'supervisor'],
  discovery: ['admin', 'account_manager', 'support', 'owner', 'editor', 'viewer', 'supervisor'],
  'internal-campaign': ['admin', 'account_manager', 'support', 'supervisor'],
  resources: allExcept('advertiser', 'adexchange', 'viewer'),
  'resources-audiences': allExcept('advertiser', 'adexchange', 'creative_manager', 'viewer'),
  'resources-deals': allExcept('advertiser', 'adexchange', 'viewer', 'audience_manager', 'creative_manager'),
  'resources-geolists': allExcept(
    'advertiser',
    'adexchange',
    'viewer',
    'audience_manager',
    'creative_manager',
  ),
  'resources-publishers': allExcept(
    'advertiser',
    'adexchange',
    'viewer',
    'audience_manager',
    'creative_manager',
  ),
  access: ALL,
  account: ALL,
  simulate: ['admin', 'account_manager', 'owner', 'supervisor'],
  invoicing: ['owner', 'support'],
};

/*
 * Organization roles: partners are "limited to access, account and analytics" (account includes its
 * users section); other-partner is "also excluded from resources"; data-partner "is excluded from
 * deals, geolists and publishers", so it keeps resources and audiences. Other roles use everything.
 */
const SPEC_PARTNER_RESOURCES: Record<'data-partner' | 'other-partner', readonly AccessResource[]> = {
  'data-partner': ['access', 'account', 'account-users', 'analytics', 'resources', 'resources-audiences'],
  'other-partner': ['access', 'account', 'account-users', 'analytics'],
};

const specOrganizationAllows = (organizationRole: OrganizationRole, resource: AccessResource): boolean => {
  switch (organizationRole) {
    case 'regular':
    case 'customized':
      return true;
    case 'data-partner':
    case 'other-partner':
      return SPEC_PARTNER_RESOURCES[organizationRole].includes(resource);
  }
};

const specAllows = (
  resource: AccessResource,
  userRole: UserRole,
  organizationRole: OrganizationRole,
): boolean =>
  resource === 'public' ||
  (SPEC_USER_ROLES[resource].includes(userRole) && specOrganizationAllows(organizationRole, resource));

const combinations = ACCESS_RESOURCES.flatMap((resource) =>
  USER_ROLES.flatMap((userRole) =>
    ORGANIZATION_ROLES.map((organizationRole) => ({
      resource,
      userRole,
      organizationRole,
      expected: specAllows(resource, userRole, organizationRole),
    })),
  ),
);

describe('canAccess', () => {
  it('covers every resource × user role × organization role', () => {
    expect(combinations).toHaveLength(
      ACCESS_RESOURCES.length * USER_ROLES.length * ORGANIZATION_ROLES.length,
    );
  });

  it.each(combinations)(
    '$resource for $userRole in a $organizationRole organization → $expected',
    ({ resource, userRole, organizationRole, expected }) => {
      expect(canAccess(resource, userRole, organizationRole)).toBe(expected);
    },
  );

  it('treats a supervisor as an admin everywhere', () => {
    for (const resource of ACCESS_RESOURCES) {
      for (const organizationRole of ORGANIZATION_ROLES) {
        expect(canAccess(resource, 'supervisor', organizationRole)).toBe(
          canAccess(resource, 'admin', organizationRole),
        );
      }
    }
  });

  it('allows everything in the test environment', () => {
    for (const { resource, userRole, organizationRole } of combinations) {
      expect(canAccess(resource, userRole, organizationRole, { isTestEnvironment: true })).toBe(true);
    }
  });

  it('applies the rules when the test environment flag is off', () => {
    expect(canAccess('backoffice', 'viewer', 'regular', { isTestEnvironment: false })).toBe(false);
    expect(canAccess('backoffice', 'admin', 'regular', { isTestEnvironment: false })).toBe(true);
  });

  it('needs the organization role too: an admin of a partner organization stays out of campaigns', () => {
    expect(canAccess('campaigns', 'admin', 'other-partner')).toBe(false);
    expect(canAccess('resources-audiences', 'admin', 'data-partner')).toBe(true);
    expect(canAccess('resources-deals', 'admin', 'data-partner')).toBe(false);
  });
});

const roleCases = (allowed: readonly UserRole[]): [UserRole, boolean][] =>
  ALL.map((role) => [role, allowed.includes(role)]);

describe('role rules', () => {
  it.each(roleCases(['admin', 'account_manager', 'owner', 'editor', 'support', 'supervisor']))(
    'canEdit(%s) → %s',
    (role, expected) => {
      expect(canEdit(role)).toBe(expected);
    },
  );

  it.each(roleCases(['supervisor', 'admin', 'account_manager', 'support', 'owner']))(
    'canUseDemo(%s) → %s',
    (role, expected) => {
      expect(canUseDemo(role)).toBe(expected);
    },
  );

  it.each(roleCases(['supervisor', 'admin', 'account_manager']))('isInternal(%s) → %s', (role, expected) => {
    expect(isInternal(role)).toBe(expected);
  });

  it.each(roleCases(['supervisor', 'admin', 'account_manager']))(
    'canSeeGoalRates(%s) → %s in a regular organization, never in a partner one',
    (role, expected) => {
      expect(canSeeGoalRates(role, 'regular')).toBe(expected);
      expect(canSeeGoalRates(role, 'data-partner')).toBe(false);
    },
  );

  it.each(roleCases(['supervisor', 'admin']))('isAdmin(%s) → %s', (role, expected) => {
    expect(isAdmin(role)).toBe(expected);
  });

  it.each(roleCases(['owner', 'support']))(
    'canViewBalance(%s) and canEditBalance(%s) → %s',
    (role, expected) => {
      expect(canViewBalance(role)).toBe(expected);
      expect(canEditBalance(role)).toBe(expected);
    },
  );
});

describe('canInvoice', () => {
  it.each(roleCases(['supervisor', 'admin', 'account_manager']))(
    'for the operator organization: %s → %s',
    (role, expected) => {
      expect(canInvoice(role, { isOperatorOrganization: true })).toBe(expected);
    },
  );

  it.each(roleCases(['owner', 'support']))('for another organization: %s → %s', (role, expected) => {
    expect(canInvoice(role, { isOperatorOrganization: false })).toBe(expected);
  });
});

describe('canSimulate', () => {
  it.each(roleCases(['admin', 'account_manager', 'owner', 'supervisor']))(
    'outside a simulation judges the own role: %s → %s',
    (role, expected) => {
      expect(canSimulate({ role, realRole: null, isSimulating: false })).toBe(expected);
    },
  );

  const simulatingCases: [SimulationContext, boolean][] = [
    // Everyone but an advertiser is judged on the real session.
    [{ role: 'owner', realRole: 'support', isSimulating: true }, false],
    [{ role: 'viewer', realRole: 'admin', isSimulating: true }, true],
    [{ role: 'editor', realRole: 'supervisor', isSimulating: true }, true],
    [{ role: 'owner', realRole: 'account_manager', isSimulating: true }, true],
    [{ role: 'admin', realRole: 'support', isSimulating: true }, false],
    // An advertiser is judged on its own session, whatever the real one.
    [{ role: 'advertiser', realRole: 'admin', isSimulating: true }, false],
    [{ role: 'advertiser', realRole: 'supervisor', isSimulating: true }, false],
    [{ role: 'advertiser', realRole: null, isSimulating: false }, false],
    // Without a known real role the own one is the real one.
    [{ role: 'owner', realRole: null, isSimulating: true }, true],
    [{ role: 'support', realRole: null, isSimulating: true }, false],
  ];

  it.each(simulatingCases)('%o → %s', (context, expected) => {
    expect(canSimulate(context)).toBe(expected);
  });
});
