import { api } from '../../../api/client';

/** POST /password/forgot: the server answers the same whether or not the address has an account. */
export const requestPasswordReset = (email: string): Promise<{ message: string }> =>
  api<{ message: string }>('/password/forgot', { method: 'POST', body: { email }, token: null });
