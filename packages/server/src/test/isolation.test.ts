import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Body,
  type CallContext,
  COVERED_ELSEWHERE,
  callName,
  ISOLATION_MODULES,
  type IsolationCall,
  type IsolationModule,
  type Method,
} from './isolation-registry';
import {
  AREA_CALLERS,
  CALLERS,
  type Caller,
  type IsolationWorld,
  STAFF,
  startIsolationWorld,
  TARGETS,
  type Target,
  VISIBLE,
} from './isolation-world';
import { bearer, multipart } from './test-app';

/**
 * Tenant isolation of every resource module, one table for all (docs/decisions/039). Each module of
 * isolation-registry.ts is called by every kind of caller of the demo world on a fresh row of Demo Agency, of its
 * child Demo Advertiser and of Northwind Media. The expected answer is written from spec §6 and the tenant
 * rules (isolation-world.ts), not from the code under test, in the one order of checks of decision 039:
 *
 * 1. 403 when the caller's role or organization role may not use the route's §6 area at all — whatever the row;
 * 2. 404 when the row is outside the caller's scope — also for a caller who may not edit;
 * 3. 403 for a write by a caller who may read but not edit (a create, which has no row, checks the right first),
 *    and for a read by a caller of the area it does not answer (`readers`);
 * 4. the call's own answer otherwise.
 *
 * A refused write changes no row of the module's tables and names nothing of the row; a successful one changes
 * only rows of the target organization. A write to a deleted row is 409 `DELETED`. The suite also fails naming any
 * route of the app with an `:id` that no module registers and no other suite is named for.
 */

let world: IsolationWorld;

beforeAll(async () => {
  world = await startIsolationWorld();
});
afterAll(async () => {
  await world.ctx.close();
});

const expectedStatus = (
  module: IsolationModule<unknown>,
  call: Pick<IsolationCall<unknown>, 'kind' | 'success' | 'area' | 'readers'>,
  caller: Caller,
  target: Target,
): number => {
  const area: readonly Caller[] = AREA_CALLERS[call.area ?? module.area];
  if (!area.includes(caller)) return 403;
  const mayEdit = module.editors.includes(caller);
  if (call.kind === 'create' && !mayEdit) return 403;
  if (!VISIBLE[caller].includes(target)) return 404;
  if (call.kind !== 'read' && !mayEdit) return 403;
  if (call.readers !== undefined && !call.readers.includes(caller)) return 403;
  return call.success;
};

const isSuccess = (status: number) => status >= 200 && status < 300;

const send = (caller: Caller, method: Method, url: string, body?: Body): Promise<LightMyRequestResponse> => {
  const headers = bearer(world.tokens[caller]);
  if (body !== undefined && 'multipart' in body) {
    const form = multipart(body.multipart as Parameters<typeof multipart>[0]);
    return world.ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  }
  return world.ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
};

const sendCall = (call: IsolationCall<unknown>, fresh: unknown, c: CallContext) =>
  send(c.caller, call.method, call.url(fresh, c), call.body?.(fresh, c));

// --- snapshots of a module's tables ------------------------------------------------------------------------

/**
 * A digest of each organization's rows in each of the module's tables (a child table's rows belong to their
 * parent's organization), taken by the database: comparing two says which organizations' rows appeared, changed
 * or went, without carrying every row to the test.
 */
type Snapshot = Map<string, { table: string; organization: string; digest: string }>;

const snapshot = async (module: IsolationModule<unknown>): Promise<Snapshot> => {
  const digests: Snapshot = new Map();
  for (const { table, parent } of module.tables) {
    const query = parent
      ? sql<{ organization: string; digest: string }>`
          select p.organization_id as organization, count(*) || ':' || md5(string_agg(c::text, '|' order by c::text)) as digest
          from ${sql.table(table)} c join ${sql.table(parent.table)} p on p.id = ${sql.ref(`c.${parent.key}`)}
          group by p.organization_id`
      : sql<{ organization: string; digest: string }>`
          select t.organization_id as organization, count(*) || ':' || md5(string_agg(t::text, '|' order by t::text)) as digest
          from ${sql.table(table)} t group by t.organization_id`;
    for (const row of (await query.execute(world.ctx.db)).rows) {
      const organization = String(row.organization);
      digests.set(`${table}/${organization}`, { table, organization, digest: row.digest });
    }
  }
  return digests;
};

/** The tables and organizations whose rows appeared, changed or went. */
const changes = (before: Snapshot, after: Snapshot): { key: string; organization: string }[] =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((key) => before.get(key)?.digest !== after.get(key)?.digest)
    .map((key) => ({ key, organization: (before.get(key) ?? after.get(key))?.organization ?? '' }));

// --- the suite ---------------------------------------------------------------------------------------------

/** A route of the app that takes an id: `:id` anywhere in its path. */
const takesAnId = (url: string) => /\/:id(\/|$)/.test(url);

describe('every route with an {id}', () => {
  it('belongs to a registered module, or to a suite named in COVERED_ELSEWHERE', () => {
    const registered = new Set(ISOLATION_MODULES.flatMap((module) => module.calls.map(callName)));
    const unclaimed = world.ctx.app.registeredRoutes
      .filter((route) => route.method !== 'HEAD' && takesAnId(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !registered.has(name) && !(name in COVERED_ELSEWHERE));
    expect(unclaimed, 'routes with an :id that no isolation test covers').toEqual([]);
  });

  it('the registry names only routes the app has, with the §6 area they declare', () => {
    const areaOf = new Map(
      world.ctx.app.registeredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    for (const module of ISOLATION_MODULES) {
      for (const call of module.calls) {
        expect(areaOf.get(callName(call)), `${module.name}: ${callName(call)}`).toBe(
          call.area ?? module.area,
        );
      }
      for (const list of module.lists) {
        const name = `${list.method ?? 'GET'} ${list.route}`;
        expect(areaOf.get(name), `${module.name}: ${name}`).toBe(list.area);
      }
      for (const name of [module.deleted.remove, ...module.deleted.writes]) {
        expect(module.calls.map(callName), `${module.name}: ${name}`).toContain(name);
      }
    }
    for (const name of Object.keys(COVERED_ELSEWHERE)) expect(areaOf.has(name), name).toBe(true);
  });

  it('has, where §6 allows one, a caller who may read but not edit', () => {
    const readOnly = Object.fromEntries(
      ISOLATION_MODULES.map((module) => [
        module.name,
        (AREA_CALLERS[module.area] as readonly Caller[]).filter((caller) => !module.editors.includes(caller)),
      ]),
    );
    // §6: the viewer reads campaigns and creatives; every other caller of a resources area edits it (the
    // audience manager audiences, decision 038).
    expect(readOnly).toEqual({
      deals: [],
      geolists: [],
      'publisher-lists': [],
      audiences: [],
      'location-audiences': [],
      creatives: ['viewer'],
      campaigns: ['viewer'],
    });
  });
});

describe.each(ISOLATION_MODULES)('$name', (module) => {
  it.each(CALLERS)('%s gets the expected answer to every call on every target', async (caller) => {
    // Reads and refused calls share one row per target; a call expected to change its row gets a fresh one.
    const shared = {} as Record<Target, unknown>;
    for (const target of TARGETS) shared[target] = await module.fresh(world, target);
    for (const target of TARGETS) {
      const c: CallContext = { world, caller, target };
      for (const call of module.calls) {
        const status = expectedStatus(module, call, caller, target);
        const changes_ = call.kind !== 'read' && isSuccess(status);
        const fresh = changes_ ? await module.fresh(world, target) : shared[target];
        const before = call.kind === 'read' ? undefined : await snapshot(module);
        const response = await sendCall(call, fresh, c);
        const label = `${caller} → ${callName(call)} on ${target}`;
        expect.soft(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(status);
        if (status === 403 || status === 404) {
          for (const secret of module.secrets(fresh)) {
            expect.soft(response.body, `${label} names the row`).not.toContain(secret);
          }
        }
        if (before === undefined) continue;
        const changed = changes(before, await snapshot(module));
        if (changes_) {
          expect.soft(changed.length, `${label}: changed nothing`).toBeGreaterThan(0);
          for (const row of changed) {
            expect.soft(row.organization, `${label} changed ${row.key}`).toBe(world.organizations[target]);
          }
        } else {
          expect.soft(changed, `${label} changed rows`).toEqual([]);
        }
      }
    }
    for (const list of module.lists) {
      const response = await send(caller, list.method ?? 'GET', list.url);
      const label = `${caller} → ${list.method ?? 'GET'} ${list.route}`;
      const mayList = (AREA_CALLERS[list.area] as readonly Caller[]).includes(caller);
      expect.soft(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(mayList ? 200 : 403);
      if (!mayList || response.statusCode !== 200) continue;
      const visible = new Set<string>([
        ...VISIBLE[caller].map((target) => world.organizations[target]),
        ...(module.alsoVisible?.(caller, world) ?? []),
      ]);
      const rows = list.rows(response);
      for (const row of rows) {
        if (row.organization === undefined || STAFF.includes(caller)) continue;
        expect
          .soft(visible.has(String(row.organization)), `${label} lists organization ${row.organization}`)
          .toBe(true);
      }
      for (const target of TARGETS) {
        const listed = rows.some((row) => String(row.id) === module.idOf(shared[target]));
        expect.soft(listed, `${label} lists the ${target} row`).toBe(VISIBLE[caller].includes(target));
      }
    }
  });

  it('a write to a deleted row is 409 DELETED and changes no row', async () => {
    const byName = new Map(module.calls.map((call) => [callName(call), call]));
    const fresh = await module.fresh(world, 'agency');
    const c: CallContext = { world, caller: 'owner', target: 'agency' };
    const remove = byName.get(module.deleted.remove);
    if (!remove) throw new Error(`${module.name}: no call ${module.deleted.remove}`);
    const removed = await sendCall(remove, fresh, c);
    expect(removed.statusCode, removed.body).toBe(204);
    for (const name of module.deleted.writes) {
      const call = byName.get(name);
      if (!call) throw new Error(`${module.name}: no call ${name}`);
      const before = await snapshot(module);
      // The calls send the version the row was created at: a deleted row answers DELETED before STALE_VERSION.
      const response = await sendCall(call, fresh, c);
      const label = `owner → ${name} on a deleted row`;
      expect.soft(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(409);
      if (response.statusCode === 409) {
        expect.soft(response.json(), label).toMatchObject({
          code: 'DELETED',
          details: [{ path: 'state', message: expect.stringMatching(/deleted .* cannot be changed/i) }],
        });
      }
      expect.soft(changes(before, await snapshot(module)), `${label} changed rows`).toEqual([]);
    }
  });
});

/**
 * Resource targeting across organizations (decision 021): a campaign may target its own organization's resources
 * and its ancestors' within the caller's scope, and shared audience segments; another tenant's resource answers
 * the same 400 as an id that does not exist, and the refused write changes nothing and names nothing.
 */
describe('campaign resource targeting across organizations', () => {
  const campaignsModule = ISOLATION_MODULES.find((module) => module.name === 'campaigns');
  if (!campaignsModule) throw new Error('the campaigns module is not registered');
  const freshCampaign = async (target: Target) =>
    (
      (await campaignsModule.fresh(world, target)) as {
        campaign: { id: string; version: number };
      }
    ).campaign;

  const geolistOf = async (target: Target, name: string): Promise<number> =>
    Number(
      (
        await world.ctx.db
          .insertInto('geolists')
          .values({ organization_id: world.organizations[target], name })
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
      const campaign = await freshCampaign(campaignOf);
      let version = campaign.version;
      for (const target of [...TARGETS, 'absent' as const]) {
        const id = target === 'absent' ? absent : geolists[target];
        const before = await snapshot(campaignsModule);
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
        expect(changes(before, await snapshot(campaignsModule)), label).toEqual([]);
      }
    }
  });

  it('a data partner’s shared segment is targetable by anyone; its private audiences are not', async () => {
    const audience = async (name: string, shared: boolean) =>
      Number(
        (
          await world.ctx.db
            .insertInto('audiences')
            .values({
              organization_id: world.dataPartnerOrganization,
              name,
              type: 'adsquare',
              is_shared: shared,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const shared = await audience('Shared segment', true);
    const unshared = await audience('Secret segment', false);
    for (const caller of ['owner', 'reseller'] as const) {
      const campaign = await freshCampaign(caller === 'owner' ? 'agency' : 'northwind');
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
