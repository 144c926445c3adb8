import {
  ADMIN_STATE_MESSAGE,
  BRANDING_FIELD_MESSAGE,
  CONTACT_NOT_STAFF_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  HOST_TAKEN_MESSAGE,
  INTERNAL_FIELD_MESSAGE,
  OPERATOR_ORGANIZATION_FIXED_MESSAGE,
  PARENT_CYCLE_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  REQUIRED_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '@beacon/domain/validation/messages';
import { TIME_ZONE_MESSAGE } from '@beacon/domain/validation/time-zone';
import {
  FAVICON_UPLOAD,
  ORGANIZATION_LOGO_UPLOAD,
  uploadDamagedMessage,
  uploadTooManyPixelsMessage,
} from '@beacon/domain/validation/uploads';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema';
import { csvRecords } from '../../test/csv-records';
import { SEED_ACTOR, uniqueSuffix } from '../../test/factories';
import { hugePng, iconBitmap, icoOf } from '../../test/pictures';
import { bearer, loginAs, multipart, startTestApp, type TestContext, TINY_PNG } from '../../test/test-app';
import { listHistory } from '../history/history.service';
import type { TOrganization } from './organizations.schemas';
import { createOrganization } from './organizations.service';

/**
 * The organization writes of spec §7 (decision 010): create with the main user, update (JSON or multipart
 * with logo and favicon), bulk changes and deletion, duplicate, and the CSV download.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const CALLERS = [
  'supervisor',
  'admin',
  'account_manager',
  'support',
  'owner',
  'editor',
  'viewer',
  'reseller',
] as const;

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [key, name] of Object.entries({
    operator: 'Beacon Operations',
    agency: 'Demo Agency',
    advertiser: 'Demo Advertiser',
    northwind: 'Northwind Media',
  })) {
    ids[key] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
  for (const username of CALLERS) tokens[username] = await loginAs(ctx.app, username);
});
afterAll(async () => {
  await ctx.close();
});

const idOf = (key: string): string => {
  const id = ids[key];
  if (!id) throw new Error(`no organization ${key}`);
  return id;
};

const tokenOf = (username: string): string => {
  const token = tokens[username];
  if (!token) throw new Error(`no token for ${username}`);
  return token;
};

const call = (
  username: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(tokenOf(username)),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const rowOf = (id: string | number): Promise<OrganizationRow> =>
  ctx.db.selectFrom('organizations').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();

/** A fresh organization for one scenario, so that none shares state with another. */
const freshOrganization = (values: Partial<Parameters<typeof createOrganization>[1]> = {}) =>
  createOrganization(
    ctx.db,
    { name: `Fresh ${uniqueSuffix()}`, role: 'regular', country: 'GB', ...values },
    SEED_ACTOR,
  );

const mainUser = (prefix = 'main') => {
  const suffix = uniqueSuffix();
  return {
    name: `Main ${suffix}`,
    username: `${prefix}_${suffix}`,
    email: `${prefix}_${suffix}@example.com`,
    phone: '+44 20 7946 0000',
    password: `Main-${suffix}-1!`,
  };
};

const creation = (extra: Record<string, unknown> = {}) => ({
  name: `Created ${uniqueSuffix()}`,
  country: 'DE',
  currency: 'eur',
  invoicing_currency: 'eur',
  payment_terms: 'net30',
  main_user: mainUser(),
  ...extra,
});

const detailsOf = (response: LightMyRequestResponse): Record<string, string> =>
  Object.fromEntries(
    (response.json<{ details?: { path: string; message: string }[] }>().details ?? []).map((detail) => [
      detail.path,
      detail.message,
    ]),
  );

const staffUserId = async (username: string): Promise<number> =>
  Number(
    (await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id,
  );

describe('POST /api/v2/organization', () => {
  it('creates an organization with every §3 field and its main user, who can then log in', async () => {
    const user = mainUser();
    const body = creation({
      main_user: user,
      legal_entity: 'beacon_eu',
      billing_address: 'Unter den Linden 1',
      city: 'Berlin',
      zip: '10117',
      tax_id: 'DE136695976',
      tax_id_kind: 'VAT',
      payment_method: 'wire_transfer',
      max_daily_balance: '1500.25',
      prepayment_amount: '0.000001',
      additional_domains: ['Shop.Example'],
      services: ['audience_management'],
      contacts: { client_services_owner: await staffUserId('account_manager'), sales_owner: null },
      account_type: 'io',
      kind: 'direct',
      commission_role: 'sales_rep',
      region: 'eu',
      fee_model: 'margin',
      billing_basis: 'gross',
    });
    const response = await call('supervisor', 'POST', '/api/v2/organization', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TOrganization>();
    expect(created).toMatchObject({
      name: body.name,
      state: 'active',
      role: 'regular',
      parent: null,
      country: 'DE',
      currency: 'eur',
      payment_terms: 'net30',
      tax_id: 'DE136695976',
      tax_id_kind: 'VAT',
      max_daily_balance: '1500.25',
      prepayment_amount: '0.000001',
      additional_domains: ['shop.example'],
      services: ['audience_management'],
      contacts: {
        client_services_owner: await staffUserId('account_manager'),
        sales_owner: null,
        support: null,
      },
      region: 'eu',
      version: 1,
    });
    expect((await rowOf(created.id)).max_daily_balance).toBe('1500250000');

    const owner = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', user.username)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ organization_id: String(created.id), role: 'owner', email: user.email });
    expect(owner.password_hash).not.toContain(user.password);
    const token = await loginAs(ctx.app, user.username, user.password);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/organization/${created.id}`,
      headers: bearer(token),
    });
    expect(own.statusCode).toBe(200);

    const organizationHistory = await listHistory(ctx.db, 'organization', String(created.id));
    expect(organizationHistory.map((entry) => entry.action)).toEqual(['create']);
    expect(organizationHistory[0]?.actor_user_id).toBe(String(await staffUserId('supervisor')));
    const userHistory = await listHistory(ctx.db, 'user', owner.id);
    expect(userHistory.map((entry) => entry.action)).toEqual(['create']);
    expect(JSON.stringify(userHistory)).not.toContain(user.password);
  });

  it('creates a child of any organization for internal staff', async () => {
    const response = await call(
      'account_manager',
      'POST',
      '/api/v2/organization',
      creation({ parent: Number(idOf('agency')) }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ parent: Number(idOf('agency')) });
  });

  it('answers the §5 messages for missing and invalid fields, the VAT check included', async () => {
    const response = await call('supervisor', 'POST', '/api/v2/organization', {
      country: 'DE',
      currency: 'eur',
      tax_id: 'DE136695977',
      main_user: { ...mainUser(), password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(detailsOf(response)).toEqual({
      name: REQUIRED_MESSAGE,
      invoicing_currency: REQUIRED_MESSAGE,
      'main_user.password': PASSWORD_RULE_MESSAGE,
      tax_id: 'The VAT number is not valid',
    });
  });

  it('requires payment terms from the staff (a child created by an owner inherits them)', async () => {
    const { payment_terms: _terms, ...body } = creation();
    const response = await call('supervisor', 'POST', '/api/v2/organization', body);
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual({ payment_terms: REQUIRED_MESSAGE });
  });

  it('refuses fields a body does not own: id, balance, version, state, created_at', async () => {
    for (const field of ['id', 'balance', 'version', 'state', 'created_at']) {
      const response = await call('supervisor', 'POST', '/api/v2/organization', creation({ [field]: 1 }));
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(detailsOf(response)), field).toEqual([field]);
    }
  });

  it('answers 409 with the field for a taken username or email, and creates nothing', async () => {
    const before = await ctx.db.selectFrom('organizations').select('id').execute();
    const takenName = await call(
      'supervisor',
      'POST',
      '/api/v2/organization',
      creation({ main_user: { ...mainUser(), username: 'OWNER' } }),
    );
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: USERNAME_TAKEN_MESSAGE });
    expect(detailsOf(takenName)).toEqual({ 'main_user.username': USERNAME_TAKEN_MESSAGE });
    const ownerEmail = (
      await ctx.db
        .selectFrom('users')
        .select('email')
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow()
    ).email;
    const takenEmail = await call(
      'supervisor',
      'POST',
      '/api/v2/organization',
      creation({ main_user: { ...mainUser(), email: ownerEmail.toUpperCase() } }),
    );
    expect(takenEmail.statusCode).toBe(409);
    expect(detailsOf(takenEmail)).toEqual({ 'main_user.email': EMAIL_TAKEN_MESSAGE });
    expect(await ctx.db.selectFrom('organizations').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a contact who is not on the operator’s staff and a host that another organization holds', async () => {
    const ownerId = await staffUserId('owner');
    const response = await call(
      'supervisor',
      'POST',
      '/api/v2/organization',
      creation({
        contacts: { sales_owner: ownerId },
        whitelabel_hosts: ['fresh.example', 'northwind.localhost'],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual({
      'contacts.sales_owner': CONTACT_NOT_STAFF_MESSAGE,
      'whitelabel_hosts.1': HOST_TAKEN_MESSAGE,
    });
  });

  it('lets an owner create a child inside its subtree, inheriting the commercial terms', async () => {
    await ctx.db
      .updateTable('organizations')
      .set({ payment_terms: 'net60', region: 'eu', legal_entity: 'beacon_eu' })
      .where('id', '=', idOf('agency'))
      .execute();
    const { payment_terms: _terms, ...body } = creation();
    const response = await call('owner', 'POST', '/api/v2/organization', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      parent: Number(idOf('agency')),
      role: 'regular',
      payment_terms: 'net60',
      region: 'eu',
      legal_entity: 'beacon_eu',
    });
    const below = await call('owner', 'POST', '/api/v2/organization', {
      ...creation(),
      payment_terms: undefined,
      parent: Number(idOf('advertiser')),
    });
    expect(below.statusCode, below.body).toBe(201);
    expect(below.json()).toMatchObject({ parent: Number(idOf('advertiser')) });
  });

  it('starts a child in its parent’s time zone unless the body names one (docs/engine.md "Time zones")', async () => {
    const parent = await freshOrganization({ parent_id: idOf('agency'), time_zone: 'Asia/Tokyo' });
    const { payment_terms: _terms, ...body } = creation();
    const child = await call('owner', 'POST', '/api/v2/organization', { ...body, parent: Number(parent.id) });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ parent: Number(parent.id), time_zone: 'Asia/Tokyo' });
    expect((await rowOf(child.json<TOrganization>().id)).time_zone).toBe('Asia/Tokyo');

    const named = await call('owner', 'POST', '/api/v2/organization', {
      ...creation({ payment_terms: undefined }),
      parent: Number(parent.id),
      time_zone: 'Europe/Madrid',
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ time_zone: 'Europe/Madrid' });

    // Without a parent in the body the owner's own organization is the parent, and its zone the default.
    const before = await rowOf(idOf('agency'));
    await ctx.db
      .updateTable('organizations')
      .set({ time_zone: 'America/Sao_Paulo' })
      .where('id', '=', idOf('agency'))
      .execute();
    try {
      const own = await call('owner', 'POST', '/api/v2/organization', creation({ payment_terms: undefined }));
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json()).toMatchObject({ parent: Number(idOf('agency')), time_zone: 'America/Sao_Paulo' });
    } finally {
      await ctx.db
        .updateTable('organizations')
        .set({ time_zone: before.time_zone })
        .where('id', '=', idOf('agency'))
        .execute();
    }

    // The staff's children follow the same default; a top-level organization starts in UTC.
    const staffChild = await call(
      'account_manager',
      'POST',
      '/api/v2/organization',
      creation({ parent: Number(parent.id) }),
    );
    expect(staffChild.statusCode, staffChild.body).toBe(201);
    expect(staffChild.json()).toMatchObject({ time_zone: 'Asia/Tokyo' });
    const topLevel = await call('supervisor', 'POST', '/api/v2/organization', creation());
    expect(topLevel.statusCode, topLevel.body).toBe(201);
    expect(topLevel.json()).toMatchObject({ parent: null, time_zone: 'UTC' });
  });

  it('refuses an owner the internal fields, the top level and parents it cannot see', async () => {
    const { payment_terms: _terms, ...body } = creation();
    const internal = await call('owner', 'POST', '/api/v2/organization', {
      ...body,
      role: 'customized',
      payment_terms: 'net30',
      services: [],
      title: 'Mine',
    });
    expect(internal.statusCode).toBe(403);
    expect(detailsOf(internal)).toEqual({
      role: INTERNAL_FIELD_MESSAGE,
      payment_terms: INTERNAL_FIELD_MESSAGE,
      services: INTERNAL_FIELD_MESSAGE,
      title: BRANDING_FIELD_MESSAGE,
    });
    const topLevel = await call('owner', 'POST', '/api/v2/organization', { ...body, parent: null });
    expect(topLevel.statusCode).toBe(403);
    expect(detailsOf(topLevel)).toEqual({ parent: INTERNAL_FIELD_MESSAGE });
    const hidden = await call('owner', 'POST', '/api/v2/organization', {
      ...body,
      parent: Number(idOf('northwind')),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Northwind');
  });

  it.each(['editor', 'viewer', 'support'])('refuses %s (403)', async (caller) => {
    const response = await call(
      caller,
      'POST',
      '/api/v2/organization',
      creation({ parent: Number(idOf('agency')) }),
    );
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without a session and 403 in demo mode', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/organization',
      payload: creation(),
    });
    expect(anonymous.statusCode).toBe(401);
    const demo = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/organization',
      headers: { ...bearer(tokenOf('supervisor')), 'x-demo': '1' },
      payload: creation(),
    });
    expect(demo.statusCode).toBe(403);
    expect(demo.json()).toMatchObject({ code: 'DEMO_READ_ONLY' });
  });
});

describe('PUT /api/v2/organization/:id', () => {
  it('changes the fields sent at the version last read, and records what changed', async () => {
    const organization = await freshOrganization({ parent_id: idOf('agency') });
    const response = await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      name: 'Renamed Brand',
      city: 'London',
      billing_address: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed Brand',
      city: 'London',
      billing_address: null,
      version: 2,
    });
    const [entry] = await listHistory(ctx.db, 'organization', organization.id);
    expect(entry).toMatchObject({ action: 'update', actor_user_id: String(await staffUserId('owner')) });
    expect(entry?.changes).toEqual([
      { field: 'name', from: organization.name, to: 'Renamed Brand' },
      { field: 'city', from: null, to: 'London' },
    ]);
  });

  it('lets the owner set its own organization’s time zone, the default of its new campaigns', async () => {
    const organization = await freshOrganization({ parent_id: idOf('agency') });
    const invalidZone = await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      time_zone: 'Mars/Olympus',
    });
    expect(invalidZone.statusCode).toBe(400);
    expect(detailsOf(invalidZone)).toEqual({ time_zone: TIME_ZONE_MESSAGE });
    const response = await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      time_zone: 'Asia/Kolkata',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ time_zone: 'Asia/Kolkata', version: 2 });
    const [entry] = await listHistory(ctx.db, 'organization', organization.id);
    expect(entry?.changes).toEqual([{ field: 'time_zone', from: 'UTC', to: 'Asia/Kolkata' }]);
    // Viewers do not edit (§6).
    const viewer = await call('viewer', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 2,
      time_zone: 'UTC',
    });
    expect(viewer.statusCode).toBe(403);
    expect((await rowOf(organization.id)).time_zone).toBe('Asia/Kolkata');
  });

  it('answers 409 STALE_VERSION for a version that is not the current one, changing nothing', async () => {
    const organization = await freshOrganization({ parent_id: idOf('agency') });
    await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, { version: 1, city: 'Leeds' });
    const stale = await call('editor', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      city: 'York',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    expect(await rowOf(organization.id)).toMatchObject({ city: 'Leeds', version: 2 });
  });

  it('needs the version', async () => {
    const response = await call('owner', 'PUT', `/api/v2/organization/${idOf('agency')}`, { name: 'x' });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual({ version: REQUIRED_MESSAGE });
  });

  it('lets internal staff set the internal fields, money as exact decimal text', async () => {
    const organization = await freshOrganization();
    const response = await call('account_manager', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      account_type: 'maas',
      region: 'latam',
      max_daily_balance: '0.1',
      services: ['ad_quality_scans'],
      contacts: { support: await staffUserId('support') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      account_type: 'maas',
      region: 'latam',
      max_daily_balance: '0.1',
      contacts: { support: await staffUserId('support') },
    });
    expect((await rowOf(organization.id)).max_daily_balance).toBe('100000');
  });

  it('refuses the internal fields to customers and support, naming them, and changes nothing', async () => {
    for (const caller of ['owner', 'support']) {
      const before = await rowOf(idOf('agency'));
      const response = await call(caller, 'PUT', `/api/v2/organization/${idOf('agency')}`, {
        version: before.version,
        name: 'Not applied',
        region: 'sea',
        max_daily_balance: '1',
        whitelabel_hosts: ['agency.example'],
      });
      expect(response.statusCode, caller).toBe(403);
      expect(detailsOf(response)).toEqual({
        region: INTERNAL_FIELD_MESSAGE,
        max_daily_balance: INTERNAL_FIELD_MESSAGE,
        whitelabel_hosts: INTERNAL_FIELD_MESSAGE,
      });
      expect(await rowOf(idOf('agency'))).toEqual(before);
    }
  });

  it('checks the tax id against the country it will have', async () => {
    const organization = await freshOrganization({
      parent_id: idOf('agency'),
      tax_id: 'GB123456789',
      tax_id_kind: 'VAT',
    });
    const response = await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      country: 'BR',
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual({ tax_id: 'Invalid format' });
    const fixed = await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      country: 'BR',
      tax_id: '15.388.963/0001-81',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ country: 'BR', tax_id_kind: 'CNPJ' });
  });

  it('stores a VAT number in one form, however it was typed', async () => {
    const organization = await freshOrganization({ parent_id: idOf('agency') });
    const typed = await call('owner', 'PUT', `/api/v2/organization/${organization.id}`, {
      version: 1,
      country: 'DE',
      tax_id: ' de 136.695-976 ',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ tax_id: 'DE136695976', tax_id_kind: 'VAT' });
    expect((await rowOf(organization.id)).tax_id).toBe('DE136695976');
  });

  it('moves an organization under another, never under itself or its descendants', async () => {
    const top = await freshOrganization();
    const child = await freshOrganization({ parent_id: top.id });
    const cycle = await call('supervisor', 'PUT', `/api/v2/organization/${top.id}`, {
      version: 1,
      parent: Number(child.id),
    });
    expect(cycle.statusCode).toBe(400);
    expect(detailsOf(cycle)).toEqual({ parent: PARENT_CYCLE_MESSAGE });
    const moved = await call('supervisor', 'PUT', `/api/v2/organization/${top.id}`, {
      version: 1,
      parent: Number(idOf('agency')),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rowOf(child.id)).path).toBe(`${idOf('agency')}/${top.id}/${child.id}/`);
  });

  it("keeps the operator's own organization in place with its role", async () => {
    const operator = await rowOf(idOf('operator'));
    const response = await call('supervisor', 'PUT', `/api/v2/organization/${operator.id}`, {
      version: operator.version,
      role: 'data-partner',
    });
    expect(response.statusCode).toBe(403);
    expect(detailsOf(response)).toEqual({ role: OPERATOR_ORGANIZATION_FIXED_MESSAGE });
  });

  describe('logo and favicon', () => {
    const upload = (
      username: string,
      id: string,
      data: Record<string, unknown>,
      files: { name: string; data: Uint8Array }[],
    ) => {
      const body = multipart([
        { name: 'data', value: JSON.stringify(data) },
        ...files.map((file) => ({
          name: file.name,
          filename: `${file.name}.bin`,
          contentType: 'image/png',
          data: file.data,
        })),
      ]);
      return ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/organization/${id}`,
        headers: { ...bearer(tokenOf(username)), ...body.headers },
        payload: body.payload,
      });
    };

    it('lets the owner of a customized organization set its logo, favicon, title and colour, and remove the logo', async () => {
      const northwind = await rowOf(idOf('northwind'));
      const response = await upload(
        'reseller',
        northwind.id,
        { version: northwind.version, title: 'Northwind Ads', color: '#FF0000' },
        [
          { name: 'logo', data: TINY_PNG },
          { name: 'favicon', data: TINY_PNG },
        ],
      );
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<TOrganization>();
      expect(updated).toMatchObject({ title: 'Northwind Ads', color: '#ff0000' });
      expect(updated.image).toMatch(/^\/api\/files\/[0-9a-f]{64}\.png$/);
      expect(updated.favicon).toBe(updated.image);
      const file = await ctx.app.inject({ method: 'GET', url: updated.image ?? '' });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(TINY_PNG)).toBe(true);

      const whitelabel = await ctx.app.inject({
        method: 'GET',
        url: '/api/whitelabel',
        headers: { host: 'northwind.localhost' },
      });
      expect(whitelabel.json()).toMatchObject({
        title: 'Northwind Ads',
        color: '#ff0000',
        logo: updated.image,
      });

      const removed = await call('reseller', 'PUT', `/api/v2/organization/${northwind.id}`, {
        version: updated.version,
        image: null,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ image: null, favicon: updated.favicon });
    });

    it('refuses branding to a regular organization’s owner and files of the wrong type or size', async () => {
      const agency = await rowOf(idOf('agency'));
      const regular = await upload('owner', agency.id, { version: agency.version }, [
        { name: 'logo', data: TINY_PNG },
      ]);
      expect(regular.statusCode).toBe(403);
      expect(detailsOf(regular)).toEqual({ logo: BRANDING_FIELD_MESSAGE });
      const colour = await call('owner', 'PUT', `/api/v2/organization/${agency.id}`, {
        version: agency.version,
        color: '#000000',
      });
      expect(detailsOf(colour)).toEqual({ color: BRANDING_FIELD_MESSAGE });

      const northwind = await rowOf(idOf('northwind'));
      const pdf = await upload('reseller', northwind.id, { version: northwind.version }, [
        { name: 'logo', data: Buffer.from('%PDF-1.4\n%fake') },
      ]);
      expect(pdf.statusCode).toBe(400);
      expect(detailsOf(pdf)).toEqual({ logo: 'The logo must be a PNG or JPEG file' });
      const big = await upload('reseller', northwind.id, { version: northwind.version }, [
        { name: 'favicon', data: Buffer.concat([TINY_PNG, Buffer.alloc(300 * 1024)]) },
      ]);
      expect(big.statusCode).toBe(400);
      expect(detailsOf(big)).toEqual({ favicon: 'The favicon must be at most 256 KB' });
      expect(await rowOf(northwind.id)).toEqual(northwind);
    });

    it('takes a normal logo and an ICO favicon, and stores them as sent', async () => {
      const northwind = await rowOf(idOf('northwind'));
      const logo = await sharp({ create: { width: 480, height: 120, channels: 4, background: '#0a7' } })
        .png()
        .toBuffer();
      const favicon = icoOf([
        iconBitmap(16, 16),
        await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0a7' } })
          .png()
          .toBuffer(),
      ]);
      const response = await upload('reseller', northwind.id, { version: northwind.version }, [
        { name: 'logo', data: logo },
        { name: 'favicon', data: favicon },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<TOrganization>();
      expect(updated.favicon).toMatch(/^\/api\/files\/[0-9a-f]{64}\.ico$/);
      const stored = await ctx.app.inject({ method: 'GET', url: updated.image ?? '' });
      expect(stored.rawPayload.equals(logo)).toBe(true);
    });

    it('refuses decompression bombs, damaged pictures and SVG, and stores nothing (decision 035)', async () => {
      const northwind = await rowOf(idOf('northwind'));
      const bomb = await hugePng(50_000, 50_000);
      expect(bomb.byteLength).toBeLessThan(ORGANIZATION_LOGO_UPLOAD.maxBytes);
      // 900 million pixels fit the favicon's 256 KB.
      const smallerBomb = await hugePng(30_000, 30_000);
      const cutShort = (
        await sharp({ create: { width: 480, height: 120, channels: 4, background: '#0a7' } })
          .png()
          .toBuffer()
      ).subarray(0, 60);
      const refusals: [string, Buffer, string][] = [
        ['logo', bomb, uploadTooManyPixelsMessage(ORGANIZATION_LOGO_UPLOAD, 50_000, 50_000)],
        ['favicon', smallerBomb, uploadTooManyPixelsMessage(FAVICON_UPLOAD, 30_000, 30_000)],
        ['favicon', icoOf([smallerBomb]), uploadTooManyPixelsMessage(FAVICON_UPLOAD, 30_000, 30_000)],
        [
          'favicon',
          icoOf([iconBitmap(50_000, 50_000)]),
          uploadTooManyPixelsMessage(FAVICON_UPLOAD, 50_000, 50_000),
        ],
        ['logo', cutShort, uploadDamagedMessage(ORGANIZATION_LOGO_UPLOAD, 'png')],
        [
          'logo',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
          ),
          'The logo must be a PNG or JPEG file: SVG is not accepted, save the picture as a PNG',
        ],
        [
          'favicon',
          Buffer.from(
            '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>',
          ),
          'The favicon must be a PNG or ICO file: SVG is not accepted, save the picture as a PNG',
        ],
      ];
      for (const [field, data, message] of refusals) {
        const response = await upload('reseller', northwind.id, { version: northwind.version }, [
          { name: field, data },
        ]);
        expect(response.statusCode, `${field}: ${message}`).toBe(400);
        expect(detailsOf(response)).toEqual({ [field]: message });
      }
      expect(await rowOf(northwind.id)).toEqual(northwind);
    });

    it('never takes a logo as text in the body', async () => {
      const northwind = await rowOf(idOf('northwind'));
      const response = await call('supervisor', 'PUT', `/api/v2/organization/${northwind.id}`, {
        version: northwind.version,
        image: 'https://evil.example/logo.png',
      });
      expect(response.statusCode).toBe(400);
    });
  });
});

describe('PUT /api/backoffice/organizations', () => {
  it('deletes many at once: state DELETED, deleted_at set, gone from lists, history kept, users locked out', async () => {
    const first = await freshOrganization({ name: `Doomed ${uniqueSuffix()}` });
    const second = await freshOrganization({ name: `Doomed ${uniqueSuffix()}` });
    const user = mainUser();
    const withUser = await call('supervisor', 'POST', '/api/v2/organization', creation({ main_user: user }));
    const third = withUser.json<TOrganization>();
    await loginAs(ctx.app, user.username, user.password);

    const response = await call('admin', 'PUT', '/api/backoffice/organizations', {
      ids: [Number(first.id), Number(second.id), third.id],
      changes: { state: 'DELETED' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const deleted = response.json<TOrganization[]>();
    expect(deleted.map((organization) => organization.id)).toEqual([
      Number(first.id),
      Number(second.id),
      third.id,
    ]);
    for (const organization of deleted) {
      expect(organization.state).toBe('DELETED');
      expect(organization.deleted_at).toBe(ctx.clock.now().toISOString());
    }
    const list = await call('supervisor', 'GET', '/api/organizations?search=Doomed');
    expect(list.json()).toEqual([]);
    const byId = await call('supervisor', 'GET', `/api/v2/organization/${first.id}`);
    expect(byId.json()).toMatchObject({ state: 'DELETED' });
    const history = await listHistory(ctx.db, 'organization', first.id);
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'create']);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);

    const restored = await call('supervisor', 'PUT', '/api/backoffice/organizations', {
      ids: [Number(first.id)],
      changes: { state: 'active' },
    });
    expect(restored.json()).toMatchObject([{ state: 'active', deleted_at: null }]);
  });

  it('applies other bulk changes for any internal staff, but deleting is for admins', async () => {
    const organization = await freshOrganization();
    const changed = await call('account_manager', 'PUT', '/api/backoffice/organizations', {
      ids: [Number(organization.id)],
      changes: { region: 'india', payment_terms: 'net90', account_type: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject([
      { region: 'india', payment_terms: 'net90', account_type: null, version: 2 },
    ]);
    const deleting = await call('account_manager', 'PUT', '/api/backoffice/organizations', {
      ids: [Number(organization.id)],
      changes: { state: 'DELETED' },
    });
    expect(deleting.statusCode).toBe(403);
    expect(detailsOf(deleting)).toEqual({ 'changes.state': ADMIN_STATE_MESSAGE });
    expect((await rowOf(organization.id)).state).toBe('active');
  });

  it('is all or nothing: an unknown id answers 404 and changes no other', async () => {
    const organization = await freshOrganization();
    const response = await call('supervisor', 'PUT', '/api/backoffice/organizations', {
      ids: [Number(organization.id), 987654321],
      changes: { region: 'sea' },
    });
    expect(response.statusCode).toBe(404);
    expect((await rowOf(organization.id)).region).toBeNull();
  });

  it("never deletes the operator's own organization", async () => {
    const response = await call('supervisor', 'PUT', '/api/backoffice/organizations', {
      ids: [Number(idOf('operator'))],
      changes: { state: 'DELETED' },
    });
    expect(response.statusCode).toBe(403);
    expect(detailsOf(response)).toEqual({ 'changes.state': OPERATOR_ORGANIZATION_FIXED_MESSAGE });
  });

  it('answers 400 without changes, with too many ids or with a field that is not a bulk one', async () => {
    const empty = await call('supervisor', 'PUT', '/api/backoffice/organizations', { ids: [1], changes: {} });
    expect(detailsOf(empty)).toEqual({ changes: REQUIRED_MESSAGE });
    const tooMany = await call('supervisor', 'PUT', '/api/backoffice/organizations', {
      ids: Array.from({ length: 501 }, (_, index) => index + 1),
      changes: { region: 'eu' },
    });
    expect(detailsOf(tooMany)).toEqual({ ids: 'The maximum length is 500' });
    const name = await call('supervisor', 'PUT', '/api/backoffice/organizations', {
      ids: [1],
      changes: { name: 'x' },
    });
    expect(name.statusCode).toBe(400);
  });

  it.each(['owner', 'support', 'viewer'])('refuses %s (403, not a back-office role)', async (caller) => {
    const response = await call(caller, 'PUT', '/api/backoffice/organizations', {
      ids: [Number(idOf('agency'))],
      changes: { region: 'eu' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/v2/organization/:id/duplicate', () => {
  it('copies the settings, never users, credentials or white-label hosts', async () => {
    const user = mainUser();
    const response = await call('supervisor', 'POST', `/api/v2/organization/${idOf('northwind')}/duplicate`, {
      name: 'Northwind Copy',
      main_user: user,
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<TOrganization>();
    const source = (
      await call('supervisor', 'GET', `/api/v2/organization/${idOf('northwind')}`)
    ).json<TOrganization>();
    const {
      id: _id,
      name: _name,
      created_at: _created,
      whitelabel_hosts: hosts,
      version: _version,
      ...settings
    } = source;
    expect(copy).toMatchObject({ ...settings, name: 'Northwind Copy', whitelabel_hosts: [], version: 1 });
    expect(hosts).toEqual(['northwind.localhost']);

    const users = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('organization_id', '=', String(copy.id))
      .execute();
    expect(users.map((row) => [row.username, row.role])).toEqual([[user.username, 'owner']]);
    const resellerHash = (
      await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'reseller')
        .executeTakeFirstOrThrow()
    ).password_hash;
    expect(users[0]?.password_hash).not.toBe(resellerHash);
    await loginAs(ctx.app, user.username, user.password);

    const [entry] = await listHistory(ctx.db, 'organization', String(copy.id));
    expect(entry?.action).toBe('duplicate');
    expect(entry?.changes[0]).toEqual({
      field: 'duplicated_from',
      from: null,
      to: Number(idOf('northwind')),
    });
  });

  it('starts without users when no main user is given', async () => {
    const response = await call('supervisor', 'POST', `/api/v2/organization/${idOf('agency')}/duplicate`, {
      name: 'Agency Copy',
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<TOrganization>();
    expect(
      await ctx.db.selectFrom('users').select('id').where('organization_id', '=', String(copy.id)).execute(),
    ).toEqual([]);
  });

  it('lets an owner duplicate the organizations below its own, not its own', async () => {
    const below = await call('owner', 'POST', `/api/v2/organization/${idOf('advertiser')}/duplicate`, {
      name: 'Brand Copy',
    });
    expect(below.statusCode, below.body).toBe(201);
    expect(below.json()).toMatchObject({ parent: Number(idOf('agency')) });
    const own = await call('owner', 'POST', `/api/v2/organization/${idOf('agency')}/duplicate`, {
      name: 'Mine',
    });
    expect(own.statusCode).toBe(403);
    const hidden = await call('owner', 'POST', `/api/v2/organization/${idOf('northwind')}/duplicate`, {
      name: 'Theirs',
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('answers 409 for a taken username and 400 without a name', async () => {
    const taken = await call('supervisor', 'POST', `/api/v2/organization/${idOf('agency')}/duplicate`, {
      name: 'Copy',
      main_user: { ...mainUser(), username: 'owner' },
    });
    expect(taken.statusCode).toBe(409);
    expect(detailsOf(taken)).toEqual({ 'main_user.username': USERNAME_TAKEN_MESSAGE });
    const nameless = await call('supervisor', 'POST', `/api/v2/organization/${idOf('agency')}/duplicate`, {});
    expect(detailsOf(nameless)).toEqual({ name: REQUIRED_MESSAGE });
  });
});

describe('POST /api/v2/backoffice/organizations/download', () => {
  const URL = '/api/v2/backoffice/organizations/download';

  it('answers organizations.csv with the rows of the list, every page', async () => {
    const response = await call('supervisor', 'POST', URL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="organizations.csv"');
    const records = csvRecords(response.body);
    const list = await call('supervisor', 'GET', '/api/organizations?limit=200');
    expect(records.map((record) => record.name)).toEqual(list.json<TOrganization[]>().map((row) => row.name));
    expect(records.length).toBe(Number(list.headers['x-total-count']));
    const agency = records.find((record) => record.name === 'Demo Agency');
    expect(agency).toMatchObject({ id: idOf('agency'), state: 'active', country: 'GB', parent: '' });
    expect(Object.keys(agency ?? {})).not.toContain('whitelabel_hosts');
  });

  it("applies the grid's filters, search and sort, ignoring its page", async () => {
    const response = await call(
      'supervisor',
      'POST',
      `${URL}?country[is]=GB&sort=-name&search=demo&page=2&limit=1`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(csvRecords(response.body).map((record) => record.name)).toEqual([
      'Demo Agency',
      'Demo Advertiser',
    ]);
    const invalid = await call('supervisor', 'POST', `${URL}?colour[is]=red`);
    expect(invalid.statusCode).toBe(400);
  });

  it('writes cells that would run as spreadsheet formulas as text, and quotes what needs it', async () => {
    const names = [
      '=HYPERLINK("http://evil.example","click")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      '\tTabbed',
      'Comma, "Quoted"\nCo',
    ];
    for (const name of names) await freshOrganization({ name: `${name}`, country: 'FR' });
    const response = await call('supervisor', 'POST', `${URL}?country[is]=FR&sort=id`);
    const cells = csvRecords(response.body).map((record) => record.name);
    expect(cells).toEqual(
      expect.arrayContaining([
        `'=HYPERLINK("http://evil.example","click")`,
        "'+1+2",
        "'-3",
        "'@SUM(A1)",
        "'\tTabbed",
        'Comma, "Quoted"\nCo',
      ]),
    );
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('takes the token (and demo flag) from the query when opened in a new tab', async () => {
    const token = encodeURIComponent(tokenOf('supervisor'));
    const tab = await ctx.app.inject({ method: 'GET', url: `${URL}?token=${token}&demo=1&country[is]=GB` });
    expect(tab.statusCode, tab.body).toBe(200);
    expect(csvRecords(tab.body).length).toBeGreaterThan(0);
    const posted = await ctx.app.inject({ method: 'POST', url: `${URL}?token=${token}` });
    expect(posted.statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await ctx.app.inject({ method: 'GET', url: `${URL}?token=not-a-session` });
    expect(wrong.statusCode).toBe(401);
    // Only routes that declare it read the query token.
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/organization/${idOf('agency')}?token=${token}`,
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('is allowed in demo mode (it writes nothing)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(tokenOf('supervisor')), 'x-demo': '1' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(['owner', 'support', 'reseller'])('refuses %s (403), with no data', async (caller) => {
    const response = await call(caller, 'POST', URL);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Demo Agency');
  });
});

describe('OpenAPI description', () => {
  it('documents the organization writes with their bodies', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>().paths;
    expect(paths['/api/v2/organization']?.post?.requestBody).toBeDefined();
    expect(paths['/api/v2/organization/{id}']?.put?.requestBody).toBeDefined();
    expect(paths['/api/backoffice/organizations']?.put?.requestBody).toBeDefined();
    expect(paths['/api/v2/organization/{id}/duplicate']?.post?.requestBody).toBeDefined();
    expect(paths['/api/v2/backoffice/organizations/download']?.post).toBeDefined();
  });
});
