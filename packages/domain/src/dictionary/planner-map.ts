/**
 * The planner map of spec §3 and §7 (`GET /organization/{id}/planner-map`): an external planning tool the
 * console opens in a new tab, at the address the server builds from its configuration (PLANNER_MAP_URL).
 */

/** The `reason` of the 404 answered while PLANNER_MAP_URL is unset: the console then hides its button. */
export const PLANNER_MAP_NOT_CONFIGURED_REASON = 'PLANNER_MAP_NOT_CONFIGURED';
export const PLANNER_MAP_NOT_CONFIGURED_MESSAGE = 'The planner map is not configured';

/** How long the signed token in the redirect identifies the organization to the planner. */
export const PLANNER_MAP_TOKEN_SECONDS = 300;

/** The query parameters the planner receives. */
export const PLANNER_MAP_PARAMS = { organizationId: 'organization_id', token: 'token' } as const;
