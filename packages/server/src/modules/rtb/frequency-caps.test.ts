import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../../engine/engine.factories';
import type { TBidResponse } from '../../engine/openrtb';
import { createCampaign, createStrategy } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createTestCreative } from '../creatives/creatives.factories';
import { EXCHANGE_TOKEN_HEADER, NBR_HEADER } from './rtb.routes';

/**
 * Frequency caps through the real app (docs/engine.md "Frequency caps"): the cap set through the strategy API,
 * compiled into the index, checked by `POST /rtb/{exchange}` and counted by `GET /ev/impression`.
 */

let ctx: TestContext;
let token: string;
let campaignId: string;
let strategyId: string;
const TOKEN = 'exchange-token-caps-0123456789';

type Device = Record<string, unknown>;
type User = Record<string, unknown> | undefined;

const bannerRequest = (id: string, device: (base: Device) => Device, user: (base: User) => User): string => {
  const request = JSON.parse(fixtureText('simple-banner')) as Record<string, unknown>;
  request.id = id;
  request.device = device(request.device as Device);
  const nextUser = user(request.user as User);
  if (nextUser === undefined) delete request.user;
  else request.user = nextUser;
  return JSON.stringify(request);
};

let requests = 0;
/** Bids on a request; on a bid fires its impression. Answers whether it bid, and the no-bid reason. */
const bidAndShow = async (
  device: (base: Device) => Device = (base) => base,
  user: (base: User) => User = (base) => base,
): Promise<{ bid: boolean; nbr?: string }> => {
  requests += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/rtb/caps-x',
    payload: bannerRequest(`cap-request-${requests}`, device, user),
    headers: { [EXCHANGE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
    remoteAddress: '192.0.2.10',
  });
  if (response.statusCode === 204) return { bid: false, nbr: String(response.headers[NBR_HEADER]) };
  expect(response.statusCode, response.body).toBe(200);
  const nurl = response.json<TBidResponse>().seatbid?.[0]?.bid[0]?.nurl ?? '';
  const ticket = new URL(nurl).searchParams.get('t') ?? '';
  const shown = await ctx.app.inject({ method: 'GET', url: `/ev/impression?t=${ticket}` });
  expect(shown.statusCode).toBe(200);
  // A repeated impression pixel counts nothing, for the cap too.
  await ctx.app.inject({ method: 'GET', url: `/ev/impression?t=${ticket}` });
  return { bid: true };
};

const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

beforeAll(async () => {
  ctx = await startTestApp();
  token = await loginAs(ctx.app, 'owner');
  const organization = (
    await ctx.db
      .selectFrom('users')
      .select('organization_id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow()
  ).organization_id;
  await ctx.db.updateTable('strategies').set({ state: 'paused' }).execute();
  const campaign = await createCampaign(ctx, organization, {
    state: 'active',
    currency: 'usd',
    bid: toMicros('2.5').toString(),
    device_types: ['desktop'],
    targeting: JSON.stringify({ ...EMPTY_TARGETING, countries: ['ESP'] }),
  });
  campaignId = campaign.id;
  const creative = await createTestCreative(ctx, organization, { state: 'active' });
  const linked = await api('PUT', `/campaign/${campaign.id}/creatives`, {
    links: [{ creative_id: Number(creative.id), state: 'active' }],
  });
  expect(linked.statusCode, linked.body).toBe(200);
  strategyId = (await createStrategy(ctx, campaign)).id;
  await ctx.db
    .insertInto('exchanges')
    .values({ name: 'Caps exchange', key: 'caps-x', token: TOKEN, currency: 'USD' })
    .execute();
});
afterAll(async () => {
  await ctx?.close();
});

describe('frequency caps', () => {
  it('are set, read, kept in history and copied by a duplicate; bad values are refused', async () => {
    const before = (await api('GET', `/strategy/${strategyId}`)).json<{
      version: number;
      frequency_cap: null;
    }>();
    expect(before.frequency_cap).toBeNull();
    const refused = await api('PUT', `/strategy/${strategyId}`, {
      frequency_cap: { impressions: 0, period: 'week' },
      version: before.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The minimum value is 1');
    const saved = await api('PUT', `/strategy/${strategyId}`, {
      frequency_cap: { impressions: 2, period: 'day' },
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      frequency_cap: { impressions: 2, period: 'day', fingerprint: 'soft' },
    });
    // The campaign's history holds its strategies' entries (domain/api/history.ts).
    const history = await api('GET', `/campaign/${campaignId}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('frequency_cap');
    const copy = await api('POST', `/strategy/${strategyId}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json<{ id: number; version: number; frequency_cap: unknown }>();
    expect(copied.frequency_cap).toEqual({ impressions: 2, period: 'day', fingerprint: 'soft' });
    expect((await api('DELETE', `/strategy/${copied.id}?version=${copied.version}`)).statusCode).toBe(204);
  });

  it('bids twice a day for a user, then no more; another user still bids', async () => {
    await ctx.app.bidder.refresh();
    // The fixture's user has the bidder's cookie id: the campaign takes any ID, so that is the user.
    expect(await bidAndShow()).toEqual({ bid: true });
    expect(await bidAndShow()).toEqual({ bid: true });
    expect(await bidAndShow()).toEqual({ bid: false, nbr: '9' });
    const other = (user: User) => ({ ...user, buyeruid: 'another-cookie' });
    expect(await bidAndShow(undefined, other)).toEqual({ bid: true });
  });

  it('caps a request without an identifier by its fingerprint when the campaign allows fake', async () => {
    await ctx.db
      .updateTable('campaigns')
      .set({ device_id_types: ['fake'] })
      .where('id', '=', campaignId)
      .execute();
    await ctx.app.bidder.refresh();
    const noUser = () => undefined;
    const at = (ip: string) => (device: Device) => ({ ...device, ip });
    expect(await bidAndShow(at('203.0.113.7'), noUser)).toEqual({ bid: true });
    expect(await bidAndShow(at('203.0.113.7'), noUser)).toEqual({ bid: true });
    expect(await bidAndShow(at('203.0.113.7'), noUser)).toEqual({ bid: false, nbr: '9' });
    // Another address is another user; the soft fingerprint takes no account of the browser's version.
    expect(await bidAndShow(at('203.0.113.8'), noUser)).toEqual({ bid: true });
    const newer = (device: Device) => ({
      ...device,
      ip: '203.0.113.7',
      ua: String(device.ua).replace('120.0', '121.0'),
    });
    expect(await bidAndShow(newer, noUser)).toEqual({ bid: false, nbr: '9' });
  });

  it('does not bid on a request without an identifier when the campaign does not allow fake', async () => {
    await ctx.db
      .updateTable('campaigns')
      .set({ device_id_types: ['ifa', 'web'] })
      .where('id', '=', campaignId)
      .execute();
    await ctx.app.bidder.refresh();
    const noUser = () => undefined;
    expect((await bidAndShow((device) => ({ ...device, ip: '203.0.113.9' }), noUser)).bid).toBe(false);
    // A fresh cookie id is an allowed identifier: it bids.
    expect(await bidAndShow(undefined, (user) => ({ ...user, buyeruid: 'third-cookie' }))).toEqual({
      bid: true,
    });
  });
});
