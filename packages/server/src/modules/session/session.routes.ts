import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { hostOf, originOf } from '../../lib/request-origin';
import { bearerToken } from '../../plugins/access';
import { ZLoginRequest, ZMessage, ZSession, ZSessionUsersQuery, ZSimulatableUser } from './session.schemas';
import {
  buildSessionView,
  listUsersToSimulate,
  loginWithPassword,
  logout,
  startSimulation,
} from './session.service';

export const sessionRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.post('/login', {
    config: { access: 'public', allowInDemo: true },
    schema: {
      summary:
        'Log in with username and password, or exchange a simulation grant (token) for a simulated session',
      tags: ['session'],
      body: ZLoginRequest,
      response: { 200: ZSession },
    },
    handler: async (request) => {
      const origin = originOf(request);
      const { token, username = '', password = '' } = request.body;
      if (token !== undefined) return startSimulation(deps, request.principal, token, origin);
      return loginWithPassword(deps, { username, password }, origin, hostOf(request));
    },
  });

  app.post('/logout', {
    config: { access: 'access', allowPasswordChangeSession: true, allowInDemo: true },
    schema: {
      summary: 'Revoke the current session (and simulations started from it)',
      tags: ['session'],
      response: { 200: ZMessage },
    },
    handler: async (request) => {
      if (request.principal) await logout(deps, request.principal);
      return { message: 'Logged out' };
    },
  });

  app.get('/session', {
    config: { access: 'access' },
    schema: { summary: 'The current session', tags: ['session'], response: { 200: ZSession } },
    handler: async (request) => {
      const token = bearerToken(request);
      if (!token || !request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
      return buildSessionView(deps, token, request.principal);
    },
  });

  app.get('/session/users', {
    config: { access: 'simulate' },
    schema: {
      summary: 'Users the caller may simulate, each with a short-lived single-use grant',
      tags: ['session'],
      querystring: ZSessionUsersQuery,
      response: { 200: ZSimulatableUser.array() },
    },
    handler: async (request) => {
      if (!request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
      return listUsersToSimulate(deps, request.principal, request.query.search, request.query.limit);
    },
  });
};
