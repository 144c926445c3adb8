import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema';
import { createAccount, SEED_ACTOR, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TOrganization } from './organizations.schemas';
import { createOrganization } from './organizations.service';

/**
 * Tenant isolation of the organization writes (decision 010): every demo role against its own
 * organization, a child, the parent, a sibling and an unrelated one, for every write endpoint. An organization
 * the caller may not see answers 404 (never 403, so ids cannot be probed); a visible one the role may not
 * change answers 403; and after every call, no organization other than the one allowed changed.
 *
 * The world: Demo Agency (owner, editor, viewer, advertiser) with children Demo Advertiser (a child owner,
 * and its own child Grand Brand) and Sibling Brand; Northwind Media (reseller) with Northwind Client; Data
 * Partner Co (data_partner); Beacon Operations (the operator's staff).
 */

type Target =
  | 'operator'
  | 'agency'
  | 'advertiser'
  | 'sibling'
  | 'grandchild'
  | 'northwind'
  | 'northwindClient'
  | 'dataPartner';
const TARGETS: Target[] = [
  'operator',
  'agency',
  'advertiser',
  'sibling',
  'grandchild',
  'northwind',
  'northwindClient',
  'dataPartner',
];

const CALLERS = [
  'owner',
  'editor',
  'viewer',
  'advertiser',
  'child_owner',
  'reseller',
  'data_partner',
  'supervisor',
  'admin',
  'account_manager',
  'support',
] as const;
type Caller = (typeof CALLERS)[number];

/** The expected status per target; a target left out answers 404. */
type Expectations = Record<Caller, Partial<Record<Target, number>>>;

const every = (status: number): Partial<Record<Target, number>> =>
  Object.fromEntries(TARGETS.map((target) => [target, status]));
const agencyTree = (status: number) => ({
  agency: status,
  advertiser: status,
  sibling: status,
  grandchild: status,
});

const INTERNAL_STAFF: Caller[] = ['supervisor', 'admin', 'account_manager'];

/** PUT /v2/organization/{id}: the §6 edit roles inside their scope. */
const UPDATE: Expectations = {
  owner: agencyTree(200),
  editor: agencyTree(200),
  viewer: agencyTree(403),
  advertiser: agencyTree(403),
  child_owner: { advertiser: 200, grandchild: 200 },
  reseller: { northwind: 200, northwindClient: 200 },
  data_partner: { dataPartner: 200 },
  supervisor: every(200),
  admin: every(200),
  account_manager: every(200),
  support: every(200),
};

/** POST /v2/organization with the target as parent: internal staff anywhere, an owner inside its subtree. */
const CREATE: Expectations = {
  owner: agencyTree(201),
  editor: every(403),
  viewer: every(403),
  advertiser: every(403),
  child_owner: { advertiser: 201, grandchild: 201 },
  reseller: { northwind: 201, northwindClient: 201 },
  data_partner: { dataPartner: 201 },
  supervisor: every(201),
  admin: every(201),
  account_manager: every(201),
  support: every(403),
};

/** POST /v2/organization/{id}/duplicate: internal staff anything, an owner what lies below its own. */
const DUPLICATE: Expectations = {
  owner: { agency: 403, advertiser: 201, sibling: 201, grandchild: 201 },
  editor: agencyTree(403),
  viewer: agencyTree(403),
  advertiser: agencyTree(403),
  child_owner: { advertiser: 403, grandchild: 201 },
  reseller: { northwind: 403, northwindClient: 201 },
  data_partner: { dataPartner: 403 },
  supervisor: every(201),
  admin: every(201),
  account_manager: every(201),
  support: every(403),
};

/** PUT /backoffice/organizations (a region change): the back office, i.e. internal staff; 403 for the rest. */
const BULK: Expectations = {
  owner: every(403),
  editor: every(403),
  viewer: every(403),
  advertiser: every(403),
  child_owner: every(403),
  reseller: every(403),
  data_partner: every(403),
  supervisor: every(200),
  admin: every(200),
  account_manager: every(200),
  support: every(403),
};

/** PUT /backoffice/organizations with state DELETED: admins only. The operator's own organization stays. */
const BULK_DELETE: Expectations = {
  ...BULK,
  supervisor: { ...every(200), operator: 403 },
  admin: { ...every(200), operator: 403 },
  account_manager: every(403),
};

let ctx: TestContext;
const ids = {} as Record<Target, string>;
const names = {} as Record<Target, string>;
const tokens = {} as Record<Caller, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  const seeded: [Target, string][] = [
    ['operator', 'Beacon Operations'],
    ['agency', 'Demo Agency'],
    ['advertiser', 'Demo Advertiser'],
    ['northwind', 'Northwind Media'],
    ['dataPartner', 'Data Partner Co'],
  ];
  for (const [key, name] of seeded) {
    const row = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
    names[key] = name;
  }
  const created: [Target, string, Target][] = [
    ['sibling', 'Sibling Brand', 'agency'],
    ['grandchild', 'Grand Brand', 'advertiser'],
    ['northwindClient', 'Northwind Client', 'northwind'],
  ];
  for (const [key, name, parent] of created) {
    const row = await createOrganization(
      ctx.db,
      { name, role: 'regular', parent_id: ids[parent], country: 'GB' },
      SEED_ACTOR,
    );
    ids[key] = row.id;
    names[key] = name;
  }
  for (const caller of CALLERS) {
    if (caller !== 'child_owner') tokens[caller] = await loginAs(ctx.app, caller);
  }
  const childOwner = await createAccount(ctx, { organizationId: ids.advertiser, prefix: 'child_owner' });
  tokens.child_owner = await loginAs(ctx.app, childOwner.username, childOwner.password);
});
afterAll(async () => {
  await ctx.close();
});

const expected = (table: Expectations, caller: Caller, target: Target): number =>
  table[caller][target] ?? 404;

const send = (
  caller: Caller,
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[caller]), payload });

/** Every organization row as it is now, by id. */
const snapshot = async (): Promise<Map<string, string>> => {
  const rows = await ctx.db.selectFrom('organizations').selectAll().orderBy('id').execute();
  return new Map(rows.map((row) => [row.id, JSON.stringify(row)]));
};

/** The organizations whose row differs between two snapshots (new ones included). */
const changedIds = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...after.entries()].filter(([id, row]) => before.get(id) !== row).map(([id]) => id);

const rowOf = (id: string): Promise<OrganizationRow> =>
  ctx.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The refused answer says nothing about the organization it was asked about. */
const expectNothingLeaked = (response: LightMyRequestResponse, target: Target): void => {
  expect(response.body).not.toContain(names[target]);
};

const mainUser = () => {
  const suffix = uniqueSuffix();
  return {
    name: `Isolation ${suffix}`,
    username: `iso_${suffix}`,
    email: `iso_${suffix}@example.com`,
    password: `Iso-${suffix}-1!`,
  };
};

describe('PUT /api/v2/organization/:id across tenants', () => {
  it.each(CALLERS)('%s changes exactly the organizations it may edit', async (caller) => {
    for (const target of TARGETS) {
      const before = await snapshot();
      const city = `City of ${caller}`;
      const { version } = await rowOf(ids[target]);
      const response = await send(caller, 'PUT', `/v2/organization/${ids[target]}`, { version, city });
      const status = expected(UPDATE, caller, target);
      expect(response.statusCode, `${caller} → ${target}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      if (status === 200) {
        expect(changed).toEqual([ids[target]]);
        expect((await rowOf(ids[target])).city).toBe(city);
      } else {
        expect(changed, `${caller} → ${target}`).toEqual([]);
        expectNothingLeaked(response, target);
      }
    }
  });

  it('never lets a body set the id, the balance or the organization of something else', async () => {
    const { version } = await rowOf(ids.agency);
    for (const field of ['id', 'balance', 'organization_id', 'created_at', 'path']) {
      const response = await send('owner', 'PUT', `/v2/organization/${ids.agency}`, {
        version,
        [field]: Number(ids.northwind),
      });
      expect(response.statusCode, field).toBe(400);
    }
    const role = await send('owner', 'PUT', `/v2/organization/${ids.agency}`, {
      version,
      role: 'customized',
    });
    expect(role.statusCode).toBe(403);
    const move = await send('owner', 'PUT', `/v2/organization/${ids.advertiser}`, {
      version: (await rowOf(ids.advertiser)).version,
      parent: Number(ids.northwind),
    });
    expect(move.statusCode).toBe(403);
    expect((await rowOf(ids.advertiser)).parent_id).toBe(ids.agency);
  });
});

describe('POST /api/v2/organization across tenants (the target as parent)', () => {
  it.each(CALLERS)('%s creates exactly under the organizations it may', async (caller) => {
    const internal = INTERNAL_STAFF.includes(caller);
    for (const target of TARGETS) {
      const before = await snapshot();
      const response = await send(caller, 'POST', '/v2/organization', {
        name: `Created by ${caller} under ${target}`,
        country: 'GB',
        currency: 'gbp',
        invoicing_currency: 'gbp',
        ...(internal ? { payment_terms: 'net30' } : {}),
        parent: Number(ids[target]),
        main_user: mainUser(),
      });
      const status = expected(CREATE, caller, target);
      expect(response.statusCode, `${caller} → ${target}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      if (status === 201) {
        const created = response.json<TOrganization>();
        expect(created.parent).toBe(Number(ids[target]));
        expect(changed).toEqual([String(created.id)]);
        const row = await rowOf(String(created.id));
        expect(row.path).toBe(`${(await rowOf(ids[target])).path}${created.id}/`);
      } else {
        expect(changed, `${caller} → ${target}`).toEqual([]);
        expectNothingLeaked(response, target);
      }
    }
  });
});

describe('POST /api/v2/organization/:id/duplicate across tenants', () => {
  it.each(CALLERS)('%s duplicates exactly the organizations it may', async (caller) => {
    for (const target of TARGETS) {
      const before = await snapshot();
      const response = await send(caller, 'POST', `/v2/organization/${ids[target]}/duplicate`, {
        name: `Copy of ${target} by ${caller}`,
      });
      const status = expected(DUPLICATE, caller, target);
      expect(response.statusCode, `${caller} → ${target}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      if (status === 201) {
        const copy = response.json<TOrganization>();
        expect(changed).toEqual([String(copy.id)]);
        expect(String(copy.parent ?? '')).toBe((await rowOf(ids[target])).parent_id ?? '');
      } else {
        expect(changed, `${caller} → ${target}`).toEqual([]);
        expectNothingLeaked(response, target);
      }
    }
  });
});

describe('PUT /api/backoffice/organizations across tenants', () => {
  it.each(CALLERS)('%s bulk-changes exactly what it may', async (caller) => {
    for (const target of TARGETS) {
      const before = await snapshot();
      const region = (await rowOf(ids[target])).region === 'latam' ? 'sea' : 'latam';
      const response = await send(caller, 'PUT', '/backoffice/organizations', {
        ids: [Number(ids[target])],
        changes: { region },
      });
      const status = expected(BULK, caller, target);
      expect(response.statusCode, `${caller} → ${target}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      expect(changed, `${caller} → ${target}`).toEqual(status === 200 ? [ids[target]] : []);
      if (status !== 200) expectNothingLeaked(response, target);
    }
  });

  it.each(CALLERS)('%s deletes exactly what it may (restored after each)', async (caller) => {
    for (const target of TARGETS) {
      const before = await snapshot();
      const response = await send(caller, 'PUT', '/backoffice/organizations', {
        ids: [Number(ids[target])],
        changes: { state: 'DELETED' },
      });
      const status = expected(BULK_DELETE, caller, target);
      expect(response.statusCode, `${caller} → ${target}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      expect(changed, `${caller} → ${target}`).toEqual(status === 200 ? [ids[target]] : []);
      if (status === 200) {
        expect((await rowOf(ids[target])).state).toBe('DELETED');
        const restore = await send('supervisor', 'PUT', '/backoffice/organizations', {
          ids: [Number(ids[target])],
          changes: { state: 'active' },
        });
        expect(restore.statusCode).toBe(200);
      }
    }
  });

  it('changes nothing when one id of many is out of reach', async () => {
    const before = await snapshot();
    const response = await send('supervisor', 'PUT', '/backoffice/organizations', {
      ids: [Number(ids.sibling), 987654321],
      changes: { region: 'eu' },
    });
    expect(response.statusCode).toBe(404);
    expect(changedIds(before, await snapshot())).toEqual([]);
  });
});

describe('POST /api/v2/backoffice/organizations/download across tenants', () => {
  it.each(CALLERS)('%s downloads only what the back office may see', async (caller) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/organizations/download?limit=200',
      headers: bearer(tokens[caller]),
    });
    if (INTERNAL_STAFF.includes(caller)) {
      expect(response.statusCode).toBe(200);
      for (const target of TARGETS) expect(response.body).toContain(names[target]);
    } else {
      expect(response.statusCode).toBe(403);
      for (const target of TARGETS) expectNothingLeaked(response, target);
    }
  });
});
