/** Analytics and discovery enumerations (spec §3, §4). */

/** Saved templates: dashboard ones belong to reports, availability ones to discovery. */
export const TEMPLATE_TYPES = ['dashboard', 'availability'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS = {
  dashboard: 'Dashboard',
  availability: 'Availability',
} as const satisfies Record<TemplateType, string>;

/** Why a dashboard has no data; each state shows its own message (§4). Spelled as the spec does. */
export const DASHBOARD_NO_DATA_STATES = [
  'DEFAULT',
  'FINISHED',
  'NOT_STARTED_ACTIVE',
  'NOT_STARTED_INACTIVE',
  'NOT_TRAFFIC',
] as const;
export type DashboardNoDataState = (typeof DASHBOARD_NO_DATA_STATES)[number];
export const DASHBOARD_NO_DATA_STATE_LABELS = {
  DEFAULT: 'No data yet',
  FINISHED: 'The campaign has finished',
  NOT_STARTED_ACTIVE: 'The campaign has not started yet',
  NOT_STARTED_INACTIVE: 'The campaign is not active',
  NOT_TRAFFIC: 'No traffic for this campaign',
} as const satisfies Record<DashboardNoDataState, string>;
