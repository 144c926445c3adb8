/** User attributes of spec §3 beyond the roles (dictionary/roles.ts): states and the profile's decimal mark. */

/**
 * A user is active, inactive (kept, but cannot sign in) or deleted. Deleting is a state, not a removal: the
 * history of what the user did keeps pointing at it, and a deleted user never appears in lists again.
 */
export const USER_STATES = ['active', 'inactive', 'deleted'] as const;
export type UserState = (typeof USER_STATES)[number];

export const USER_STATE_LABELS = {
  active: 'Active',
  inactive: 'Inactive',
  deleted: 'Deleted',
} as const satisfies Record<UserState, string>;

/** The decimal mark a user reads numbers with (profile, §2); the session carries it (§3). */
export const DECIMAL_MARKS = ['.', ','] as const;
export type DecimalMark = (typeof DECIMAL_MARKS)[number];
export const DEFAULT_DECIMAL_MARK: DecimalMark = '.';

export const DECIMAL_MARK_LABELS = {
  '.': 'Point (1,234.56)',
  ',': 'Comma (1.234,56)',
} as const satisfies Record<DecimalMark, string>;

export const isDecimalMark = (value: unknown): value is DecimalMark =>
  typeof value === 'string' && (DECIMAL_MARKS as readonly string[]).includes(value);

/** Names and phones are free text; these bounds only keep them sane. */
export const USER_NAME_MAX_LENGTH = 100;
export const USER_PHONE_MAX_LENGTH = 32;
/** The most users one bulk change (PUT /v2/organization/{id}/users) may touch. */
export const MAX_BULK_USERS = 200;
/** The most advertiser organizations one user may be restricted to. */
export const MAX_USER_ADVERTISERS = 500;
