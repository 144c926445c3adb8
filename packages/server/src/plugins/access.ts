import { canAccess, canUseDemo } from '@beacon/domain/access/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Deps, RouteAccess } from '../app-types';
import { AppError } from '../lib/app-error';
import { resolvePrincipal } from '../modules/session/session.service';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

/** `?name=` of a route that declares `allowQueryToken` (a download opened in a new tab sends no headers). */
const queryCredential = (request: FastifyRequest, name: 'token' | 'demo'): string | null => {
  if (!request.routeOptions.config?.allowQueryToken) return null;
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The bearer of the Authorization header, or the query token where the route allows one. */
const requestToken = (request: FastifyRequest): string | null =>
  bearerToken(request) ?? queryCredential(request, 'token');

export type RegisteredRoute = { method: string; url: string; access: RouteAccess | undefined };

/**
 * Authentication and §6 authorisation for every route. Each route declares `config.access` (a resource, or
 * `public`); registering an /api route without one fails at start-up, and the route list is kept for the
 * coverage test.
 */
export const registerAccessControl = (app: FastifyInstance, deps: Deps, routes: RegisteredRoute[]): void => {
  app.decorateRequest('principal', null);
  app.decorateRequest('isDemo', false);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, access });
    if (route.url.startsWith('/api') && !access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access resource (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    // The engine's routes are public and never use a session (app.ts).
    if (request.isEngineRoute) return;
    const token = requestToken(request);
    request.principal = token ? await resolvePrincipal(deps, token) : null;
    const demo = request.headers['x-demo'] ?? queryCredential(request, 'demo');
    request.isDemo = demo === '1' && request.principal !== null && canUseDemo(request.principal.role);
  });

  // Before validation: a caller without a session, or without the right, learns nothing about the schema.
  app.addHook('preValidation', async (request) => {
    if (request.isEngineRoute) return;
    const config = request.routeOptions.config;
    const access = config.access;
    if (!access || access === 'public') return;
    const principal = request.principal;
    if (!principal) {
      throw new AppError(requestToken(request) ? 'SESSION_EXPIRED' : 'AUTHENTICATION_REQUIRED');
    }
    if (principal.purpose === 'password_change' && !config.allowPasswordChangeSession) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    if (!canAccess(access, principal.role, principal.organizationRole)) throw new AppError('FORBIDDEN');
    if (request.isDemo && !READ_METHODS.has(request.method) && !config.allowInDemo)
      throw new AppError('DEMO_READ_ONLY');
  });
};
