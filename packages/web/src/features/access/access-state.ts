/** Router state passed between the access pages: the restricted token of an expired password, a notice for login. */

/** What the login page hands to /access/expired: the restricted token and whose it is. */
export type ExpiredPasswordState = {
  readonly token: string | null;
  readonly userId: number | null;
  readonly organizationId: number | null;
  readonly username: string;
  readonly from?: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Reads the router state back; a reload or a typed URL has none. */
export const readExpiredPasswordState = (state: unknown): ExpiredPasswordState | null => {
  if (!isRecord(state) || typeof state.token !== 'string' || state.token === '') return null;
  return {
    token: state.token,
    userId: numberOrNull(state.userId),
    organizationId: numberOrNull(state.organizationId),
    username: typeof state.username === 'string' ? state.username : '',
    ...(typeof state.from === 'string' ? { from: state.from } : {}),
  };
};

/** Router state of the login page after a password reset: a message to confirm it. */
export type LoginNoticeState = { readonly notice: string };

export const readLoginNotice = (state: unknown): string | null =>
  isRecord(state) && typeof state.notice === 'string' && state.notice !== '' ? state.notice : null;
