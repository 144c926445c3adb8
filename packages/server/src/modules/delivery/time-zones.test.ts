import { TIME_ZONE_MESSAGE } from '@beacon/domain/validation/time-zone';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryCounters } from '../../engine/delivery-counters';
import { buildStrategy } from '../../engine/engine.factories';
import { createCampaign, createStrategy, insertStrategySums } from '../../test/factories';
import { bearer, createTestClock, loginAs, startTestApp, type TestContext } from '../../test/test-app';

/**
 * A campaign's time zone (docs/engine.md "Time zones"): stored and answered, defaulting to its organization's;
 * its "today" for the daily budget (the counters) and for today's spend and pacing (the delivery queries).
 */

/** 16:30 UTC: 01:30 on the 28th in Tokyo, whose day started at 15:00 UTC. */
const NOW = new Date('2026-11-27T16:30:00.000Z');

let ctx: TestContext;
let owner: string;
let supervisor: string;
let organizationId: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const detailsOf = (response: LightMyRequestResponse) =>
  response.json<{ details?: { path: string; message: string }[] }>().details ?? [];

const complete = (overrides: Record<string, unknown> = {}) => ({
  name: `Zone ${Math.random().toString(36).slice(2, 8)}`,
  type: 'generic',
  start_date: '2026-11-01',
  end_date: '2026-12-31',
  budget_timespan: 'daily',
  budget: '50',
  daily_limit_type: 'auto',
  max_daily_cost_strategy: 'daily',
  pricing: 'cpm',
  price_model: 'cpm',
  bid: '2.5',
  device_types: ['phone'],
  ...overrides,
});

beforeAll(async () => {
  ctx = await startTestApp({ clock: createTestClock(NOW) });
  owner = await loginAs(ctx.app, 'owner');
  supervisor = await loginAs(ctx.app, 'supervisor');
  organizationId = (
    await ctx.db
      .selectFrom('users')
      .select('organization_id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow()
  ).organization_id;
});
afterAll(async () => {
  await ctx?.close();
});

/** Spend rows of one strategy: 1000 micros at 14:00 UTC (23:00 in Tokyo, the day before), 2000 at 15:00, 3000 at 16:00. */
const spendRows = async (campaign: { id: string; organization_id: string }, strategyId: string) => {
  for (const [hour, spend] of [
    ['2026-11-27T14:00:00.000Z', 1000],
    ['2026-11-27T15:00:00.000Z', 2000],
    ['2026-11-27T16:00:00.000Z', 3000],
  ] as const) {
    await sql`INSERT INTO delivery_hourly (hour, organization_id, campaign_id, strategy_id, impressions, spend_micros)
      VALUES (${hour}::timestamptz, ${campaign.organization_id}::bigint, ${campaign.id}::bigint,
        ${strategyId}::bigint, 1, ${spend})`.execute(ctx.db);
    await insertStrategySums(ctx.db, {
      at: new Date(hour),
      campaignId: campaign.id,
      strategyId,
      impressions: 1,
      spendMicros: String(spend),
    });
  }
};

describe('time zones', () => {
  it('refuses a zone that is not on the list and stores the ones that are', async () => {
    const organization = await call(supervisor, 'GET', `/v2/organization/${organizationId}`);
    expect(organization.json<{ time_zone: string }>().time_zone).toBe('UTC');
    const version = organization.json<{ version: number }>().version;
    const wrong = await call(supervisor, 'PUT', `/v2/organization/${organizationId}`, {
      time_zone: 'Mars/Olympus',
      version,
    });
    expect(wrong.statusCode).toBe(400);
    expect(detailsOf(wrong)).toContainEqual({ path: 'time_zone', message: TIME_ZONE_MESSAGE });
    const changed = await call(supervisor, 'PUT', `/v2/organization/${organizationId}`, {
      time_zone: 'Asia/Tokyo',
      version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ time_zone: string }>().time_zone).toBe('Asia/Tokyo');

    // A new campaign takes its organization's zone unless it names one.
    const byDefault = await call(owner, 'POST', '/campaign', complete());
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    const created = byDefault.json<{ id: number; time_zone: string }>();
    expect(created.time_zone).toBe('Asia/Tokyo');
    const named = await call(owner, 'POST', '/campaign', complete({ time_zone: 'Europe/Madrid' }));
    expect(named.json<{ time_zone: string }>().time_zone).toBe('Europe/Madrid');
    const refused = await call(owner, 'POST', '/campaign', complete({ time_zone: 'Europe/Atlantis' }));
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toContainEqual({ path: 'time_zone', message: TIME_ZONE_MESSAGE });

    // Changed, listed, and kept by a duplicate.
    const read = await call(owner, 'GET', `/campaign/${created.id}`);
    const updated = await call(owner, 'PUT', `/campaign/${created.id}`, {
      time_zone: 'America/New_York',
      version: read.json<{ version: number }>().version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ time_zone: string }>().time_zone).toBe('America/New_York');
    const list = await call(owner, 'GET', `/campaigns?search=${encodeURIComponent(created.id.toString())}`);
    expect(list.statusCode).toBe(200);
    const copy = await call(owner, 'POST', `/campaign/${created.id}/duplicate`, { with_strategies: false });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<{ time_zone: string }>().time_zone).toBe('America/New_York');
    const row = await ctx.db
      .selectFrom('campaigns')
      .select('time_zone')
      .where('id', '=', String(copy.json<{ id: number }>().id))
      .executeTakeFirstOrThrow();
    expect(row.time_zone).toBe('America/New_York');
  });

  it("counts today's spend from the campaign's local midnight", async () => {
    const tokyo = await createCampaign(ctx, organizationId, { time_zone: 'Asia/Tokyo', state: 'active' });
    const utc = await createCampaign(ctx, organizationId, { time_zone: 'UTC', state: 'active' });
    for (const campaign of [tokyo, utc]) {
      const strategy = await createStrategy(ctx, campaign);
      await spendRows(campaign, strategy.id);
    }
    const spendToday = async (id: string) =>
      (await call(owner, 'GET', `/campaign/${id}`)).json<{ spend_today: string }>().spend_today;
    // Tokyo's day started at 15:00 UTC: 2000 + 3000 micros. UTC's at 00:00: all three hours.
    expect(await spendToday(tokyo.id)).toBe('0.005');
    expect(await spendToday(utc.id)).toBe('0.006');
  });

  it("stops at the daily budget of the campaign's local day", async () => {
    const campaign = await createCampaign(ctx, organizationId, { time_zone: 'Asia/Tokyo', state: 'active' });
    const strategy = await createStrategy(ctx, campaign);
    await spendRows(campaign, strategy.id);
    const counters = createDeliveryCounters({
      db: ctx.db,
      clock: ctx.clock,
      logger: ctx.app.log,
      flushMs: 0,
    });
    await counters.start();
    const compiled = (timeZone: string) => {
      const base = buildStrategy({ strategyId: strategy.id, campaignId: campaign.id });
      return {
        ...base,
        budget: { ...base.budget, campaignBudgetMicros: null, dailyBudgetMicros: 5500n },
        schedule: { ...base.schedule, timeZone },
      };
    };
    // In Tokyo 5000 micros were spent today (from 15:00 UTC): under 5500. Read in UTC, 6000: over.
    expect(counters.mayBid(compiled('Asia/Tokyo'), NOW)).toBe(true);
    expect(counters.mayBid(compiled('UTC'), NOW)).toBe(false);
    // The Tokyo day's 5000 micros reach a 5000 daily budget; its next day (from 15:00 UTC on the 28th) has none.
    const reached = compiled('Asia/Tokyo');
    const exact = { ...reached, budget: { ...reached.budget, dailyBudgetMicros: 5000n } };
    expect(counters.mayBid(exact, NOW)).toBe(false);
    expect(counters.mayBid(exact, new Date('2026-11-28T14:59:00.000Z'))).toBe(false);
    expect(counters.mayBid(exact, new Date('2026-11-28T15:00:00.000Z'))).toBe(true);
    // A zone a half hour off UTC counts from the hour holding its midnight: Kolkata's 27th (18:30 UTC on the
    // 26th) counts every hour of these.
    expect(counters.mayBid(compiled('Asia/Kolkata'), NOW)).toBe(false);
    await counters.stop();
  });
});
