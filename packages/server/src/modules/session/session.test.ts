import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/login', () => {
  it('returns the session object of spec §3 for a valid username and password', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: 'Beacon-demo-1' },
    });
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({
      role: 'owner',
      organization: {
        name: 'Demo Agency',
        role: 'regular',
        parent: null,
        invoicing: { payment_terms: 'prepayment', currency_invoicing: 'usd' },
      },
      customization: { title: 'Beacon', isWhitelabel: false },
      simulation: null,
      hide_docs: false,
      test: false,
      image: '',
      decimal_mark: '.',
      landing: '/campaigns',
    });
    for (const field of ['image', 'title', 'favicon', 'color', 'id']) expect(session.organization).toHaveProperty(field);
    expect(Array.isArray(session.users)).toBe(true);
    expect(new Date(session.created_at).getTime()).not.toBeNaN();
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody', password: 'x' } });
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'editor', password: 'x' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', statusCode: 401, error: 'Unauthorized' });
  });

  it('reports missing fields with the spec message', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: '', password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path: 'username', message: 'This field is required' });
  });
});

describe('GET /api/session and POST /api/logout', () => {
  it('returns the current session and stops accepting the token after logout', async () => {
    const token = await loginAs(ctx.app, 'viewer');
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ role: 'viewer', token });

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' });
  });
});
