import { randomUUID } from 'node:crypto';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../../engine/engine.factories';
import type { TBidResponse } from '../../engine/openrtb';
import { identifierHasher } from '../../lib/identifier-hash';
import { installationSecret } from '../../lib/installation-secrets';
import { createCampaign, createStrategy } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createTestCreative } from '../creatives/creatives.factories';
import { EXCHANGE_TOKEN_HEADER } from '../rtb/rtb.routes';
import { trackingKeyOf } from './tracking-keys';

/**
 * Conversions attributed by the engine (docs/engine.md "Conversions", spec §9): a real bid with a device's
 * advertising id, its impression and click through the bid's own URLs, then the tracking tool's postback
 * with that device: counted as conversions_N into the rollup row of the device's last click, else impression,
 * within the windows of the campaign's tool (adjust here: clicks 7 days, impressions 1 day).
 */

let ctx: TestContext;
let organizationId: string;
let campaignId: string;
let strategyId: string;
let trackingKey: string;
const TOKEN = 'exchange-token-conversions-0123';
const HOUR_MS = 3_600_000;
const DAY_MINUTES = 24 * 60;

beforeAll(async () => {
  ctx = await startTestApp({ deliveryFlushMs: 0 });
  const token = await loginAs(ctx.app, 'owner');
  const owner = await ctx.db
    .selectFrom('users')
    .select('organization_id')
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  organizationId = owner.organization_id;
  // The only live strategy: the demo world's are paused.
  await ctx.db.updateTable('strategies').set({ state: 'paused' }).execute();
  const campaign = await createCampaign(ctx, organizationId, {
    state: 'active',
    currency: 'usd',
    bid: toMicros('2.5').toString(),
    device_types: ['desktop'],
    tracking_tool: 'adjust',
    targeting: JSON.stringify({ ...EMPTY_TARGETING, countries: ['ESP'] }),
  });
  campaignId = campaign.id;
  const creative = await createTestCreative(ctx, organizationId, {
    state: 'active',
    click_url: 'https://shop.example/spring',
  });
  const linked = await ctx.app.inject({
    method: 'PUT',
    url: `/api/campaign/${campaign.id}/creatives`,
    headers: bearer(token),
    payload: { links: [{ creative_id: Number(creative.id), state: 'active' }] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  strategyId = (await createStrategy(ctx, campaign)).id;
  await ctx.db
    .insertInto('exchanges')
    .values({ name: 'Exchange conversions', key: 'conv-x', token: TOKEN, currency: 'USD' })
    .execute();
  trackingKey = trackingKeyOf(await installationSecret(ctx.db, 'tracking'), organizationId);
});

afterAll(async () => {
  await ctx?.close();
});

type Touch = { impression: string; click: string };

/** A bid for a request from the device `ifa`; answers the app-relative URLs of its impression and click. */
const bidFor = async (ifa: string): Promise<Touch> => {
  await ctx.app.bidder.refresh();
  const request = JSON.parse(fixtureText('simple-banner')) as {
    id: string;
    device: Record<string, unknown>;
  };
  request.id = `conv-${randomUUID()}`;
  request.device.ifa = ifa;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/rtb/conv-x',
    payload: JSON.stringify(request),
    headers: { [EXCHANGE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
    remoteAddress: '192.0.2.10',
  });
  expect(response.statusCode, response.body).toBe(200);
  const adm = response.json<TBidResponse>().seatbid?.[0]?.bid[0]?.adm ?? '';
  const impression = /https?:\/\/[^"'\s<>]*\/ev\/impression\?t=[\w.-]+/.exec(adm)?.[0];
  const click = /https?:\/\/[^"'\s<>]*\/ev\/click\?t=[\w.-]+/.exec(adm)?.[0];
  if (!impression || !click) throw new Error(`no tracking URLs in ${response.body}`);
  const pathOf = (url: string) => {
    const parsed = new URL(url.replaceAll('&amp;', '&'));
    return `${parsed.pathname}${parsed.search}`;
  };
  return { impression: pathOf(impression), click: pathOf(click) };
};

const call = async (path: string, status: number) => {
  const answer = await ctx.app.inject({ method: 'GET', url: path });
  expect(answer.statusCode, `${path}: ${answer.body}`).toBe(status);
};

/** The tool's postback of conversion `event` for the device (as the pixel's URL, its macros replaced). */
const postback = async (
  event: number,
  deviceId: string,
  clickId: string,
  tool = 'adjust',
  key = trackingKey,
  extra: Readonly<Record<string, string>> = {},
): Promise<void> => {
  const query = new URLSearchParams({ tool, click_id: clickId, gaid: deviceId, ...extra });
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/track/${key}/${event}?${query.toString()}`,
  });
  expect(answer.statusCode, answer.body).toBe(204);
};

/** The campaign's conversions 1–5 over all its rollup rows. */
const conversions = async (): Promise<number[]> => {
  const row = await ctx.db
    .selectFrom('delivery_hourly')
    .select((eb) =>
      [1, 2, 3, 4, 5].map((n) => eb.fn.sum<string>(`conversions_${n}` as 'conversions_1').as(`c${n}`)),
    )
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const values = row as Record<string, string | null>;
  return [1, 2, 3, 4, 5].map((n) => Number(values[`c${n}`] ?? 0));
};

const trackingEvents = async (deviceId: string): Promise<number> => {
  const rows = await ctx.db
    .selectFrom('tracking_events')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .execute();
  return rows.length;
};

const utcHourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

describe('conversions attributed to the last touch of the device', () => {
  it('counts a postback of the impression’s device into the impression’s rollup row, once', async () => {
    const device = randomUUID();
    const touch = await bidFor(device.toUpperCase());
    await call(touch.impression, 200);
    await ctx.app.deps.delivery.flush();

    await postback(2, device, `click-${device}`);
    await postback(2, device, `click-${device}`);
    await ctx.app.deps.delivery.flush();
    await postback(2, device, `click-${device}`);
    await ctx.app.deps.delivery.flush();

    const rows = await ctx.db
      .selectFrom('delivery_hourly')
      .select(['hour', 'impressions', 'conversions_1', 'conversions_2', 'country', 'size'])
      .where('strategy_id', '=', strategyId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      impressions: '1',
      conversions_1: '0',
      conversions_2: '1',
      size: '300x250',
    });
    expect(await trackingEvents(device)).toBe(1);
  });

  it('counts nothing for another device, tool, organization or named campaign', async () => {
    const device = randomUUID();
    const touch = await bidFor(device);
    await call(touch.impression, 200);
    await call(touch.click, 302);
    await ctx.app.deps.delivery.flush();
    const before = await conversions();

    const stranger = randomUUID();
    await postback(1, stranger, `click-${stranger}`);
    await postback(1, device, `click-other-tool-${device}`, 'appsflyer');
    const northwind = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Northwind Media')
      .executeTakeFirstOrThrow();
    const northwindKey = trackingKeyOf(await installationSecret(ctx.db, 'tracking'), northwind.id);
    await postback(1, device, `click-northwind-${device}`, 'adjust', northwindKey);
    const other = await createCampaign(ctx, organizationId, { tracking_tool: 'adjust' });
    await postback(1, device, `click-campaign-${device}`, 'adjust', trackingKey, { campaign_id: other.id });
    await ctx.app.deps.delivery.flush();

    expect(await conversions()).toEqual(before);
    // The events are stored all the same.
    expect(await trackingEvents(stranger)).toBe(1);
    expect(await trackingEvents(device)).toBe(2);
  });

  it('counts nothing for an impression older than a day without a click', async () => {
    const device = randomUUID();
    const touch = await bidFor(device);
    await call(touch.impression, 200);
    await ctx.app.deps.delivery.flush();
    const before = await conversions();

    ctx.clock.advanceMinutes(DAY_MINUTES + 60);
    await postback(4, device, `click-${device}`);
    await ctx.app.deps.delivery.flush();

    expect(await conversions()).toEqual(before);
    expect(await trackingEvents(device)).toBe(1);
  });

  it('attributes a conversion 5 days after a click to the click, in the hour it arrives', async () => {
    const device = randomUUID();
    const touch = await bidFor(device);
    await call(touch.impression, 200);
    await call(touch.click, 302);
    await ctx.app.deps.delivery.flush();
    const before = await conversions();

    ctx.clock.advanceMinutes(5 * DAY_MINUTES);
    // Naming the campaign keeps the attribution to its touches.
    await postback(3, device, `click-${device}`, 'adjust', trackingKey, { campaign_id: campaignId });
    await ctx.app.deps.delivery.flush();

    const after = await conversions();
    expect(after[2]).toBe((before[2] ?? 0) + 1);
    expect(after.reduce((a, b) => a + b, 0)).toBe(before.reduce((a, b) => a + b, 0) + 1);
    const row = await ctx.db
      .selectFrom('delivery_hourly')
      .select(['impressions', 'clicks', 'conversions_3'])
      .where('strategy_id', '=', strategyId)
      .where('hour', '=', utcHourOf(ctx.clock.now()))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ impressions: '0', clicks: '0', conversions_3: '1' });
  });

  it('counts nothing once the click is beyond the tool’s click window', async () => {
    const device = randomUUID();
    const touch = await bidFor(device);
    await call(touch.impression, 200);
    await call(touch.click, 302);
    await ctx.app.deps.delivery.flush();
    const before = await conversions();

    ctx.clock.advanceMinutes(7 * DAY_MINUTES + 60);
    await postback(5, device, `click-${device}`);
    await ctx.app.deps.delivery.flush();

    expect(await conversions()).toEqual(before);
  });

  it('keeps the newest touch of a device and campaign, whatever order the flushes write them in', async () => {
    const device = randomUUID();
    const hash = identifierHasher(await installationSecret(ctx.db, 'audienceIdentifiers'))(device);
    const start = ctx.clock.now();
    const first = await bidFor(device);
    const second = await bidFor(device);
    ctx.clock.advanceMinutes(10);
    await call(second.impression, 200);
    await ctx.app.deps.delivery.flush();
    ctx.clock.set(new Date(start.getTime() + 5 * 60_000));
    await call(first.impression, 200);
    await ctx.app.deps.delivery.flush();
    ctx.clock.set(new Date(start.getTime() + 10 * 60_000));

    const touches = await ctx.app.deps.delivery.touchesOf(hash, start);
    expect(touches.map((entry) => [entry.kind, entry.campaignId, entry.touchedAt.getTime()])).toEqual([
      ['impression', campaignId, start.getTime() + 10 * 60_000],
    ]);
  });

  it('counts a conversion once per tracking event', async () => {
    const [touch] = await ctx.app.deps.delivery.touchesOf(
      identifierHasher(await installationSecret(ctx.db, 'audienceIdentifiers'))(randomUUID()),
      new Date(0),
    );
    expect(touch).toBeUndefined();
    const device = randomUUID();
    const hash = identifierHasher(await installationSecret(ctx.db, 'audienceIdentifiers'))(device);
    await call((await bidFor(device)).impression, 200);
    await ctx.app.deps.delivery.flush();
    const [last] = await ctx.app.deps.delivery.touchesOf(hash, new Date(0));
    if (!last) throw new Error('no touch');
    const before = await conversions();
    const conversion = { trackingEventId: '987654321', event: 1 as const, touch: last, at: ctx.clock.now() };
    expect(ctx.app.deps.delivery.recordConversion(conversion)).toBe('counted');
    expect(ctx.app.deps.delivery.recordConversion(conversion)).toBe('duplicate');
    await ctx.app.deps.delivery.flush();
    expect(await conversions()).toEqual([(before[0] ?? 0) + 1, ...before.slice(1)]);
  });
});
