import type { TGoalRates } from '@beacon/domain/api/goal-rates';
import { toMicros } from '@beacon/domain/dictionary/currencies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCampaign, createStrategy, insertDelivery } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';

/**
 * `GET /campaign/{id}/goal-rates` (decision 051): what a campaign's strategies learnt of their goal, read by the
 * internal staff on its internal tab; the bidder's own functions work out the figures.
 */

let ctx: TestContext;
let campaignId: string;
let learnerId: string;
let newcomerId: string;
const tokens: Record<string, string> = {};

const goalRates = async (caller: string, id = campaignId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/campaign/${id}/goal-rates`,
    headers: bearer(tokens[caller] ?? ''),
  });

beforeAll(async () => {
  ctx = await startTestApp();
  const agency = (
    await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Demo Agency')
      .executeTakeFirstOrThrow()
  ).id;
  // A CPA campaign: $20 a conversion of event 1, at most a $10 CPM; one strategy bids at most $3.
  const campaign = await createCampaign(ctx, agency, {
    state: 'active',
    price_model: 'cpa1',
    cpc_target: toMicros('20').toString(),
    bid: toMicros('10').toString(),
  });
  campaignId = campaign.id;
  learnerId = (await createStrategy(ctx, campaign, { name: 'Learner' })).id;
  newcomerId = (await createStrategy(ctx, campaign, { name: 'Newcomer', bid: toMicros('3').toString() })).id;
  for (const caller of ['supervisor', 'admin', 'account_manager', 'support', 'owner']) {
    tokens[caller] = await loginAs(ctx.app, caller);
  }
  // An account manager of another organization: an internal role whose scope is not the agency's.
  const outsider = await createAccount(ctx, { role: 'account_manager', prefix: 'outsider' });
  tokens.outsider = await loginAs(ctx.app, outsider.username, outsider.password);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /campaign/{id}/goal-rates', () => {
  it('says the priors are in use before any delivery, and what they bid', async () => {
    const response = await goalRates('admin');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TGoalRates>();
    expect(body).toMatchObject({
      currency: 'usd',
      pricing: 'cpm',
      price_model: 'cpa1',
      bidding: 'goal',
      event: 'conversions_1',
      event_label: 'Conversions of event 1',
      goal_price: '20',
      prior: { rate: 0.0001, weight: 10_000 },
      window_days: 30,
      has_delivery: false,
    });
    expect(body.strategies.map((strategy) => [strategy.name, strategy.max_bid])).toEqual([
      ['Learner', '10'],
      ['Newcomer', '3'],
    ]);
    // $20 × 0.01 % = $0.002 an impression, a $2.00 CPM.
    expect(body.strategies[0]).toMatchObject({
      overall: {
        placement: null,
        impressions: 0,
        events: 0,
        observed_rate: null,
        predicted_rate: 0.0001,
        value_per_impression: '0.002',
        bid_cpm: '2',
      },
      placements: [],
    });
  });

  it('shows the rates learnt overall and at the top placements, and the bids they make', async () => {
    const delivery = { at: ctx.clock.now(), organizationId: '0', campaignId, strategyId: learnerId };
    await insertDelivery(ctx.db, {
      ...delivery,
      publisher: 'news.example',
      counts: { impressions: 15_000, conversions_1: 4 },
    });
    await insertDelivery(ctx.db, {
      ...delivery,
      publisher: 'pub-9',
      bundle: 'com.game',
      counts: { impressions: 5_000, conversions_1: 6 },
    });
    const body = (await goalRates('supervisor')).json<TGoalRates>();
    expect(body.has_delivery).toBe(true);
    const learner = body.strategies.find((strategy) => strategy.id === learnerId);
    // Overall: (10 + 1) / 30,000 → $20 × that = $0.007333 an impression, a $7.333333 CPM under the $10 cap.
    expect(learner?.overall).toMatchObject({
      impressions: 20_000,
      events: 10,
      observed_rate: 0.0005,
      value_per_impression: '0.007333',
      bid_cpm: '7.333333',
    });
    expect(learner?.overall.predicted_rate).toBeCloseTo(11 / 30_000, 12);
    // The app's bundle names its placement; most impressions first. At com.game: (6 + 10,000 × 11/30,000) / 15,000.
    expect(learner?.placements.map((row) => [row.placement, row.impressions, row.events])).toEqual([
      ['news.example', 15_000, 4],
      ['com.game', 5_000, 6],
    ]);
    const game = learner?.placements[1];
    expect(game?.predicted_rate).toBeCloseTo((6 + (10_000 * 11) / 30_000) / 15_000, 12);
    expect(game?.bid_cpm).toBe('10');
    // The newcomer still bids its prior, under its own $3 maximum.
    const newcomer = body.strategies.find((strategy) => strategy.id === newcomerId);
    expect(newcomer?.overall).toMatchObject({ impressions: 0, bid_cpm: '2' });
  });

  it('names the rate learnt but bids the CPM when the goal has no price', async () => {
    const agency = (
      await ctx.db
        .selectFrom('campaigns')
        .select('organization_id')
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow()
    ).organization_id;
    const plain = await createCampaign(ctx, agency, { price_model: 'ctr', cpc_target: null });
    await createStrategy(ctx, plain);
    const body = (await goalRates('account_manager', plain.id)).json<TGoalRates>();
    expect(body).toMatchObject({ bidding: 'cpm', event: 'clicks', goal_price: null, prior: { rate: 0.001 } });
    expect(body.strategies[0]?.overall).toMatchObject({ value_per_impression: null, bid_cpm: '2.5' });
  });

  it('is for the internal staff: 404 outside the caller’s scope, then 403', async () => {
    for (const caller of ['supervisor', 'admin', 'account_manager']) {
      expect((await goalRates(caller)).statusCode, caller).toBe(200);
    }
    // §6 internal campaign lets support open the tab, but the rates are the internal staff's.
    expect((await goalRates('support')).statusCode).toBe(403);
    expect((await goalRates('support', '999999')).statusCode).toBe(404);
    // An internal role outside the campaign's scope does not learn it exists.
    expect((await goalRates('outsider')).statusCode).toBe(404);
    // Outside §6 internal campaign: 403 whatever the campaign.
    expect((await goalRates('owner')).statusCode).toBe(403);
    expect((await goalRates('owner', '999999')).statusCode).toBe(403);
  });
});
