import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/backoffice/outbox', () => {
  it('shows operators the emails Beacon wrote, filtered by recipient', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'Editor@demo.beacon.localhost' },
    });
    const token = await loginAs(ctx.app, 'admin');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/backoffice/outbox?recipient=editor@demo.beacon.localhost',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const emails = response.json();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      recipient: 'editor@demo.beacon.localhost',
      subject: 'Reset your Beacon password',
    });
    expect(emails[0].body).toContain('/access/reset?token=');

    // Part of an address finds it, in any case; wildcards are plain characters.
    for (const [part, count] of [
      ['EDITOR@demo', 1],
      ['beacon.localhost', 1],
      ['%', 0],
      ['_', 0],
    ] as const) {
      const found = await ctx.app.inject({
        method: 'GET',
        url: `/api/backoffice/outbox?recipient=${encodeURIComponent(part)}`,
        headers: bearer(token),
      });
      expect(found.json(), part).toHaveLength(count);
    }
  });

  it('is closed to customer roles', async () => {
    const token = await loginAs(ctx.app, 'owner');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/backoffice/outbox',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
  });
});
