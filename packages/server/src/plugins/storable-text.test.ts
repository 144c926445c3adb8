import { UNSTORABLE_TEXT_MESSAGE } from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, multipart, startTestApp, type TestContext } from '../test/test-app';

/**
 * Decision 036: text PostgreSQL cannot store (NUL, an unpaired surrogate) is refused with one 400 before any
 * schema or query sees it, in a JSON body, a query value, a path parameter and a multipart `data` field.
 */

let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await loginAs(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx?.close();
});

const expectRefused = (response: LightMyRequestResponse, path: string) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: UNSTORABLE_TEXT_MESSAGE,
    code: 'VALIDATION_FAILED',
    details: [{ path, message: UNSTORABLE_TEXT_MESSAGE }],
  });
};

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in the login username without counting a failed login', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":"a\\u0000","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(response, 'username');
    // The real user still logs in: nothing was looked up or counted.
    expect(await loginAs(ctx.app, 'owner')).toBeTruthy();
  });

  it('refuses an unpaired surrogate in the company of a signup', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload:
        '{"company":"S \\ud800","country":"gb","name":"N","username":"u","email":"u@example.com","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(response, 'company');
  });

  it('refuses a NUL in a list search and in a path parameter, for a caller with the right', async () => {
    expectRefused(
      await ctx.app.inject({ method: 'GET', url: '/api/deals?search=%00', headers: bearer(owner) }),
      'search',
    );
    expectRefused(
      await ctx.app.inject({ method: 'GET', url: '/api/files/a%00.png', headers: bearer(owner) }),
      'name',
    );
  });

  it('answers a caller without a session 401 first: the refusal tells nothing before access control', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/deals?search=%00' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a NUL in the JSON of a multipart data field', async () => {
    const { payload, headers } = multipart([{ name: 'data', value: '{"name":"Olga\\u0000"}' }]);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...bearer(owner), ...headers },
      payload,
    });
    expectRefused(response, 'name');
  });
});
