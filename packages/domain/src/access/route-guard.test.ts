import { describe, expect, it } from 'vitest';
import type { OrganizationRole, UserRole } from '../dictionary/roles';
import { ORGANIZATION_ROLES, USER_ROLES } from '../dictionary/roles';
import { canAccess } from './permissions';
import type { AccessResource } from './resources';
import { DEFAULT_LANDING_ROUTE, fallbackRoute, isPublicPath, resourceForPath } from './route-guard';

/** Every route of spec §2's route table, with the resource that guards it. */
const ROUTES: [string, AccessResource][] = [
  ['/', 'public'],
  ['', 'public'],
  ['/404', 'public'],
  ['/campaigns', 'campaigns'],
  ['/campaign/42', 'campaign'],
  ['/campaign/42/properties', 'campaign'],
  ['/campaign/42/targeting', 'campaign'],
  ['/campaign/42/strategies', 'campaign'],
  ['/campaign/42/creatives', 'campaign'],
  ['/campaign/42/internal', 'internal-campaign'],
  ['/analytics', 'analytics'],
  ['/analytics/reports', 'analytics'],
  ['/analytics/templates', 'analytics'],
  ['/analytics/template/7', 'analytics'],
  ['/backoffice', 'backoffice'],
  ['/backoffice/campaigns', 'backoffice'],
  ['/backoffice/organizations', 'backoffice'],
  ['/backoffice/creatives', 'backoffice'],
  ['/backoffice/notifications', 'backoffice'],
  ['/backoffice/domains', 'backoffice'],
  ['/backoffice/tickets', 'backoffice-tickets'],
  ['/creative', 'creative'],
  ['/creatives', 'creatives'],
  ['/creative/9', 'creative'],
  ['/dashboard', 'dashboard'],
  ['/discovery', 'discovery'],
  ['/discovery/traffic', 'discovery'],
  ['/discovery/dooh', 'discovery'],
  ['/access/login', 'access'],
  ['/access/login?error=Session%20expired', 'access'],
  ['/access/expired', 'access'],
  ['/access/remember', 'access'],
  ['/access/reset', 'access'],
  ['/access/sent?email=ana@example.com', 'access'],
  ['/access/signup', 'access'],
  ['/resources', 'resources'],
  ['/resources?page=2', 'resources'],
  ['/resources/audiences', 'resources-audiences'],
  ['/resources/audiences?name=sport', 'resources-audiences'],
  ['/resources/deals', 'resources-deals'],
  ['/resources/deals?status=active', 'resources-deals'],
  ['/resources/geolists', 'resources-geolists'],
  ['/resources/publisher-lists', 'resources-publishers'],
  ['/resources/audience/5', 'resources-audiences'],
  ['/resources/location-audience/5', 'resources-audiences'],
  ['/resources/geolist/5', 'resources-geolists'],
  ['/resources/publisher/5', 'resources-publishers'],
  ['/account/billing', 'account'],
  ['/account/profile', 'account'],
  ['/account/users', 'account-users'],
  ['/legacy', 'legacy'],
  ['/legacy/home', 'legacy'],
  ['/legacy/analytics/dashboard', 'legacy'],
  ['/legacy/analytics/daystats', 'legacy'],
  ['/legacy/analytics/availability', 'legacy'],
  ['/legacy/analytics/publishers', 'legacy'],
  ['/legacy/analytics/templates', 'legacy'],
  ['/legacy/audiences', 'legacy'],
  ['/legacy/campaigns', 'legacy'],
  ['/legacy/creatives/banner', 'legacy'],
  ['/legacy/deals', 'legacy'],
  ['/legacy/external-campaigns', 'legacy'],
  ['/legacy/geolists', 'legacy'],
  ['/legacy/insights', 'legacy'],
  ['/legacy/login', 'legacy'],
  ['/legacy/signup', 'legacy'],
  ['/legacy/organizations', 'legacy'],
  ['/legacy/organization/3/general', 'legacy'],
  ['/legacy/publishers', 'legacy'],
  ['/legacy/tracking-events', 'legacy'],
  ['/legacy/profile/general', 'legacy'],
  ['/legacy/backoffice/tickets', 'legacy'],
];

describe('resourceForPath', () => {
  it.each(ROUTES)('%s → %s', (pathname, resource) => {
    expect(resourceForPath(pathname)).toBe(resource);
  });

  it.each([
    ['/campaigns/', 'campaigns'],
    ['/account/users/', 'account-users'],
    ['/resources/deals/?status=active', 'resources-deals'],
    ['/campaign/42/internal/', 'internal-campaign'],
    ['/backoffice/tickets#top', 'backoffice-tickets'],
  ] satisfies [string, AccessResource][])(
    'ignores trailing slashes, query and hash: %s → %s',
    (pathname, resource) => {
      expect(resourceForPath(pathname)).toBe(resource);
    },
  );

  it.each(['/unknown', '/settings/profile', '/Campaigns', '/accessibility'])(
    'treats the unknown segment of %s as public (the router shows /404)',
    (pathname) => {
      expect(resourceForPath(pathname)).toBe('public');
    },
  );

  it('keeps an unknown resources section under the resources resource', () => {
    expect(resourceForPath('/resources/unknown')).toBe('resources');
  });
});

describe('isPublicPath', () => {
  it.each(['/access/login', '/access/sent?email=ana@example.com', '/access', '/access/'])(
    '%s is public',
    (path) => {
      expect(isPublicPath(path)).toBe(true);
    },
  );

  it.each(['/', '', '/404', '/campaigns', '/accessibility', '/account/profile', '/legacy/login'])(
    '%s needs a session',
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );
});

/** Spec §2: role-based redirect of an unauthorized user, user-role rules before the organization role. */
const expectedFallback = (userRole: UserRole, organizationRole: OrganizationRole): string => {
  if (userRole === 'adexchange' || userRole === 'advertiser') return '/analytics/reports';
  if (userRole === 'audience_manager') return '/resources/audiences';
  if (userRole === 'creative_manager') return '/creatives';
  if (organizationRole === 'other-partner' || organizationRole === 'data-partner')
    return '/analytics/reports';
  return '/campaigns';
};

const everyUser = USER_ROLES.flatMap((userRole) =>
  ORGANIZATION_ROLES.map((organizationRole) => ({ userRole, organizationRole })),
);

describe('fallbackRoute', () => {
  it.each(everyUser)('$userRole in a $organizationRole organization', ({ userRole, organizationRole }) => {
    expect(fallbackRoute(userRole, organizationRole)).toBe(expectedFallback(userRole, organizationRole));
  });

  it('lands on /campaigns by default', () => {
    expect(DEFAULT_LANDING_ROUTE).toBe('/campaigns');
    expect(fallbackRoute('owner', 'regular')).toBe(DEFAULT_LANDING_ROUTE);
  });

  it('prefers the user role: an audience manager of a data partner goes to its audiences', () => {
    expect(fallbackRoute('audience_manager', 'data-partner')).toBe('/resources/audiences');
  });

  /*
   * §6 leaves these users no accessible fallback: audience and creative managers may not use analytics,
   * a creative manager's creatives are closed to both partner roles, and other-partner is excluded from
   * resources. Whatever the precedence, their fallback is refused; the console guard must not loop.
   */
  const INACCESSIBLE_FALLBACKS = new Set([
    'audience_manager@other-partner',
    'creative_manager@data-partner',
    'creative_manager@other-partner',
  ]);

  it.each(everyUser)(
    'the fallback of $userRole in a $organizationRole organization is accessible unless §6 forbids it',
    ({ userRole, organizationRole }) => {
      const resource = resourceForPath(fallbackRoute(userRole, organizationRole));
      expect(resource).not.toBe('public');
      expect(canAccess(resource, userRole, organizationRole)).toBe(
        !INACCESSIBLE_FALLBACKS.has(`${userRole}@${organizationRole}`),
      );
    },
  );
});
