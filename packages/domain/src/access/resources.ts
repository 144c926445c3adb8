/**
 * Access resources of spec §6. A path's first segment selects one (see `route-guard.ts`); `simulate`
 * and `invoicing` guard actions rather than pages. `legacy` is the spec's "single-page app" under
 * /legacy, and `resources-publishers` covers publisher lists.
 */
export const ACCESS_RESOURCES = [
  'public',
  'access',
  'account',
  'account-users',
  'analytics',
  'backoffice',
  'backoffice-tickets',
  'campaign',
  'campaigns',
  'creative',
  'creatives',
  'dashboard',
  'discovery',
  'internal-campaign',
  'resources',
  'resources-audiences',
  'resources-deals',
  'resources-geolists',
  'resources-publishers',
  'legacy',
  'simulate',
  'invoicing',
] as const;

export type AccessResource = (typeof ACCESS_RESOURCES)[number];
