import { api } from '../../../api/client';

export type ResetPasswordRequest = {
  readonly token: string;
  readonly password: string;
  readonly confirmation: string;
};

/** POST /password/reset with the emailed token; every session of the user ends. */
export const resetPassword = (request: ResetPasswordRequest): Promise<{ message: string }> =>
  api<{ message: string }>('/password/reset', { method: 'POST', body: request, token: null });

/** POST /password/reset/check: whether the emailed link can still be used; 400 when it cannot. */
export const checkResetLink = (token: string, signal?: AbortSignal): Promise<{ expires_at: string }> =>
  api<{ expires_at: string }>('/password/reset/check', {
    method: 'POST',
    body: { token },
    token: null,
    signal,
  });
