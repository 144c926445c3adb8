import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, uniqueSuffix } from '../../test/factories';
import {
  CALLERS,
  type Caller,
  startIsolationWorld,
  TARGETS,
  type Target,
  VISIBLE,
} from '../../test/isolation-world';
import { bearer, type TestContext } from '../../test/test-app';
import { createTestDeal } from './deals.factories';
import type { DealRecord } from './deals.repo';
import type { TDealRow } from './deals.schemas';

/**
 * Tenant isolation of every deal endpoint (issue 7, decision 016), like the campaigns' matrix: every kind of
 * caller against a deal of Demo Agency, of its child Demo Advertiser and of Northwind Media. The expected
 * answer comes from the table below, written from §6 and the tenant rules, not from the code under test: 403
 * for user roles or organization roles without §6 `resources deals` (viewer, advertiser, ad exchange, audience
 * and creative managers; data-partner and other-partner organizations), 404 for a deal outside the caller's
 * scope, success otherwise. A refused call changes no row; a successful one changes only rows of the target.
 */

/** §6 resources deals: all except advertiser, adexchange, viewer, audience and creative managers; no partners. */
const NO_DEAL_ACCESS = new Set<Caller>([
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
  'data_partner',
  'other_partner',
]);

const expected = (caller: Caller, target: Target, success: number): number => {
  if (NO_DEAL_ACCESS.has(caller)) return 403;
  if (!VISIBLE[caller].includes(target)) return 404;
  return success;
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

/** A fresh deal in a target organization, named so that a leak would show. */
const freshDeal = (target: Target): Promise<DealRecord> =>
  createTestDeal(ctx, organizations[target], { name: `Secret ${target} deal ${uniqueSuffix()}` });

const snapshot = async (): Promise<Map<string, string>> =>
  new Map(
    (await ctx.db.selectFrom('deals').selectAll().execute()).map((row) => [row.id, JSON.stringify(row)]),
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
  call: (caller: Caller, deal: DealRecord, target: Target) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'POST /deal',
    success: 201,
    call: (caller, _deal, target) =>
      send(caller, 'POST', '/deal', {
        organization: Number(organizations[target]),
        external_id: `X-${uniqueSuffix()}`,
        name: 'Created across tenants',
        supply_partner: 'magnite',
        type: 'preferred',
        floor_price: '3',
        start_date: dayFromToday(ctx, 0),
      }),
  },
  {
    name: 'PUT /deal/{id}',
    success: 200,
    call: (caller, deal) =>
      send(caller, 'PUT', `/deal/${deal.id}`, { version: 1, name: `Renamed by ${caller}` }),
  },
  {
    name: 'DELETE /deal/{id}',
    success: 204,
    call: (caller, deal) => send(caller, 'DELETE', `/deal/${deal.id}?version=1`),
  },
  {
    name: 'POST /deal/{id}/duplicate',
    success: 201,
    call: (caller, deal) =>
      send(caller, 'POST', `/deal/${deal.id}/duplicate`, { external_id: `${deal.external_id}-copy` }),
  },
];

describe.each(WRITES)('$name across tenants', ({ name, success, call }) => {
  it.each(CALLERS)('%s changes exactly what it may', async (caller) => {
    for (const target of TARGETS) {
      const deal = await freshDeal(target);
      const before = await snapshot();
      const response = await call(caller, deal, target);
      const status = expected(caller, target, success);
      const label = `${caller} → ${name} on ${target}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      const changed = changedIds(before, await snapshot());
      if (status === success) {
        expect(changed.length, label).toBeGreaterThan(0);
        const owners = await ctx.db
          .selectFrom('deals')
          .select('organization_id')
          .where('id', 'in', changed)
          .execute();
        for (const row of owners) expect(row.organization_id, label).toBe(organizations[target]);
      } else {
        expect(changed, label).toEqual([]);
        expect(response.body, label).not.toContain(deal.name);
      }
    }
  });
});

describe('reads across tenants', () => {
  it.each(CALLERS)('%s reads exactly the deals it may see', async (caller) => {
    const deals = {} as Record<Target, DealRecord>;
    for (const target of TARGETS) deals[target] = await freshDeal(target);
    for (const target of TARGETS) {
      for (const path of [`/deal/${deals[target].id}`, `/deal/${deals[target].id}/history`]) {
        const response = await send(caller, 'GET', path);
        const status = expected(caller, target, 200);
        expect(response.statusCode, `${caller} → GET ${path} on ${target}: ${response.body}`).toBe(status);
        if (status !== 200) expect(response.body).not.toContain(deals[target].name);
      }
    }
    const list = await send(caller, 'GET', '/deals?limit=200');
    if (NO_DEAL_ACCESS.has(caller)) {
      expect(list.statusCode).toBe(403);
      return;
    }
    expect(list.statusCode).toBe(200);
    const visible = new Set(VISIBLE[caller].map((target) => Number(organizations[target])));
    const rows = list.json<TDealRow[]>();
    for (const row of rows)
      expect(visible.has(row.organization), `${caller} sees ${row.organization}`).toBe(true);
    for (const target of TARGETS) {
      const listed = rows.some((row) => row.id === Number(deals[target].id));
      expect(listed, `${caller} lists ${target}`).toBe(VISIBLE[caller].includes(target));
    }
  });
});
