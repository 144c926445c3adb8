import type { UserRole } from '@beacon/domain/dictionary/roles';
import { PROFILE_LOGO_UPLOAD, uploadTooManyPixelsMessage } from '@beacon/domain/validation/uploads';
import type { TUserItem } from '@beacon/domain/validation/user-form';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../lib/passwords';
import { SEED_ACTOR, uniqueSuffix } from '../../test/factories';
import { hugePng } from '../../test/pictures';
import { bearer, loginAs, multipart, startTestApp, type TestContext, TINY_PNG } from '../../test/test-app';
import { listHistory } from '../history/history.service';
import { createOrganization } from '../organizations/organizations.service';
import { createUser } from './users.service';

/**
 * The user calls of spec §7 (decision 011): invite, list, edit, delete, bulk changes, a manager's password
 * update and the caller's own profile, with the §5 messages, 401/403/404/409 and history.
 */

const REQUIRED = 'This field is required';
const EMAIL = 'The email address is not valid';
const PASSWORD_RULE =
  'The password must have at least 8 characters, an upper-case letter, a lower-case letter, a digit and a symbol';
const NEW_PASSWORD = 'Fresh-pass-42';

let ctx: TestContext;
let passwordHash: string;
const ids: Record<string, string> = {};

const DEMO_ORGANIZATIONS = {
  operator: 'Beacon Operations',
  agency: 'Demo Agency',
  advertiser: 'Demo Advertiser',
  northwind: 'Northwind Media',
} as const;

beforeAll(async () => {
  ctx = await startTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [key, name] of Object.entries(DEMO_ORGANIZATIONS)) {
    const row = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
  ids.brand = (
    await createOrganization(
      ctx.db,
      { name: 'Second Brand', role: 'regular', parent_id: idOf('agency'), country: 'GB' },
      SEED_ACTOR,
    )
  ).id;
});
afterAll(async () => {
  await ctx.close();
});

const idOf = (key: string): string => {
  const id = ids[key];
  if (!id) throw new Error(`no organization ${key}`);
  return id;
};

type Added = { id: string; username: string; email: string };

/** A user made directly (no request), with the demo password, for a scenario of its own. */
const addUser = async (organization: string, role: UserRole, prefix = 'user'): Promise<Added> => {
  const username = `${prefix}_${uniqueSuffix()}`;
  const email = `${username}@example.com`;
  const user = await createUser(
    ctx.db,
    {
      organizationId: idOf(organization),
      username,
      email,
      name: `Name ${username}`,
      role,
      password: DEMO_PASSWORD,
      passwordHash,
      passwordChangedAt: ctx.clock.now(),
    },
    SEED_ACTOR,
  );
  return { id: user.id, username, email };
};

const tokenCache: Record<string, string> = {};
const tokenOf = async (username: string): Promise<string> => {
  tokenCache[username] ??= await loginAs(ctx.app, username);
  return tokenCache[username];
};

const call = async (
  username: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(await tokenOf(username)),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const userRow = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const loginStatus = async (username: string, password = DEMO_PASSWORD): Promise<number> =>
  (await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode;

const sessionStatus = async (token: string): Promise<number> =>
  (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode;

const invite = (overrides: Record<string, unknown> = {}) => {
  const username = `invited_${uniqueSuffix()}`;
  return {
    name: 'Ivy Invited',
    username,
    email: `${username}@example.com`,
    phone: '+44 20 7946 0000',
    role: 'editor',
    password: NEW_PASSWORD,
    ...overrides,
  };
};

describe('the user calls need a session', () => {
  it.each([
    ['GET', '/api/organization/2/users'],
    ['POST', '/api/organization/2/user'],
    ['PUT', '/api/organization/2/user/5'],
    ['DELETE', '/api/organization/2/user/5'],
    ['PUT', '/api/v2/organization/2/users'],
    ['PUT', '/api/organization/2/user/5/password'],
    ['PUT', '/api/user'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const response = await ctx.app.inject({ method, url, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
  });
});

describe('POST /api/organization/:id/user', () => {
  it('invites a user who can then log in, answering the user and recording who invited it', async () => {
    const body = invite({ role: 'viewer', view_all_kpis: true, advertisers: [Number(idOf('advertiser'))] });
    const response = await call('owner', 'POST', `/api/organization/${idOf('agency')}/user`, body);
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json<TUserItem>();
    expect(user).toMatchObject({
      organization: { id: Number(idOf('agency')), name: 'Demo Agency' },
      username: body.username,
      email: body.email,
      name: 'Ivy Invited',
      phone: '+44 20 7946 0000',
      role: 'viewer',
      state: 'active',
      image: '',
      decimal_mark: '.',
      advertisers: [{ id: Number(idOf('advertiser')), name: 'Demo Advertiser' }],
      view_all_kpis: true,
      view_all_campaigns: false,
      version: 1,
    });
    expect(response.body).not.toContain(NEW_PASSWORD);
    expect(await loginStatus(body.username, NEW_PASSWORD)).toBe(200);
    const [entry] = await listHistory(ctx.db, 'user', String(user.id));
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'create', actor_user_id: owner.id, impersonator_user_id: null });
    expect(JSON.stringify(entry?.changes)).not.toContain(NEW_PASSWORD);
  });

  it('answers the §5 messages per field', async () => {
    const response = await call('owner', 'POST', `/api/organization/${idOf('agency')}/user`, {
      name: '',
      username: 'ok_name',
      email: 'not-an-email',
      role: 'editor',
      password: 'weak',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: REQUIRED },
        { path: 'email', message: EMAIL },
        { path: 'password', message: PASSWORD_RULE },
      ]),
    );
  });

  it('lets the owner invite every customer role it may give, and each invited user logs in with its role', async () => {
    const roles: UserRole[] = [
      'owner',
      'editor',
      'viewer',
      'advertiser',
      'adexchange',
      'audience_manager',
      'creative_manager',
    ];
    for (const role of roles) {
      const body = invite({
        role,
        ...(role === 'advertiser' ? { advertisers: [Number(idOf('advertiser'))] } : {}),
      });
      const response = await call('owner', 'POST', `/api/organization/${idOf('agency')}/user`, body);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(201);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: body.username, password: NEW_PASSWORD },
      });
      expect(login.statusCode, role).toBe(200);
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: bearer(login.json<{ token: string }>().token),
      });
      expect(session.json<{ role: string }>().role, role).toBe(role);
      // Deleted again, so that the lists the other tests read are as the seed left them.
      const id = response.json<TUserItem>().id;
      const removed = await call('owner', 'DELETE', `/api/organization/${idOf('agency')}/user/${id}`);
      expect(removed.statusCode, removed.body).toBeLessThan(300);
    }
  });

  it('refuses fields the body does not own: organization, id, state', async () => {
    for (const extra of [{ organization_id: Number(idOf('northwind')) }, { id: 1 }, { state: 'inactive' }]) {
      const response = await call('owner', 'POST', `/api/organization/${idOf('agency')}/user`, invite(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('answers 409 with the field for a username or email already in use, whatever the case', async () => {
    const taken = await addUser('northwind', 'editor', 'taken');
    const byName = await call(
      'owner',
      'POST',
      `/api/organization/${idOf('agency')}/user`,
      invite({ username: taken.username.toUpperCase() }),
    );
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      details: [{ path: 'username', message: 'This username is already in use' }],
    });
    const byEmail = await call(
      'owner',
      'POST',
      `/api/organization/${idOf('agency')}/user`,
      invite({ email: taken.email.toUpperCase() }),
    );
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      details: [{ path: 'email', message: 'This email address is already in use' }],
    });
  });

  it('refuses a role the caller may not give (403 with a clear message)', async () => {
    const asOwner = await call(
      'owner',
      'POST',
      `/api/organization/${idOf('agency')}/user`,
      invite({ role: 'admin' }),
    );
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toMatchObject({
      message: 'You may not give the role Controller in this organization',
      details: [{ path: 'role' }],
    });
    const operator = `/api/organization/${idOf('operator')}/user`;
    const managerToAdmin = await call('account_manager', 'POST', operator, invite({ role: 'admin' }));
    expect(managerToAdmin.statusCode).toBe(403);
    const adminToSupervisor = await call('admin', 'POST', operator, invite({ role: 'supervisor' }));
    expect(adminToSupervisor.statusCode).toBe(403);
    const staffInCustomer = await call(
      'supervisor',
      'POST',
      `/api/organization/${idOf('agency')}/user`,
      invite({ role: 'support' }),
    );
    expect(staffInCustomer.statusCode).toBe(403);
    const supervisorToSupervisor = await call('supervisor', 'POST', operator, invite({ role: 'supervisor' }));
    expect(supervisorToSupervisor.statusCode, supervisorToSupervisor.body).toBe(201);
  });

  it('takes as advertisers only child organizations of the user’s organization', async () => {
    for (const other of ['agency', 'northwind']) {
      const response = await call(
        'supervisor',
        'POST',
        `/api/organization/${idOf('agency')}/user`,
        invite({ role: 'advertiser', advertisers: [Number(idOf('advertiser')), Number(idOf(other))] }),
      );
      expect(response.statusCode, other).toBe(400);
      expect(response.json()).toMatchObject({
        details: [
          {
            path: 'advertisers.1',
            message: "Choose advertisers among the organization's child organizations",
          },
        ],
      });
    }
  });
});

describe('GET /api/organization/:id/users', () => {
  it('lists the users of the organization with paging, sort, search, filters and x-total-count', async () => {
    const url = `/api/organization/${idOf('agency')}/users`;
    const all = await call('owner', 'GET', `${url}?limit=200`);
    expect(all.statusCode, all.body).toBe(200);
    const users = all.json<TUserItem[]>();
    expect(users.every((user) => user.organization.id === Number(idOf('agency')))).toBe(true);
    expect(users.map((user) => user.username)).toEqual(expect.arrayContaining(['owner', 'editor', 'viewer']));
    expect(Number(all.headers['x-total-count'])).toBe(users.length);

    const page = await call('owner', 'GET', `${url}?limit=2&page=2&sort=-username`);
    const sorted = users.map((user) => user.username).sort((a, b) => b.localeCompare(a));
    expect(page.json<TUserItem[]>().map((user) => user.username)).toEqual(sorted.slice(2, 4));
    expect(page.headers['x-total-count']).toBe(String(users.length));

    const search = await call('owner', 'GET', `${url}?search=Vera`);
    expect(search.json<TUserItem[]>().map((user) => user.username)).toEqual(['viewer']);
    const filtered = await call('owner', 'GET', `${url}?role[is]=creative_manager`);
    expect(filtered.json<TUserItem[]>().map((user) => user.username)).toEqual(['creative_manager']);
  });

  it('adds the users of descendants with include_children=1', async () => {
    const child = await addUser('advertiser', 'owner', 'brandowner');
    const url = `/api/organization/${idOf('agency')}/users?limit=200`;
    const own = (await call('owner', 'GET', url)).json<TUserItem[]>();
    expect(own.map((user) => user.username)).not.toContain(child.username);
    const withChildren = (await call('owner', 'GET', `${url}&include_children=1`)).json<TUserItem[]>();
    expect(withChildren.find((user) => user.username === child.username)).toMatchObject({
      organization: { id: Number(idOf('advertiser')), name: 'Demo Advertiser' },
    });
    const filtered = await call(
      'owner',
      'GET',
      `${url}&include_children=1&organization[is]=${idOf('advertiser')}`,
    );
    expect(
      filtered.json<TUserItem[]>().every((user) => user.organization.id === Number(idOf('advertiser'))),
    ).toBe(true);
  });

  it('answers 400 for an unknown parameter or a bad include_children', async () => {
    const url = `/api/organization/${idOf('agency')}/users`;
    for (const query of ['include_children=yes', 'password[is]=x', 'sort=password']) {
      const response = await call('owner', 'GET', `${url}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('PUT /api/organization/:id/user/:userId', () => {
  it('changes role, advertisers and flags with the version it was loaded with; a stale one is a 409', async () => {
    const target = await addUser('agency', 'viewer');
    const url = `/api/organization/${idOf('agency')}/user/${target.id}`;
    const changed = await call('owner', 'PUT', url, {
      role: 'advertiser',
      advertisers: [Number(idOf('advertiser')), Number(idOf('brand'))],
      view_all_campaigns: true,
      phone: '',
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      role: 'advertiser',
      view_all_campaigns: true,
      phone: null,
      advertisers: [
        { id: Number(idOf('advertiser')), name: 'Demo Advertiser' },
        { id: Number(idOf('brand')), name: 'Second Brand' },
      ],
      version: 2,
    });
    const stale = await call('owner', 'PUT', url, { name: 'Late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    expect((await userRow(target.id)).name).toBe(`Name ${target.username}`);
    const cleared = await call('owner', 'PUT', url, { advertisers: [], version: 2 });
    expect(cleared.json()).toMatchObject({ advertisers: [], version: 3 });
    const history = await listHistory(ctx.db, 'user', target.id);
    expect(history[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'role', from: 'viewer', to: 'advertiser' },
        { field: 'advertisers', from: [], to: [idOf('advertiser'), idOf('brand')].sort() },
      ]),
    );
  });

  it('never changes the caller’s own role, but lets it edit its own details', async () => {
    const self = await addUser('agency', 'owner', 'selfowner');
    const url = `/api/organization/${idOf('agency')}/user/${self.id}`;
    const role = await call(self.username, 'PUT', url, { role: 'editor', version: 1 });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toMatchObject({ message: 'You may not change your own role' });
    const same = await call(self.username, 'PUT', url, { role: 'owner', name: 'Still Owner', version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect((await userRow(self.id)).role).toBe('owner');
  });

  it('refuses to manage a user above the caller, and username or state in the body', async () => {
    const admin = await addUser('operator', 'admin', 'opadmin');
    const url = `/api/organization/${idOf('operator')}/user/${admin.id}`;
    const byManager = await call('account_manager', 'PUT', url, { name: 'Renamed', version: 1 });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ message: 'You may not manage a user with the role Controller' });
    for (const extra of [
      { username: 'x_y_z' },
      { state: 'inactive' },
      { organization_id: 2 },
      { password: NEW_PASSWORD },
    ]) {
      const response = await call('admin', 'PUT', url, { version: 1, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await userRow(admin.id)).version).toBe(1);
  });

  it('answers 409 for an email another user has, and 400 without a version', async () => {
    const target = await addUser('agency', 'editor');
    const other = await addUser('northwind', 'editor');
    const url = `/api/organization/${idOf('agency')}/user/${target.id}`;
    const taken = await call('owner', 'PUT', url, { email: other.email.toUpperCase(), version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', details: [{ path: 'email' }] });
    const noVersion = await call('owner', 'PUT', url, { name: 'X' });
    expect(noVersion.json()).toMatchObject({ details: [{ path: 'version', message: REQUIRED }] });
  });
});

describe('DELETE /api/organization/:id/user/:userId', () => {
  it('marks the user deleted, ends its sessions, hides it and keeps its username taken', async () => {
    const target = await addUser('agency', 'editor', 'leaving');
    const targetToken = await loginAs(ctx.app, target.username);
    const url = `/api/organization/${idOf('agency')}/user/${target.id}`;
    const response = await call('owner', 'DELETE', url);
    expect(response.statusCode, response.body).toBe(204);
    expect(await sessionStatus(targetToken)).toBe(401);
    expect(await loginStatus(target.username)).toBe(401);
    const row = await userRow(target.id);
    expect(row.state).toBe('deleted');
    expect(row.deleted_at).toEqual(ctx.clock.now());
    const list = await call('owner', 'GET', `/api/organization/${idOf('agency')}/users?limit=200`);
    expect(list.body).not.toContain(target.username);
    expect((await call('owner', 'DELETE', url)).statusCode).toBe(404);
    expect((await call('owner', 'PUT', url, { name: 'Back', version: 2 })).statusCode).toBe(404);
    const reuse = await call(
      'owner',
      'POST',
      `/api/organization/${idOf('agency')}/user`,
      invite({ username: target.username }),
    );
    expect(reuse.statusCode).toBe(409);
    const [entry] = await listHistory(ctx.db, 'user', target.id);
    expect(entry).toMatchObject({ action: 'delete' });
  });

  it('never deletes the caller itself', async () => {
    const self = await addUser('agency', 'owner', 'selfdelete');
    const response = await call(
      self.username,
      'DELETE',
      `/api/organization/${idOf('agency')}/user/${self.id}`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'You may not delete yourself' });
    expect((await userRow(self.id)).state).toBe('active');
  });
});

describe('PUT /api/v2/organization/:id/users', () => {
  it('changes several users of the organization and its descendants at once', async () => {
    const first = await addUser('agency', 'viewer');
    const second = await addUser('advertiser', 'viewer');
    const response = await call('owner', 'PUT', `/api/v2/organization/${idOf('agency')}/users`, {
      ids: [Number(first.id), Number(second.id)],
      changes: { role: 'editor', view_all_kpis: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<TUserItem[]>().map((user) => [user.username, user.role, user.view_all_kpis]),
    ).toEqual([
      [first.username, 'editor', true],
      [second.username, 'editor', true],
    ]);
  });

  it('deactivating or deleting ends the users’ sessions', async () => {
    const paused = await addUser('agency', 'viewer', 'paused');
    const token = await loginAs(ctx.app, paused.username);
    const response = await call('owner', 'PUT', `/api/v2/organization/${idOf('agency')}/users`, {
      ids: [Number(paused.id)],
      changes: { state: 'inactive' },
    });
    expect(response.json()).toMatchObject([{ state: 'inactive' }]);
    expect(await sessionStatus(token)).toBe(401);
    expect(await loginStatus(paused.username)).toBe(401);
    const removed = await call('owner', 'PUT', `/api/v2/organization/${idOf('agency')}/users`, {
      ids: [Number(paused.id)],
      changes: { state: 'deleted' },
    });
    expect(removed.json()).toMatchObject([{ state: 'deleted' }]);
    expect((await userRow(paused.id)).deleted_at).not.toBeNull();
  });

  it('is all or nothing: the caller itself, a user elsewhere or a role above refuse the whole change', async () => {
    const self = await addUser('agency', 'owner', 'bulkself');
    const target = await addUser('agency', 'viewer');
    const elsewhere = await addUser('northwind', 'viewer');
    const url = `/api/v2/organization/${idOf('agency')}/users`;
    const withSelf = await call(self.username, 'PUT', url, {
      ids: [Number(target.id), Number(self.id)],
      changes: { state: 'inactive' },
    });
    expect(withSelf.statusCode).toBe(403);
    const withOther = await call(self.username, 'PUT', url, {
      ids: [Number(target.id), Number(elsewhere.id)],
      changes: { view_all_kpis: true },
    });
    expect(withOther.statusCode).toBe(404);
    const staffRole = await call('supervisor', 'PUT', url, {
      ids: [Number(target.id)],
      changes: { role: 'admin' },
    });
    expect(staffRole.statusCode).toBe(403);
    for (const id of [self.id, target.id, elsewhere.id]) {
      const row = await userRow(id);
      expect([row.state, row.view_all_kpis, row.version]).toEqual(['active', false, 1]);
    }
  });

  it('answers 400 for no changes, no ids or fields bulk does not own', async () => {
    const url = `/api/v2/organization/${idOf('agency')}/users`;
    const empty = await call('owner', 'PUT', url, { ids: [], changes: {} });
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { path: 'ids', message: REQUIRED },
        { path: 'changes', message: 'Choose at least one change' },
      ]),
    );
    const email = await call('owner', 'PUT', url, { ids: [1], changes: { email: 'a@example.com' } });
    expect(email.statusCode).toBe(400);
  });
});

describe('PUT /api/organization/:id/user/:userId/password', () => {
  it('lets an owner set the password of a user of its organization; the user’s sessions end', async () => {
    const target = await addUser('agency', 'editor', 'forgetful');
    const token = await loginAs(ctx.app, target.username);
    const url = `/api/organization/${idOf('agency')}/user/${target.id}/password`;
    const response = await call('owner', 'PUT', url, { password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(204);
    expect(await sessionStatus(token)).toBe(401);
    expect(await loginStatus(target.username)).toBe(401);
    expect(await loginStatus(target.username, NEW_PASSWORD)).toBe(200);
    const [entry] = await listHistory(ctx.db, 'user', target.id);
    expect(entry).toMatchObject({ action: 'password_change' });
    expect(JSON.stringify(entry?.changes)).not.toContain(NEW_PASSWORD);
  });

  it('refuses support, the caller’s own password, a role above and a weak password', async () => {
    const target = await addUser('agency', 'editor');
    const url = `/api/organization/${idOf('agency')}/user/${target.id}/password`;
    expect((await call('support', 'PUT', url, { password: NEW_PASSWORD })).statusCode).toBe(403);
    const self = await addUser('agency', 'owner', 'selfpass');
    const own = await call(
      self.username,
      'PUT',
      `/api/organization/${idOf('agency')}/user/${self.id}/password`,
      {
        password: NEW_PASSWORD,
      },
    );
    expect(own.statusCode).toBe(403);
    const supervisor = await addUser('operator', 'supervisor', 'opsuper');
    const above = await call(
      'admin',
      'PUT',
      `/api/organization/${idOf('operator')}/user/${supervisor.id}/password`,
      {
        password: NEW_PASSWORD,
      },
    );
    expect(above.statusCode).toBe(403);
    const weak = await call('owner', 'PUT', url, { password: 'weak' });
    expect(weak.json()).toMatchObject({ details: [{ path: 'password', message: PASSWORD_RULE }] });
    expect(await loginStatus(target.username)).toBe(200);
    expect(await loginStatus(supervisor.username)).toBe(200);
  });
});

describe('PUT /api/user', () => {
  it('changes the caller’s name and decimal mark; the session follows', async () => {
    const me = await addUser('agency', 'viewer', 'profile');
    const response = await call(me.username, 'PUT', '/api/user', { name: 'Pat Profile', decimal_mark: ',' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Pat Profile', decimal_mark: ',', role: 'viewer' });
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer(await tokenOf(me.username)),
    });
    expect(session.json()).toMatchObject({ decimal_mark: ',', user: { name: 'Pat Profile' } });
  });

  it('refuses a role, an organization or a state through the profile, and a taken email', async () => {
    const me = await addUser('agency', 'viewer', 'sneaky');
    for (const body of [
      { role: 'owner' },
      { organization_id: 1 },
      { state: 'active' },
      { view_all_kpis: true },
    ]) {
      const response = await call(me.username, 'PUT', '/api/user', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await call(me.username, 'PUT', '/api/user', { email: 'owner@demo.beacon.localhost' });
    expect(taken.statusCode).toBe(409);
    const row = await userRow(me.id);
    expect([row.role, row.organization_id, row.version]).toEqual(['viewer', idOf('agency'), 1]);
  });

  it('takes a png logo as multipart, serves it, and removes it on request', async () => {
    const me = await addUser('agency', 'viewer', 'logo');
    const token = await tokenOf(me.username);
    const form = multipart([
      { name: 'data', value: JSON.stringify({ name: 'Logo Person' }) },
      { name: 'logo', filename: 'me.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { image, name } = response.json<TUserItem>();
    expect(name).toBe('Logo Person');
    expect(image).toMatch(/^\/api\/files\/[0-9a-f]{64}\.png$/);
    const file = await ctx.app.inject({ method: 'GET', url: image });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
    expect(session.json()).toMatchObject({ image });

    const removed = await call(me.username, 'PUT', '/api/user', { remove_logo: true });
    expect(removed.json()).toMatchObject({ image: '' });
  });

  it('refuses a logo that is not png, jpeg or pdf, whatever its name says', async () => {
    const me = await addUser('agency', 'viewer', 'badlogo');
    const form = multipart([
      { name: 'logo', filename: 'me.png', contentType: 'image/png', data: Buffer.from('GIF89a not really') },
    ]);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...bearer(await tokenOf(me.username)), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ path: 'logo', message: 'The profile logo must be a PNG, JPEG or PDF file' }],
    });
    expect((await userRow(me.id)).image).toBe('');
  });

  it('refuses a picture of too many pixels before decoding it, and stores nothing (decision 035)', async () => {
    const me = await addUser('agency', 'viewer', 'bomblogo');
    const form = multipart([
      { name: 'logo', filename: 'me.png', contentType: 'image/png', data: await hugePng(50_000, 50_000) },
    ]);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...bearer(await tokenOf(me.username)), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ path: 'logo', message: uploadTooManyPixelsMessage(PROFILE_LOGO_UPLOAD, 50_000, 50_000) }],
    });
    expect((await userRow(me.id)).image).toBe('');
  });
});

describe('writes while simulating', () => {
  it('record the simulated user as actor and the real one as impersonator', async () => {
    const adminToken = await tokenOf('admin');
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(adminToken) });
    const entry = session
      .json<{ users: { username: string; token: string }[] }>()
      .users.find((user) => user.username === 'owner');
    if (!entry) throw new Error('owner is not offered to admin');
    const simulated = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(adminToken),
      payload: { token: entry.token },
    });
    const simulatedToken = simulated.json<{ token: string }>().token;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/organization/${idOf('agency')}/user`,
      headers: bearer(simulatedToken),
      payload: invite({ role: 'viewer' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [history] = await listHistory(ctx.db, 'user', String(response.json<TUserItem>().id));
    const idOfUser = async (username: string) =>
      (
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    expect(history).toMatchObject({
      actor_user_id: await idOfUser('owner'),
      impersonator_user_id: await idOfUser('admin'),
    });
    // A simulated owner gives what an owner may give, not what the admin behind it could.
    const staff = await ctx.app.inject({
      method: 'POST',
      url: `/api/organization/${idOf('agency')}/user`,
      headers: bearer(simulatedToken),
      payload: invite({ role: 'admin' }),
    });
    expect(staff.statusCode).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('describes the user calls', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/organization/{id}/users',
        '/api/organization/{id}/user',
        '/api/organization/{id}/user/{userId}',
        '/api/organization/{id}/user/{userId}/password',
        '/api/v2/organization/{id}/users',
        '/api/user',
      ]),
    );
  });
});

describe('demo mode', () => {
  it('refuses user writes while the caller is in demo mode, and changes nothing', async () => {
    const target = await addUser('agency', 'viewer');
    const headers = { ...bearer(await tokenOf('owner')), 'x-demo': '1' };
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/organization/${idOf('agency')}/user/${target.id}`,
      headers,
      payload: { name: 'Demo', version: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'DEMO_READ_ONLY' });
    expect((await userRow(target.id)).version).toBe(1);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/organization/${idOf('agency')}/users`,
      headers,
    });
    expect(list.statusCode).toBe(200);
  });
});
