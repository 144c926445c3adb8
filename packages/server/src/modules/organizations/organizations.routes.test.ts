import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, SEED_ACTOR } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TOrganization } from './organizations.schemas';
import { createOrganization } from './organizations.service';

/**
 * The organization reads of spec §7 (GET /v2/organization/{id}, GET /organization/{id}/children,
 * GET /organizations) and their tenant isolation: a caller sees its own organization and its descendants,
 * the operator's staff see all, and anything else is a 404 or absent from a list.
 */

let ctx: TestContext;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const DEMO_ORGANIZATIONS = {
  operator: 'Beacon Operations',
  agency: 'Demo Agency',
  advertiser: 'Demo Advertiser',
  northwind: 'Northwind Media',
  dataPartner: 'Data Partner Co',
  otherPartner: 'Other Partner Co',
} as const;
type OrganizationKey = keyof typeof DEMO_ORGANIZATIONS | 'deletedChild';

const CALLERS = ['owner', 'viewer', 'advertiser', 'reseller', 'data_partner', 'supervisor', 'support'];

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [key, name] of Object.entries(DEMO_ORGANIZATIONS)) {
    const row = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
  const deleted = await createOrganization(
    ctx.db,
    { name: 'Deleted Brand', role: 'regular', parent_id: ids.agency, state: 'DELETED', country: 'GB' },
    SEED_ACTOR,
  );
  ids.deletedChild = deleted.id;
  await ctx.db
    .updateTable('organizations')
    .set({
      max_daily_balance: 1_500_250_000n,
      services: ['ad_quality_scans', 'session_level_data'],
      additional_domains: ['agency.example'],
      legal_entity: 'beacon_eu',
      region: 'eu',
      account_type: 'io',
      tax_id: 'GB123456789',
      tax_id_kind: 'VAT',
    })
    .where('id', '=', ids.agency ?? '')
    .execute();
  for (const username of CALLERS) tokens[username] = await loginAs(ctx.app, username);
  // A user of the child organization, to try the parent and a sibling from below.
  const childUser = await createAccount(ctx, { organizationId: idOf('advertiser'), prefix: 'brand' });
  tokens.child_owner = await loginAs(ctx.app, childUser.username, childUser.password);
});
afterAll(async () => {
  await ctx.close();
});

const idOf = (key: OrganizationKey): string => {
  const id = ids[key];
  if (!id) throw new Error(`no organization ${key}`);
  return id;
};

const get = (username: string, url: string): Promise<LightMyRequestResponse> => {
  const token = tokens[username];
  if (!token) throw new Error(`no token for ${username}`);
  return ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
};

const listNames = async (username: string, url: string): Promise<string[]> => {
  const response = await get(username, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TOrganization[]>().map((organization) => organization.name);
};

describe('organization reads need a session', () => {
  it.each(['/api/v2/organization/1', '/api/organization/1/children', '/api/organizations'])(
    '%s answers 401 without a token',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    },
  );
});

describe('GET /api/v2/organization/:id', () => {
  it('answers the organization with the §3 fields, money as exact decimal text', async () => {
    const response = await get('owner', `/api/v2/organization/${idOf('agency')}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TOrganization>();
    expect(body).toMatchObject({
      id: Number(idOf('agency')),
      name: 'Demo Agency',
      state: 'active',
      role: 'regular',
      parent: null,
      country: 'GB',
      currency: 'usd',
      invoicing_currency: 'usd',
      payment_terms: 'prepayment',
      max_daily_balance: '1500.25',
      prepayment_amount: null,
      services: ['ad_quality_scans', 'session_level_data'],
      additional_domains: ['agency.example'],
      legal_entity: 'beacon_eu',
      region: 'eu',
      account_type: 'io',
      tax_id: 'GB123456789',
      tax_id_kind: 'VAT',
      contacts: { client_services_owner: null, sales_owner: null, support: null },
      deleted_at: null,
      version: 1,
    });
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
  });

  it('answers the parent of a child organization as its id', async () => {
    const response = await get('owner', `/api/v2/organization/${idOf('advertiser')}`);
    expect(response.json()).toMatchObject({ name: 'Demo Advertiser', parent: Number(idOf('agency')) });
  });

  it('shows white-label hosts to the operator’s staff only, never to the white-label customer itself', async () => {
    const url = `/api/v2/organization/${idOf('northwind')}`;
    const forStaff = await get('supervisor', url);
    expect(forStaff.json()).toMatchObject({ whitelabel_hosts: ['northwind.localhost'] });
    const forCustomer = await get('reseller', url);
    expect(forCustomer.statusCode).toBe(200);
    expect(forCustomer.json()).not.toHaveProperty('whitelabel_hosts');
    expect(forCustomer.body).not.toContain('northwind.localhost');
  });

  it('answers 404 for an id that does not exist and 400 for one that is not an id', async () => {
    const missing = await get('supervisor', '/api/v2/organization/987654321');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const malformed = await get('supervisor', '/api/v2/organization/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/organization/:id/children', () => {
  it('lists the direct children by name, leaving deleted ones out', async () => {
    expect(await listNames('owner', `/api/organization/${idOf('agency')}/children`)).toEqual([
      'Demo Advertiser',
    ]);
    expect(await listNames('supervisor', `/api/organization/${idOf('agency')}/children`)).toEqual([
      'Demo Advertiser',
    ]);
  });

  it('answers an empty list for an organization without children', async () => {
    expect(await listNames('owner', `/api/organization/${idOf('advertiser')}/children`)).toEqual([]);
  });

  it('answers 404 for a parent that does not exist', async () => {
    const response = await get('supervisor', '/api/organization/987654321/children');
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/organizations', () => {
  it('lists what the operator’s staff see, by name, with x-total-count, leaving deleted ones out', async () => {
    const response = await get('supervisor', '/api/organizations');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('6');
    expect(response.json<TOrganization[]>().map((organization) => organization.name)).toEqual([
      'Beacon Operations',
      'Data Partner Co',
      'Demo Advertiser',
      'Demo Agency',
      'Northwind Media',
      'Other Partner Co',
    ]);
  });

  it('pages, with the total of every page', async () => {
    const response = await get('supervisor', '/api/organizations?limit=2&page=2&sort=-name');
    expect(response.headers['x-total-count']).toBe('6');
    expect(response.json<TOrganization[]>().map((organization) => organization.name)).toEqual([
      'Demo Agency',
      'Demo Advertiser',
    ]);
  });

  it.each([
    ['country[is]=gb', ['Demo Advertiser', 'Demo Agency']],
    ['role[any]=data-partner,other-partner', ['Data Partner Co', 'Other Partner Co']],
    ['region[is]=eu&account_type[is]=io', ['Demo Agency']],
    [`parent[is]=${'AGENCY'}`, ['Demo Advertiser']],
    ['search=PARTNER', ['Data Partner Co', 'Other Partner Co']],
    ['state[is]=DELETED', ['Deleted Brand']],
    ['state[any]=active,DELETED&country[is]=GB', ['Deleted Brand', 'Demo Advertiser', 'Demo Agency']],
    ['created_at[onOrBefore]=2000-01-01', []],
  ])('filters %s', async (query, expected) => {
    const url = `/api/organizations?${query.replace('AGENCY', idOf('agency'))}`;
    const response = await get('supervisor', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TOrganization[]>().map((organization) => organization.name)).toEqual(expected);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
  });

  it('answers 400 with details for an unknown filter, operator or value', async () => {
    const response = await get(
      'supervisor',
      '/api/organizations?whitelabel_hosts[contains]=north&name[gt]=a&state[is]=gone',
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(body.details.map((detail: { path: string }) => detail.path)).toEqual([
      'whitelabel_hosts[contains]',
      'name[gt]',
      'state[is]',
    ]);
  });
});

/**
 * Each caller against each demo organization: visible ones answer 200 and appear in lists, the others answer
 * 404 (never 403) and never appear. The agency's owner sees its child but not its unrelated siblings.
 */
describe('tenant isolation of the organization reads', () => {
  const ALL: OrganizationKey[] = [
    'operator',
    'agency',
    'advertiser',
    'northwind',
    'dataPartner',
    'otherPartner',
  ];
  const VISIBLE: Record<string, OrganizationKey[]> = {
    owner: ['agency', 'advertiser'],
    viewer: ['agency', 'advertiser'],
    advertiser: ['agency', 'advertiser'],
    reseller: ['northwind'],
    data_partner: ['dataPartner'],
    child_owner: ['advertiser'],
    supervisor: ALL,
    support: ALL,
  };

  it.each(Object.entries(VISIBLE))(
    '%s reads exactly its visible organizations by id',
    async (caller, visible) => {
      for (const key of ALL) {
        const response = await get(caller, `/api/v2/organization/${idOf(key)}`);
        expect(response.statusCode, `${caller} → ${key}`).toBe(visible.includes(key) ? 200 : 404);
        const children = await get(caller, `/api/organization/${idOf(key)}/children`);
        expect(children.statusCode, `${caller} → children of ${key}`).toBe(visible.includes(key) ? 200 : 404);
        if (!visible.includes(key)) {
          expect(response.body).not.toContain(DEMO_ORGANIZATIONS[key as keyof typeof DEMO_ORGANIZATIONS]);
        }
      }
    },
  );

  it.each(Object.entries(VISIBLE))('%s lists exactly its visible organizations', async (caller, visible) => {
    const response = await get(caller, '/api/organizations?limit=200');
    const expected = visible.map((key) => DEMO_ORGANIZATIONS[key as keyof typeof DEMO_ORGANIZATIONS]).sort();
    expect(
      response
        .json<TOrganization[]>()
        .map((organization) => organization.name)
        .sort(),
    ).toEqual(expected);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
  });

  it('reads a deleted organization by id inside the scope only (the child’s sibling stays hidden)', async () => {
    const url = `/api/v2/organization/${idOf('deletedChild')}`;
    const forOwner = await get('owner', url);
    expect(forOwner.statusCode).toBe(200);
    expect(forOwner.json()).toMatchObject({ state: 'DELETED', parent: Number(idOf('agency')) });
    expect((await get('child_owner', url)).statusCode).toBe(404);
    expect((await get('data_partner', url)).statusCode).toBe(404);
  });

  it('does not let a filter or a search reach outside the scope', async () => {
    expect(await listNames('owner', `/api/organizations?id[is]=${idOf('northwind')}`)).toEqual([]);
    expect(await listNames('owner', '/api/organizations?search=Northwind')).toEqual([]);
    expect(await listNames('owner', `/api/organizations?parent[is]=${idOf('agency')}`)).toEqual([
      'Demo Advertiser',
    ]);
    expect(await listNames('data_partner', '/api/organizations?state[any]=active,DELETED')).toEqual([
      'Data Partner Co',
    ]);
  });
});
