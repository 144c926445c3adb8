import type { OrganizationRole, UserRole } from '../dictionary/roles';
import type { AccessResource } from './resources';

/** Where a user lands after login (spec §2). */
export const DEFAULT_LANDING_ROUTE = '/campaigns';

/** Path segments without query string, hash, empty segments or trailing slash. */
const pathSegments = (pathname: string): string[] => {
  const [path = ''] = pathname.split(/[?#]/, 1);
  return path.split('/').filter((segment) => segment !== '');
};

const resourcesSectionResource = (section: string | undefined): AccessResource => {
  switch (section) {
    case 'audiences':
    case 'audience':
    case 'location-audience':
      return 'resources-audiences';
    case 'deals':
      return 'resources-deals';
    case 'geolists':
    case 'geolist':
      return 'resources-geolists';
    case 'publisher-lists':
    case 'publisher':
      return 'resources-publishers';
    default:
      return 'resources';
  }
};

/**
 * The access resource guarding a console path (spec §2 route table, §6 resources). The first segment
 * selects it, refined for the account users, back-office tickets, internal campaign tab and resources
 * sections. An unknown segment is 'public': the router shows /404 for it.
 */
export const resourceForPath = (pathname: string): AccessResource => {
  const [first = '', second, third] = pathSegments(pathname);
  switch (first) {
    case 'access':
    case 'analytics':
    case 'creative':
    case 'creatives':
    case 'campaigns':
    case 'dashboard':
    case 'discovery':
    case 'legacy':
      return first;
    case 'account':
      return second === 'users' ? 'account-users' : 'account';
    case 'backoffice':
      return second === 'tickets' ? 'backoffice-tickets' : 'backoffice';
    case 'campaign':
      return third === 'internal' ? 'internal-campaign' : 'campaign';
    case 'resources':
      return resourcesSectionResource(second);
    default:
      return 'public';
  }
};

/** Paths under /access need no session (spec §2). */
export const isPublicPath = (pathname: string): boolean => pathSegments(pathname)[0] === 'access';

/**
 * Where an unauthorized user (or one leaving a simulation) is sent (spec §2). User-role rules win
 * over the organization role: that way an audience manager of a data-partner organization lands on
 * the audiences it may use instead of analytics, which its role may not.
 */
export const fallbackRoute = (userRole: UserRole, organizationRole: OrganizationRole): string => {
  switch (userRole) {
    case 'adexchange':
    case 'advertiser':
      return '/analytics/reports';
    case 'audience_manager':
      return '/resources/audiences';
    case 'creative_manager':
      return '/creatives';
    default:
      return organizationRole === 'other-partner' || organizationRole === 'data-partner'
        ? '/analytics/reports'
        : DEFAULT_LANDING_ROUTE;
  }
};
