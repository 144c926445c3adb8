import {
  DEAL_DELETED_MESSAGE,
  DEAL_END_DATE_REQUIRED_MESSAGE,
  DEAL_EXTERNAL_ID_MESSAGE,
  DEAL_EXTERNAL_ID_TAKEN_MESSAGE,
  DEAL_FLOOR_PRICE_MESSAGE,
  DEAL_MONITOR_UNAVAILABLE_MESSAGE,
  DEAL_ORGANIZATION_MESSAGE,
  dealDuplicationMessage,
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createTestDeal } from './deals.factories';
import type { TDeal, TDealHistoryEntry, TDealRow } from './deals.schemas';

/** Every deal endpoint and rule through the API (decision 016). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const orgs: Record<'agency' | 'advertiser' | 'northwind' | 'dataPartner', string> = {
  agency: '',
  advertiser: '',
  northwind: '',
  dataPartner: '',
};

type Details = { path: string; message: string }[];

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const detailsOf = (response: LightMyRequestResponse): Details =>
  response.json<{ details?: Details }>().details ?? [];

let sequence = 0;
const body = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    external_id: `PMP-${sequence}-${Date.now()}`,
    name: `Premium news ${sequence}`,
    supply_partner: 'google_adx',
    type: 'private_auction',
    floor_price: '4.5',
    start_date: dayFromToday(ctx, 1),
    end_date: dayFromToday(ctx, 31),
    ...overrides,
  };
};

const create = async (who: string, overrides: Record<string, unknown> = {}): Promise<TDeal> => {
  const response = await call(who, 'POST', '/deal', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TDeal>();
};

beforeAll(async () => {
  ctx = await startTestApp();
  const named = [
    ['agency', 'Demo Agency'],
    ['advertiser', 'Demo Advertiser'],
    ['northwind', 'Northwind Media'],
    ['dataPartner', 'Data Partner Co'],
  ] as const;
  for (const [key, name] of named) {
    orgs[key] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
  for (const who of ['owner', 'editor', 'reseller', 'supervisor', 'support']) {
    tokens[who] = await loginAs(ctx.app, who);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /deal', () => {
  it('creates an active deal in the caller’s organization and currency, with no monitor numbers yet', async () => {
    const sent = body({ floor_price: '1500.000001' });
    const response = await call('owner', 'POST', '/deal', sent);
    expect(response.statusCode, response.body).toBe(201);
    const agency = await ctx.db
      .selectFrom('organizations')
      .select('currency')
      .where('id', '=', orgs.agency)
      .executeTakeFirstOrThrow();
    const deal = response.json<TDeal>();
    expect(deal).toMatchObject({
      external_id: sent.external_id,
      name: sent.name,
      organization: Number(orgs.agency),
      organization_name: 'Demo Agency',
      supply_partner: 'google_adx',
      type: 'private_auction',
      floor_price: '1500.000001',
      currency: agency.currency,
      start_date: sent.start_date,
      end_date: sent.end_date,
      state: 'active',
      version: 1,
      deleted_at: null,
      monitor: null,
      monitor_explanation: DEAL_MONITOR_UNAVAILABLE_MESSAGE,
    });
    const row = await ctx.db
      .selectFrom('deals')
      .select('floor_price')
      .where('id', '=', String(deal.id))
      .executeTakeFirstOrThrow();
    expect(row.floor_price).toBe('1500000001');
  });

  it('takes a currency, a state, no end date and a child organization in scope', async () => {
    const deal = await create('editor', {
      organization: Number(orgs.advertiser),
      currency: 'eur',
      state: 'inactive',
      end_date: null,
    });
    expect(deal).toMatchObject({
      organization: Number(orgs.advertiser),
      currency: 'eur',
      state: 'inactive',
      end_date: null,
    });
  });

  it('answers the §5 messages on their fields', async () => {
    const response = await call('owner', 'POST', '/deal', {
      external_id: 'has space',
      name: '',
      supply_partner: 'nowhere',
      type: 'preferred',
      floor_price: '0',
      start_date: '2026-13-01',
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual([
      { path: 'external_id', message: DEAL_EXTERNAL_ID_MESSAGE },
      { path: 'name', message: REQUIRED_MESSAGE },
      { path: 'supply_partner', message: INVALID_FORMAT_MESSAGE },
      { path: 'floor_price', message: DEAL_FLOOR_PRICE_MESSAGE },
      { path: 'start_date', message: INVALID_FORMAT_MESSAGE },
    ]);
    const dates = await call('owner', 'POST', '/deal', body({ end_date: dayFromToday(ctx, 0) }));
    expect(detailsOf(dates)).toEqual([{ path: 'end_date', message: END_BEFORE_START_MESSAGE }]);
    const guaranteed = await call(
      'owner',
      'POST',
      '/deal',
      body({ type: 'programmatic_guaranteed', end_date: undefined }),
    );
    expect(detailsOf(guaranteed)).toEqual([{ path: 'end_date', message: DEAL_END_DATE_REQUIRED_MESSAGE }]);
    const unknown = await call('owner', 'POST', '/deal', body({ monitor: { requests: 1 } }));
    expect(unknown.statusCode).toBe(400);
    expect(detailsOf(unknown)[0]?.path).toBe('monitor');
  });

  it('answers 409 on external_id when the organization already uses the ID with the supply partner', async () => {
    const first = await create('owner');
    const clash = await call('editor', 'POST', '/deal', body({ external_id: first.external_id }));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({
      statusCode: 409,
      code: 'DEAL_EXTERNAL_ID_TAKEN',
      message: DEAL_EXTERNAL_ID_TAKEN_MESSAGE,
      details: [{ path: 'external_id', message: DEAL_EXTERNAL_ID_TAKEN_MESSAGE }],
    });
    // Another supply partner, or another organization, may use the same ID.
    await create('owner', { external_id: first.external_id, supply_partner: 'magnite' });
    await create('owner', { external_id: first.external_id, organization: Number(orgs.advertiser) });
    // A deleted deal frees its ID.
    expect((await call('owner', 'DELETE', `/deal/${first.id}?version=1`)).statusCode).toBe(204);
    await create('owner', { external_id: first.external_id });
  });

  it('has a unique index behind the check: what a concurrent create hits is the same clash', async () => {
    const first = await createTestDeal(ctx, orgs.agency);
    await expect(
      createTestDeal(ctx, orgs.agency, {
        external_id: first.external_id,
        supply_partner: first.supply_partner,
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'deals_external_id_key' });
    // The same key on a deleted deal is no clash.
    await createTestDeal(ctx, orgs.agency, {
      external_id: first.external_id,
      state: 'deleted',
      deleted_at: new Date(),
    });
  });

  it('answers 404 for an organization outside the scope and 400 for one whose role has no deals', async () => {
    const outside = await call('owner', 'POST', '/deal', body({ organization: Number(orgs.northwind) }));
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('Northwind');
    const partner = await call(
      'supervisor',
      'POST',
      '/deal',
      body({ organization: Number(orgs.dataPartner) }),
    );
    expect(partner.statusCode).toBe(400);
    expect(detailsOf(partner)).toEqual([{ path: 'organization', message: DEAL_ORGANIZATION_MESSAGE }]);
    // Staff may create a deal for any organization that may use deals.
    const staff = await create('support', { organization: Number(orgs.northwind) });
    expect(staff.organization_name).toBe('Northwind Media');
  });
});

describe('GET /deals', () => {
  it('lists the deals in scope with x-total-count, search, filters and sorts; deleted only when filtered', async () => {
    const marker = `Zephyr${Date.now()}`;
    const cheap = await create('owner', {
      name: `${marker} cheap`,
      floor_price: '0.5',
      supply_partner: 'openx',
    });
    const dear = await create('owner', {
      name: `${marker} dear`,
      floor_price: '30',
      supply_partner: 'openx',
    });
    const gone = await create('owner', { name: `${marker} gone`, floor_price: '3', supply_partner: 'openx' });
    expect((await call('owner', 'DELETE', `/deal/${gone.id}?version=1`)).statusCode).toBe(204);

    const searched = await call('owner', 'GET', `/deals?search=${marker}&sort=-floor_price`);
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.headers['x-total-count']).toBe('2');
    expect(searched.json<TDealRow[]>().map((row) => row.id)).toEqual([dear.id, cheap.id]);

    const byId = await call('owner', 'GET', `/deals?search=${encodeURIComponent(cheap.external_id)}`);
    expect(byId.json<TDealRow[]>().map((row) => row.id)).toEqual([cheap.id]);

    const filtered = await call(
      'owner',
      'GET',
      `/deals?search=${marker}&floor_price[gt]=1&supply_partner[is]=openx`,
    );
    expect(filtered.json<TDealRow[]>().map((row) => row.id)).toEqual([dear.id]);

    const withDeleted = await call(
      'owner',
      'GET',
      `/deals?search=${marker}&state[any]=active,deleted&sort=name`,
    );
    expect(withDeleted.json<TDealRow[]>().map((row) => row.id)).toEqual([cheap.id, dear.id, gone.id]);

    const paged = await call('owner', 'GET', `/deals?search=${marker}&limit=1&page=2&sort=name`);
    expect(paged.headers['x-total-count']).toBe('2');
    expect(paged.json<TDealRow[]>().map((row) => row.id)).toEqual([dear.id]);
  });

  it('refuses unknown filters, operators and values with 400', async () => {
    for (const query of ['color[is]=red', 'name[gt]=a', 'type[is]=open_auction', 'sort=monitor']) {
      expect((await call('owner', 'GET', `/deals?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /deal/{id}', () => {
  it('answers one deal, 404 for an unknown id and 400 for a malformed one', async () => {
    const deal = await create('owner');
    const response = await call('editor', 'GET', `/deal/${deal.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TDeal>()).toEqual(deal);
    expect((await call('owner', 'GET', '/deal/999999999')).statusCode).toBe(404);
    expect((await call('owner', 'GET', '/deal/abc')).statusCode).toBe(400);
  });
});

describe('PUT /deal/{id}', () => {
  it('answers 400, not 500, to a request without a body or with a body that is not an object', async () => {
    const deal = await create('owner');
    const noBody = await call('owner', 'PUT', `/deal/${deal.id}`);
    expect(noBody.statusCode, noBody.body).toBe(400);
    expect(noBody.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const nullBody = await ctx.app.inject({
      method: 'PUT',
      url: `/api/deal/${deal.id}`,
      headers: { ...bearer(tokens.owner ?? ''), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode, nullBody.body).toBe(400);
    const created = await call('owner', 'POST', '/deal');
    expect(created.statusCode, created.body).toBe(400);
  });

  it('changes what is sent at the version last read, and records who changed what', async () => {
    const deal = await create('owner');
    const response = await call('editor', 'PUT', `/deal/${deal.id}`, {
      version: 1,
      name: 'Renamed',
      floor_price: '5.25',
      currency: 'gbp',
      end_date: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TDeal>()).toMatchObject({
      name: 'Renamed',
      floor_price: '5.25',
      currency: 'gbp',
      end_date: null,
      version: 2,
      external_id: deal.external_id,
    });
    const stale = await call('editor', 'PUT', `/deal/${deal.id}`, { version: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE_VERSION');

    const paused = await call('owner', 'PUT', `/deal/${deal.id}`, { version: 2, state: 'inactive' });
    expect(paused.json<TDeal>().state).toBe('inactive');
    const history = (await call('owner', 'GET', `/deal/${deal.id}/history`)).json<TDealHistoryEntry[]>();
    expect(history.map((entry) => entry.action)).toEqual(['deactivate', 'update', 'create']);
    expect(history[1]).toMatchObject({ actor: { username: 'editor' }, impersonator: null });
    expect(history[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: deal.name, to: 'Renamed' },
        { field: 'floor_price', from: '4.5', to: '5.25' },
        { field: 'end_date', from: deal.end_date, to: null },
      ]),
    );
    expect(history[2]?.actor).toMatchObject({ username: 'owner' });
  });

  it('checks the merged deal: a programmatic guaranteed deal keeps an end date, dates in order', async () => {
    const open = await create('owner', { end_date: null });
    const guaranteed = await call('owner', 'PUT', `/deal/${open.id}`, {
      version: 1,
      type: 'programmatic_guaranteed',
    });
    expect(guaranteed.statusCode).toBe(400);
    expect(detailsOf(guaranteed)).toEqual([{ path: 'end_date', message: DEAL_END_DATE_REQUIRED_MESSAGE }]);
    const deal = await create('owner');
    const early = await call('owner', 'PUT', `/deal/${deal.id}`, {
      version: 1,
      end_date: dayFromToday(ctx, 0),
    });
    expect(detailsOf(early)).toEqual([{ path: 'end_date', message: END_BEFORE_START_MESSAGE }]);
  });

  it('answers 409 on external_id when the new ID or supply partner clashes with another live deal', async () => {
    const first = await create('owner', { supply_partner: 'smaato' });
    const second = await create('owner', { supply_partner: 'inmobi', external_id: first.external_id });
    const moved = await call('owner', 'PUT', `/deal/${second.id}`, { version: 1, supply_partner: 'smaato' });
    expect(moved.statusCode).toBe(409);
    expect(detailsOf(moved)).toEqual([{ path: 'external_id', message: DEAL_EXTERNAL_ID_TAKEN_MESSAGE }]);
    const other = await create('owner', { supply_partner: 'smaato' });
    const renamed = await call('owner', 'PUT', `/deal/${other.id}`, {
      version: 1,
      external_id: first.external_id,
    });
    expect(renamed.statusCode).toBe(409);
    // Sending its own ID back is no clash.
    const same = await call('owner', 'PUT', `/deal/${first.id}`, {
      version: 1,
      external_id: first.external_id,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses the organization, the deleted state and changes to a deleted deal', async () => {
    const deal = await create('owner');
    expect(
      (await call('owner', 'PUT', `/deal/${deal.id}`, { version: 1, organization: Number(orgs.advertiser) }))
        .statusCode,
    ).toBe(400);
    expect(
      detailsOf(await call('owner', 'PUT', `/deal/${deal.id}`, { version: 1, state: 'deleted' })),
    ).toEqual([{ path: 'state', message: INVALID_FORMAT_MESSAGE }]);
    expect((await call('owner', 'DELETE', `/deal/${deal.id}?version=1`)).statusCode).toBe(204);
    const afterDelete = await call('owner', 'PUT', `/deal/${deal.id}`, { version: 2, name: 'Back' });
    expect(afterDelete.statusCode).toBe(409);
    expect(detailsOf(afterDelete)).toEqual([{ path: 'state', message: DEAL_DELETED_MESSAGE }]);
  });
});

describe('DELETE /deal/{id}', () => {
  it('marks the deal deleted at the version last read; it stays readable with its history', async () => {
    const deal = await create('owner');
    expect((await call('owner', 'DELETE', `/deal/${deal.id}?version=3`)).statusCode).toBe(409);
    expect((await call('owner', 'DELETE', `/deal/${deal.id}`)).statusCode).toBe(400);
    expect((await call('owner', 'DELETE', `/deal/${deal.id}?version=1`)).statusCode).toBe(204);
    const read = (await call('owner', 'GET', `/deal/${deal.id}`)).json<TDeal>();
    expect(read.state).toBe('deleted');
    expect(read.deleted_at).not.toBeNull();
    const again = await call('owner', 'DELETE', `/deal/${deal.id}?version=2`);
    expect(detailsOf(again)).toEqual([{ path: 'state', message: DEAL_DELETED_MESSAGE }]);
    const history = (await call('owner', 'GET', `/deal/${deal.id}/history`)).json<TDealHistoryEntry[]>();
    expect(history[0]).toMatchObject({
      action: 'delete',
      changes: [{ field: 'state', from: 'active', to: 'deleted' }],
    });
  });
});

describe('POST /deal/{id}/duplicate', () => {
  it('answers the deal duplication error when the copy would keep a clashing ID', async () => {
    const deal = await create('owner');
    const response = await call('owner', 'POST', `/deal/${deal.id}/duplicate`, {});
    expect(response.statusCode, response.body).toBe(409);
    const message = dealDuplicationMessage(deal.external_id, 'Google Ad Exchange');
    expect(response.json()).toMatchObject({
      code: 'DEAL_DUPLICATION_FAILED',
      message,
      details: [{ path: 'external_id', message }],
    });
    expect(message).toContain(deal.external_id);
  });

  it('copies the deal, inactive and named "(copy)", with a new ID, partner or organization', async () => {
    const deal = await create('owner', { floor_price: '7.125', currency: 'usd' });
    const copy = await call('editor', 'POST', `/deal/${deal.id}/duplicate`, {
      external_id: `${deal.external_id}-B`,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json<TDeal>();
    expect(copied).toMatchObject({
      name: `${deal.name} (copy)`,
      external_id: `${deal.external_id}-B`,
      supply_partner: deal.supply_partner,
      type: deal.type,
      floor_price: '7.125',
      currency: 'usd',
      start_date: deal.start_date,
      end_date: deal.end_date,
      state: 'inactive',
      organization: deal.organization,
      version: 1,
    });
    expect(copied.id).not.toBe(deal.id);
    const history = (await call('owner', 'GET', `/deal/${copied.id}/history`)).json<TDealHistoryEntry[]>();
    expect(history).toHaveLength(1);
    expect(history[0]?.action).toBe('duplicate');
    expect(history[0]?.changes[0]).toEqual({ field: 'duplicated_from', from: null, to: deal.id });

    const otherPartner = await call('owner', 'POST', `/deal/${deal.id}/duplicate`, {
      supply_partner: 'pubmatic',
      name: 'Same ID at PubMatic',
    });
    expect(otherPartner.json<TDeal>()).toMatchObject({
      name: 'Same ID at PubMatic',
      external_id: deal.external_id,
    });
    const child = await call('owner', 'POST', `/deal/${deal.id}/duplicate`, {
      organization: Number(orgs.advertiser),
    });
    expect(child.json<TDeal>()).toMatchObject({
      organization: Number(orgs.advertiser),
      external_id: deal.external_id,
    });
    const outside = await call('owner', 'POST', `/deal/${deal.id}/duplicate`, {
      organization: Number(orgs.northwind),
    });
    expect(outside.statusCode).toBe(404);
  });
});

describe('history under simulation', () => {
  it('records the simulated user as actor and the real one as impersonator', async () => {
    const deal = await createTestDeal(ctx, orgs.agency);
    const session = (await call('supervisor', 'GET', '/session')).json<{
      users: { username: string; token: string }[];
    }>();
    const grant = session.users.find((user) => user.username === 'editor')?.token ?? '';
    const simulated = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(tokens.supervisor ?? ''),
      payload: { token: grant },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    const token = simulated.json<{ token: string }>().token;
    expect(
      (await call(token, 'PUT', `/deal/${deal.id}`, { version: 1, name: 'Simulated edit' })).statusCode,
    ).toBe(200);
    const [entry] = (await call('owner', 'GET', `/deal/${deal.id}/history`)).json<TDealHistoryEntry[]>();
    expect(entry).toMatchObject({
      action: 'update',
      actor: { username: 'editor' },
      impersonator: { username: 'supervisor', name: 'Sam Supervisor' },
      changes: [{ field: 'name', from: deal.name, to: 'Simulated edit' }],
    });
  });
});

describe('OpenAPI', () => {
  it('documents every deal route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/deals',
      '/api/deal',
      '/api/deal/{id}',
      '/api/deal/{id}/duplicate',
      '/api/deal/{id}/history',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
