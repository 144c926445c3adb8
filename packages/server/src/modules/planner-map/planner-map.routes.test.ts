import {
  PLANNER_MAP_NOT_CONFIGURED_MESSAGE,
  PLANNER_MAP_NOT_CONFIGURED_REASON,
  PLANNER_MAP_TOKEN_SECONDS,
} from '@beacon/domain/dictionary/planner-map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACTOR } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createOrganization } from '../organizations/organizations.service';
import { verifyPlannerToken } from './planner-map-tokens';

/**
 * §7 `GET /organization/{id}/planner-map`: `message` holds the planner address built from PLANNER_MAP_URL, with
 * the organization id and a short-lived token signed for it; 404 outside the caller's scope, and a 404 of its
 * own (message and reason) on an installation without a planner.
 */

const PLANNER = 'https://planner.example.com/map?lang=en';

type Setup = { ctx: TestContext; ids: Record<string, string>; tokens: Record<string, string> };

const setUp = async (
  env: Record<string, string>,
  usernames = ['owner', 'viewer', 'advertiser', 'data_partner', 'reseller', 'supervisor'],
): Promise<Setup> => {
  const ctx = await startTestApp({ env });
  const ids: Record<string, string> = {};
  for (const [key, name] of Object.entries({
    agency: 'Demo Agency',
    advertiser: 'Demo Advertiser',
    northwind: 'Northwind Media',
  })) {
    const row = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
  const tokens: Record<string, string> = {};
  for (const username of usernames) {
    tokens[username] = await loginAs(ctx.app, username);
  }
  return { ctx, ids, tokens };
};

const plannerSecret = async (ctx: TestContext): Promise<string> =>
  (
    await ctx.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', 'planner_map_secret')
      .executeTakeFirstOrThrow()
  ).value;

describe('with PLANNER_MAP_URL set', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({ PLANNER_MAP_URL: PLANNER });
  });
  afterAll(async () => {
    await setup.ctx.close();
  });

  const get = (username: string, id: string | undefined) =>
    setup.ctx.app.inject({
      method: 'GET',
      url: `/api/organization/${id}/planner-map`,
      headers: bearer(setup.tokens[username] ?? ''),
    });

  it('answers the configured address with the organization id and a token signed for it', async () => {
    const agency = setup.ids.agency ?? '';
    const response = await get('owner', agency);
    expect(response.statusCode, response.body).toBe(200);
    const { message } = response.json<{ message: string }>();
    const url = new URL(message);
    expect(`${url.origin}${url.pathname}`).toBe('https://planner.example.com/map');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('organization_id')).toBe(agency);

    const token = url.searchParams.get('token') ?? '';
    const secret = await plannerSecret(setup.ctx);
    const now = Math.floor(setup.ctx.clock.now().getTime() / 1000);
    expect(verifyPlannerToken(secret, token, now)).toEqual({
      organizationId: agency,
      expiresAt: now + PLANNER_MAP_TOKEN_SECONDS,
    });
    // Short-lived, and worthless without the installation's secret or once altered.
    expect(verifyPlannerToken(secret, token, now + PLANNER_MAP_TOKEN_SECONDS)).toBeNull();
    expect(verifyPlannerToken(`${secret}x`, token, now)).toBeNull();
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ o: setup.ids.northwind, e: now + 60, n: 'x' })).toString(
      'base64url',
    );
    expect(verifyPlannerToken(secret, `${forged}.${signature}`, now)).toBeNull();
  });

  it('signs a fresh token on every call', async () => {
    const first = (await get('owner', setup.ids.agency)).json<{ message: string }>().message;
    const second = (await get('owner', setup.ids.agency)).json<{ message: string }>().message;
    expect(new URL(first).searchParams.get('token')).not.toBe(new URL(second).searchParams.get('token'));
  });

  it('opens for descendants and, for the operator’s staff, any organization', async () => {
    expect((await get('owner', setup.ids.advertiser)).statusCode).toBe(200);
    expect((await get('viewer', setup.ids.agency)).statusCode).toBe(200);
    const forStaff = await get('supervisor', setup.ids.northwind);
    expect(forStaff.statusCode).toBe(200);
    expect(new URL(forStaff.json<{ message: string }>().message).searchParams.get('organization_id')).toBe(
      setup.ids.northwind,
    );
  });

  it('answers 404 for an organization out of scope, absent or deleted', async () => {
    const outOfScope = await get('owner', setup.ids.northwind);
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Not found' });
    expect(outOfScope.body).not.toContain('planner.example.com');
    expect((await get('reseller', setup.ids.agency)).statusCode).toBe(404);
    expect((await get('supervisor', '987654321')).statusCode).toBe(404);
    const deleted = await createOrganization(
      setup.ctx.db,
      { name: 'Gone Brand', role: 'regular', parent_id: setup.ids.agency, state: 'DELETED', country: 'GB' },
      SEED_ACTOR,
    );
    expect((await get('owner', deleted.id)).statusCode).toBe(404);
  });

  it('answers 403 to roles and organizations that may not plan campaigns, 401 without a session', async () => {
    expect((await get('advertiser', setup.ids.agency)).statusCode).toBe(403);
    expect((await get('data_partner', setup.ids.agency)).statusCode).toBe(403);
    const anonymous = await setup.ctx.app.inject({
      method: 'GET',
      url: `/api/organization/${setup.ids.agency}/planner-map`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('without PLANNER_MAP_URL', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({}, ['owner']);
  });
  afterAll(async () => {
    await setup.ctx.close();
  });

  it('answers a 404 that says the planner map is not configured', async () => {
    const response = await setup.ctx.app.inject({
      method: 'GET',
      url: `/api/organization/${setup.ids.agency}/planner-map`,
      headers: bearer(setup.tokens.owner ?? ''),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: PLANNER_MAP_NOT_CONFIGURED_MESSAGE,
      reason: PLANNER_MAP_NOT_CONFIGURED_REASON,
    });
  });

  it('still answers a plain 404 for an organization the caller may not see', async () => {
    const response = await setup.ctx.app.inject({
      method: 'GET',
      url: `/api/organization/${setup.ids.northwind}/planner-map`,
      headers: bearer(setup.tokens.owner ?? ''),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).not.toHaveProperty('reason');
  });
});

describe('with a PLANNER_MAP_URL that is not an http(s) address', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({ PLANNER_MAP_URL: 'javascript:alert(1)' }, ['owner']);
  });
  afterAll(async () => {
    await setup.ctx.close();
  });

  it('treats the planner map as not configured rather than redirect to it', async () => {
    const response = await setup.ctx.app.inject({
      method: 'GET',
      url: `/api/organization/${setup.ids.agency}/planner-map`,
      headers: bearer(setup.tokens.owner ?? ''),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ reason: PLANNER_MAP_NOT_CONFIGURED_REASON });
  });
});
