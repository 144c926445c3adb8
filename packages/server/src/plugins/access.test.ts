import { ACCESS_RESOURCES } from '@beacon/domain/access/resources';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../test/test-app';
import { registerAccessControl } from './access';

/** Authentication, §6 authorisation, demo mode and the API conventions of docs/architecture.md on every route. */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const expectErrorShape = (response: LightMyRequestResponse, statusCode: number, code: string) => {
  expect(response.statusCode).toBe(statusCode);
  const body = response.json();
  expect(body).toEqual({
    statusCode,
    error: expect.any(String),
    message: expect.any(String),
    code,
    ...(body.details ? { details: expect.any(Array) } : {}),
  });
  expect(body.message.length).toBeGreaterThan(0);
};

describe('route access declarations', () => {
  it('declares an access resource or `public` on every /api route', () => {
    const apiRoutes = ctx.app.registeredRoutes.filter((route) => route.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(0);
    const keys = apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/login', 'GET /api/session']));
    const undeclared = apiRoutes.filter((route) => route.access === undefined);
    expect(undeclared).toEqual([]);
    const allowed: readonly string[] = ACCESS_RESOURCES;
    for (const route of apiRoutes) expect(allowed).toContain(route.access);
  });

  it('refuses to start an app with an /api route that declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx.app.deps, []);
    expect(() => app.get('/api/undeclared', async () => 'oops')).toThrow(/declares no access resource/);
    await app.close();
  });
});

describe('authentication', () => {
  it('answers 401 AUTHENTICATION_REQUIRED on a protected route without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/session' });
    expectErrorShape(response, 401, 'AUTHENTICATION_REQUIRED');
    expect(response.json().message).toBe('Authentication required');
  });

  it('answers 401 with an unknown token or a malformed Authorization header', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer('not-a-real-token'),
    });
    expectErrorShape(unknown, 401, 'SESSION_EXPIRED');
    const basic = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: 'Basic abc' },
    });
    expectErrorShape(basic, 401, 'AUTHENTICATION_REQUIRED');
  });

  it('answers 401 before looking at the request, so an anonymous caller learns nothing about the schema', async () => {
    const query = await ctx.app.inject({ method: 'GET', url: '/api/dictionary/cities?colour=blue' });
    expectErrorShape(query, 401, 'AUTHENTICATION_REQUIRED');
    const body = await ctx.app.inject({ method: 'PUT', url: '/api/password', payload: { unexpected: true } });
    expectErrorShape(body, 401, 'AUTHENTICATION_REQUIRED');
  });

  it('lets public routes through without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});

describe('authorisation (§6)', () => {
  it.each(['viewer', 'advertiser', 'editor'])(
    'forbids %s the simulate resource (GET /api/session/users)',
    async (username) => {
      const token = await loginAs(ctx.app, username);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/session/users',
        headers: bearer(token),
      });
      expectErrorShape(response, 403, 'FORBIDDEN');
    },
  );

  it('forbids an owner of a data-partner organization the simulate resource (organization role counts too)', async () => {
    const token = await loginAs(ctx.app, 'data_partner');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/users',
      headers: bearer(token),
    });
    expectErrorShape(response, 403, 'FORBIDDEN');
  });

  it('answers 403 before validating the request of a caller without the right', async () => {
    const token = await loginAs(ctx.app, 'viewer');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/users?limit=nope&bogus=1',
      headers: bearer(token),
    });
    expectErrorShape(response, 403, 'FORBIDDEN');
  });

  it('allows an owner of a regular organization the same resource', async () => {
    const token = await loginAs(ctx.app, 'owner');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/users',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('demo mode (x-demo: 1)', () => {
  const changePassword = async (username: string, currentPassword: string) => {
    const token = await loginAs(ctx.app, username);
    const session = (
      await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })
    ).json();
    return ctx.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: { ...bearer(token), 'x-demo': '1' },
      payload: {
        organizationId: session.organization.id,
        userId: session.user.id,
        currentPassword,
        password: 'Another-pass-2!',
      },
    });
  };

  it('makes writes read-only for a role allowed to use demo mode (owner)', async () => {
    const response = await changePassword('owner', 'Beacon-demo-1');
    expectErrorShape(response, 403, 'DEMO_READ_ONLY');
    // The password did not change.
    expect(await loginAs(ctx.app, 'owner')).toEqual(expect.any(String));
  });

  it('refuses a write in demo mode whatever its body', async () => {
    const token = await loginAs(ctx.app, 'account_manager');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: { ...bearer(token), 'x-demo': '1' },
      payload: {},
    });
    expectErrorShape(response, 403, 'DEMO_READ_ONLY');
  });

  it('still serves reads in demo mode', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { ...bearer(token), 'x-demo': '1' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('ignores the header from a role that may not use demo mode (viewer): the request is judged normally', async () => {
    const response = await changePassword('viewer', 'not-the-current-password');
    expectErrorShape(response, 400, 'WRONG_CURRENT_PASSWORD');
  });

  it('lets logout through in demo mode', async () => {
    const token = await loginAs(ctx.app, 'support');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...bearer(token), 'x-demo': '1' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('API conventions', () => {
  it('rejects an unknown query parameter with 400 instead of ignoring it', async () => {
    const token = await loginAs(ctx.app, 'viewer');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/dictionary/cities?country=ES&colour=blue',
      headers: bearer(token),
    });
    expectErrorShape(response, 400, 'VALIDATION_FAILED');
    expect(response.json().details).toEqual([{ path: 'colour', message: 'Unrecognized key: "colour"' }]);
  });

  it('answers an unknown /api route with 404 in the error shape', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expectErrorShape(response, 404, 'NOT_FOUND');
      expect(response.json().error).toBe('Not Found');
    }
  });

  it('answers a malformed JSON body with 400 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: expect.any(String),
    });
  });

  it('sends the security headers', async () => {
    for (const url of ['/api/health', '/api/session', '/api/no-such-thing']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // Plain HTTP inside a LAN must keep working: no upgrade of the console's own requests.
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('puts an x-request-id on every response, echoing a well-formed incoming one', async () => {
    const token = await loginAs(ctx.app, 'viewer');
    const responses = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ctx.app.inject({ method: 'GET', url: '/api/session' }),
      ctx.app.inject({ method: 'GET', url: '/api/session/users', headers: bearer(token) }),
      ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      ctx.app.inject({ method: 'GET', url: '/api/dictionary/cities?bad=1', headers: bearer(token) }),
    ]);
    for (const response of responses) expect(response.headers['x-request-id']).toMatch(/^[\w-]{1,64}$/);
    expect(new Set(responses.map((response) => response.headers['x-request-id'])).size).toBe(
      responses.length,
    );

    const echoed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[\w-]{1,64}$/);
  });
});
