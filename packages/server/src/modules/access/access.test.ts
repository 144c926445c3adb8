import { createHash } from 'node:crypto';
import {
  EMAIL_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_REUSED_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeaconApp } from '../../app';
import { addDays } from '../../lib/clock';
import type { ErrorBody } from '../../plugins/errors';
import { type Account, createAccount as createFactoryAccount, uniqueSuffix } from '../../test/factories';
import { bearer, createTestClock, startTestApp, type TestContext } from '../../test/test-app';
import type { SessionView } from '../session/session.service';

const STRONG_PASSWORD = 'Fresh-password-42';

const createAccount = (ctx: TestContext, options: Parameters<typeof createFactoryAccount>[1] = {}) =>
  createFactoryAccount(ctx, { prefix: 'access', ...options });

const login = (app: BeaconApp, username: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });

const loginToken = async (
  app: BeaconApp,
  account: Pick<Account, 'username' | 'password'>,
): Promise<string> => {
  const response = await login(app, account.username, account.password);
  expect(response.statusCode).toBe(200);
  return response.json<SessionView>().token;
};

const getSession = (app: BeaconApp, token: string) =>
  app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });

const changePassword = (
  app: BeaconApp,
  token: string,
  payload: {
    organizationId: number | string;
    userId: number | string;
    currentPassword: string;
    password: string;
  },
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'PUT',
    url: '/api/password',
    headers: { ...bearer(token), ...headers },
    payload: { ...payload, organizationId: Number(payload.organizationId), userId: Number(payload.userId) },
  });

const ownChange = (account: Account, password: string, currentPassword = account.password) => ({
  organizationId: account.organizationId,
  userId: account.id,
  currentPassword,
  password,
});

const forgot = (app: BeaconApp, email: string) =>
  app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });

const reset = (app: BeaconApp, payload: { token: string; password: string; confirmation?: string }) =>
  app.inject({ method: 'POST', url: '/api/password/reset', payload });

const signUp = (app: BeaconApp, overrides: Record<string, string> = {}) => {
  const suffix = uniqueSuffix();
  return app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: {
      company: `Signup Co ${suffix}`,
      country: 'gb',
      name: `Signup Owner ${suffix}`,
      username: `signup_${suffix}`,
      email: `signup_${suffix}@example.com`,
      password: STRONG_PASSWORD,
      ...overrides,
    },
  });
};

const errorOf = (response: LightMyRequestResponse) => response.json<ErrorBody>();
const sessionOf = (response: LightMyRequestResponse) => response.json<SessionView>();
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const outboxFor = (ctx: TestContext, recipient: string) =>
  ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

/** The reset token from the last email sent to an address. */
const resetTokenFromOutbox = async (ctx: TestContext, recipient: string): Promise<string> => {
  const mails = await outboxFor(ctx, recipient);
  const body = mails.at(-1)?.body_text ?? '';
  const match = /\/access\/reset\?token=([^\s]+)/.exec(body);
  if (!match?.[1]) throw new Error(`no reset link in the email to ${recipient}: ${body}`);
  return decodeURIComponent(match[1]);
};

const requestResetToken = async (ctx: TestContext, account: Account): Promise<string> => {
  expect((await forgot(ctx.app, account.email)).statusCode).toBe(202);
  return resetTokenFromOutbox(ctx, account.email);
};

describe('with the demo world', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('PUT /api/password', () => {
    it('changes the caller’s password and returns a fresh full session; the old password stops working', async () => {
      const account = await createAccount(ctx);
      const token = await loginToken(ctx.app, account);

      const response = await changePassword(ctx.app, token, ownChange(account, STRONG_PASSWORD));
      expect(response.statusCode).toBe(200);
      const session = sessionOf(response);
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.token).not.toBe(token);
      expect(session).toMatchObject({
        role: 'owner',
        user: { id: Number(account.id), username: account.username },
        organization: { id: Number(account.organizationId) },
        simulation: null,
      });
      expect((await getSession(ctx.app, session.token)).statusCode).toBe(200);

      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(401);
      expect((await login(ctx.app, account.username, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong current password with 400 on currentPassword, and keeps the password', async () => {
      const account = await createAccount(ctx);
      const token = await loginToken(ctx.app, account);

      const response = await changePassword(
        ctx.app,
        token,
        ownChange(account, STRONG_PASSWORD, 'Not-current-1'),
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ statusCode: 400, code: 'WRONG_CURRENT_PASSWORD' });
      expect(errorOf(response).details).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
      expect((await getSession(ctx.app, token)).statusCode).toBe(200);
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(200);
    });

    it('refuses a new password equal to the current one', async () => {
      const account = await createAccount(ctx);
      const token = await loginToken(ctx.app, account);
      const response = await changePassword(ctx.app, token, ownChange(account, account.password));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([{ path: 'password', message: PASSWORD_REUSED_MESSAGE }]);
    });

    it('requires the current password', async () => {
      const account = await createAccount(ctx);
      const token = await loginToken(ctx.app, account);
      const response = await changePassword(ctx.app, token, ownChange(account, STRONG_PASSWORD, ''));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toContainEqual({
        path: 'currentPassword',
        message: REQUIRED_MESSAGE,
      });
    });

    it.each([
      ['too short', 'Ab1-xyz'],
      ['no upper-case letter', 'lower-case-1'],
      ['no lower-case letter', 'UPPER-CASE-1'],
      ['no digit', 'No-digits-here'],
      ['no symbol', 'NoSymbol123'],
    ])('refuses a weak password (%s) with the §5 message', async (_rule, weak) => {
      const account = await createAccount(ctx);
      const token = await loginToken(ctx.app, account);
      const response = await changePassword(ctx.app, token, ownChange(account, weak));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_RULE_MESSAGE });
      expect(errorOf(response).details).toEqual([{ path: 'password', message: PASSWORD_RULE_MESSAGE }]);
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(200);
    });

    it('ends every other session of the user, and only that user’s', async () => {
      const organization = await createAccount(ctx);
      const colleague = await createAccount(ctx, {
        role: 'editor',
        organizationId: organization.organizationId,
      });
      const account = await createAccount(ctx, {
        role: 'editor',
        organizationId: organization.organizationId,
      });
      const current = await loginToken(ctx.app, account);
      const other = await loginToken(ctx.app, account);
      const colleagueToken = await loginToken(ctx.app, colleague);

      const response = await changePassword(ctx.app, current, ownChange(account, STRONG_PASSWORD));
      expect(response.statusCode).toBe(200);
      expect((await getSession(ctx.app, other)).statusCode).toBe(401);
      expect((await getSession(ctx.app, current)).statusCode).toBe(401);
      expect((await getSession(ctx.app, sessionOf(response).token)).statusCode).toBe(200);
      expect((await getSession(ctx.app, colleagueToken)).statusCode).toBe(200);
    });

    it('forbids changing another user’s password (403), even knowing it', async () => {
      const owner = await createAccount(ctx);
      const editor = await createAccount(ctx, { role: 'editor', organizationId: owner.organizationId });
      const token = await loginToken(ctx.app, owner);

      const response = await changePassword(ctx.app, token, ownChange(editor, STRONG_PASSWORD));
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      const stranger = await createAccount(ctx);
      expect((await changePassword(ctx.app, token, ownChange(stranger, STRONG_PASSWORD))).statusCode).toBe(
        403,
      );
      const ownIdOtherOrganization = await changePassword(ctx.app, token, {
        ...ownChange(owner, STRONG_PASSWORD),
        organizationId: stranger.organizationId,
      });
      expect(ownIdOtherOrganization.statusCode).toBe(403);

      expect((await login(ctx.app, editor.username, editor.password)).statusCode).toBe(200);
      expect((await login(ctx.app, stranger.username, stranger.password)).statusCode).toBe(200);
      expect((await login(ctx.app, owner.username, owner.password)).statusCode).toBe(200);
    });

    it('records the change in the user’s history without the password or its hash', async () => {
      const account = await createAccount(ctx);
      const token = await loginToken(ctx.app, account);
      expect((await changePassword(ctx.app, token, ownChange(account, STRONG_PASSWORD))).statusCode).toBe(
        200,
      );

      const rows = await ctx.db
        .selectFrom('history')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', account.id)
        .where('action', '=', 'password_change')
        .execute();
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row?.actor_user_id).toBe(account.id);
      expect(row?.impersonator_user_id).toBeNull();
      expect(row?.organization_id).toBe(account.organizationId);
      expect(row?.changes).toEqual([expect.objectContaining({ field: 'password' })]);
      const { password_hash: hash } = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      const serialized = JSON.stringify(row?.changes);
      expect(serialized).not.toContain(hash);
      expect(serialized).not.toContain('$argon2');
      expect(serialized).not.toContain(STRONG_PASSWORD);
      expect(serialized).not.toContain(account.password);
    });

    it('forbids a simulated session to change the password of the simulated user', async () => {
      const owner = await createAccount(ctx);
      const editor = await createAccount(ctx, { role: 'editor', organizationId: owner.organizationId });
      const ownerSession = sessionOf(await login(ctx.app, owner.username, owner.password));
      const grant = ownerSession.users.find((entry) => entry.username === editor.username)?.token;
      expect(grant).toBeDefined();
      const simulated = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: bearer(ownerSession.token),
        payload: { token: grant },
      });
      expect(simulated.statusCode).toBe(200);
      const simulatedToken = sessionOf(simulated).token;

      const response = await changePassword(ctx.app, simulatedToken, ownChange(editor, STRONG_PASSWORD));
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'FORBIDDEN' });
      expect((await getSession(ctx.app, simulatedToken)).statusCode).toBe(200);
      expect((await login(ctx.app, editor.username, editor.password)).statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/password',
        payload: {
          organizationId: 1,
          userId: 1,
          currentPassword: 'Beacon-demo-1',
          password: STRONG_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('demo mode (x-demo: 1)', () => {
    const DEMO = { 'x-demo': '1' };

    it('refuses a write from an owner in demo mode with 403 DEMO_READ_ONLY and changes nothing', async () => {
      const account = await createAccount(ctx, { role: 'owner' });
      const token = await loginToken(ctx.app, account);

      const response = await changePassword(ctx.app, token, ownChange(account, STRONG_PASSWORD), DEMO);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ statusCode: 403, code: 'DEMO_READ_ONLY' });
      expect((await getSession(ctx.app, token)).statusCode).toBe(200);
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(200);
    });

    it('still lets the caller log in, read its session and log out', async () => {
      const account = await createAccount(ctx, { role: 'owner' });
      const loginResponse = await login(ctx.app, account.username, account.password, DEMO);
      expect(loginResponse.statusCode).toBe(200);
      const { token } = sessionOf(loginResponse);

      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: { ...bearer(token), ...DEMO },
      });
      expect(session.statusCode).toBe(200);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...bearer(token), ...DEMO },
      });
      expect(logout.statusCode).toBe(200);
      expect((await getSession(ctx.app, token)).statusCode).toBe(401);
    });

    it('ignores the header from a role that may not use demo mode', async () => {
      const account = await createAccount(ctx, { role: 'editor' });
      const token = await loginToken(ctx.app, account);
      const response = await changePassword(ctx.app, token, ownChange(account, STRONG_PASSWORD), DEMO);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('POST /api/password/forgot', () => {
    it('answers 202 with the same body for a known and an unknown email; only the known one gets an email', async () => {
      const account = await createAccount(ctx);
      const unknownEmail = `nobody_${uniqueSuffix()}@example.com`;
      const outboxBefore = await ctx.db.selectFrom('outbox').select('id').execute();

      const known = await forgot(ctx.app, account.email);
      const unknown = await forgot(ctx.app, unknownEmail);
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({ message: expect.any(String) });

      const outboxAfter = await ctx.db.selectFrom('outbox').selectAll().execute();
      expect(outboxAfter).toHaveLength(outboxBefore.length + 1);
      expect(await outboxFor(ctx, unknownEmail)).toHaveLength(0);
      const [mail] = await outboxFor(ctx, account.email);
      expect(mail?.body_text).toMatch(/http:\/\/beacon\.test\/access\/reset\?token=[A-Za-z0-9_-]{43}(\s|$)/);
    });

    it('finds the account whatever the letter case of the email', async () => {
      const account = await createAccount(ctx);
      expect((await forgot(ctx.app, account.email.toUpperCase())).statusCode).toBe(202);
      expect(await outboxFor(ctx, account.email)).toHaveLength(1);
    });

    it('stores only the hash of the reset token', async () => {
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);
      const rows = await ctx.db
        .selectFrom('password_resets')
        .selectAll()
        .where('user_id', '=', account.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256Hex(token));
    });

    it('sends nothing to a deleted user or a member of a DELETED organization', async () => {
      const deletedUser = await createAccount(ctx);
      await ctx.db.updateTable('users').set({ state: 'deleted' }).where('id', '=', deletedUser.id).execute();
      const deletedOrganization = await createAccount(ctx);
      await ctx.db
        .updateTable('organizations')
        .set({ state: 'DELETED' })
        .where('id', '=', deletedOrganization.organizationId)
        .execute();

      expect((await forgot(ctx.app, deletedUser.email)).statusCode).toBe(202);
      expect((await forgot(ctx.app, deletedOrganization.email)).statusCode).toBe(202);
      expect(await outboxFor(ctx, deletedUser.email)).toHaveLength(0);
      expect(await outboxFor(ctx, deletedOrganization.email)).toHaveLength(0);
    });

    it('sends at most three emails per account and window, with the same answer', async () => {
      const account = await createAccount(ctx);
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await forgot(ctx.app, account.email));
      expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
      expect(await outboxFor(ctx, account.email)).toHaveLength(3);
    });

    it('refuses an invalid email with the §5 message', async () => {
      const response = await forgot(ctx.app, 'not-an-email@nowhere');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([{ path: 'email', message: EMAIL_MESSAGE }]);
    });
  });

  describe('POST /api/password/reset/check', () => {
    const check = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/password/reset/check', payload: { token } });

    it('says a link can be used until it is used or expires, and uses nothing itself', async () => {
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);
      const fresh = await check(token);
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(new Date(fresh.json<{ expires_at: string }>().expires_at).getTime()).toBeGreaterThan(Date.now());
      expect((await check(token)).statusCode).toBe(200);
      expect((await reset(ctx.app, { token, password: STRONG_PASSWORD })).statusCode).toBe(200);
      const used = await check(token);
      expect(used.statusCode).toBe(400);
      expect(errorOf(used)).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });

    it('answers an unknown, an empty and an expired link as not valid', async () => {
      expect(errorOf(await check('not-a-token'))).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
      expect((await check('')).statusCode).toBe(400);
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);
      ctx.clock.advanceMinutes(61);
      expect(errorOf(await check(token))).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });
  });

  describe('POST /api/password/reset', () => {
    it('sets the new password, ends every session of the user, and works only once', async () => {
      const account = await createAccount(ctx);
      const sessions = [await loginToken(ctx.app, account), await loginToken(ctx.app, account)];
      const token = await requestResetToken(ctx, account);

      const response = await reset(ctx.app, {
        token,
        password: STRONG_PASSWORD,
        confirmation: STRONG_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: expect.any(String) });
      for (const session of sessions) expect((await getSession(ctx.app, session)).statusCode).toBe(401);

      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(401);
      expect((await login(ctx.app, account.username, STRONG_PASSWORD)).statusCode).toBe(200);

      const again = await reset(ctx.app, { token, password: 'Another-password-7' });
      expect(again.statusCode).toBe(400);
      expect(errorOf(again)).toMatchObject({ statusCode: 400, code: 'INVALID_RESET_TOKEN' });
      expect((await login(ctx.app, account.username, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('records the reset in the user’s history, by the user', async () => {
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);
      expect((await reset(ctx.app, { token, password: STRONG_PASSWORD })).statusCode).toBe(200);
      const row = await ctx.db
        .selectFrom('history')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', account.id)
        .where('action', '=', 'password_change')
        .executeTakeFirstOrThrow();
      expect(row.actor_user_id).toBe(account.id);
      expect(JSON.stringify(row.changes)).not.toContain('$argon2');
    });

    it('refuses a confirmation that does not match, and leaves the link usable', async () => {
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);

      const response = await reset(ctx.app, {
        token,
        password: STRONG_PASSWORD,
        confirmation: `${STRONG_PASSWORD}x`,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([
        { path: 'confirmation', message: PASSWORD_MISMATCH_MESSAGE },
      ]);
      expect((await login(ctx.app, account.username, account.password)).statusCode).toBe(200);

      expect(
        (await reset(ctx.app, { token, password: STRONG_PASSWORD, confirmation: STRONG_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a weak password with the §5 message, and leaves the link usable', async () => {
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);

      const response = await reset(ctx.app, { token, password: 'weakpassword' });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toContainEqual({ path: 'password', message: PASSWORD_RULE_MESSAGE });
      expect((await reset(ctx.app, { token, password: STRONG_PASSWORD })).statusCode).toBe(200);
    });

    it('refuses a token that was never issued', async () => {
      const response = await reset(ctx.app, { token: 'B'.repeat(43), password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });

    it('ends the other outstanding links of the user once one is used', async () => {
      const account = await createAccount(ctx);
      const first = await requestResetToken(ctx, account);
      const second = await requestResetToken(ctx, account);
      expect(first).not.toBe(second);

      expect((await reset(ctx.app, { token: second, password: STRONG_PASSWORD })).statusCode).toBe(200);
      const stale = await reset(ctx.app, { token: first, password: 'Another-password-7' });
      expect(stale.statusCode).toBe(400);
      expect(errorOf(stale)).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });

    it('refuses the link of a user deleted since', async () => {
      const account = await createAccount(ctx);
      const token = await requestResetToken(ctx, account);
      await ctx.db.updateTable('users').set({ state: 'deleted' }).where('id', '=', account.id).execute();
      const response = await reset(ctx.app, { token, password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });
  });

  describe('POST /api/signup', () => {
    it('creates a regular organization and its owner, and answers 201 with the owner’s session', async () => {
      const suffix = uniqueSuffix();
      const payload = {
        company: `Acme ${suffix}`,
        country: 'es',
        name: 'Ana Acme',
        username: `acme_${suffix}`,
        email: `ana_${suffix}@acme.example`,
      };
      const response = await signUp(ctx.app, payload);
      expect(response.statusCode).toBe(201);
      const session = sessionOf(response);
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session).toMatchObject({
        role: 'owner',
        user: { username: payload.username, name: payload.name, email: payload.email },
        organization: { role: 'regular', name: payload.company, parent: null },
        customization: { isWhitelabel: false },
        simulation: null,
        hide_docs: false,
        test: false,
        image: '',
      });

      const organization = await ctx.db
        .selectFrom('organizations')
        .selectAll()
        .where('id', '=', String(session.organization.id))
        .executeTakeFirstOrThrow();
      expect(organization).toMatchObject({
        name: payload.company,
        role: 'regular',
        country: 'ES',
        state: 'active',
      });
      const users = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', organization.id)
        .execute();
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ username: payload.username, role: 'owner', state: 'active' });
      expect(users[0]?.password_hash).not.toContain(STRONG_PASSWORD);

      expect((await getSession(ctx.app, session.token)).statusCode).toBe(200);
      expect((await login(ctx.app, payload.username, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a username already in use (any letter case) with 409 USERNAME_TAKEN and creates nothing', async () => {
      const organizationsBefore = await ctx.db.selectFrom('organizations').select('id').execute();
      const response = await signUp(ctx.app, { username: 'OWNER' });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ statusCode: 409, code: 'USERNAME_TAKEN' });
      expect(errorOf(response).details).toEqual([{ path: 'username', message: expect.any(String) }]);
      expect(await ctx.db.selectFrom('organizations').select('id').execute()).toHaveLength(
        organizationsBefore.length,
      );
    });

    it('refuses an email already in use (any letter case) with 409 EMAIL_TAKEN and creates nothing', async () => {
      const organizationsBefore = await ctx.db.selectFrom('organizations').select('id').execute();
      const response = await signUp(ctx.app, { email: 'Owner@Demo.Beacon.Localhost' });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });
      expect(errorOf(response).details).toEqual([{ path: 'email', message: expect.any(String) }]);
      expect(await ctx.db.selectFrom('organizations').select('id').execute()).toHaveLength(
        organizationsBefore.length,
      );
    });

    it('answers 409, never a 5xx, when two sign-ups race for the same username or email', async () => {
      const suffix = uniqueSuffix();
      const sameUsername = await Promise.all([
        signUp(ctx.app, { username: `race_${suffix}` }),
        signUp(ctx.app, { username: `race_${suffix}` }),
      ]);
      expect(sameUsername.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(sameUsername.map((response) => response.json().code)).toContain('USERNAME_TAKEN');

      const sameEmail = await Promise.all([
        signUp(ctx.app, { email: `race_${suffix}@example.com` }),
        signUp(ctx.app, { email: `RACE_${suffix}@example.com` }),
      ]);
      expect(sameEmail.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(sameEmail.map((response) => response.json().code)).toContain('EMAIL_TAKEN');
    });

    it('refuses an invalid email with the §5 message', async () => {
      for (const email of ['plain', '.dot@example.com', 'user@example', 'user@example.c']) {
        const response = await signUp(ctx.app, { email });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).details).toContainEqual({ path: 'email', message: EMAIL_MESSAGE });
      }
    });

    it('refuses a weak password with the §5 message', async () => {
      const response = await signUp(ctx.app, { password: 'password' });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toContainEqual({ path: 'password', message: PASSWORD_RULE_MESSAGE });
    });

    it('requires the company, name and username', async () => {
      const response = await signUp(ctx.app, { company: ' ', name: '', username: '' });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual(
        expect.arrayContaining([
          { path: 'company', message: REQUIRED_MESSAGE },
          { path: 'name', message: REQUIRED_MESSAGE },
          { path: 'username', message: REQUIRED_MESSAGE },
        ]),
      );
    });
  });
});

describe('with a clock that moves', () => {
  const MAX_AGE_DAYS = 90;
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

  it('a reset link works for 60 minutes and not after', async () => {
    expect(ctx.config.password.resetTokenMinutes).toBe(60);
    const fresh = await createAccount(ctx);
    const freshToken = await requestResetToken(ctx, fresh);
    const stale = await createAccount(ctx);
    const staleToken = await requestResetToken(ctx, stale);

    ctx.clock.advanceMinutes(59);
    expect((await reset(ctx.app, { token: freshToken, password: STRONG_PASSWORD })).statusCode).toBe(200);

    ctx.clock.advanceMinutes(2);
    const expired = await reset(ctx.app, { token: staleToken, password: STRONG_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect((await login(ctx.app, stale.username, stale.password)).statusCode).toBe(200);
  });

  it('limits reset emails per window by the app clock, and allows more once the window has passed', async () => {
    ctx.clock.advanceMinutes(24 * 60);
    const account = await createAccount(ctx);
    for (let attempt = 0; attempt < 4; attempt += 1) await forgot(ctx.app, account.email);
    expect(await outboxFor(ctx, account.email)).toHaveLength(3);

    ctx.clock.advanceMinutes(ctx.config.login.windowMinutes + 1);
    await forgot(ctx.app, account.email);
    expect(await outboxFor(ctx, account.email)).toHaveLength(4);
  });

  it('a reset renews an expired password', async () => {
    const account = await createAccount(ctx, {
      passwordChangedAt: addDays(ctx.clock.now(), -(MAX_AGE_DAYS + 1)),
    });
    expect(errorOf(await login(ctx.app, account.username, account.password))).toMatchObject({
      code: 'PASSWORD_EXPIRED',
    });

    const token = await requestResetToken(ctx, account);
    expect((await reset(ctx.app, { token, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const response = await login(ctx.app, account.username, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(sessionOf(response).password_expires_at).toBe(
      addDays(ctx.clock.now(), MAX_AGE_DAYS).toISOString(),
    );
  });

  it('starts the password age of a new owner at sign-up time', async () => {
    ctx.clock.advanceMinutes((MAX_AGE_DAYS + 5) * 24 * 60);
    const suffix = uniqueSuffix();
    const response = await signUp(ctx.app, { username: `clock_${suffix}` });
    expect(response.statusCode).toBe(201);
    expect(sessionOf(response).password_expires_at).toBe(
      addDays(ctx.clock.now(), MAX_AGE_DAYS).toISOString(),
    );
    expect((await login(ctx.app, `clock_${suffix}`, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});
