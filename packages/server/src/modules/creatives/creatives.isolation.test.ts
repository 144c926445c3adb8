import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueSuffix } from '../../test/factories';
import {
  CALLERS,
  type Caller,
  startIsolationWorld,
  TARGETS,
  type Target,
  VISIBLE,
} from '../../test/isolation-world';
import { bearer, type TestContext } from '../../test/test-app';
import { createTestCreative } from './creatives.factories';
import type { CreativeRecord } from './creatives.repo';
import type { TCreativeRow } from './creatives.schemas';

/**
 * Tenant isolation of the creative endpoints (issue 6, decision 022), like the deals' matrix: every kind of
 * caller against a creative of Demo Agency, of its child Demo Advertiser and of Northwind Media. The expected
 * answer comes from the tables below, written from §6 and the tenant rules, not from the code under test: 403
 * for user or organization roles without §6 `creative` (advertiser, ad exchange, audience manager; data-partner
 * and other-partner organizations), 404 for a creative outside the caller's scope, 403 for a write by a role
 * that does not edit creatives (the viewer), success otherwise. A refused call changes no row; a successful one
 * changes only rows of the target.
 */

/** §6 creative: all except advertiser, adexchange, audience manager; no partner organizations. */
const NO_CREATIVE_ACCESS = new Set<Caller>([
  'advertiser',
  'adexchange',
  'audience_manager',
  'data_partner',
  'other_partner',
]);
/** Reads creatives but writes none. */
const READ_ONLY = new Set<Caller>(['viewer']);

const expectedRead = (caller: Caller, target: Target): number => {
  if (NO_CREATIVE_ACCESS.has(caller)) return 403;
  return VISIBLE[caller].includes(target) ? 200 : 404;
};
const expectedWrite = (
  caller: Caller,
  target: Target,
  success: number,
  checksScopeFirst: boolean,
): number => {
  if (NO_CREATIVE_ACCESS.has(caller)) return 403;
  if (checksScopeFirst && !VISIBLE[caller].includes(target)) return 404;
  if (READ_ONLY.has(caller)) return 403;
  return VISIBLE[caller].includes(target) ? success : 404;
};

let ctx: TestContext;
let organizations: Readonly<Record<Target, string>>;
let tokens: Readonly<Record<Caller, string>>;

beforeAll(async () => {
  ({ ctx, organizations, tokens } = await startIsolationWorld());
});
afterAll(async () => {
  await ctx.close();
});

const freshCreative = (target: Target): Promise<CreativeRecord> =>
  createTestCreative(ctx, organizations[target], { name: `Secret ${target} creative ${uniqueSuffix()}` });

const snapshot = async (): Promise<Map<string, string>> =>
  new Map(
    (await ctx.db.selectFrom('creatives').selectAll().execute()).map((row) => [row.id, JSON.stringify(row)]),
  );
const changedIds = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...after.entries()].filter(([id, row]) => before.get(id) !== row).map(([id]) => id);

const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[caller]),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const WRITES: {
  name: string;
  success: number;
  /** Whether the service looks the creative up (404) before the role's right to write (403). */
  checksScopeFirst: boolean;
  call: (caller: Caller, creative: CreativeRecord, target: Target) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'POST /creative',
    success: 201,
    checksScopeFirst: false,
    call: (caller, _creative, target) =>
      send(caller, 'POST', '/creative', {
        organization: Number(organizations[target]),
        type: 'tag',
        name: 'Created across tenants',
        html_markup: '<div>ad</div>',
        width: 300,
        height: 250,
      }),
  },
  {
    name: 'PUT /creative/{id}',
    success: 200,
    checksScopeFirst: true,
    call: (caller, creative) =>
      send(caller, 'PUT', `/creative/${creative.id}`, { version: 1, name: `Renamed by ${caller}` }),
  },
  {
    name: 'DELETE /creative/{id}',
    success: 204,
    checksScopeFirst: true,
    call: (caller, creative) => send(caller, 'DELETE', `/creative/${creative.id}?version=1`),
  },
  {
    name: 'POST /creative/{id}/duplicate',
    success: 201,
    checksScopeFirst: true,
    call: (caller, creative) => send(caller, 'POST', `/creative/${creative.id}/duplicate`, {}),
  },
];

describe.each(WRITES)('$name across tenants', ({ name, success, checksScopeFirst, call }) => {
  it.each(CALLERS)('%s changes exactly what it may', async (caller) => {
    for (const target of TARGETS) {
      const creative = await freshCreative(target);
      const before = await snapshot();
      const response = await call(caller, creative, target);
      const status = expectedWrite(caller, target, success, checksScopeFirst);
      const label = `${caller} → ${name} on ${target}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      if (status === success) {
        expect(changed.length, label).toBeGreaterThan(0);
        const owners = await ctx.db
          .selectFrom('creatives')
          .select('organization_id')
          .where('id', 'in', changed)
          .execute();
        for (const row of owners) expect(row.organization_id, label).toBe(organizations[target]);
      } else {
        expect(changed, label).toEqual([]);
        expect(response.body, label).not.toContain(creative.name);
      }
    }
  });
});

describe('reads across tenants', () => {
  it.each(CALLERS)('%s reads exactly the creatives it may see', async (caller) => {
    const creatives = {} as Record<Target, CreativeRecord>;
    for (const target of TARGETS) creatives[target] = await freshCreative(target);
    for (const target of TARGETS) {
      for (const path of [`/creative/${creatives[target].id}`, `/creative/${creatives[target].id}/history`]) {
        const response = await send(caller, 'GET', path);
        const status = expectedRead(caller, target);
        expect(response.statusCode, `${caller} → GET ${path} on ${target}: ${response.body}`).toBe(status);
        if (status !== 200) expect(response.body).not.toContain(creatives[target].name);
      }
      const campaign = await createCampaign(ctx, organizations[target]);
      const linked = await send(caller, 'GET', `/campaign/${campaign.id}/creatives`);
      expect(linked.statusCode, `${caller} → campaign creatives on ${target}`).toBe(
        expectedRead(caller, target),
      );
    }
    const list = await send(caller, 'GET', '/creatives?limit=200');
    // §6 creatives: as creative, and not the viewer.
    if (NO_CREATIVE_ACCESS.has(caller) || caller === 'viewer') {
      expect(list.statusCode).toBe(403);
      return;
    }
    expect(list.statusCode).toBe(200);
    const visible = new Set(VISIBLE[caller].map((target) => Number(organizations[target])));
    const rows = list.json<TCreativeRow[]>();
    for (const row of rows)
      expect(visible.has(row.organization), `${caller} sees ${row.organization}`).toBe(true);
    for (const target of TARGETS) {
      const listed = rows.some((row) => row.id === Number(creatives[target].id));
      expect(listed, `${caller} lists ${target}`).toBe(VISIBLE[caller].includes(target));
    }
  });
});
