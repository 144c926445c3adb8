import {
  CAMPAIGN_DELETED_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  STRATEGY_DELETED_MESSAGE,
  STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE,
  STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE,
  STRATEGY_SHARES_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createStrategy, dayFromToday } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCampaign, TCampaignHistoryEntry, TStrategy } from './campaigns.schemas';

/** Strategies: every endpoint and rule, and what they do to their campaign (decisions 014 and 039). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let agencyId: string;

type Details = { path: string; message: string }[];

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const detailsOf = (response: LightMyRequestResponse): Details =>
  response.json<{ details?: Details }>().details ?? [];

const campaignOf = async (id: number | string): Promise<TCampaign> =>
  (await call('owner', 'GET', `/campaign/${id}`)).json<TCampaign>();

beforeAll(async () => {
  ctx = await startTestApp();
  agencyId = (
    await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Demo Agency')
      .executeTakeFirstOrThrow()
  ).id;
  for (const username of ['owner', 'editor', 'viewer']) tokens[username] = await loginAs(ctx.app, username);
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/campaign/{id}/strategies', () => {
  it('adds strategies, keeps the campaign’s counts and refuses shares above 100', async () => {
    const campaign = await createCampaign(ctx, agencyId, {
      targeting: JSON.stringify({
        countries: ['ESP', 'FRA'],
        regions: [],
        cities: [],
        bundle_ids: [],
        iab_categories: [],
        app_categories: [],
      }),
    });
    const first = await call('editor', 'POST', `/campaign/${campaign.id}/strategies`, {
      name: 'Madrid mornings',
      start_date: campaign.start_date,
      budget_share: 60,
      location: { countries: ['ESP'], regions: ['ES-MD'] },
      schedule: { preset: 'work_hours' },
      bid: '3',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TStrategy>()).toMatchObject({
      campaign: Number(campaign.id),
      state: 'bidding',
      bid: '3',
      budget_share: 60,
      end_date: null,
      schedule: { preset: 'work_hours', ranges: [{ from: '08:00', to: '18:00' }] },
    });
    const over = await call('editor', 'POST', `/campaign/${campaign.id}/strategies`, {
      name: 'Too much',
      start_date: campaign.start_date,
      budget_share: 41,
    });
    expect(over.statusCode).toBe(400);
    expect(detailsOf(over)).toEqual([{ path: 'budget_share', message: STRATEGY_SHARES_MESSAGE }]);
    expect(await campaignOf(campaign.id)).toMatchObject({ strategies_count: 1, strategies_bidding: 1 });
  });

  it('answers the rules against the campaign as field messages', async () => {
    const campaign = await createCampaign(ctx, agencyId, {
      targeting: JSON.stringify({
        countries: ['ESP'],
        regions: [],
        cities: [],
        bundle_ids: [],
        iab_categories: [],
        app_categories: [],
      }),
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_date: dayFromToday(ctx, -1) }, 'start_date', STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE],
      [{ end_date: dayFromToday(ctx, 31) }, 'end_date', STRATEGY_OUTSIDE_CAMPAIGN_DATES_MESSAGE],
      [
        { start_date: dayFromToday(ctx, 5), end_date: dayFromToday(ctx, 4) },
        'end_date',
        END_BEFORE_START_MESSAGE,
      ],
      [
        { location: { countries: ['FRA'] } },
        'location.countries.0',
        STRATEGY_LOCATION_OUTSIDE_CAMPAIGN_MESSAGE,
      ],
      [{ bid: '0.1' }, 'bid', 'The minimum value is $0.25'],
      [{ bid: '201' }, 'bid', 'The maximum value is $200.00'],
      [{ name: 'a@b' }, 'name', CAMPAIGN_NAME_MESSAGE],
      [{ budget_share: 0 }, 'budget_share', 'The minimum value is 1'],
      [
        { location: { countries: ['ESP'], cities: ['ES-MD-Nowhere'] } },
        'location.cities.0',
        INVALID_FORMAT_MESSAGE,
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await call('owner', 'POST', `/campaign/${campaign.id}/strategies`, {
        name: 'Rule check',
        start_date: dayFromToday(ctx, 0),
        budget_share: 10,
        ...overrides,
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(detailsOf(response), JSON.stringify(overrides)).toContainEqual({ path, message });
    }
  });

  it('lets only one of two concurrent strategies take the last shares', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const body = (name: string) => ({ name, start_date: campaign.start_date, budget_share: 60 });
    const answers = await Promise.all([
      call('owner', 'POST', `/campaign/${campaign.id}/strategies`, body('A')),
      call('editor', 'POST', `/campaign/${campaign.id}/strategies`, body('B')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect((await campaignOf(campaign.id)).strategies_count).toBe(1);
  });

  it('refuses viewers and deleted campaigns', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const body = { name: 'S', start_date: campaign.start_date, budget_share: 10 };
    expect((await call('viewer', 'POST', `/campaign/${campaign.id}/strategies`, body)).statusCode).toBe(403);
    await call('owner', 'DELETE', `/campaign/${campaign.id}?version=1`);
    const refused = await call('owner', 'POST', `/campaign/${campaign.id}/strategies`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DELETED' });
    expect(detailsOf(refused)).toEqual([{ path: 'state', message: CAMPAIGN_DELETED_MESSAGE }]);
  });
});

describe('strategy reads and changes', () => {
  it('lists with the list conventions, pauses and resumes (the banner’s status follows), deletes', async () => {
    const campaign = await createCampaign(ctx, agencyId, { state: 'active' });
    const one = await createStrategy(ctx, campaign, { name: 'Alpha', budget_share: 30 });
    const two = await createStrategy(ctx, campaign, { name: 'Beta', budget_share: 30 });
    const list = await call('owner', 'GET', `/campaign/${campaign.id}/strategies?sort=-name&limit=1`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<TStrategy[]>().map((strategy) => strategy.name)).toEqual(['Beta']);
    expect(
      (await call('owner', 'GET', `/campaign/${campaign.id}/strategies?state[is]=paused`)).json(),
    ).toEqual([]);
    expect((await call('owner', 'GET', `/strategy/${one.id}`)).json<TStrategy>().name).toBe('Alpha');

    for (const strategy of [one, two]) {
      const paused = await call('editor', 'PUT', `/strategy/${strategy.id}`, { version: 1, state: 'paused' });
      expect(paused.statusCode, paused.body).toBe(200);
    }
    expect(await campaignOf(campaign.id)).toMatchObject({
      strategies_count: 2,
      strategies_bidding: 0,
      delivery_status: 'paused_strategies',
      delivery_explanation: 'All the strategies of the campaign are paused',
    });
    const stale = await call('editor', 'PUT', `/strategy/${one.id}`, { version: 1, state: 'bidding' });
    expect(stale.statusCode).toBe(409);
    expect(
      (await call('editor', 'PUT', `/strategy/${one.id}`, { version: 2, state: 'bidding' })).statusCode,
    ).toBe(200);
    expect((await campaignOf(campaign.id)).delivery_status).toBe('no_creatives');
    const tooMuch = await call('editor', 'PUT', `/strategy/${one.id}`, { version: 3, budget_share: 71 });
    expect(detailsOf(tooMuch)).toEqual([{ path: 'budget_share', message: STRATEGY_SHARES_MESSAGE }]);

    expect((await call('owner', 'DELETE', `/strategy/${one.id}?version=1`)).statusCode).toBe(409);
    expect((await call('viewer', 'DELETE', `/strategy/${one.id}?version=3`)).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', `/strategy/${one.id}?version=3`)).statusCode).toBe(204);
    expect((await call('owner', 'GET', `/strategy/${one.id}`)).statusCode).toBe(404);
    // A write to a deleted strategy is a conflict with its state (decision 039), after the edit right.
    const afterDelete = await call('editor', 'PUT', `/strategy/${one.id}`, { version: 4, name: 'Again' });
    expect(afterDelete.statusCode).toBe(409);
    expect(detailsOf(afterDelete)).toEqual([{ path: 'state', message: STRATEGY_DELETED_MESSAGE }]);
    expect((await call('viewer', 'PUT', `/strategy/${one.id}`, { version: 4, name: 'A' })).statusCode).toBe(
      403,
    );
    expect((await call('owner', 'POST', `/strategy/${one.id}/duplicate`, {})).statusCode).toBe(409);
    expect(await campaignOf(campaign.id)).toMatchObject({ strategies_count: 1, strategies_bidding: 0 });

    const history = (await call('owner', 'GET', `/campaign/${campaign.id}/history`)).json<
      TCampaignHistoryEntry[]
    >();
    expect(
      history
        .filter((entry) => entry.entity === 'strategy' && entry.entity_id === Number(one.id))
        .map((entry) => entry.action),
    ).toEqual(['delete', 'resume', 'pause', 'create']);
    expect(history[0]).toMatchObject({ actor: { username: 'owner' } });
  });

  it('duplicates a strategy, capping its share to what is left', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const strategy = await createStrategy(ctx, campaign, { name: 'Original', budget_share: 70 });
    const copy = await call('editor', 'POST', `/strategy/${strategy.id}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<TStrategy>()).toMatchObject({
      name: 'Original (copy)',
      budget_share: 30,
      campaign: Number(campaign.id),
    });
    const none = await call('editor', 'POST', `/strategy/${strategy.id}/duplicate`, { name: 'Third' });
    expect(none.statusCode).toBe(400);
    expect(detailsOf(none)).toEqual([{ path: 'budget_share', message: STRATEGY_SHARES_MESSAGE }]);
    expect((await campaignOf(campaign.id)).strategies_count).toBe(2);
    const [entry] = (await call('owner', 'GET', `/campaign/${campaign.id}/history`))
      .json<TCampaignHistoryEntry[]>()
      .filter((item) => item.entity === 'strategy' && item.entity_id === copy.json<TStrategy>().id);
    expect(entry?.action).toBe('duplicate');
    expect(entry?.changes[0]).toEqual({ field: 'duplicated_from', from: null, to: Number(strategy.id) });
  });

  it('shows inconsistent targeting of strategies as campaign alerts', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    await createStrategy(ctx, campaign, {
      name: 'Nowhere',
      schedule: JSON.stringify({ preset: 'custom', days: [], ranges: [] }),
    });
    const alerts = (await campaignOf(campaign.id)).alerts;
    expect(
      alerts.some((alert) => alert.type === 'inconsistent_targeting' && alert.message.includes('Nowhere')),
    ).toBe(true);
  });
});
