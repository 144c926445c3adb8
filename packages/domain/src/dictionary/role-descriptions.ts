/**
 * What each user role can do, for the invite dialogs of /account/users (one per role). The summary is written
 * from the §6 table; the list of sections is computed from that same table (access/permissions), so the two
 * cannot drift apart silently (a unit test reads both).
 */
import { canEdit, USER_ROLE_PERMISSIONS } from '../access/permissions';
import type { AccessResource } from '../access/resources';
import type { UserRole } from './roles';

export const ROLE_DESCRIPTIONS = {
  supervisor:
    'Operator staff with every permission of a controller. The only role that can appoint other supervisors.',
  admin:
    "Operator staff (Controller): the back office, every customer's campaigns, creatives, resources and analytics, users of any organization, internal campaigns, demo mode and simulation.",
  account_manager:
    'Operator staff who look after customer accounts: the back office, campaigns, creatives, resources, analytics, users, internal campaigns, demo mode and simulation.',
  support:
    'Operator staff who help customers: campaigns, creatives, resources, analytics, users, internal campaigns, invoicing and balance, and demo mode. No back office.',
  owner:
    'Runs the organization: dashboard, discovery, campaigns, creatives, resources, analytics, users, invoicing and balance, demo mode and simulation of its users.',
  editor:
    'Creates and edits campaigns, creatives and resources (audiences, deals, geolists, publisher lists); sees the dashboard, discovery and analytics. Cannot manage users or invoicing.',
  viewer:
    'Read only: the dashboard, discovery, campaigns, single creatives and analytics. Cannot change anything.',
  advertiser:
    'Sees the analytics of the advertisers it is given (or of all of them). No campaigns, creatives or resources.',
  adexchange: 'Sees analytics only, for the exchange side. No campaigns, creatives or resources.',
  audience_manager:
    'Works with the audiences in Resources. No campaigns, creatives, analytics or other resources.',
  creative_manager:
    'Works with creatives: the creative library and each creative. No campaigns, analytics, audiences, deals, geolists or publisher lists.',
} as const satisfies Record<UserRole, string>;

/** The sections a role can open, as the console names them, in menu order. */
export const ROLE_SECTIONS = [
  { resource: 'dashboard', label: 'Dashboard' },
  { resource: 'discovery', label: 'Discovery' },
  { resource: 'campaigns', label: 'Campaigns' },
  { resource: 'creatives', label: 'Creative library' },
  { resource: 'creative', label: 'Single creatives' },
  { resource: 'resources-audiences', label: 'Audiences' },
  { resource: 'resources-deals', label: 'Deals' },
  { resource: 'resources-geolists', label: 'Geolists' },
  { resource: 'resources-publishers', label: 'Publisher lists' },
  { resource: 'analytics', label: 'Analytics' },
  { resource: 'account-users', label: 'Users' },
  { resource: 'invoicing', label: 'Invoicing' },
  { resource: 'internal-campaign', label: 'Internal campaigns' },
  { resource: 'backoffice', label: 'Back office' },
  { resource: 'simulate', label: 'Simulation' },
] as const satisfies readonly { resource: AccessResource; label: string }[];

/** The labels of the sections a role may open by its user role (its organization's role may narrow them). */
export const roleSections = (role: UserRole): string[] =>
  ROLE_SECTIONS.filter(({ resource }) => {
    const allowed: readonly UserRole[] = USER_ROLE_PERMISSIONS[resource];
    return allowed.includes(role) || (role === 'supervisor' && allowed.includes('admin'));
  }).map(({ label }) => label);

export type RoleDescription = { role: UserRole; summary: string; sections: string[]; canEdit: boolean };

/** Everything an invite dialog shows about a role. */
export const describeRole = (role: UserRole): RoleDescription => ({
  role,
  summary: ROLE_DESCRIPTIONS[role],
  sections: roleSections(role),
  canEdit: canEdit(role),
});
