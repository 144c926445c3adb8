import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../lib/passwords';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { PRODUCT_CUSTOMIZATION } from '../organizations/organizations.service';

/** White-label branding selected by host (spec §1), and inherited by the partner's organization tree. */

const NORTHWIND_HOST = 'northwind.localhost';

let ctx: TestContext;
let northwind: {
  id: string;
  title: string | null;
  color: string | null;
  image: string | null;
  favicon: string | null;
};

beforeAll(async () => {
  ctx = await startTestApp();
  northwind = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'title', 'color', 'image', 'favicon'])
    .where('name', '=', 'Northwind Media')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await ctx.close();
});

const whitelabelFor = (host?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/whitelabel',
    headers: { ...(host ? { host } : {}), ...headers },
  });

const northwindBranding = () => ({
  title: 'Northwind Media',
  color: '#0b6e4f',
  logo: northwind.image,
  favicon: northwind.favicon,
  isWhitelabel: true,
});

const productBranding = {
  title: 'Beacon',
  color: PRODUCT_CUSTOMIZATION.color,
  logo: PRODUCT_CUSTOMIZATION.logo,
  favicon: PRODUCT_CUSTOMIZATION.favicon,
  isWhitelabel: false,
};

describe('GET /api/whitelabel', () => {
  it("answers the partner's branding on its host, with or without a port and in any case", async () => {
    expect(northwind.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(northwind.favicon).toMatch(/^data:image\/svg\+xml;base64,/);
    for (const host of [`${NORTHWIND_HOST}:8080`, NORTHWIND_HOST, 'NorthWind.LocalHost:8080']) {
      const response = await whitelabelFor(host);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(northwindBranding());
    }
  });

  it('answers the product branding on the default host and on unknown hosts', async () => {
    for (const host of [undefined, 'localhost:8080', '127.0.0.1:8080', 'unknown.example.com', 'localhost']) {
      const response = await whitelabelFor(host);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(productBranding);
    }
  });

  it('needs no session and varies its cache by host', async () => {
    const response = await whitelabelFor(`${NORTHWIND_HOST}:8080`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Host');
  });

  it('does not trust X-Forwarded-Host when no proxy is configured', async () => {
    const response = await whitelabelFor('localhost:8080', { 'x-forwarded-host': NORTHWIND_HOST });
    expect(response.json()).toEqual(productBranding);
  });

  it('ignores a host of a customized organization that is no longer active', async () => {
    await ctx.db
      .insertInto('organizations')
      .values({
        name: 'Gone Media',
        role: 'customized',
        state: 'DELETED',
        title: 'Gone Media',
        color: '#ff0000',
        whitelabel_hosts: ['gone.localhost'],
      })
      .execute();
    expect((await whitelabelFor('gone.localhost')).json()).toEqual(productBranding);
  });

  it('never lists the supplied host identities', async () => {
    const responses = [
      await whitelabelFor(`${NORTHWIND_HOST}:8080`),
      await whitelabelFor('localhost'),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: bearer(await loginAs(ctx.app, 'reseller')),
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: bearer(await loginAs(ctx.app, 'supervisor')),
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/dictionary',
        headers: bearer(await loginAs(ctx.app, 'supervisor')),
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(NORTHWIND_HOST);
      expect(response.body).not.toContain('whitelabel_hosts');
    }
    // The API description names the staff-only field of GET /v2/organization/{id}, but never a value.
    const openapi = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.body).not.toContain(NORTHWIND_HOST);
    expect(Object.keys(responses[0]?.json() ?? {}).sort()).toEqual([
      'color',
      'favicon',
      'isWhitelabel',
      'logo',
      'title',
    ]);
  });
});

describe('session customization', () => {
  it("gives the reseller Northwind's branding", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'reseller', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().customization).toEqual(northwindBranding());
  });

  it("gives members of a regular organization the product's branding", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: DEMO_PASSWORD },
    });
    expect(response.json().customization).toEqual(productBranding);
  });

  it('lets a child organization of Northwind inherit its branding, down the whole tree', async () => {
    const child = await ctx.db
      .insertInto('organizations')
      .values({ name: 'Northwind Client', role: 'regular', parent_id: northwind.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grandchild = await ctx.db
      .insertInto('organizations')
      .values({ name: 'Northwind Client Brand', role: 'regular', parent_id: child.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const [username, organizationId] of [
      ['northwind_client', child.id],
      ['northwind_brand', grandchild.id],
    ] as const) {
      await ctx.db
        .insertInto('users')
        .values({
          organization_id: organizationId,
          username,
          email: `${username}@example.com`,
          name: username,
          role: 'owner',
          password_hash: passwordHash,
        })
        .execute();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().customization).toEqual(northwindBranding());
    }
  });
});

describe('logging in on a white-label host (decision 037)', () => {
  const logInOn = (host: string, username: string, password = DEMO_PASSWORD) =>
    ctx.app.inject({ method: 'POST', url: '/api/login', headers: { host }, payload: { username, password } });

  it('admits the partner’s own users and the operator’s staff', async () => {
    for (const username of ['reseller', 'supervisor', 'support']) {
      const response = await logInOn(NORTHWIND_HOST, username);
      expect(response.statusCode, `${username}: ${response.body}`).toBe(200);
    }
    expect((await logInOn(NORTHWIND_HOST, 'reseller')).json().customization).toEqual(northwindBranding());
  });

  it('admits users of the organizations below the partner', async () => {
    const child = await ctx.db
      .insertInto('organizations')
      .values({ name: 'Northwind Login Client', role: 'regular', parent_id: northwind.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        organization_id: child.id,
        username: 'northwind_login_client',
        email: 'northwind_login_client@example.com',
        name: 'Client',
        role: 'viewer',
        password_hash: await hashPassword(DEMO_PASSWORD),
      })
      .execute();
    expect((await logInOn(NORTHWIND_HOST, 'northwind_login_client')).statusCode).toBe(200);
  });

  it('refuses users of other organizations with the answer of a wrong password, and opens no session', async () => {
    const sessionsBefore = await ctx.db.selectFrom('sessions').select('id').execute();
    const wrongPassword = await logInOn(NORTHWIND_HOST, 'reseller', 'Not-the-password-1');
    for (const username of ['owner', 'viewer', 'data_partner']) {
      const response = await logInOn(NORTHWIND_HOST, username);
      expect(response.statusCode, username).toBe(wrongPassword.statusCode);
      expect(response.json(), username).toEqual(wrongPassword.json());
    }
    expect(await ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
    // The same users log in on the product's own host.
    expect((await logInOn('beacon.localhost', 'owner')).statusCode).toBe(200);
  });
});
