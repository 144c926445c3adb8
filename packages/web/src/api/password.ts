/** PUT /password (§7 password update: organizationId, userId, password), also the way out of an expired password. */
import { api } from './client';
import type { Session } from './session';

export type ChangePasswordRequest = {
  readonly organizationId: number;
  readonly userId: number;
  readonly currentPassword: string;
  readonly password: string;
};

/**
 * Returns a fresh session: every other session of the user ends. `token` is the restricted token of an
 * expired password; without it the session's own is sent.
 */
export const changePassword = (request: ChangePasswordRequest, token?: string): Promise<Session> =>
  api<Session>('/password', {
    method: 'PUT',
    body: request,
    ...(token === undefined ? {} : { token, handleAuthErrors: false }),
  });
