import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ env: { SESSION_CACHE_SECONDS: '1' } });
});
afterAll(async () => {
  await ctx.close();
});

const sessionStatus = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode;

describe('session cache (SESSION_CACHE_SECONDS)', () => {
  it('refuses a logged-out token at once, cache or not', async () => {
    const token = await loginAs(ctx.app, 'editor');
    expect(await sessionStatus(token)).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(await sessionStatus(token)).toBe(401);
  });

  it('sees a revocation made by another process within the cache lifetime', async () => {
    const token = await loginAs(ctx.app, 'viewer');
    expect(await sessionStatus(token)).toBe(200);
    // Another process revokes the session: this one has it cached for at most a second.
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await sessionStatus(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await sessionStatus(token)).toBe(401);
  });

  it('ends the other sessions of a user who changes the password at once', async () => {
    const other = await loginAs(ctx.app, 'owner');
    const current = await loginAs(ctx.app, 'owner');
    expect(await sessionStatus(other)).toBe(200);
    const session = (
      await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(current) })
    ).json();
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: bearer(current),
      payload: {
        organizationId: session.organization.id,
        userId: session.user.id,
        currentPassword: 'Beacon-demo-1',
        password: 'Another-pass-2',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
  });
});
