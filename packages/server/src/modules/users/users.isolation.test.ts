import type { UserRole } from '@beacon/domain/dictionary/roles';
import type { TUserItem } from '@beacon/domain/validation/user-form';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../lib/passwords';
import { SEED_ACTOR, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createOrganization } from '../organizations/organizations.service';
import { createUser } from './users.service';

/**
 * Tenant isolation of the user calls: every demo role, against every organization of the tree seen
 * from it (its own, a child, the parent, a sibling, an unrelated one, the operator's), on every user endpoint.
 * The expected answer comes from a table written out by hand, not from the code under test: 403 for roles
 * without §6 "account users", 404 outside the caller's subtree, and inside it the role rules of decision 011.
 * A refused write leaves its target exactly as it was, and a list never carries a user of another organization.
 */

const ORGANIZATIONS = [
  'operator',
  'agency',
  'advertiser',
  'brand',
  'grandchild',
  'northwind',
  'northwindChild',
  'dataPartner',
  'otherPartner',
] as const;
type OrganizationKey = (typeof ORGANIZATIONS)[number];

const ALL = ORGANIZATIONS;
const AGENCY_TREE: readonly OrganizationKey[] = ['agency', 'advertiser', 'brand', 'grandchild'];

/**
 * Who sees which organizations. The agency's users see the agency, its children Demo Advertiser and Second
 * Brand, and the grandchild under Demo Advertiser; an owner of Demo Advertiser sees it and the grandchild, not
 * its parent (agency) nor its sibling (brand); the operator's staff see everything.
 */
const VISIBLE: Record<string, readonly OrganizationKey[]> = {
  owner: AGENCY_TREE,
  editor: AGENCY_TREE,
  viewer: AGENCY_TREE,
  advertiser: AGENCY_TREE,
  adexchange: AGENCY_TREE,
  audience_manager: AGENCY_TREE,
  creative_manager: AGENCY_TREE,
  child_owner: ['advertiser', 'grandchild'],
  reseller: ['northwind', 'northwindChild'],
  data_partner: ['dataPartner'],
  other_partner: ['otherPartner'],
  supervisor: ALL,
  admin: ALL,
  account_manager: ALL,
  support: ALL,
};

/** Roles without §6 "account users": every user call is a 403, whatever the organization. */
const NOT_MANAGERS = new Set([
  'editor',
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
]);
const INTERNAL = new Set(['supervisor', 'admin', 'account_manager']);
const OWNERS = new Set(['owner', 'child_owner', 'reseller', 'data_partner', 'other_partner']);

type Endpoint = 'list' | 'invite' | 'edit' | 'bulk' | 'password' | 'delete';
const ENDPOINTS: readonly Endpoint[] = ['list', 'invite', 'edit', 'bulk', 'password', 'delete'];

/** The §6 answer for a caller, an organization and an endpoint (see VISIBLE and decision 011). */
const expectedStatus = (caller: string, organization: OrganizationKey, endpoint: Endpoint): number => {
  if (NOT_MANAGERS.has(caller)) return 403;
  if (!VISIBLE[caller]?.includes(organization)) return 404;
  const success = { list: 200, invite: 201, edit: 200, bulk: 200, password: 204, delete: 204 }[endpoint];
  if (endpoint === 'list') return success;
  // In the operator's organization the target (and the invited role) is support: internal staff only.
  if (organization === 'operator' && !INTERNAL.has(caller)) return 403;
  if (endpoint === 'password' && !INTERNAL.has(caller) && !OWNERS.has(caller)) return 403;
  return success;
};

let ctx: TestContext;
let passwordHash: string;
const organizationIds = {} as Record<OrganizationKey, string>;
const tokens: Record<string, string> = {};

const DEMO_CALLERS = Object.keys(VISIBLE).filter((caller) => caller !== 'child_owner');

beforeAll(async () => {
  ctx = await startTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  const byName = async (name: string) =>
    (await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  organizationIds.operator = await byName('Beacon Operations');
  organizationIds.agency = await byName('Demo Agency');
  organizationIds.advertiser = await byName('Demo Advertiser');
  organizationIds.northwind = await byName('Northwind Media');
  organizationIds.dataPartner = await byName('Data Partner Co');
  organizationIds.otherPartner = await byName('Other Partner Co');
  const child = async (name: string, parent: string) =>
    (
      await createOrganization(
        ctx.db,
        { name, role: 'regular', parent_id: parent, country: 'GB' },
        SEED_ACTOR,
      )
    ).id;
  organizationIds.brand = await child('Second Brand', organizationIds.agency);
  organizationIds.grandchild = await child('Grandchild Brand', organizationIds.advertiser);
  organizationIds.northwindChild = await child('Northwind Client', organizationIds.northwind);
  for (const username of DEMO_CALLERS) tokens[username] = await loginAs(ctx.app, username);
  const childOwner = await addUser('advertiser', 'owner');
  tokens.child_owner = await loginAs(ctx.app, childOwner.username);
});
afterAll(async () => {
  await ctx.close();
});

type Target = { id: string; username: string };

const addUser = async (organization: OrganizationKey, role: UserRole): Promise<Target> => {
  const username = `iso_${uniqueSuffix()}`;
  const user = await createUser(
    ctx.db,
    {
      organizationId: organizationIds[organization],
      username,
      email: `${username}@example.com`,
      name: `Target ${username}`,
      role,
      password: DEMO_PASSWORD,
      passwordHash,
      passwordChangedAt: ctx.clock.now(),
    },
    SEED_ACTOR,
  );
  return { id: user.id, username };
};

/** The role of a target user: support among the operator's staff, a viewer in a customer organization. */
const targetRole = (organization: OrganizationKey): UserRole =>
  organization === 'operator' ? 'support' : 'viewer';

const request = (
  caller: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> => {
  const token = tokens[caller];
  if (!token) throw new Error(`no token for ${caller}`);
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
};

const snapshot = async (id: string) => {
  const row = await ctx.db
    .selectFrom('users')
    .select(['name', 'state', 'role', 'version', 'view_all_kpis', 'password_hash', 'organization_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
};

const callEndpoint = async (
  caller: string,
  organization: OrganizationKey,
  endpoint: Endpoint,
  target: Target,
): Promise<LightMyRequestResponse> => {
  const base = `/api/organization/${organizationIds[organization]}`;
  switch (endpoint) {
    case 'list':
      return request(caller, 'GET', `${base}/users?limit=200&include_children=1&sort=-id`);
    case 'invite': {
      const username = `inv_${uniqueSuffix()}`;
      return request(caller, 'POST', `${base}/user`, {
        name: 'Invited',
        username,
        email: `${username}@example.com`,
        role: targetRole(organization),
        password: 'Invited-pass-1',
      });
    }
    case 'edit':
      return request(caller, 'PUT', `${base}/user/${target.id}`, { name: 'Changed', version: 1 });
    case 'bulk':
      return request(caller, 'PUT', `/api/v2/organization/${organizationIds[organization]}/users`, {
        ids: [Number(target.id)],
        changes: { view_all_kpis: true },
      });
    case 'password':
      return request(caller, 'PUT', `${base}/user/${target.id}/password`, { password: 'Changed-pass-1' });
    case 'delete':
      return request(caller, 'DELETE', `${base}/user/${target.id}`);
  }
};

describe('tenant isolation of the user calls', () => {
  it.each(Object.keys(VISIBLE))(
    '%s gets the §6 answer on every organization and endpoint',
    async (caller) => {
      for (const organization of ORGANIZATIONS) {
        for (const endpoint of ENDPOINTS) {
          const target = await addUser(organization, targetRole(organization));
          const before = await snapshot(target.id);
          const response = await callEndpoint(caller, organization, endpoint, target);
          const expected = expectedStatus(caller, organization, endpoint);
          const label = `${caller} ${endpoint} on ${organization}: ${response.body}`;
          expect(response.statusCode, label).toBe(expected);
          if (expected >= 400) {
            expect(await snapshot(target.id), label).toEqual(before);
            expect(response.body, label).not.toContain(target.username);
          }
          if (endpoint === 'list' && expected === 200) {
            const users = response.json<TUserItem[]>();
            const inside = new Set(
              [organization, ...(organization === 'agency' ? ['advertiser', 'brand', 'grandchild'] : [])]
                .concat(organization === 'advertiser' ? ['grandchild'] : [])
                .concat(organization === 'northwind' ? ['northwindChild'] : [])
                .map((key) => Number(organizationIds[key as OrganizationKey])),
            );
            expect(users.length, label).toBeGreaterThan(0);
            expect(
              users.every((user) => inside.has(user.organization.id)),
              label,
            ).toBe(true);
            expect(
              users.map((user) => user.username),
              label,
            ).toContain(target.username);
          }
        }
      }
    },
  );

  it('a user of another organization is a 404 under an organization the caller sees', async () => {
    const ofParent = await addUser('agency', 'viewer');
    const ofSibling = await addUser('brand', 'viewer');
    const ofOther = await addUser('northwind', 'viewer');
    const advertiser = organizationIds.advertiser;
    for (const target of [ofParent, ofSibling, ofOther]) {
      const before = await snapshot(target.id);
      for (const caller of ['child_owner', 'owner', 'supervisor']) {
        const responses = [
          await request(caller, 'PUT', `/api/organization/${advertiser}/user/${target.id}`, {
            name: 'X',
            version: 1,
          }),
          await request(caller, 'DELETE', `/api/organization/${advertiser}/user/${target.id}`),
          await request(caller, 'PUT', `/api/organization/${advertiser}/user/${target.id}/password`, {
            password: 'Changed-pass-1',
          }),
          await request(caller, 'PUT', `/api/v2/organization/${advertiser}/users`, {
            ids: [Number(target.id)],
            changes: { view_all_kpis: true },
          }),
        ];
        for (const response of responses) expect(response.statusCode, `${caller} ${response.body}`).toBe(404);
      }
      expect(await snapshot(target.id)).toEqual(before);
    }
  });

  it('a list without include_children holds the organization’s own users only', async () => {
    const response = await request(
      'owner',
      'GET',
      `/api/organization/${organizationIds.agency}/users?limit=200`,
    );
    const users = response.json<TUserItem[]>();
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((user) => user.organization.id === Number(organizationIds.agency))).toBe(true);
  });

  it('advertisers can only be children of the user’s organization, never an organization out of scope', async () => {
    const target = await addUser('advertiser', 'advertiser');
    for (const other of ['northwind', 'agency', 'brand'] as const) {
      const response = await request(
        'child_owner',
        'PUT',
        `/api/organization/${organizationIds.advertiser}/user/${target.id}`,
        { advertisers: [Number(organizationIds[other])], version: 1 },
      );
      expect(response.statusCode, other).toBe(400);
    }
    const allowed = await request(
      'child_owner',
      'PUT',
      `/api/organization/${organizationIds.advertiser}/user/${target.id}`,
      { advertisers: [Number(organizationIds.grandchild)], version: 1 },
    );
    expect(allowed.json()).toMatchObject({ advertisers: [{ name: 'Grandchild Brand' }] });
  });
});
