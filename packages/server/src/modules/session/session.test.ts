import { createHash } from 'node:crypto';
import type { OrganizationState } from '@beacon/domain/dictionary/organizations';
import { PASSWORD_RULE_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeaconApp } from '../../app';
import { addDays } from '../../lib/clock';
import type { ErrorBody } from '../../plugins/errors';
import { type Account, createAccount as createFactoryAccount } from '../../test/factories';
import { bearer, createTestClock, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { SessionView } from './session.service';

const DELETED_ORGANIZATION: OrganizationState = 'DELETED';

const createAccount = (ctx: TestContext, options: Parameters<typeof createFactoryAccount>[1] = {}) =>
  createFactoryAccount(ctx, { prefix: 'session', ...options });

let addressSequence = 0;
/** A client address nobody else uses, so per-address throttling never leaks from one scenario to another. */
const freshAddress = (): string => {
  addressSequence += 1;
  return `10.0.${Math.floor(addressSequence / 250)}.${(addressSequence % 250) + 1}`;
};

const login = (
  app: BeaconApp,
  username: string,
  password: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: options.remoteAddress ?? freshAddress(),
    headers: options.headers ?? {},
  });

const getSession = (app: BeaconApp, token: string) =>
  app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });

const sessionOf = (response: LightMyRequestResponse) => response.json<SessionView>();
const errorOf = (response: LightMyRequestResponse) => response.json<ErrorBody>();
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const organizationIdByName = async (ctx: TestContext, name: string): Promise<number> => {
  const row = await ctx.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

describe('with the demo world', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('POST /api/login', () => {
    it("says whether the user is the operator's staff, who act for every organization", async () => {
      for (const [username, isStaff] of [
        ['supervisor', true],
        ['account_manager', true],
        ['support', true],
        ['owner', false],
        ['reseller', false],
      ] as const) {
        const response = await login(ctx.app, username, 'Beacon-demo-1');
        expect(sessionOf(response).operator_staff, username).toBe(isStaff);
      }
    });

    it('returns every field of the §3 session object', async () => {
      const response = await login(ctx.app, 'owner', 'Beacon-demo-1');
      expect(response.statusCode).toBe(200);
      const session = sessionOf(response);
      const agencyId = await organizationIdByName(ctx, 'Demo Agency');
      expect(session).toMatchObject({
        role: 'owner',
        organization: {
          id: agencyId,
          role: 'regular',
          name: 'Demo Agency',
          image: null,
          title: null,
          favicon: null,
          color: null,
          parent: null,
          invoicing: { payment_terms: 'prepayment', currency_invoicing: 'usd' },
        },
        customization: {
          color: expect.any(String),
          logo: expect.any(String),
          favicon: expect.any(String),
          title: 'Beacon',
          isWhitelabel: false,
        },
        simulation: null,
        decimal_mark: '.',
        hide_docs: false,
        test: false,
        image: '',
        operator_staff: false,
        landing: '/campaigns',
        user: { username: 'owner', name: 'Olga Owner', email: 'owner@demo.beacon.localhost' },
      });
      for (const field of [
        'token',
        'role',
        'organization',
        'customization',
        'users',
        'simulation',
        'created_at',
      ]) {
        expect(session).toHaveProperty(field);
      }
      expect(new Date(session.created_at).toISOString()).toBe(session.created_at);
      expect(Math.abs(new Date(session.created_at).getTime() - ctx.clock.now().getTime())).toBeLessThan(
        60_000,
      );
    });

    it('lists the users the caller may simulate, each with an id, a token and an organization', async () => {
      const session = sessionOf(await login(ctx.app, 'owner', 'Beacon-demo-1'));
      expect(session.users.length).toBeGreaterThan(0);
      for (const entry of session.users) {
        expect(entry).toEqual(
          expect.objectContaining({
            id: expect.any(Number),
            token: expect.any(String),
            organization: { id: expect.any(Number), name: expect.any(String) },
          }),
        );
        expect(entry.token).not.toBe(session.token);
      }
      expect(session.users.map((entry) => entry.username)).toContain('editor');
      expect(session.users.map((entry) => entry.username)).not.toContain('owner');
    });

    it('issues a 256-bit base64url token and stores only its SHA-256 hash', async () => {
      const { token } = sessionOf(await login(ctx.app, 'viewer', 'Beacon-demo-1'));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const stored = await ctx.db
        .selectFrom('sessions')
        .select(['token_hash'])
        .where('token_hash', '=', sha256Hex(token))
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toBe(token);
      const plain = await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', token)
        .execute();
      expect(plain).toHaveLength(0);
    });

    it('gives every login its own token', async () => {
      const first = sessionOf(await login(ctx.app, 'editor', 'Beacon-demo-1'));
      const second = sessionOf(await login(ctx.app, 'editor', 'Beacon-demo-1'));
      expect(first.token).not.toBe(second.token);
      expect((await getSession(ctx.app, first.token)).statusCode).toBe(200);
      expect((await getSession(ctx.app, second.token)).statusCode).toBe(200);
    });

    it('shows the organization parent of a child organization', async () => {
      const advertiserOrgId = await organizationIdByName(ctx, 'Demo Advertiser');
      const account = await createAccount(ctx, { role: 'editor', organizationId: String(advertiserOrgId) });
      const session = sessionOf(await login(ctx.app, account.username, account.password));
      expect(session.organization).toMatchObject({
        id: advertiserOrgId,
        name: 'Demo Advertiser',
        parent: await organizationIdByName(ctx, 'Demo Agency'),
      });
      expect(session.role).toBe('editor');
    });

    it('carries the customization of a white-label organization', async () => {
      const session = sessionOf(await login(ctx.app, 'reseller', 'Beacon-demo-1'));
      expect(session.organization).toMatchObject({
        role: 'customized',
        name: 'Northwind Media',
        color: '#0b6e4f',
      });
      expect(session.customization).toMatchObject({
        title: 'Northwind Media',
        color: '#0b6e4f',
        isWhitelabel: true,
      });
      expect(session.customization.logo).toMatch(/^data:image\/svg\+xml/);
      expect(session.customization.favicon).toMatch(/^data:image\/svg\+xml/);
    });

    it('accepts the username in any letter case', async () => {
      const response = await login(ctx.app, '  Support ', 'Beacon-demo-1');
      expect(response.statusCode).toBe(200);
      expect(sessionOf(response).role).toBe('support');
    });

    it('gives the same answer for an unknown user and a wrong password', async () => {
      const unknown = await login(ctx.app, 'nobody_at_all', 'Beacon-demo-1');
      const wrong = await login(ctx.app, 'editor', 'Beacon-demo-2');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(unknown)).toEqual(errorOf(wrong));
      expect(errorOf(wrong)).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        statusCode: 401,
        error: 'Unauthorized',
      });
      expect(errorOf(wrong)).not.toHaveProperty('token');
    });

    it('refuses a deleted user with the answer of a wrong password, and ends its open sessions', async () => {
      const account = await createAccount(ctx);
      const before = sessionOf(await login(ctx.app, account.username, account.password));
      await ctx.db.updateTable('users').set({ state: 'deleted' }).where('id', '=', account.id).execute();

      const deleted = await login(ctx.app, account.username, account.password);
      const wrong = await login(ctx.app, account.username, 'Not-the-password-1');
      expect(deleted.statusCode).toBe(401);
      expect(errorOf(deleted)).toEqual(errorOf(wrong));
      expect((await getSession(ctx.app, before.token)).statusCode).toBe(401);
    });

    it('refuses the users of a DELETED organization, and ends their open sessions', async () => {
      const account = await createAccount(ctx);
      const before = sessionOf(await login(ctx.app, account.username, account.password));
      await ctx.db
        .updateTable('organizations')
        .set({ state: DELETED_ORGANIZATION })
        .where('id', '=', account.organizationId)
        .execute();

      const response = await login(ctx.app, account.username, account.password);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect((await getSession(ctx.app, before.token)).statusCode).toBe(401);
    });

    it('reports missing fields with the spec message', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: '', password: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual(
        expect.arrayContaining([
          { path: 'username', message: REQUIRED_MESSAGE },
          { path: 'password', message: REQUIRED_MESSAGE },
        ]),
      );
    });

    it('rejects unknown fields', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'owner', password: 'Beacon-demo-1', role: 'supervisor' },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /api/session and POST /api/logout', () => {
    it('returns the current session and stops accepting the token after logout', async () => {
      const token = await loginAs(ctx.app, 'viewer');
      const session = await getSession(ctx.app, token);
      expect(session.statusCode).toBe(200);
      expect(sessionOf(session)).toMatchObject({ role: 'viewer', token, simulation: null, test: false });

      const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(200);
      const after = await getSession(ctx.app, token);
      expect(after.statusCode).toBe(401);
      expect(errorOf(after)).toMatchObject({ code: 'SESSION_EXPIRED' });
      const again = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(again.statusCode).toBe(401);
    });

    it('marks the logged-out session as revoked in the database', async () => {
      const token = await loginAs(ctx.app, 'editor');
      await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      const row = await ctx.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull();
    });

    it('logging out ends only that session, not the other sessions of the user', async () => {
      const account = await createAccount(ctx);
      const first = sessionOf(await login(ctx.app, account.username, account.password)).token;
      const second = sessionOf(await login(ctx.app, account.username, account.password)).token;
      await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
      expect((await getSession(ctx.app, first)).statusCode).toBe(401);
      expect((await getSession(ctx.app, second)).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/session' });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({
        code: 'AUTHENTICATION_REQUIRED',
        message: 'Authentication required',
      });
    });

    it('answers 401 to a token that was never issued', async () => {
      const response = await getSession(ctx.app, 'A'.repeat(43));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'SESSION_EXPIRED', statusCode: 401 });
    });
  });
});

describe('login throttling', () => {
  // Above the per-pair ceiling (5), so the pair is what throttles a username guessed from one address.
  const ADDRESS_LIMIT = 8;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({
      clock: createTestClock(),
      env: { LOGIN_MAX_FAILURES_PER_ADDRESS: String(ADDRESS_LIMIT) },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Fails as often as one address may for one username (LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS). */
  const failPairLimit = async (username: string, address: string) => {
    for (let attempt = 0; attempt < ctx.config.login.maxFailuresPerAccountAndAddress; attempt += 1) {
      const response = await login(ctx.app, username, `Wrong-password-${attempt}`, {
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(401);
    }
  };

  it('uses the defaults: five failures per account and address, a hundred per account from all addresses', () => {
    expect(ctx.config.login.maxFailuresPerAccountAndAddress).toBe(5);
    expect(ctx.config.login.maxFailuresPerAccountAllAddresses).toBe(100);
    expect(ctx.config.login.windowMinutes).toBe(15);
  });

  it('throttles an account from the address that failed five times, even for the right password', async () => {
    const account = await createAccount(ctx);
    const address = freshAddress();
    await failPairLimit(account.username, address);

    const locked = await login(ctx.app, account.username, account.password, { remoteAddress: address });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_ATTEMPTS',
      error: 'Too Many Requests',
    });
    expect(errorOf(locked).message).toMatch(/try again/i);
    expect(errorOf(locked)).not.toHaveProperty('token');
  });

  it('lets the owner in from their own address while an attacker elsewhere keeps failing', async () => {
    const account = await createAccount(ctx);
    const attacker = freshAddress();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await login(ctx.app, account.username, `Wrong-password-${attempt}`, {
        remoteAddress: attacker,
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);

    const owner = await login(ctx.app, account.username, account.password, { remoteAddress: freshAddress() });
    expect(owner.statusCode).toBe(200);
    expect(sessionOf(owner).token).toBeTruthy();
  });

  it('counts the failures of an account whatever the letter case of its username', async () => {
    const account = await createAccount(ctx);
    const address = freshAddress();
    for (let attempt = 0; attempt < ctx.config.login.maxFailuresPerAccountAndAddress; attempt += 1) {
      const username = attempt % 2 === 0 ? account.username.toUpperCase() : account.username;
      const response = await login(ctx.app, username, 'Wrong-password-1', { remoteAddress: address });
      expect(response.statusCode).toBe(401);
    }
    const locked = await login(ctx.app, account.username, account.password, { remoteAddress: address });
    expect(locked.statusCode).toBe(429);
  });

  it('throttles an unknown username the same way, so the answer does not reveal which accounts exist', async () => {
    const account = await createAccount(ctx);
    const ghost = `ghost_${account.username}`;
    const address = freshAddress();
    await failPairLimit(account.username, address);
    const otherAddress = freshAddress();
    await failPairLimit(ghost, otherAddress);

    const lockedReal = await login(ctx.app, account.username, account.password, { remoteAddress: address });
    const lockedGhost = await login(ctx.app, ghost, account.password, { remoteAddress: otherAddress });
    expect(lockedGhost.statusCode).toBe(429);
    expect(errorOf(lockedGhost)).toEqual(errorOf(lockedReal));
  });

  it('keeps the throttle for the whole window and lifts it afterwards; new failures throttle again', async () => {
    const account = await createAccount(ctx);
    const address = freshAddress();
    await failPairLimit(account.username, address);
    const from = { remoteAddress: address };

    ctx.clock.advanceMinutes(ctx.config.login.windowMinutes - 1);
    expect((await login(ctx.app, account.username, account.password, from)).statusCode).toBe(429);

    ctx.clock.advanceMinutes(2);
    const unlocked = await login(ctx.app, account.username, account.password, from);
    expect(unlocked.statusCode).toBe(200);

    await failPairLimit(account.username, address);
    expect((await login(ctx.app, account.username, account.password, from)).statusCode).toBe(429);
  });

  it('does not throttle other accounts from the same address below the address limit', async () => {
    const locked = await createAccount(ctx);
    const other = await createAccount(ctx);
    const address = freshAddress();
    await failPairLimit(locked.username, address);
    const response = await login(ctx.app, other.username, other.password, { remoteAddress: address });
    expect(response.statusCode).toBe(200);
  });

  it('limits failures per client address (LOGIN_MAX_FAILURES_PER_ADDRESS) across accounts', async () => {
    const account = await createAccount(ctx);
    const address = freshAddress();
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt += 1) {
      const response = await login(ctx.app, `stranger_${attempt}_${account.username}`, 'Wrong-password-1', {
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(401);
    }

    const blocked = await login(ctx.app, account.username, account.password, { remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/try again/i);
    const elsewhere = await login(ctx.app, account.username, account.password, {
      remoteAddress: freshAddress(),
    });
    expect(elsewhere.statusCode).toBe(200);

    ctx.clock.advanceMinutes(ctx.config.login.windowMinutes + 1);
    expect(
      (await login(ctx.app, account.username, account.password, { remoteAddress: address })).statusCode,
    ).toBe(200);
  });

  it('throttles an account from every address after a hundred failures spread over many addresses', async () => {
    const account = await createAccount(ctx);
    const ghost = `ghost_${account.username}`;
    const limit = ctx.config.login.maxFailuresPerAccountAllAddresses;
    // One failure per address, so neither the pair nor the address ceiling is ever reached.
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await login(ctx.app, account.username, `Wrong-password-${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await login(ctx.app, ghost, `Wrong-password-${attempt}`)).statusCode).toBe(401);
    }

    const owner = await login(ctx.app, account.username, account.password, { remoteAddress: freshAddress() });
    expect(owner.statusCode).toBe(429);
    const unknown = await login(ctx.app, ghost, account.password, { remoteAddress: freshAddress() });
    expect(errorOf(unknown)).toEqual(errorOf(owner));

    ctx.clock.advanceMinutes(ctx.config.login.windowMinutes + 1);
    const later = await login(ctx.app, account.username, account.password);
    expect(later.statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  const IDLE_MINUTES = 30;
  const MAX_HOURS = 2;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({
      clock: createTestClock(),
      env: { SESSION_IDLE_MINUTES: String(IDLE_MINUTES), SESSION_MAX_HOURS: String(MAX_HOURS) },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const newSession = async () => {
    const account = await createAccount(ctx);
    return sessionOf(await login(ctx.app, account.username, account.password));
  };

  it('dates the session with the clock and states its absolute expiry', async () => {
    ctx.clock.advanceMinutes(3 * 24 * 60);
    const session = await newSession();
    expect(session.created_at).toBe(ctx.clock.now().toISOString());
    expect(session.expires_at).toBe(
      new Date(ctx.clock.now().getTime() + MAX_HOURS * 3_600_000).toISOString(),
    );
  });

  it('keeps a session alive just inside the idle window', async () => {
    const { token } = await newSession();
    ctx.clock.advanceMinutes(IDLE_MINUTES - 1);
    expect((await getSession(ctx.app, token)).statusCode).toBe(200);
  });

  it('ends a session left idle for SESSION_IDLE_MINUTES', async () => {
    const { token } = await newSession();
    ctx.clock.advanceMinutes(IDLE_MINUTES + 1);
    const response = await getSession(ctx.app, token);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'SESSION_EXPIRED', statusCode: 401 });
  });

  it('keeps an active session alive past the idle window, each request restarting it', async () => {
    const { token } = await newSession();
    for (let step = 0; step < 3; step += 1) {
      ctx.clock.advanceMinutes(IDLE_MINUTES - 5);
      expect((await getSession(ctx.app, token)).statusCode).toBe(200);
    }
    ctx.clock.advanceMinutes(IDLE_MINUTES + 1);
    expect((await getSession(ctx.app, token)).statusCode).toBe(401);
  });

  it('ends even an active session after SESSION_MAX_HOURS', async () => {
    const { token } = await newSession();
    let elapsed = 0;
    while (elapsed + 20 < MAX_HOURS * 60) {
      ctx.clock.advanceMinutes(20);
      elapsed += 20;
      expect((await getSession(ctx.app, token)).statusCode).toBe(200);
    }
    ctx.clock.advanceMinutes(MAX_HOURS * 60 - elapsed);
    const response = await getSession(ctx.app, token);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('an expired session cannot be used to log out, and a new login works', async () => {
    const account = await createAccount(ctx);
    const { token } = sessionOf(await login(ctx.app, account.username, account.password));
    ctx.clock.advanceMinutes(IDLE_MINUTES + 1);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(200);
  });
});

describe('a short idle window', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({ clock: createTestClock(), env: { SESSION_IDLE_MINUTES: '1' } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is kept open by requests less than a minute apart', async () => {
    const account = await createAccount(ctx);
    const { token } = sessionOf(await login(ctx.app, account.username, account.password));
    for (let step = 0; step < 4; step += 1) {
      ctx.clock.advanceMinutes(50 / 60);
      expect((await getSession(ctx.app, token)).statusCode).toBe(200);
    }
    ctx.clock.advanceMinutes(61 / 60);
    expect((await getSession(ctx.app, token)).statusCode).toBe(401);
  });
});

describe('password expiry', () => {
  const MAX_AGE_DAYS = 90;
  const EXPIRED_MESSAGE = 'Password expired. Request a new one';
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({
      clock: createTestClock(),
      env: { PASSWORD_MAX_AGE_DAYS: String(MAX_AGE_DAYS) },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const expiredAccount = () =>
    createAccount(ctx, { passwordChangedAt: addDays(ctx.clock.now(), -(MAX_AGE_DAYS + 1)) });

  const changePassword = (
    token: string,
    account: Account,
    password: string,
    currentPassword = account.password,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: bearer(token),
      payload: {
        organizationId: Number(account.organizationId),
        userId: Number(account.id),
        currentPassword,
        password,
      },
    });

  it('states when the password will expire in a fresh session', async () => {
    const changedAt = addDays(ctx.clock.now(), -10);
    const account = await createAccount(ctx, { passwordChangedAt: changedAt });
    const session = sessionOf(await login(ctx.app, account.username, account.password));
    expect(session.password_expires_at).toBe(addDays(changedAt, MAX_AGE_DAYS).toISOString());
    expect(session.password_warning_at).toBe(addDays(changedAt, MAX_AGE_DAYS - 7).toISOString());
  });

  it('answers 401 PASSWORD_EXPIRED with the spec message, a restricted token and the ids to change it', async () => {
    const account = await expiredAccount();
    const response = await login(ctx.app, account.username, account.password);
    expect(response.statusCode).toBe(401);
    const body = errorOf(response);
    expect(body).toMatchObject({
      statusCode: 401,
      code: 'PASSWORD_EXPIRED',
      message: EXPIRED_MESSAGE,
      userId: Number(account.id),
      organizationId: Number(account.organizationId),
    });
    expect(body.token).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
    const stored = await ctx.db
      .selectFrom('sessions')
      .select('purpose')
      .where('token_hash', '=', sha256Hex(String(body.token)))
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('password_change');
  });

  it('still answers INVALID_CREDENTIALS (and no token) to a wrong password of an expired account', async () => {
    const account = await expiredAccount();
    const response = await login(ctx.app, account.username, 'Wrong-password-1');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(errorOf(response)).not.toHaveProperty('token');
  });

  it('expires a password once the clock passes PASSWORD_MAX_AGE_DAYS', async () => {
    const account = await createAccount(ctx);
    expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(200);
    ctx.clock.advanceMinutes((MAX_AGE_DAYS + 1) * 24 * 60);
    const response = await login(ctx.app, account.username, account.password);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'PASSWORD_EXPIRED', message: EXPIRED_MESSAGE });
  });

  it('lets the restricted token do nothing but change the password or log out', async () => {
    const account = await expiredAccount();
    const token = String(errorOf(await login(ctx.app, account.username, account.password)).token);

    const session = await getSession(ctx.app, token);
    expect(session.statusCode).toBe(403);
    expect(errorOf(session)).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', statusCode: 403 });
    const users = await ctx.app.inject({ method: 'GET', url: '/api/session/users', headers: bearer(token) });
    expect(users.statusCode).toBe(403);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await changePassword(token, account, 'Brand-new-pass-1')).statusCode).toBe(401);
  });

  it('changes an expired password with the restricted token and returns a fresh full session', async () => {
    const account = await expiredAccount();
    const token = String(errorOf(await login(ctx.app, account.username, account.password)).token);
    const newPassword = 'Renewed-password-9';

    const response = await changePassword(token, account, newPassword);
    expect(response.statusCode).toBe(200);
    const session = sessionOf(response);
    expect(session).toMatchObject({ role: 'owner', organization: { id: Number(account.organizationId) } });
    expect(session.token).not.toBe(token);
    expect(session.password_expires_at).toBe(addDays(ctx.clock.now(), MAX_AGE_DAYS).toISOString());
    expect((await getSession(ctx.app, session.token)).statusCode).toBe(200);
    expect((await getSession(ctx.app, token)).statusCode).toBe(401);

    const old = await login(ctx.app, account.username, account.password);
    expect(old.statusCode).toBe(401);
    expect(errorOf(old)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await login(ctx.app, account.username, newPassword)).statusCode).toBe(200);
  });

  it('still checks the current password and the §5 rule with the restricted token', async () => {
    const account = await expiredAccount();
    const token = String(errorOf(await login(ctx.app, account.username, account.password)).token);

    const wrong = await changePassword(token, account, 'Renewed-password-9', 'Not-the-current-1');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).details).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
    const weak = await changePassword(token, account, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).details).toContainEqual({ path: 'password', message: PASSWORD_RULE_MESSAGE });
  });

  it('gives the restricted token only a short life', async () => {
    const account = await expiredAccount();
    const token = String(errorOf(await login(ctx.app, account.username, account.password)).token);
    ctx.clock.advanceMinutes(16);
    const response = await changePassword(token, account, 'Renewed-password-9');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});
