import { createServer } from 'node:net';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCreative } from '../modules/creatives/creatives.factories';
import { createCampaign, createStrategy } from '../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../test/test-app';
import { createSimulator } from './simulator';
import { readDemoTrafficSetup } from './traffic-command';

/**
 * The simulator against the real app listening on a port: the bidder answers its requests, the event intake
 * counts what it calls, and the rollups hold exactly what the simulator saw (docs/engine.md "Traffic simulator").
 */

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

let ctx: TestContext;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // Event URLs are written under PUBLIC_URL: the listening address, so the simulator reaches the intake.
  ctx = await startTestApp({ env: { PUBLIC_URL: origin }, deliveryFlushMs: 0 });
  await ctx.db
    .insertInto('exchanges')
    .values({ name: 'Simulated', key: 'sim', token: null, currency: 'USD', allow_loopback: true })
    .execute();
  // One live strategy: every demo strategy paused, a USD campaign that outbids any competitor on 300x250.
  await ctx.db.updateTable('strategies').set({ state: 'paused' }).execute();
  const owner = await ctx.db
    .selectFrom('users')
    .select('organization_id')
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const campaign = await createCampaign(ctx, owner.organization_id, {
    state: 'active',
    currency: 'usd',
    bid: toMicros('400').toString(),
    budget: toMicros('100000').toString(),
    device_types: ['phone', 'tablet', 'desktop'],
    targeting: JSON.stringify(EMPTY_TARGETING),
  });
  const creative = await createTestCreative(ctx, owner.organization_id, { state: 'active' });
  const linked = await ctx.app.inject({
    method: 'PUT',
    url: `/api/campaign/${campaign.id}/creatives`,
    headers: bearer(await loginAs(ctx.app, 'owner')),
    payload: { links: [{ creative_id: Number(creative.id), state: 'active' }] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  await createStrategy(ctx, campaign, { budget_share: 100 });
  await ctx.app.listen({ host: '127.0.0.1', port });
  await ctx.app.bidder.refresh();
});

afterAll(async () => {
  await ctx?.close();
});

describe('the traffic simulator against the real app', () => {
  it('gets bids, wins, and every event it calls is accepted and counted once', async () => {
    const reports: string[] = [];
    const simulator = createSimulator({
      report: ({ line, errors }) => reports.push(line, ...errors),
      target: origin,
      exchange: 'sim',
      rate: 1,
      durationSeconds: 0,
      seed: 2026,
      currency: 'USD',
      auctionType: 2,
      deals: [],
      concurrency: 4,
      bidTimeoutMs: 5000,
      // Clicks at a third of the banners, so that the click redirect is exercised too.
      clickRates: { web_banner: 0.35, app_banner: 0.35 },
    });
    for (let i = 0; i < 160; i += 1) await simulator.sendOne();
    const stats = simulator.stats();
    simulator.reportNow();
    expect(stats.errors, reports.join('\n')).toBe(0);
    expect(stats.eventErrors, reports.join('\n')).toBe(0);
    expect(stats.bidResponses).toBeGreaterThan(10);
    expect(stats.noBids).toBeGreaterThan(50);
    expect(stats.wins).toBe(stats.bidResponses);
    expect(stats.impressions).toBeGreaterThan(5);
    expect(stats.clicks).toBeGreaterThan(2);

    await ctx.app.deps.delivery.flush();
    const totals = (
      await sql<{ bids: number; wins: number; impressions: number; clicks: number }>`
        SELECT coalesce(sum(bids), 0)::int AS bids, coalesce(sum(wins), 0)::int AS wins,
          coalesce(sum(impressions), 0)::int AS impressions, coalesce(sum(clicks), 0)::int AS clicks
        FROM delivery_hourly`.execute(ctx.db)
    ).rows[0];
    expect(totals).toEqual({
      bids: stats.bidResponses,
      wins: stats.wins,
      impressions: stats.impressions,
      clicks: stats.clicks,
    });
  });

  it("reads the demo exchange's currency and auction and the active deals for the demo traffic", async () => {
    const setup = await readDemoTrafficSetup(ctx.db);
    expect(setup).toMatchObject({ currency: 'USD', auctionType: 1 });
    expect(setup?.deals).toContainEqual({ id: 'ADX-PMP-204117', floor: 4.5 });
    await ctx.db.updateTable('exchanges').set({ enabled: false }).where('key', '=', 'demo').execute();
    expect(await readDemoTrafficSetup(ctx.db)).toBeUndefined();
  });
});
