import { DEAL_STATES, DEAL_TYPES } from '@beacon/domain/dictionary/deals';
import { ZDealCreate } from '@beacon/domain/validation/deal-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TDealRow } from './deals.schemas';

/** The demo seed's deals (db/seed/demo-deals.ts) are valid by the domain's rules and fill the list. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const list = async (who: string, query: string): Promise<TDealRow[]> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/deals?${query}`,
    headers: bearer(await loginAs(ctx.app, who)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDealRow[]>();
};

describe('demo deals', () => {
  it('show Demo Agency and its advertiser every type and state, the deleted one only when filtered', async () => {
    const live = await list('owner', 'limit=200');
    expect(new Set(live.map((row) => row.organization_name))).toEqual(
      new Set(['Demo Agency', 'Demo Advertiser']),
    );
    expect(new Set(live.map((row) => row.type))).toEqual(new Set(DEAL_TYPES));
    expect(live.some((row) => row.state === 'deleted')).toBe(false);
    const all = await list('owner', `limit=200&state[any]=${DEAL_STATES.join(',')}`);
    expect(new Set(all.map((row) => row.state))).toEqual(new Set(DEAL_STATES));
    expect(new Set(all.map((row) => row.supply_partner)).size).toBeGreaterThanOrEqual(4);
  });

  it('give Northwind Media its own deal and nothing of Demo Agency', async () => {
    const rows = await list('reseller', 'limit=200');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.organization_name))).toEqual(new Set(['Northwind Media']));
  });

  it('are valid by the domain’s own rules', async () => {
    for (const row of await list('supervisor', `limit=200&state[any]=${DEAL_STATES.join(',')}`)) {
      const result = ZDealCreate.safeParse({
        external_id: row.external_id,
        name: row.name,
        supply_partner: row.supply_partner,
        type: row.type,
        floor_price: row.floor_price,
        currency: row.currency,
        start_date: row.start_date,
        end_date: row.end_date,
      });
      expect(result.error?.issues ?? [], row.name).toEqual([]);
    }
  });
});
