/**
 * The areas of the console that exist today. The side menu lists those the user may access, and a
 * role-based route (§2 landing, fallback) that leads to an area not built yet resolves to the home page
 * instead of a dead end. A new area adds its entry here when its pages are routed; an area reached only
 * from another one (a campaign's detail, from the campaigns grid) is routed but kept out of the menu.
 */
import { canAccess } from '@beacon/domain/access/permissions';
import type { AccessResource } from '@beacon/domain/access/resources';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

export type Area = {
  /** Root path of the area; deeper paths belong to it. */
  readonly path: string;
  readonly label: string;
  readonly icon: typeof SvgIcon;
  /** The §6 resource guarding it (the first path segment's, see resourceForPath). */
  readonly resource: AccessResource;
  readonly isAvailable: boolean;
  /** The sections built so far, when the area has sections (`/account/{section}`): others are not available. */
  readonly sections?: readonly string[];
  /** Routed but not a menu entry: reached from another area (`/campaign/{id}` from `/campaigns`). */
  readonly isHiddenFromMenu?: boolean;
  /** Other areas whose pages this menu entry stands for (the campaign detail pages for Campaigns). */
  readonly highlightedOn?: readonly string[];
  /** A menu entry only for users who may open one of these too (an area whose sections have their own rule). */
  readonly menuNeedsOneOf?: readonly AccessResource[];
};

export const HOME_PATH = '/';

export const AREAS: readonly Area[] = [
  { path: HOME_PATH, label: 'Home', icon: HomeOutlined, resource: 'public', isAvailable: true },
  {
    path: '/campaigns',
    label: 'Campaigns',
    icon: CampaignOutlined,
    resource: 'campaigns',
    isAvailable: true,
    highlightedOn: ['/campaign'],
  },
  {
    path: '/campaign',
    label: 'Campaign',
    icon: CampaignOutlined,
    resource: 'campaign',
    isAvailable: true,
    isHiddenFromMenu: true,
  },
  {
    path: '/creatives',
    label: 'Creatives',
    icon: ImageOutlined,
    resource: 'creatives',
    isAvailable: true,
    highlightedOn: ['/creative'],
  },
  {
    // The creatives of a campaign (`/creative?campaign=ID`) and a creative's detail: §6 `creative`, which a
    // viewer has without the library (`creatives`).
    path: '/creative',
    label: 'Creative',
    icon: ImageOutlined,
    resource: 'creative',
    isAvailable: true,
    isHiddenFromMenu: true,
  },
  {
    path: '/resources',
    label: 'Resources',
    icon: PlaceOutlined,
    resource: 'resources',
    isAvailable: true,
    // Sections and detail pages (features/resources/sections.tsx); 'audience' joins with the audience detail page.
    sections: [
      'audiences',
      'location-audience',
      'deals',
      'geolists',
      'geolist',
      'publisher-lists',
      'publisher',
    ],
    // §6 lets a creative manager use resources but none of their sections: no entry leading nowhere.
    menuNeedsOneOf: ['resources-audiences', 'resources-deals', 'resources-geolists', 'resources-publishers'],
  },
  {
    path: '/backoffice',
    label: 'Back office',
    icon: AdminPanelSettingsOutlined,
    resource: 'backoffice',
    isAvailable: true,
    sections: ['organizations', 'campaigns', 'creatives', 'exchanges', 'bidding', 'outbox'],
  },
  {
    path: '/account',
    label: 'Account',
    icon: ManageAccountsOutlined,
    resource: 'account',
    isAvailable: true,
    sections: ['profile', 'users'],
  },
];

const pathOf = (to: string): string => to.split(/[?#]/, 1)[0] ?? '';

const servesPath = (area: Area, path: string): boolean => {
  if (area.path === HOME_PATH) return path === HOME_PATH;
  if (path === area.path) return true;
  if (!path.startsWith(`${area.path}/`)) return false;
  const section = path.slice(area.path.length + 1).split('/', 1)[0] ?? '';
  return area.sections === undefined || area.sections.includes(section);
};

/** Whether a menu entry stands for the page at this path (its own area's or one it is highlighted on). */
export const isMenuEntryActive = (area: Area, path: string): boolean =>
  [area.path, ...(area.highlightedOn ?? [])].some((root) =>
    root === HOME_PATH ? path === HOME_PATH : path === root || path.startsWith(`${root}/`),
  );

/** Whether an available area serves this path (and, for an area with sections, one of those built). */
export const isAvailablePath = (to: string): boolean => {
  const path = pathOf(to);
  return AREAS.some((area) => area.isAvailable && servesPath(area, path));
};

/** A role-based route where the console can go: itself when its area exists, else home. */
export const reachableRoute = (to: string): string => (isAvailablePath(to) ? to : HOME_PATH);

export type AreaViewer = {
  readonly role: UserRole;
  readonly organizationRole: OrganizationRole;
  readonly isTest: boolean;
};

/** Areas that exist, belong in the menu and that a user may access (§6): the side menu's entries. */
export const visibleAreas = ({ role, organizationRole, isTest }: AreaViewer): Area[] =>
  AREAS.filter(
    (area) =>
      area.isAvailable &&
      area.isHiddenFromMenu !== true &&
      canAccess(area.resource, role, organizationRole, { isTestEnvironment: isTest }) &&
      (area.menuNeedsOneOf === undefined ||
        area.menuNeedsOneOf.some((resource) =>
          canAccess(resource, role, organizationRole, { isTestEnvironment: isTest }),
        )),
  );
