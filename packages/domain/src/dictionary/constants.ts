/** Business constants and limits of spec §9. Every other package imports them from here. */

/** Grid page size, and the smaller one of invoicing grids. */
export const GRID_PAGE_SIZE = 32;
export const INVOICING_PAGE_SIZE = 10;
/** Filters count pages from 1; the navigation state of a grid counts from 0. */
export const DEFAULT_FILTER_PAGE = 1;
export const NAVIGATION_FIRST_PAGE = 0;
/** The largest page a list call may ask for (`limit`), and the longest search or filter text it takes. */
export const MAX_LIST_LIMIT = 200;
export const MAX_LIST_SEARCH_LENGTH = 200;
export const TOOLTIP_DELAY_MS = 500;
export const BACKOFFICE_TABLE_HEIGHT = { large: 850, medium: 600 } as const;
export const SIMULATION_RETURN_DELAY_MS = 100;
export const MAX_VISIBLE_SNACKBARS = 3;
/** No request timeout: 0 means none. */
export const REQUEST_TIMEOUT_MS = 0;
export const CLIENT_VERSION = '1.8.103';
export const LINK_PREFETCH_MARGIN_PX = 200;

/** Campaign minimums (in the campaign's currency units). */
export const MIN_DAILY_BUDGET = 10;
export const MIN_DAILY_IMPRESSIONS = 1000;
export const MIN_DAILY_CLICKS = 10;
export const MIN_CPC = 0.001;
export const MIN_CPC_TARGET = 0.001;
export const MAX_CAMPAIGN_COUNTRIES = 5;

export const LOCATION_AUDIENCE_MIN_USERS = 10_000;
export const GEOLIST_DEFAULT_RADIUS = 250;
/** Minimum prepayment top-up in the default currency, before the multiplier and exchange rate of §9. */
export const MIN_PREPAYMENT = 250;

export const PASSWORD_MIN_LENGTH = 8;
/** Username lengths: not fixed by the spec; generous enough for an email address used as a username. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
export const DATE_DISPLAY_FORMAT = 'YYYY-MM-DD';
export const TIME_DISPLAY_FORMAT = 'HH:mm';

/** Audience identifiers are removed this many months after being added (§4). */
export const AUDIENCE_IDENTIFIER_RETENTION_MONTHS = 6;
/** An audience's user count updates about this long after an upload (§4). */
export const AUDIENCE_COUNT_DELAY_MINUTES = 60;

export const DASHBOARD_TOP_LIST_SIZE = 5;

/** Theme breakpoints in px (§9). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440, xxl: 1920 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Layout sizes of §2. */
export const APP_BAR_HEIGHT = 64;
export const SIDE_MENU_WIDTH = 240;
export const SIDE_MENU_SHORT_WIDTH = 70;
