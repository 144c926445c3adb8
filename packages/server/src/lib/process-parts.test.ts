import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BeaconApp, type BuildOptions, buildApp } from '../app';
import {
  CONTROL_PLANE_HEARTBEAT_SETTING,
  HEARTBEAT_MAX_AGE_MS,
  writeHeartbeat,
} from '../engine/bidder-state';
import { fixtureText } from '../engine/engine.factories';
import { createTestCreative } from '../modules/creatives/creatives.factories';
import { EXCHANGE_TOKEN_HEADER, NBR_HEADER } from '../modules/rtb/rtb.routes';
import { createCampaign, createStrategy } from '../test/factories';
import { bearer, loginAs, startTestApp, type TestContext, testVastSourceCheck } from '../test/test-app';
import { PROCESS_PARTS, parseParts, partsRefusal, runsEveryPart } from './process-parts';

/**
 * `beacon start --only …` (docs/operations.md "Scaling out the engine"): the parts of one process, and the
 * dead-man switch of the bidder processes, through real apps sharing one database (PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL).
 */

const TOKEN = 'exchange-token-parts-0123456789';

describe('parseParts and partsRefusal', () => {
  it('reads a comma list, defaults to every part and refuses unknown names', () => {
    expect(parseParts(undefined)).toEqual([...PROCESS_PARTS]);
    expect(parseParts('events, bidder')).toEqual(['bidder', 'events']);
    expect(parseParts('api')).toEqual(['api']);
    expect(() => parseParts('api,console')).toThrow('unknown part "console"');
    expect(() => parseParts(' , ')).toThrow('name one or more');
    expect(runsEveryPart(parseParts('api,bidder,events'))).toBe(true);
    expect(runsEveryPart(['api', 'bidder'])).toBe(false);
  });

  it('refuses a split on the embedded database, which one process owns', () => {
    expect(partsRefusal(['bidder'], true)).toMatch(/embedded database belongs to one process.*DATABASE_URL/);
    expect(partsRefusal(['bidder'], false)).toBeUndefined();
    expect(partsRefusal([...PROCESS_PARTS], true)).toBeUndefined();
  });
});

describe('processes running some parts', () => {
  let ctx: TestContext;
  let webRoot: string;
  const apps: BeaconApp[] = [];
  const build = async (options: Partial<BuildOptions>): Promise<BeaconApp> => {
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      checkVastSource: testVastSourceCheck,
      deliveryFlushMs: 0,
      ...options,
    });
    apps.push(app);
    return app;
  };
  const bid = (app: BeaconApp) =>
    app.inject({
      method: 'POST',
      url: '/rtb/parts-x',
      payload: fixtureText('simple-banner'),
      headers: { [EXCHANGE_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      remoteAddress: '192.0.2.10',
    });

  beforeAll(async () => {
    ctx = await startTestApp();
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'beacon-parts-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Beacon</title>');
    // One live strategy: a USD campaign for desktops in Spain bidding 2.50 CPM with an approved 300x250 tag.
    const token = await loginAs(ctx.app, 'owner');
    const { organization_id: organizationId } = await ctx.db
      .selectFrom('users')
      .select('organization_id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('strategies').set({ state: 'paused' }).execute();
    const campaign = await createCampaign(ctx, organizationId, {
      state: 'active',
      currency: 'usd',
      bid: toMicros('2.5').toString(),
      device_types: ['desktop'],
      targeting: JSON.stringify({ ...EMPTY_TARGETING, countries: ['ESP'] }),
    });
    const creative = await createTestCreative(ctx, organizationId, { state: 'active' });
    const linked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaign/${campaign.id}/creatives`,
      headers: bearer(token),
      payload: { links: [{ creative_id: Number(creative.id), state: 'active' }] },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await createStrategy(ctx, campaign);
    await ctx.db
      .insertInto('exchanges')
      .values({ name: 'Exchange parts-x', key: 'parts-x', token: TOKEN, currency: 'USD' })
      .execute();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await ctx?.close();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  it('a bidder process answers /rtb and /api/health only', async () => {
    const app = await build({ parts: ['bidder'], webRoot });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
    });
    for (const [method, url] of [
      ['GET', '/api/session'],
      ['GET', '/api/openapi.json'],
      ['GET', '/ev/impression?t=x'],
      ['POST', '/ev/win?t=x'],
      ['GET', '/vast?t=x'],
      ['GET', '/campaigns'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    await app.bidder.refresh();
    // Its route runs, and fails closed: no control plane has written a heartbeat yet.
    const closed = await bid(app);
    expect(closed.statusCode).toBe(204);
    expect(closed.headers[NBR_HEADER]).toBe('1');
  });

  it('an api process serves the console and /api, and 404 on the engine routes it does not run', async () => {
    const app = await build({ parts: ['api'], webRoot });
    expect((await app.inject({ method: 'GET', url: '/campaigns' })).body).toContain('<title>Beacon</title>');
    expect((await app.inject({ method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/ev/impression?t=x'],
      ['POST', '/ev/win?t=x'],
      ['GET', '/vast?t=x'],
      ['POST', '/rtb/parts-x'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('an events process answers the event intake but neither /rtb nor the console', async () => {
    const app = await build({ parts: ['events'], webRoot });
    const event = await app.inject({ method: 'GET', url: '/ev/impression?t=not-a-ticket' });
    expect(event.statusCode).not.toBe(404);
    expect((await bid(app)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/campaigns' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a control plane writes its heartbeat on its clock when ready', async () => {
    await build({ parts: ['api'], heartbeat: { intervalMs: 60_000 } });
    const row = await ctx.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', CONTROL_PLANE_HEARTBEAT_SETTING)
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(ctx.clock.now().toISOString());
  });

  it('a bidder process stops on a stale heartbeat (204, nbr 1) and bids again once it is fresh', async () => {
    const logged: string[] = [];
    const app = await build({
      parts: ['bidder'],
      logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
    });
    await writeHeartbeat(ctx.db, ctx.clock.now());
    await app.bidder.refresh();
    expect((await bid(app)).statusCode).toBe(200);

    ctx.clock.set(new Date(ctx.clock.now().getTime() + HEARTBEAT_MAX_AGE_MS + 1_000));
    await app.bidder.refresh();
    const stale = await bid(app);
    expect(stale.statusCode).toBe(204);
    expect(stale.headers[NBR_HEADER]).toBe('1');
    expect(logged.filter((line) => line.includes('heartbeat is older than 60 s'))).toHaveLength(1);

    await writeHeartbeat(ctx.db, ctx.clock.now());
    await app.bidder.refresh();
    expect((await bid(app)).statusCode).toBe(200);
    expect(logged.filter((line) => line.includes('heartbeat is fresh again'))).toHaveLength(1);

    // No heartbeat at all: no control plane ever ran, so nothing is bid.
    await ctx.db.deleteFrom('platform_settings').where('key', '=', CONTROL_PLANE_HEARTBEAT_SETTING).execute();
    await app.bidder.refresh();
    const none = await bid(app);
    expect(none.statusCode).toBe(204);
    expect(none.headers[NBR_HEADER]).toBe('1');
  });

  it('a process that is its own control plane bids whatever the heartbeat', async () => {
    await writeHeartbeat(ctx.db, new Date(ctx.clock.now().getTime() - 10 * HEARTBEAT_MAX_AGE_MS));
    await ctx.app.bidder.refresh();
    expect((await bid(ctx.app)).statusCode).toBe(200);
  });
});
