import { api } from '../../../api/client';

export type ResetPasswordRequest = {
  readonly token: string;
  readonly password: string;
  readonly confirmation: string;
};

/** POST /password/reset with the emailed token; every session of the user ends. */
export const resetPassword = (request: ResetPasswordRequest): Promise<{ message: string }> =>
  api<{ message: string }>('/password/reset', { method: 'POST', body: request, token: null });
