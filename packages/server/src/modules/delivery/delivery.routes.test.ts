import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryHourlyTable } from '../../db/schema';
import { createCampaign, createStrategy, dayFromToday } from '../../test/factories';
import { bearer, createTestClock, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCampaign, TCampaignRow } from '../campaigns/campaigns.schemas';
import { campaignDelivery, strategyDelivery } from './delivery.queries';

/**
 * The delivery figures of the campaigns grid and the campaign page come from the rollups (delivery.queries.ts):
 * rollup rows written as the event intake writes them, for campaigns of two tenants, answer the right totals,
 * today's spend, pacing and delivery status, and never another tenant's rows.
 */

// Noon UTC: half of the day has passed.
const NOW = new Date('2026-11-20T12:00:00.000Z');
const at = (day: number, hour: number): string => new Date(Date.UTC(2026, 10, 20 + day, hour)).toISOString();
const micros = (amount: string): string => toMicros(amount).toString();

type CampaignRecord = Awaited<ReturnType<typeof createCampaign>>;

let ctx: TestContext;
const tokens: Record<string, string> = {};
let running: CampaignRecord;
let daily: CampaignRecord;
let quiet: CampaignRecord;
let fresh: CampaignRecord;
let other: CampaignRecord;
let strategyIds: string[];

const live = {
  state: 'active',
  strategies_count: 1,
  strategies_bidding: 1,
  creatives_total: 1,
  creatives_active: 1,
} as const;

type NewRollup = Insertable<DeliveryHourlyTable>;

const rollup = (
  campaign: CampaignRecord,
  strategyId: string,
  hour: string,
  counts: Partial<Omit<NewRollup, 'hour' | 'organization_id' | 'campaign_id' | 'strategy_id'>>,
): NewRollup => ({
  hour,
  organization_id: campaign.organization_id,
  campaign_id: campaign.id,
  strategy_id: strategyId,
  creative_id: 0,
  exchange_id: 0,
  deal_id: 0,
  country: '',
  region: '',
  device_type: '',
  os: '',
  size: '',
  venue_type: '',
  ...counts,
});

const get = async <T>(who: string, url: string): Promise<T> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const rowsOf = async (who: string, query: string): Promise<TCampaignRow[]> =>
  get<TCampaignRow[]>(who, `/campaigns?limit=200&${query}`);

beforeAll(async () => {
  ctx = await startTestApp({ clock: createTestClock(NOW) });
  const byName = async (name: string) =>
    (await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  const agency = await byName('Demo Agency');
  const northwind = await byName('Northwind Media');
  for (const username of ['owner', 'supervisor', 'reseller'])
    tokens[username] = await loginAs(ctx.app, username);

  // A lifetime budget of 1000 over 20 days, 10 of them left counting today.
  running = await createCampaign(ctx, agency, {
    ...live,
    name: 'Delivery running',
    start_date: dayFromToday(ctx, -10),
    end_date: dayFromToday(ctx, 9),
    strategies_count: 2,
    strategies_bidding: 2,
  });
  daily = await createCampaign(ctx, agency, {
    ...live,
    name: 'Delivery daily',
    budget_timespan: 'daily',
    budget: micros('100'),
    start_date: dayFromToday(ctx, -10),
  });
  quiet = await createCampaign(ctx, agency, { ...live, name: 'Delivery quiet' });
  fresh = await createCampaign(ctx, agency, { ...live, name: 'Delivery fresh' });
  await createCampaign(ctx, agency, {
    ...live,
    name: 'Delivery future',
    start_date: dayFromToday(ctx, 2),
    end_date: dayFromToday(ctx, 9),
  });
  other = await createCampaign(ctx, northwind, { ...live, name: 'Delivery elsewhere' });
  const strategies = await Promise.all(
    [running, running, daily, quiet, other].map((campaign) => createStrategy(ctx, campaign)),
  );
  strategyIds = strategies.map((strategy) => strategy.id);
  const [first, second, ofDaily, ofQuiet, ofOther] = strategyIds as [string, string, string, string, string];

  await ctx.db
    .insertInto('delivery_hourly')
    .values([
      // Yesterday: before today's spend, counted against the lifetime budget before today.
      rollup(running, first, at(-1, 10), {
        bids: 5000,
        wins: 1000,
        impressions: 1000,
        clicks: 10,
        conversions_1: 2,
        conversions_3: 1,
        media_cost_micros: micros('1.5'),
        spend_micros: micros('2'),
      }),
      // Today at 09:00, the first of the recent hours (12:00 and the three before it).
      rollup(running, first, at(0, 9), {
        bids: 2000,
        wins: 500,
        impressions: 500,
        clicks: 5,
        media_cost_micros: micros('0.75'),
        spend_micros: micros('1'),
      }),
      // Two rows of one hour (another creative and country) add up.
      rollup(running, second, at(0, 11), {
        creative_id: 7,
        country: 'ESP',
        bids: 200,
        wins: 60,
        impressions: 60,
        spend_micros: micros('0.15'),
      }),
      rollup(running, second, at(0, 11), {
        creative_id: 8,
        country: 'FRA',
        bids: 100,
        wins: 40,
        impressions: 40,
        spend_micros: micros('0.1'),
      }),
      // Delivered five days ago; today it bids and wins nothing.
      rollup(daily, ofDaily, at(-5, 14), {
        bids: 30,
        wins: 10,
        impressions: 10,
        spend_micros: micros('0.1'),
      }),
      rollup(daily, ofDaily, at(0, 10), { bids: 50 }),
      // Bid and won at 08:00 today, before the recent hours.
      rollup(quiet, ofQuiet, at(0, 8), {
        bids: 100,
        wins: 10,
        impressions: 10,
        spend_micros: micros('0.02'),
      }),
      // Another tenant's campaign, with big numbers that would show if they leaked.
      rollup(other, ofOther, at(0, 11), {
        bids: 99999,
        wins: 99999,
        impressions: 99999,
        clicks: 999,
        spend_micros: micros('999'),
      }),
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
});

const byName = (rows: readonly TCampaignRow[], name: string): TCampaignRow => {
  const row = rows.find((candidate) => candidate.name === name);
  if (!row) throw new Error(`${name} is not in the list`);
  return row;
};

describe('the campaigns grid', () => {
  it('answers each campaign’s totals, today’s spend, pacing and delivery status from the rollups', async () => {
    const rows = await rowsOf('owner', 'name[starts]=Delivery');
    expect(byName(rows, 'Delivery running')).toMatchObject({
      impressions: 1600,
      clicks: 15,
      ctr: 15 / 1600,
      conversions: 3,
      spend: '3.25',
      spend_today: '1.25',
      // (1000 − 2 spent before today) / 10 days × half a day.
      expected_spend_today: '49.9',
      last_delivery_hour: at(0, 11),
      delivery_status: 'on_track',
      delivery_explanation: 'The campaign is delivering',
    });
    expect(byName(rows, 'Delivery daily')).toMatchObject({
      impressions: 10,
      ctr: 0,
      spend: '0.1',
      spend_today: '0',
      expected_spend_today: '50',
      last_delivery_hour: at(-5, 14),
      delivery_status: 'not_winning',
    });
    expect(byName(rows, 'Delivery quiet')).toMatchObject({
      spend: '0.02',
      spend_today: '0.02',
      delivery_status: 'not_bidding',
      delivery_explanation: 'The campaign is not bidding: check its targeting, bid and budget',
    });
    expect(byName(rows, 'Delivery fresh')).toMatchObject({
      impressions: 0,
      clicks: 0,
      ctr: null,
      conversions: 0,
      spend: '0',
      spend_today: '0',
      last_delivery_hour: null,
      delivery_status: 'not_bidding',
    });
    expect(byName(rows, 'Delivery fresh').delivery_explanation).toMatch(/^No delivery yet/);
    // Not started: no delivery is expected yet, and none is asked of it.
    expect(byName(rows, 'Delivery future')).toMatchObject({
      delivery_status: 'on_track',
      delivery_explanation: `The campaign starts on ${dayFromToday(ctx, 2)}`,
      expected_spend_today: null,
    });
  });

  it('filters and sorts on spend and delivery status', async () => {
    const names = (rows: readonly TCampaignRow[]) => rows.map((row) => row.name);
    expect(names(await rowsOf('owner', 'spend[gt]=3'))).toEqual(['Delivery running']);
    expect(names(await rowsOf('owner', 'spend[gt]=0&sort=-spend'))).toEqual([
      'Delivery running',
      'Delivery daily',
      'Delivery quiet',
    ]);
    const ascending = names(await rowsOf('owner', 'name[starts]=Delivery&sort=spend'));
    expect(ascending.slice(0, 2).sort()).toEqual(['Delivery fresh', 'Delivery future']);
    expect(ascending.at(-1)).toBe('Delivery running');
    expect(names(await rowsOf('owner', 'delivery_status[is]=not_winning'))).toEqual(['Delivery daily']);
    expect(
      names(await rowsOf('owner', 'name[starts]=Delivery&delivery_status[is]=not_bidding')).sort(),
    ).toEqual(['Delivery fresh', 'Delivery quiet']);
  });

  it('never shows another tenant’s campaigns or rows', async () => {
    const rows = await rowsOf('owner', 'name[starts]=Delivery');
    expect(rows.map((row) => row.name)).not.toContain('Delivery elsewhere');
    expect(rows.reduce((sum, row) => sum + row.impressions, 0)).toBe(1620);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaign/${other.id}`,
      headers: bearer(tokens.owner ?? ''),
    });
    expect(response.statusCode).toBe(404);
    // The supervisor sees every tenant, each campaign with its own rows only.
    const all = await rowsOf('supervisor', 'name[starts]=Delivery');
    expect(byName(all, 'Delivery elsewhere')).toMatchObject({ impressions: 99999, spend: '999' });
    expect(byName(all, 'Delivery running')).toMatchObject({ impressions: 1600, spend: '3.25' });
  });
});

describe('the campaign page', () => {
  it('answers the same figures, each conversion event and the recent bids behind its status', async () => {
    const campaign = await get<TCampaign>('owner', `/campaign/${running.id}`);
    expect(campaign).toMatchObject({
      impressions: 1600,
      clicks: 15,
      conversions: 3,
      spend: '3.25',
      spend_today: '1.25',
      expected_spend_today: '49.9',
      delivery_status: 'on_track',
      delivery: {
        conversions_by_event: [2, 0, 1, 0, 0],
        budget_spend: '3.25',
        recent_hours: 3,
        recent_bids: 2300,
        recent_wins: 600,
        // Today's target, of which 49.9 is expected by noon; 1.25 by noon heads for 2.50 by midnight.
        target_spend_today: '99.8',
        projected_spend_today: '2.5',
      },
    });
    // What the exchanges charged shows the organization's fee: internal roles only.
    expect(campaign.delivery.media_cost).toBeUndefined();
    const internal = await get<TCampaign>('supervisor', `/campaign/${running.id}`);
    expect(internal.delivery.media_cost).toBe('2.25');
    expect((await get<TCampaign>('owner', `/campaign/${daily.id}`)).delivery_status).toBe('not_winning');
    expect((await get<TCampaign>('owner', `/campaign/${fresh.id}`)).delivery_explanation).toMatch(
      /^No delivery yet/,
    );
  });

  it('counts against a lifetime budget only the spend since its reset, from the reset’s hour', async () => {
    await ctx.db
      .updateTable('campaigns')
      .set({ budget_reset_at: '2026-11-20T09:30:00.000Z' })
      .where('id', '=', running.id)
      .execute();
    const campaign = await get<TCampaign>('owner', `/campaign/${running.id}`);
    expect(campaign.spend).toBe('3.25');
    expect(campaign.delivery.budget_spend).toBe('1.25');
    // Nothing counted before today any more: 1000 / 10 days × half a day.
    expect(campaign.expected_spend_today).toBe('50');
    await ctx.db
      .updateTable('campaigns')
      .set({ budget_reset_at: null })
      .where('id', '=', running.id)
      .execute();
  });
});

describe('the query layer', () => {
  it('reads many campaigns in one map, and each strategy of a campaign', async () => {
    const figures = await campaignDelivery(ctx.db, [running.id, fresh.id, other.id], NOW);
    expect([...figures.keys()].sort()).toEqual([running.id, other.id].sort());
    expect(figures.get(running.id)).toMatchObject({
      impressions: 1600n,
      media_cost_micros: 2_250_000n,
      budget_spend_before_today_micros: 2_000_000n,
    });
    const [first, second] = strategyIds as [string, string];
    const byStrategy = await strategyDelivery(ctx.db, running.id, NOW);
    expect([...byStrategy.keys()].sort()).toEqual([first, second].sort());
    expect(byStrategy.get(first)).toMatchObject({
      impressions: 1500n,
      clicks: 15n,
      spend_micros: 3_000_000n,
      spend_today_micros: 1_000_000n,
      recent_bids: 2000n,
    });
    expect(byStrategy.get(second)).toMatchObject({
      impressions: 100n,
      spend_micros: 250_000n,
      recent_wins: 100n,
    });
    expect(await campaignDelivery(ctx.db, [], NOW)).toEqual(new Map());
  });
});
