import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { bearer, createTestClock, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { signGrant, verifyGrant } from './simulation-grants';

/** Simulation (impersonation) of spec §4 and §6, through the real endpoints. */

type ListedUser = {
  id: number;
  token: string;
  username: string;
  role: string;
  organization: { id: number; name: string };
};
type SessionBody = {
  token: string;
  role: string;
  user: { id: number; username: string };
  impersonator: { id: number; username: string; name: string } | null;
  users: ListedUser[];
};

const OPERATOR_STAFF = ['supervisor', 'admin', 'account_manager', 'support'];
const OTHER_ORGANIZATIONS = ['reseller', 'data_partner', 'other_partner'];
const AGENCY_USERS = [
  'owner',
  'editor',
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ clock: createTestClock(new Date('2026-03-02T09:00:00Z')) });
});
afterAll(async () => {
  await ctx.close();
});

const getSession = async (token: string): Promise<SessionBody> => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<SessionBody>();
};

const simulate = (grant: string, issuerToken?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { token: grant },
    ...(issuerToken ? { headers: bearer(issuerToken) } : {}),
  });

const grantFor = (session: SessionBody, username: string): string => {
  const entry = session.users.find((user) => user.username === username);
  if (!entry) throw new Error(`${username} is not offered to ${session.user.username}`);
  return entry.token;
};

const sessionIdOf = async (token: string): Promise<string> =>
  (
    await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()
  ).id;

const userIdOf = async (username: string): Promise<string> =>
  (await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

describe('the simulation list of a session', () => {
  it('offers a supervisor every other user, each with a single-use grant that expires after SIMULATION_GRANT_SECONDS', async () => {
    const session = await getSession(await loginAs(ctx.app, 'supervisor'));
    const usernames = session.users.map((user) => user.username);
    expect(usernames).not.toContain('supervisor');
    expect(usernames).toEqual(
      expect.arrayContaining([
        ...OPERATOR_STAFF.filter((name) => name !== 'supervisor'),
        ...AGENCY_USERS,
        ...OTHER_ORGANIZATIONS,
      ]),
    );
    for (const user of session.users) {
      const claims = verifyGrant(ctx.app.deps.grantSecret, user.token, ctx.clock.now().getTime());
      expect(claims).toMatchObject({ targetUserId: String(user.id) });
      expect(claims?.expiresAt).toBe(ctx.clock.now().getTime() + ctx.config.simulationGrantSeconds * 1000);
    }
    expect(new Set(session.users.map((user) => user.token)).size).toBe(session.users.length);
  });

  it('offers nothing to roles that may not simulate, and GET /api/session/users forbids them', async () => {
    for (const username of ['viewer', 'editor']) {
      const token = await loginAs(ctx.app, username);
      expect((await getSession(token)).users).toEqual([]);
      const list = await ctx.app.inject({ method: 'GET', url: '/api/session/users', headers: bearer(token) });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it("offers an owner only the users of its own organization tree, never operator staff or other organizations'", async () => {
    const child = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Demo Advertiser')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        organization_id: child.id,
        username: 'child_editor',
        email: 'child.editor@demo.beacon.localhost',
        name: 'Chad Child',
        role: 'editor',
        password_hash: 'not-a-login',
      })
      .execute();

    const session = await getSession(await loginAs(ctx.app, 'owner'));
    const usernames = session.users.map((user) => user.username).sort();
    expect(usernames).toEqual([...AGENCY_USERS.filter((name) => name !== 'owner'), 'child_editor'].sort());
    for (const user of session.users)
      expect(['Demo Agency', 'Demo Advertiser']).toContain(user.organization.name);
  });

  it('does not offer the supervisor (or other admins) to an account manager', async () => {
    const session = await getSession(await loginAs(ctx.app, 'account_manager'));
    const usernames = session.users.map((user) => user.username);
    expect(usernames).not.toContain('supervisor');
    expect(usernames).not.toContain('admin');
    expect(usernames).toContain('owner');
  });

  it('filters GET /api/session/users by search (username, name or organization)', async () => {
    const token = await loginAs(ctx.app, 'supervisor');
    const byUsername = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/users?search=viewer',
      headers: bearer(token),
    });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json<ListedUser[]>().map((user) => user.username)).toEqual(['viewer']);

    const byOrganization = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/users?search=northwind',
      headers: bearer(token),
    });
    const found = byOrganization.json<ListedUser[]>();
    expect(found.map((user) => user.username)).toEqual(['reseller']);
    expect(found[0]?.token).toEqual(expect.any(String));

    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/session/users?search=zzz-nobody',
      headers: bearer(token),
    });
    expect(none.json()).toEqual([]);
  });
});

describe('POST /api/login {token}', () => {
  it("returns the target's session with the supervisor as impersonator when the issuing session presents the grant", async () => {
    const supervisorToken = await loginAs(ctx.app, 'supervisor');
    const supervisor = await getSession(supervisorToken);
    const response = await simulate(grantFor(supervisor, 'editor'), supervisorToken);
    expect(response.statusCode).toBe(200);
    const simulated = response.json<SessionBody>();
    expect(simulated).toMatchObject({
      role: 'editor',
      user: { username: 'editor' },
      impersonator: { id: supervisor.user.id, username: 'supervisor' },
    });
    expect(simulated.token).not.toBe(supervisorToken);
    expect(await getSession(simulated.token)).toMatchObject({
      role: 'editor',
      impersonator: { username: 'supervisor' },
    });
  });

  it('records the real user in impersonator_user_id of the simulated session row', async () => {
    const supervisorToken = await loginAs(ctx.app, 'supervisor');
    const response = await simulate(grantFor(await getSession(supervisorToken), 'viewer'), supervisorToken);
    const row = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(response.json<SessionBody>().token))
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(await userIdOf('viewer'));
    expect(row.impersonator_user_id).toBe(await userIdOf('supervisor'));
    expect(row.parent_session_id).toBe(await sessionIdOf(supervisorToken));
  });

  it("refuses a grant presented without the issuer's bearer, or by another session of the same user", async () => {
    const issuerToken = await loginAs(ctx.app, 'supervisor');
    const otherToken = await loginAs(ctx.app, 'supervisor');
    const grant = grantFor(await getSession(issuerToken), 'owner');

    const anonymous = await simulate(grant);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'INVALID_SIMULATION_GRANT' });

    const otherSession = await simulate(grant, otherToken);
    expect(otherSession.statusCode).toBe(401);
    expect(otherSession.json()).toMatchObject({ code: 'INVALID_SIMULATION_GRANT' });

    // Neither failed attempt used the grant up.
    expect((await simulate(grant, issuerToken)).statusCode).toBe(200);
  });

  it('accepts a grant only once', async () => {
    const token = await loginAs(ctx.app, 'supervisor');
    const grant = grantFor(await getSession(token), 'owner');
    expect((await simulate(grant, token)).statusCode).toBe(200);
    const reused = await simulate(grant, token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'INVALID_SIMULATION_GRANT' });
  });

  it('refuses a grant once SIMULATION_GRANT_SECONDS have passed', async () => {
    const token = await loginAs(ctx.app, 'supervisor');
    const issuedAt = ctx.clock.now().getTime();
    const session = await getSession(token);
    const lifetime = ctx.config.simulationGrantSeconds * 1000;

    ctx.clock.set(new Date(issuedAt + lifetime - 1000));
    expect((await simulate(grantFor(session, 'owner'), token)).statusCode).toBe(200);

    ctx.clock.set(new Date(issuedAt + lifetime + 1000));
    const late = await simulate(grantFor(session, 'editor'), token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'INVALID_SIMULATION_GRANT' });
  });

  it('refuses a tampered grant', async () => {
    const token = await loginAs(ctx.app, 'supervisor');
    const grant = grantFor(await getSession(token), 'owner');
    const [payload = '', signature = ''] = grant.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, u: await userIdOf('admin') })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

    for (const tampered of [
      `${otherPayload}.${signature}`,
      `${payload}.${flipped}`,
      payload,
      `${grant}.extra`,
    ]) {
      const response = await simulate(tampered, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_SIMULATION_GRANT' });
    }
  });

  it('refuses a validly signed grant for someone outside the caller’s reach (defence in depth)', async () => {
    const ownerToken = await loginAs(ctx.app, 'owner');
    const expiresAt = ctx.clock.now().getTime() + 60_000;
    const sessionId = await sessionIdOf(ownerToken);
    for (const username of ['reseller', 'supervisor']) {
      const forged = signGrant(ctx.app.deps.grantSecret, {
        sessionId,
        targetUserId: await userIdOf(username),
        expiresAt,
      });
      const response = await simulate(forged, ownerToken);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'SIMULATION_NOT_ALLOWED' });
    }

    const managerToken = await loginAs(ctx.app, 'account_manager');
    const forged = signGrant(ctx.app.deps.grantSecret, {
      sessionId: await sessionIdOf(managerToken),
      targetUserId: await userIdOf('supervisor'),
      expiresAt,
    });
    expect((await simulate(forged, managerToken)).statusCode).toBe(403);
  });

  it('ends the simulation when the real session logs out', async () => {
    const supervisorToken = await loginAs(ctx.app, 'supervisor');
    const response = await simulate(grantFor(await getSession(supervisorToken), 'owner'), supervisorToken);
    const simulatedToken = response.json<SessionBody>().token;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(simulatedToken) }))
        .statusCode,
    ).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(supervisorToken),
    });
    expect(logout.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer(simulatedToken),
    });
    expect(after.statusCode).toBe(401);
  });

  it('ends a simulation started inside a simulation when the real session logs out', async () => {
    const supervisorToken = await loginAs(ctx.app, 'supervisor');
    const asOwner = (
      await simulate(grantFor(await getSession(supervisorToken), 'owner'), supervisorToken)
    ).json<SessionBody>();
    const nested = await simulate(grantFor(await getSession(asOwner.token), 'editor'), asOwner.token);
    expect(nested.statusCode).toBe(200);
    const asEditor = nested.json<SessionBody>();
    expect(asEditor.impersonator?.username).toBe('supervisor');

    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(supervisorToken) });
    for (const token of [asOwner.token, asEditor.token]) {
      const after = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
    }
  });
});
