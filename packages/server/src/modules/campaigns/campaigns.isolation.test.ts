import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCampaign, createStrategy, dayFromToday } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCampaignRow } from './campaigns.schemas';

/**
 * Tenant isolation of every campaign and strategy endpoint (issue 5, decision 014), like the organizations'
 * matrix: every kind of caller against a campaign (with a strategy) of Demo Agency, of its child Demo
 * Advertiser and of Northwind Media. The expected answer comes from the table below, written from §6 and the
 * tenant rules, not from the code under test: 403 for roles or organization roles without §6 campaign access
 * (and for writes by a role without edit rights on a campaign it sees), 404 for a campaign outside the caller's
 * scope, success otherwise. A refused call changes no row; a successful one changes only rows of the target.
 */

type Target = 'agency' | 'advertiser' | 'northwind';
const TARGETS: Target[] = ['agency', 'advertiser', 'northwind'];

const CALLERS = [
  'owner',
  'editor',
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
  'child_owner',
  'reseller',
  'data_partner',
  'support',
  'supervisor',
] as const;
type Caller = (typeof CALLERS)[number];

/** What each caller sees: the agency's users its tree, the child's owner the child, staff everything. */
const VISIBLE: Record<Caller, readonly Target[]> = {
  owner: ['agency', 'advertiser'],
  editor: ['agency', 'advertiser'],
  viewer: ['agency', 'advertiser'],
  advertiser: ['agency', 'advertiser'],
  adexchange: ['agency', 'advertiser'],
  audience_manager: ['agency', 'advertiser'],
  creative_manager: ['agency', 'advertiser'],
  child_owner: ['advertiser'],
  reseller: ['northwind'],
  data_partner: [],
  support: TARGETS,
  supervisor: TARGETS,
};
/** §6 campaign, campaigns: not advertiser, adexchange, audience or creative managers; not a data partner. */
const NO_CAMPAIGN_ACCESS = new Set<Caller>([
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
  'data_partner',
]);
/** §6 edit: admin, account manager, owner, editor, support, supervisor. */
const MAY_EDIT = new Set<Caller>(['owner', 'editor', 'child_owner', 'reseller', 'support', 'supervisor']);

type Kind = 'read' | 'write' | 'create';
const expected = (caller: Caller, target: Target, kind: Kind, success: number): number => {
  if (NO_CAMPAIGN_ACCESS.has(caller)) return 403;
  // A new campaign is refused to a role that may not edit before its organization is even looked at.
  if (kind === 'create' && !MAY_EDIT.has(caller)) return 403;
  if (!VISIBLE[caller].includes(target)) return 404;
  if (kind !== 'read' && !MAY_EDIT.has(caller)) return 403;
  return success;
};

let ctx: TestContext;
const organizations = {} as Record<Target, string>;
const names = {} as Record<Target, string>;
const tokens = {} as Record<Caller, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  const seeded: [Target, string][] = [
    ['agency', 'Demo Agency'],
    ['advertiser', 'Demo Advertiser'],
    ['northwind', 'Northwind Media'],
  ];
  for (const [key, name] of seeded) {
    organizations[key] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
  for (const caller of CALLERS) {
    if (caller !== 'child_owner') tokens[caller] = await loginAs(ctx.app, caller);
  }
  const childOwner = await createAccount(ctx, {
    organizationId: organizations.advertiser,
    prefix: 'child_owner',
  });
  tokens.child_owner = await loginAs(ctx.app, childOwner.username, childOwner.password);
});
afterAll(async () => {
  await ctx.close();
});

/** A fresh campaign (with one strategy) in a target organization, named so that a leak would show. */
const freshTarget = async (target: Target) => {
  const campaign = await createCampaign(ctx, organizations[target], { name: `Secret ${target} campaign` });
  const strategy = await createStrategy(ctx, campaign, {
    name: `Secret ${target} strategy`,
    budget_share: 40,
  });
  names[target] = campaign.name;
  return { campaign, strategy };
};

type Snapshot = { campaigns: Map<string, string>; strategies: Map<string, string> };
const snapshot = async (): Promise<Snapshot> => {
  const campaigns = await ctx.db.selectFrom('campaigns').selectAll().execute();
  const strategies = await ctx.db.selectFrom('strategies').selectAll().execute();
  return {
    campaigns: new Map(campaigns.map((row) => [row.id, JSON.stringify(row)])),
    strategies: new Map(strategies.map((row) => [row.id, JSON.stringify(row)])),
  };
};
const changed = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...after.entries()].filter(([id, row]) => before.get(id) !== row).map(([id]) => id);

/** Rows that changed or appeared must all belong to the target organization (campaigns) or its campaigns. */
const expectOnlyTargetChanged = async (before: Snapshot, target: Target, label: string): Promise<void> => {
  const after = await snapshot();
  const campaignIds = changed(before.campaigns, after.campaigns);
  const strategyIds = changed(before.strategies, after.strategies);
  expect(campaignIds.length + strategyIds.length, `${label}: something changed`).toBeGreaterThan(0);
  const campaigns = await ctx.db.selectFrom('campaigns').select(['id', 'organization_id']).execute();
  const organizationOf = new Map(campaigns.map((row) => [row.id, row.organization_id]));
  for (const id of campaignIds) expect(organizationOf.get(id), label).toBe(organizations[target]);
  const strategies = await ctx.db.selectFrom('strategies').select(['id', 'campaign_id']).execute();
  const campaignOf = new Map(strategies.map((row) => [row.id, row.campaign_id]));
  for (const id of strategyIds) {
    expect(organizationOf.get(campaignOf.get(id) ?? ''), label).toBe(organizations[target]);
  }
};
const expectNothingChanged = async (before: Snapshot, label: string): Promise<void> => {
  const after = await snapshot();
  expect(changed(before.campaigns, after.campaigns), label).toEqual([]);
  expect(changed(before.strategies, after.strategies), label).toEqual([]);
};

const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[caller]),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const expectNothingLeaked = (response: LightMyRequestResponse, target: Target): void => {
  expect(response.body).not.toContain(names[target] ?? `Secret ${target}`);
};

type Fresh = Awaited<ReturnType<typeof freshTarget>>;

/** The write endpoints, each with its success status and the call it makes on a fresh target. */
const WRITES: {
  name: string;
  kind: Kind;
  success: number;
  call: (caller: Caller, fresh: Fresh, target: Target) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'POST /campaign',
    kind: 'create',
    success: 201,
    call: (caller, _fresh, target) =>
      send(caller, 'POST', '/campaign', {
        organization: Number(organizations[target]),
        name: 'Created across tenants',
        type: 'generic',
        state: 'preview',
      }),
  },
  {
    name: 'PUT /campaign/{id}',
    kind: 'write',
    success: 200,
    call: (caller, { campaign }) =>
      send(caller, 'PUT', `/campaign/${campaign.id}`, { version: 1, name: `Renamed by ${caller}` }),
  },
  {
    name: 'PUT /campaign/{id}/start-date',
    kind: 'write',
    success: 200,
    call: (caller, { campaign }) =>
      send(caller, 'PUT', `/campaign/${campaign.id}/start-date`, {
        version: 1,
        start_date: dayFromToday(ctx, 2),
        reset_budget: true,
      }),
  },
  {
    name: 'DELETE /campaign/{id}',
    kind: 'write',
    success: 204,
    call: (caller, { campaign }) => send(caller, 'DELETE', `/campaign/${campaign.id}?version=1`),
  },
  {
    name: 'POST /campaign/{id}/duplicate',
    kind: 'write',
    success: 201,
    call: (caller, { campaign }) =>
      send(caller, 'POST', `/campaign/${campaign.id}/duplicate`, { with_strategies: true }),
  },
  {
    name: 'PUT /campaigns',
    kind: 'write',
    success: 200,
    call: (caller, { campaign }) =>
      send(caller, 'PUT', '/campaigns', { ids: [Number(campaign.id)], changes: { state: 'deleted' } }),
  },
  {
    name: 'POST /campaign/{id}/strategies',
    kind: 'write',
    success: 201,
    call: (caller, { campaign }) =>
      send(caller, 'POST', `/campaign/${campaign.id}/strategies`, {
        name: 'Added',
        start_date: campaign.start_date,
        budget_share: 10,
      }),
  },
  {
    name: 'PUT /strategy/{id}',
    kind: 'write',
    success: 200,
    call: (caller, { strategy }) =>
      send(caller, 'PUT', `/strategy/${strategy.id}`, { version: 1, state: 'paused' }),
  },
  {
    name: 'DELETE /strategy/{id}',
    kind: 'write',
    success: 204,
    call: (caller, { strategy }) => send(caller, 'DELETE', `/strategy/${strategy.id}?version=1`),
  },
  {
    name: 'POST /strategy/{id}/duplicate',
    kind: 'write',
    success: 201,
    call: (caller, { strategy }) => send(caller, 'POST', `/strategy/${strategy.id}/duplicate`, {}),
  },
];

const READS: { name: string; call: (caller: Caller, fresh: Fresh) => Promise<LightMyRequestResponse> }[] = [
  {
    name: 'GET /campaign/{id}',
    call: (caller, { campaign }) => send(caller, 'GET', `/campaign/${campaign.id}`),
  },
  {
    name: 'GET /campaign/{id}/strategies',
    call: (caller, { campaign }) => send(caller, 'GET', `/campaign/${campaign.id}/strategies`),
  },
  {
    name: 'GET /campaign/{id}/history',
    call: (caller, { campaign }) => send(caller, 'GET', `/campaign/${campaign.id}/history`),
  },
  {
    name: 'GET /campaign/{id}/export',
    call: (caller, { campaign }) => send(caller, 'GET', `/campaign/${campaign.id}/export?format=xlsx`),
  },
  {
    name: 'GET /strategy/{id}',
    call: (caller, { strategy }) => send(caller, 'GET', `/strategy/${strategy.id}`),
  },
];

describe.each(WRITES)('$name across tenants', ({ name, kind, success, call }) => {
  it.each(CALLERS)('%s changes exactly what it may', async (caller) => {
    for (const target of TARGETS) {
      const fresh = await freshTarget(target);
      const before = await snapshot();
      const response = await call(caller, fresh, target);
      const status = expected(caller, target, kind, success);
      const label = `${caller} → ${name} on ${target}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      if (status === success) await expectOnlyTargetChanged(before, target, label);
      else {
        await expectNothingChanged(before, label);
        expectNothingLeaked(response, target);
      }
    }
  });
});

describe('reads across tenants', () => {
  it.each(CALLERS)('%s reads exactly the campaigns it may see', async (caller) => {
    const fresh = {} as Record<Target, Fresh>;
    for (const target of TARGETS) fresh[target] = await freshTarget(target);
    for (const target of TARGETS) {
      for (const read of READS) {
        const response = await read.call(caller, fresh[target]);
        const status = expected(caller, target, 'read', 200);
        expect(response.statusCode, `${caller} → ${read.name} on ${target}: ${response.body}`).toBe(status);
        if (status !== 200) expectNothingLeaked(response, target);
      }
    }
    const list = await send(caller, 'GET', '/campaigns?limit=200');
    const download = await send(caller, 'POST', '/campaigns/download?limit=200');
    if (NO_CAMPAIGN_ACCESS.has(caller)) {
      expect(list.statusCode).toBe(403);
      expect(download.statusCode).toBe(403);
      return;
    }
    expect(list.statusCode).toBe(200);
    expect(download.statusCode).toBe(200);
    const visibleOrganizations = new Set(VISIBLE[caller].map((target) => Number(organizations[target])));
    const rows = list.json<TCampaignRow[]>();
    for (const row of rows)
      expect(visibleOrganizations.has(row.organization), `${caller} sees ${row.organization}`).toBe(true);
    for (const target of TARGETS) {
      const listed = rows.some((row) => row.id === Number(fresh[target].campaign.id));
      const downloaded = download.body
        .split('\r\n')
        .some((line) => line.startsWith(`${fresh[target].campaign.id},`));
      expect(listed, `${caller} lists ${target}`).toBe(VISIBLE[caller].includes(target));
      expect(downloaded, `${caller} downloads ${target}`).toBe(VISIBLE[caller].includes(target));
    }
  });
});

/**
 * Resource targeting (issue 7, decision 021): a campaign may target its own organization's resources and its
 * ancestors' (within the caller's scope), and shared audience segments; another tenant's resource answers the
 * same 400 as an id that does not exist, and the refused write changes nothing and names nothing.
 */
describe('resource targeting across organizations', () => {
  const geolistOf = async (target: Target, name: string): Promise<number> =>
    Number(
      (
        await ctx.db
          .insertInto('geolists')
          .values({ organization_id: organizations[target], name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('targets only resources the campaign’s organization may use, with one message for foreign and absent ids', async () => {
    const geolists = {} as Record<Target, number>;
    for (const target of TARGETS) geolists[target] = await geolistOf(target, `Secret ${target} geolist`);
    const absent = Math.max(...Object.values(geolists)) + 1000;
    /** caller → its campaign's organization → which geolists it may target (own, ancestors in its scope). */
    const cases: { caller: Caller; campaignOf: Target; allowed: Target[] }[] = [
      { caller: 'owner', campaignOf: 'agency', allowed: ['agency'] },
      { caller: 'owner', campaignOf: 'advertiser', allowed: ['agency', 'advertiser'] },
      // The child's owner does not see its parent: it cannot target the parent's geolist either.
      { caller: 'child_owner', campaignOf: 'advertiser', allowed: ['advertiser'] },
      { caller: 'reseller', campaignOf: 'northwind', allowed: ['northwind'] },
      { caller: 'supervisor', campaignOf: 'advertiser', allowed: ['agency', 'advertiser'] },
    ];
    for (const { caller, campaignOf, allowed } of cases) {
      const { campaign } = await freshTarget(campaignOf);
      let version = campaign.version;
      for (const target of [...TARGETS, 'absent' as const]) {
        const id = target === 'absent' ? absent : geolists[target];
        const before = await snapshot();
        const response = await send(caller, 'PUT', `/campaign/${campaign.id}`, {
          version,
          targeting: { geolists: [id] },
        });
        const label = `${caller} on a ${campaignOf} campaign targets the ${target} geolist`;
        if (target !== 'absent' && allowed.includes(target)) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          version = response.json<{ version: number }>().version;
          expect(response.body).toContain(`Secret ${target} geolist`);
          continue;
        }
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json<{ details: unknown[] }>().details).toEqual([
          {
            path: 'targeting.geolists.0',
            message: 'This resource does not exist or is not available to the campaign’s organization',
          },
        ]);
        expect(response.body).not.toContain('Secret');
        await expectNothingChanged(before, label);
      }
    }
  });

  it('a data partner’s shared segment is targetable by anyone; its private audiences are not', async () => {
    const partner = (
      await ctx.db
        .selectFrom('users')
        .select('organization_id')
        .where('username', '=', 'data_partner')
        .executeTakeFirstOrThrow()
    ).organization_id;
    const audience = async (name: string, shared: boolean) =>
      Number(
        (
          await ctx.db
            .insertInto('audiences')
            .values({ organization_id: partner, name, type: 'adsquare', is_shared: shared })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const shared = await audience('Shared segment', true);
    const unshared = await audience('Secret segment', false);
    for (const caller of ['owner', 'reseller'] as const) {
      const { campaign } = await freshTarget(caller === 'owner' ? 'agency' : 'northwind');
      const ok = await send(caller, 'PUT', `/campaign/${campaign.id}`, {
        version: campaign.version,
        targeting: { audiences: { at_least_one_of: [shared] } },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const refused = await send(caller, 'PUT', `/campaign/${campaign.id}`, {
        version: campaign.version + 1,
        targeting: { audiences: { at_least_one_of: [shared], excluded: [unshared] } },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).not.toContain('Secret segment');
    }
  });
});
