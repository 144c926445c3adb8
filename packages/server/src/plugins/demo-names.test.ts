import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../test/test-app';

/** Demo mode answers client names anonymised, keeps every other value, and refuses writes (§4). */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await startTestApp();
  token = await loginAs(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx.close();
});

const get = async (url: string, demo: boolean) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(demo ? { 'x-demo': '1' } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json(), total: response.headers['x-total-count'] };
};

type Row = Record<string, unknown> & { id: number };

describe('demo mode names', () => {
  it('answers campaigns as "Campaign <id>" of "Organization <id>", with every other value real', async () => {
    const real = await get('/api/campaigns?limit=50', false);
    const demo = await get('/api/campaigns?limit=50', true);
    expect(real.body.length).toBeGreaterThan(0);
    expect(demo.total).toBe(real.total);
    for (const [index, row] of (demo.body as Row[]).entries()) {
      const original = (real.body as Row[])[index] as Row;
      expect(row).toEqual({
        ...original,
        name: `Campaign ${original.id}`,
        organization_name: `Organization ${original.organization}`,
      });
      expect(row.name).not.toBe(original.name);
    }
  });

  it('answers organizations and users anonymised, ids and roles unchanged', async () => {
    const organizations = (await get('/api/organizations', true)).body as Row[];
    expect(organizations.length).toBeGreaterThan(0);
    for (const row of organizations) expect(row.name).toBe(`Organization ${row.id}`);
    const session = (await get('/api/session', false)).body;
    const users = (await get(`/api/organization/${session.organization.id}/users`, true)).body as Row[];
    const realUsers = (await get(`/api/organization/${session.organization.id}/users`, false)).body as Row[];
    expect(users.map((user) => [user.id, user.role])).toEqual(realUsers.map((user) => [user.id, user.role]));
    for (const user of users) {
      expect(user).toMatchObject({
        name: `User ${user.id}`,
        username: `user${user.id}`,
        email: `user${user.id}@example.invalid`,
      });
    }
  });

  it("keeps the caller's own session and the names that are not a client's (a campaign's strategies)", async () => {
    const [demo, real] = [(await get('/api/session', true)).body, (await get('/api/session', false)).body];
    expect([demo.user.name, demo.organization.name]).toEqual([real.user.name, real.organization.name]);
    const [campaign] = (await get('/api/campaigns?limit=1', false)).body as Row[];
    const strategies = `/api/campaign/${campaign?.id}/strategies`;
    expect((await get(strategies, true)).body).toEqual((await get(strategies, false)).body);
  });

  it('refuses a write in demo mode and changes nothing', async () => {
    const [campaign] = (await get('/api/campaigns?limit=1', false)).body as Row[];
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaign/${campaign?.id}`,
      headers: { ...bearer(token), 'x-demo': '1' },
      payload: { version: campaign?.version, name: 'Renamed in demo' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('DEMO_READ_ONLY');
    const [after] = (await get('/api/campaigns?limit=1', false)).body as Row[];
    expect(after?.name).toBe(campaign?.name);
  });
});
