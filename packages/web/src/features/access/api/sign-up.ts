import { api } from '../../../api/client';
import type { Session } from '../../../api/session';

export type SignUpRequest = {
  readonly company: string;
  readonly name: string;
  readonly username: string;
  readonly email: string;
  readonly password: string;
};

/** POST /signup: creates the organization and its owner, and answers the owner's session. */
export const signUp = (request: SignUpRequest): Promise<Session> =>
  api<Session>('/signup', { method: 'POST', body: request, token: null });
