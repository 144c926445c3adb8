import {
  ACTIVATION_NEEDS_COMPLETE_MESSAGE,
  ACTIVATION_NEEDS_STRATEGY_MESSAGE,
  BUNDLE_ID_MESSAGE,
  CAMPAIGN_DELETED_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  CAMPAIGN_TYPE_FIXED_MESSAGE,
  END_BEFORE_START_MESSAGE,
  FIELD_NOT_FOR_TYPE_MESSAGE,
  INTERNAL_FIELD_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  MAX_COUNTRIES_MESSAGE,
  REQUIRED_MESSAGE,
  SOURCE_CAMPAIGN_MESSAGE,
  START_DATE_RESETS_BUDGET_MESSAGE,
  SYNCHRONIZED_DATES_MESSAGE,
  SYNCHRONIZED_UNLINK_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '../../test/csv-records';
import {
  createAccount,
  createCampaign,
  createStrategy,
  dayFromToday,
  SEED_ACTOR,
} from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createOrganization } from '../organizations/organizations.service';
import type { TCampaign, TCampaignHistoryEntry, TCampaignRow } from './campaigns.schemas';

/** Every campaign endpoint and rule through the API (decisions 014 and 039). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let agencyId: string;
let advertiserId: string;
let northwindId: string;

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

/** A complete Multichannel campaign body. */
const complete = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring sale',
  type: 'generic',
  start_date: dayFromToday(ctx, 1),
  end_date: dayFromToday(ctx, 60),
  budget_timespan: 'lifetime',
  budget: '5000',
  daily_limit_type: 'auto',
  max_daily_cost_strategy: 'daily',
  pricing: 'cpm',
  price_model: 'cpm',
  bid: '2.5',
  device_types: ['phone', 'desktop'],
  ...overrides,
});

const campaignRow = (id: number | string) =>
  ctx.db.selectFrom('campaigns').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await startTestApp();
  const byName = async (name: string) =>
    (await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  agencyId = await byName('Demo Agency');
  advertiserId = await byName('Demo Advertiser');
  northwindId = await byName('Northwind Media');
  for (const username of ['owner', 'editor', 'viewer', 'supervisor', 'support', 'reseller']) {
    tokens[username] = await loginAs(ctx.app, username);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/campaign', () => {
  it('saves a draft with a name and a type only, in the organization’s currency', async () => {
    const response = await call('owner', 'POST', '/campaign', {
      name: 'Draft',
      type: 'proximity',
      state: 'preview',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TCampaign>()).toMatchObject({
      name: 'Draft',
      type: 'proximity',
      state: 'preview',
      status: 'incomplete',
      delivery_status: 'draft',
      organization: Number(agencyId),
      organization_name: 'Demo Agency',
      currency: 'usd',
      spend: '0',
      version: 1,
      tracking_tool: 'none',
    });
    expect(response.json<TCampaign>()).not.toHaveProperty('internal');
  });

  it('creates a complete campaign (inactive) and answers every field with money as exact text', async () => {
    const response = await call(
      'owner',
      'POST',
      '/campaign',
      complete({ budget: '1500.000001', bid: '0.25' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json<TCampaign>();
    expect(campaign).toMatchObject({
      state: 'inactive',
      status: 'pending',
      delivery_status: 'stopped',
      budget: '1500.000001',
    });
    expect((await campaignRow(campaign.id)).budget).toBe('1500000001');
  });

  it('creates for a child organization and takes its currency', async () => {
    await ctx.db
      .updateTable('organizations')
      .set({ currency: 'inr' })
      .where('id', '=', advertiserId)
      .execute();
    const low = await call(
      'owner',
      'POST',
      '/campaign',
      complete({ organization: Number(advertiserId), bid: '2.5' }),
    );
    expect(low.statusCode).toBe(400);
    expect(detailsOf(low)).toContainEqual({ path: 'bid', message: 'The minimum value is ₹15.00' });
    const response = await call(
      'owner',
      'POST',
      '/campaign',
      complete({ organization: Number(advertiserId), bid: '20' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TCampaign>()).toMatchObject({ currency: 'inr', organization: Number(advertiserId) });
    await ctx.db
      .updateTable('organizations')
      .set({ currency: 'usd' })
      .where('id', '=', advertiserId)
      .execute();
  });

  it('answers the §5 and §9 messages in the 400 details', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Sale $ now' }, 'name', CAMPAIGN_NAME_MESSAGE],
      [{ name: '' }, 'name', REQUIRED_MESSAGE],
      [
        { targeting: { countries: ['ESP', 'FRA', 'DEU', 'ITA', 'PRT', 'GBR'] } },
        'targeting.countries',
        MAX_COUNTRIES_MESSAGE,
      ],
      [{ budget_timespan: 'daily', budget: '5' }, 'budget', 'The minimum value is $10.00'],
      [{ daily_limit_type: 'manual', daily_budget: '9.99' }, 'daily_budget', 'The minimum value is $10.00'],
      [{ daily_impressions: 999 }, 'daily_impressions', 'The minimum value is 1000'],
      [{ daily_clicks: 9 }, 'daily_clicks', 'The minimum value is 10'],
      [{ pricing: 'cpc', price_model: 'cpc', bid: '0.0009' }, 'bid', 'The minimum value is $0.001'],
      [{ cpc_target: '0.0009' }, 'cpc_target', 'The minimum value is $0.001'],
      [{ bid: '0.2' }, 'bid', 'The minimum value is $0.25'],
      [{ bid: '200.01' }, 'bid', 'The maximum value is $200.00'],
      [
        { start_date: dayFromToday(ctx, 10), end_date: dayFromToday(ctx, 5) },
        'end_date',
        END_BEFORE_START_MESSAGE,
      ],
      [{ bid: undefined }, 'bid', REQUIRED_MESSAGE],
      [{ objective: 'retargeting' }, 'objective', FIELD_NOT_FOR_TYPE_MESSAGE],
      [
        { targeting: { countries: ['ESP'], regions: ['ES-MD', 'ES-ZZ'] } },
        'targeting.regions.1',
        INVALID_FORMAT_MESSAGE,
      ],
      [
        { targeting: { countries: ['ESP'], cities: ['ES-MD-Atlantis'] } },
        'targeting.cities.0',
        INVALID_FORMAT_MESSAGE,
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await call('owner', 'POST', '/campaign', complete(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(detailsOf(response), JSON.stringify(overrides)).toContainEqual({ path, message });
    }
    const bundle = await call(
      'owner',
      'POST',
      '/campaign',
      complete({
        type: 'app-promotion',
        objective: 'user_acquisition',
        event_optimisation: 'all_events',
        tracking_tool: 'appsflyer',
        device_types: ['phone'],
        device_id_types: ['gaid'],
        targeting: { bundle_ids: ['com.example.app', 'not a bundle'] },
      }),
    );
    expect(bundle.statusCode).toBe(400);
    expect(detailsOf(bundle)).toEqual([{ path: 'targeting.bundle_ids.1', message: BUNDLE_ID_MESSAGE }]);
  });

  it('refuses unknown fields and fields the server owns', async () => {
    for (const field of ['id', 'spend', 'currency', 'strategies_count', 'version']) {
      const response = await call('owner', 'POST', '/campaign', complete({ [field]: 1 }));
      expect(response.statusCode, field).toBe(400);
      expect(detailsOf(response)[0]?.path).toBe(field);
    }
  });

  it('lets only internal-campaign roles send and see the internal block', async () => {
    const internal = {
      fee_percent: '12.5',
      margin_percent: null,
      notes: 'Managed',
      flags: ['managed_service'],
    };
    const refused = await call('owner', 'POST', '/campaign', complete({ internal }));
    expect(refused.statusCode).toBe(403);
    expect(detailsOf(refused)).toEqual([{ path: 'internal', message: INTERNAL_FIELD_MESSAGE }]);
    const created = await call(
      'supervisor',
      'POST',
      '/campaign',
      complete({ organization: Number(agencyId), internal }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<TCampaign>();
    expect(campaign.internal).toEqual(internal);
    expect((await call('owner', 'GET', `/campaign/${campaign.id}`)).json<TCampaign>()).not.toHaveProperty(
      'internal',
    );
    expect((await call('support', 'GET', `/campaign/${campaign.id}`)).json<TCampaign>().internal).toEqual(
      internal,
    );
    const put = await call('editor', 'PUT', `/campaign/${campaign.id}`, {
      version: 1,
      internal: { notes: 'x' },
    });
    expect(put.statusCode).toBe(403);
  });

  it('refuses viewers (403) and organizations out of scope (404)', async () => {
    expect((await call('viewer', 'POST', '/campaign', complete())).statusCode).toBe(403);
    expect(
      (await call('owner', 'POST', '/campaign', complete({ organization: Number(northwindId) }))).statusCode,
    ).toBe(404);
  });
});

describe('GET and PUT /api/campaign/{id}', () => {
  it('answers 404 for an absent campaign and 400 for a malformed id', async () => {
    expect((await call('owner', 'GET', '/campaign/987654321')).statusCode).toBe(404);
    expect((await call('owner', 'GET', '/campaign/abc')).statusCode).toBe(400);
  });

  it('changes fields at the version last read and keeps history with the actor', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const response = await call('editor', 'PUT', `/campaign/${campaign.id}`, {
      version: 1,
      name: 'Renamed',
      targeting: { countries: ['ESP'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TCampaign>()).toMatchObject({
      name: 'Renamed',
      version: 2,
      targeting: { countries: ['ESP'] },
    });
    const stale = await call('editor', 'PUT', `/campaign/${campaign.id}`, { version: 1, name: 'Again' });
    expect(stale.statusCode).toBe(409);
    const history = (await call('owner', 'GET', `/campaign/${campaign.id}/history`)).json<
      TCampaignHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      entity: 'campaign',
      action: 'update',
      actor: { username: 'editor', name: 'Eddie Editor' },
      impersonator: null,
    });
    expect(history[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: campaign.name, to: 'Renamed' },
        expect.objectContaining({ field: 'targeting' }),
      ]),
    );
    expect(history.at(-1)).toMatchObject({ action: 'create', actor: null });
  });

  it('lets one of two writers with the same version win; the other gets 409 and nothing is lost', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const [first, second] = await Promise.all([
      call('owner', 'PUT', `/campaign/${campaign.id}`, { version: 1, name: 'Writer A' }),
      call('editor', 'PUT', `/campaign/${campaign.id}`, { version: 1, budget: '7777' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const row = await campaignRow(campaign.id);
    expect(row.version).toBe(2);
    const winner = first.statusCode === 200 ? 'A' : 'B';
    if (winner === 'A') {
      expect(row.name).toBe('Writer A');
      expect(row.budget).toBe('1000000000');
    } else {
      expect(row.name).toBe(campaign.name);
      expect(row.budget).toBe('7777000000');
    }
    const updates = (await call('owner', 'GET', `/campaign/${campaign.id}/history`))
      .json<TCampaignHistoryEntry[]>()
      .filter((entry) => entry.action === 'update');
    expect(updates).toHaveLength(1);
  });

  it('activates only a complete campaign with a strategy, and deactivates it', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const noStrategy = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: 1,
      state: 'active',
    });
    expect(noStrategy.statusCode).toBe(400);
    expect(detailsOf(noStrategy)).toEqual([{ path: 'state', message: ACTIVATION_NEEDS_STRATEGY_MESSAGE }]);
    await createStrategy(ctx, campaign);
    const active = await call('owner', 'PUT', `/campaign/${campaign.id}`, { version: 1, state: 'active' });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json<TCampaign>()).toMatchObject({
      state: 'active',
      status: 'active',
      // Running, with a bidding strategy, but no creative linked yet.
      delivery_status: 'no_creatives',
    });
    const inactive = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: 2,
      state: 'inactive',
    });
    expect(inactive.json<TCampaign>()).toMatchObject({ state: 'inactive', delivery_status: 'stopped' });
    const actions = (await call('owner', 'GET', `/campaign/${campaign.id}/history`))
      .json<TCampaignHistoryEntry[]>()
      .map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['deactivate', 'activate']);
  });

  it('refuses to activate an incomplete draft and says what is missing', async () => {
    const draft = await call('owner', 'POST', '/campaign', {
      name: 'Half',
      type: 'generic',
      state: 'preview',
    });
    const id = draft.json<TCampaign>().id;
    const response = await call('owner', 'PUT', `/campaign/${id}`, { version: 1, state: 'inactive' });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual(
      expect.arrayContaining([
        { path: 'state', message: ACTIVATION_NEEDS_COMPLETE_MESSAGE },
        { path: 'bid', message: REQUIRED_MESSAGE },
        { path: 'device_types', message: REQUIRED_MESSAGE },
      ]),
    );
    const completed = await call('owner', 'PUT', `/campaign/${id}`, {
      version: 1,
      ...complete({ name: undefined, type: undefined }),
      state: 'inactive',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<TCampaign>().state).toBe('inactive');
  });

  it('keeps the type of a campaign out of draft and refuses a plain start-date change of a lifetime budget', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const type = await call('owner', 'PUT', `/campaign/${campaign.id}`, { version: 1, type: 'dooh' });
    expect(detailsOf(type)).toContainEqual({ path: 'type', message: CAMPAIGN_TYPE_FIXED_MESSAGE });
    const start = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: 1,
      start_date: dayFromToday(ctx, 3),
    });
    expect(start.statusCode).toBe(400);
    expect(detailsOf(start)).toEqual([{ path: 'start_date', message: START_DATE_RESETS_BUDGET_MESSAGE }]);
    const daily = await createCampaign(ctx, agencyId, { budget_timespan: 'daily', budget: '50000000' });
    const moved = await call('owner', 'PUT', `/campaign/${daily.id}`, {
      version: 1,
      start_date: dayFromToday(ctx, 3),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('PUT /api/campaign/{id}/start-date', () => {
  it('resets the spend of a lifetime budget once confirmed, and records it', async () => {
    const campaign = await createCampaign(ctx, agencyId, { spend: '123450000' });
    const unconfirmed = await call('owner', 'PUT', `/campaign/${campaign.id}/start-date`, {
      version: 1,
      start_date: dayFromToday(ctx, 5),
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(detailsOf(unconfirmed)).toEqual([
      { path: 'reset_budget', message: START_DATE_RESETS_BUDGET_MESSAGE },
    ]);
    const response = await call('owner', 'PUT', `/campaign/${campaign.id}/start-date`, {
      version: 1,
      start_date: dayFromToday(ctx, 5),
      reset_budget: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<TCampaign>();
    expect(updated).toMatchObject({ start_date: dayFromToday(ctx, 5), spend: '0', version: 2 });
    expect(updated.budget_reset_at).toBe(ctx.clock.now().toISOString());
    const [entry] = (await call('owner', 'GET', `/campaign/${campaign.id}/history`)).json<
      TCampaignHistoryEntry[]
    >();
    expect(entry?.action).toBe('start_date_budget_reset');
    expect(entry?.changes).toContainEqual({ field: 'spend', from: '123450000', to: '0' });
    const late = await call('owner', 'PUT', `/campaign/${campaign.id}/start-date`, {
      version: 2,
      start_date: dayFromToday(ctx, 90),
      reset_budget: true,
    });
    expect(detailsOf(late)).toEqual([{ path: 'end_date', message: END_BEFORE_START_MESSAGE }]);
    expect(
      (
        await call('owner', 'PUT', `/campaign/${campaign.id}/start-date`, {
          version: 1,
          start_date: dayFromToday(ctx, 2),
          reset_budget: true,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('synchronized campaigns', () => {
  it('follow a source of the same organization, cannot be unlinked, and stop when the source is deleted', async () => {
    const source = await createCampaign(ctx, agencyId);
    const other = await createCampaign(ctx, advertiserId);
    const body = (sourceId: number | string) => ({
      name: 'Follower',
      type: 'synchronized',
      source_campaign: Number(sourceId),
      budget_timespan: 'daily',
      budget: '100',
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'cpm',
      bid: '3',
    });
    const wrong = await call('owner', 'POST', '/campaign', body(other.id));
    expect(detailsOf(wrong)).toEqual([{ path: 'source_campaign', message: SOURCE_CAMPAIGN_MESSAGE }]);
    const dates = await call('owner', 'POST', '/campaign', {
      ...body(source.id),
      start_date: dayFromToday(ctx, 9),
    });
    expect(detailsOf(dates)).toEqual([{ path: 'start_date', message: SYNCHRONIZED_DATES_MESSAGE }]);
    const created = await call('owner', 'POST', '/campaign', body(source.id));
    expect(created.statusCode, created.body).toBe(201);
    const follower = created.json<TCampaign>();
    expect(follower).toMatchObject({
      start_date: source.start_date,
      end_date: source.end_date,
      source_campaign: Number(source.id),
    });
    const chained = await call('owner', 'POST', '/campaign', body(follower.id));
    expect(detailsOf(chained)).toEqual([{ path: 'source_campaign', message: SOURCE_CAMPAIGN_MESSAGE }]);

    const unlink = await call('owner', 'PUT', `/campaign/${follower.id}`, {
      version: 1,
      source_campaign: null,
    });
    expect(detailsOf(unlink)).toContainEqual({
      path: 'source_campaign',
      message: SYNCHRONIZED_UNLINK_MESSAGE,
    });

    // The source's new end date reaches the follower.
    const newEnd = dayFromToday(ctx, 45);
    expect(
      (await call('owner', 'PUT', `/campaign/${source.id}`, { version: 1, end_date: newEnd })).statusCode,
    ).toBe(200);
    expect((await campaignRow(follower.id)).version).toBe(2);
    expect((await call('owner', 'GET', `/campaign/${follower.id}`)).json<TCampaign>().end_date).toBe(newEnd);

    await createStrategy(ctx, { ...follower, id: String(follower.id), organization_id: agencyId });
    expect(
      (await call('owner', 'PUT', `/campaign/${follower.id}`, { version: 2, state: 'active' })).statusCode,
    ).toBe(200);
    const deleted = await call('owner', 'DELETE', `/campaign/${source.id}?version=2`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const stopped = (await call('owner', 'GET', `/campaign/${follower.id}`)).json<TCampaign>();
    expect(stopped.state).toBe('inactive');
    const [entry] = (await call('owner', 'GET', `/campaign/${follower.id}/history`)).json<
      TCampaignHistoryEntry[]
    >();
    expect(entry).toMatchObject({ action: 'stopped', actor: { username: 'owner' } });
    expect(entry?.changes).toEqual([
      { field: 'state', from: 'active', to: 'inactive' },
      { field: 'reason', from: null, to: 'source deleted' },
    ]);
  });
});

describe('DELETE /api/campaign/{id}', () => {
  it('marks the campaign deleted, keeps it readable, hides it from the list unless the state is filtered', async () => {
    const campaign = await createCampaign(ctx, agencyId, { name: 'To be deleted' });
    expect((await call('owner', 'DELETE', `/campaign/${campaign.id}?version=7`)).statusCode).toBe(409);
    expect((await call('viewer', 'DELETE', `/campaign/${campaign.id}?version=1`)).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', `/campaign/${campaign.id}?version=1`)).statusCode).toBe(204);
    const read = (await call('owner', 'GET', `/campaign/${campaign.id}`)).json<TCampaign>();
    expect(read).toMatchObject({ state: 'deleted', status: 'deleted', delivery_status: 'stopped' });
    expect(read.deleted_at).not.toBeNull();
    const list = (await call('owner', 'GET', '/campaigns?search=To%20be%20deleted')).json<TCampaignRow[]>();
    expect(list).toEqual([]);
    const filtered = (
      await call('owner', 'GET', '/campaigns?search=To%20be%20deleted&state[is]=deleted')
    ).json<TCampaignRow[]>();
    expect(filtered.map((row) => row.id)).toEqual([Number(campaign.id)]);
    // A write to a deleted campaign is a conflict with its state (decision 039), whatever the version sent.
    const again = await call('owner', 'PUT', `/campaign/${campaign.id}`, { version: 2, name: 'Back' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DELETED' });
    expect(detailsOf(again)).toEqual([{ path: 'state', message: CAMPAIGN_DELETED_MESSAGE }]);
    const stale = await call('owner', 'PUT', `/campaign/${campaign.id}`, { version: 1, name: 'Back' });
    expect(stale.json()).toMatchObject({ code: 'DELETED' });
    expect((await call('owner', 'DELETE', `/campaign/${campaign.id}?version=2`)).statusCode).toBe(409);
    // Order of checks: 403 before the row's state.
    expect(
      (await call('viewer', 'PUT', `/campaign/${campaign.id}`, { version: 2, name: 'B' })).statusCode,
    ).toBe(403);
    // A deleted campaign cannot be duplicated either.
    const copy = await call('owner', 'POST', `/campaign/${campaign.id}/duplicate`, { with_strategies: true });
    expect(copy.statusCode).toBe(409);
    expect(copy.json()).toMatchObject({ code: 'DELETED' });
  });
});

describe('POST /api/campaign/{id}/duplicate', () => {
  it('copies a campaign with or without its strategies, never active, spend at zero', async () => {
    const campaign = await createCampaign(ctx, agencyId, {
      name: 'Original',
      state: 'active',
      spend: '5000000',
    });
    await createStrategy(ctx, campaign, { name: 'One', budget_share: 40 });
    await createStrategy(ctx, campaign, { name: 'Two', state: 'paused', budget_share: 60 });
    const plain = await call('editor', 'POST', `/campaign/${campaign.id}/duplicate`, {
      with_strategies: false,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<TCampaign>()).toMatchObject({
      name: 'Original (copy)',
      state: 'inactive',
      spend: '0',
      strategies_count: 0,
      budget: '1000',
    });
    const full = await call('editor', 'POST', `/campaign/${campaign.id}/duplicate`, {
      with_strategies: true,
      name: 'Copy B',
    });
    const copy = full.json<TCampaign>();
    expect(copy).toMatchObject({ name: 'Copy B', strategies_count: 2, strategies_bidding: 1 });
    const strategies = (await call('owner', 'GET', `/campaign/${copy.id}/strategies?sort=name`)).json<
      { name: string; budget_share: number }[]
    >();
    expect(strategies.map((strategy) => [strategy.name, strategy.budget_share])).toEqual([
      ['One', 40],
      ['Two', 60],
    ]);
    const [entry] = (await call('owner', 'GET', `/campaign/${copy.id}/history`))
      .json<TCampaignHistoryEntry[]>()
      .filter((item) => item.entity === 'campaign');
    expect(entry?.changes[0]).toEqual({ field: 'duplicated_from', from: null, to: Number(campaign.id) });
    const draft = (
      await call('owner', 'POST', '/campaign', { name: 'Sketch', type: 'dooh', state: 'preview' })
    ).json<TCampaign>();
    const draftCopy = await call('owner', 'POST', `/campaign/${draft.id}/duplicate`, {
      with_strategies: true,
    });
    expect(draftCopy.json<TCampaign>()).toMatchObject({ state: 'preview', name: 'Sketch (copy)' });
    expect(
      detailsOf(
        await call('owner', 'POST', `/campaign/${draft.id}/duplicate`, {
          with_strategies: true,
          name: 'a#b',
        }),
      ),
    ).toEqual([{ path: 'name', message: CAMPAIGN_NAME_MESSAGE }]);
  });
});

describe('frequency cap (docs/engine.md "Frequency caps")', () => {
  const DAILY_TWO = { impressions: 2, period: 'day', fingerprint: 'soft' };

  it('is none by default, set at creation with the soft fingerprint by default, on any type', async () => {
    const plain = await call('owner', 'POST', '/campaign', complete({ name: 'Uncapped' }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<TCampaign>().frequency_cap).toBeNull();
    expect((await campaignRow(plain.json<TCampaign>().id)).frequency_cap).toBeNull();

    const capped = await call(
      'owner',
      'POST',
      '/campaign',
      complete({ name: 'Capped', frequency_cap: { impressions: 2, period: 'day' } }),
    );
    expect(capped.statusCode, capped.body).toBe(201);
    expect(capped.json<TCampaign>().frequency_cap).toEqual(DAILY_TWO);
    expect((await campaignRow(capped.json<TCampaign>().id)).frequency_cap).toEqual(DAILY_TWO);

    // A type without device identifiers counts by any identifier or the fingerprint (DOOH screens).
    const screen = await call('owner', 'POST', '/campaign', {
      name: 'Screens',
      type: 'dooh',
      state: 'preview',
      frequency_cap: { impressions: 6, period: 'hour', fingerprint: 'exact' },
    });
    expect(screen.statusCode, screen.body).toBe(201);
    expect(screen.json<TCampaign>().frequency_cap).toEqual({
      impressions: 6,
      period: 'hour',
      fingerprint: 'exact',
    });
  });

  it('answers a bad cap with 400 and the message under its field, at creation and on a change', async () => {
    const created = await call(
      'owner',
      'POST',
      '/campaign',
      complete({ frequency_cap: { impressions: 0, period: 'week' } }),
    );
    expect(created.statusCode).toBe(400);
    expect(detailsOf(created)).toEqual([
      { path: 'frequency_cap.impressions', message: 'The minimum value is 1' },
      { path: 'frequency_cap.period', message: INVALID_FORMAT_MESSAGE },
    ]);
    const campaign = await createCampaign(ctx, agencyId);
    const changed = await call('editor', 'PUT', `/campaign/${campaign.id}`, {
      version: 1,
      frequency_cap: { impressions: 1.5, period: 'day' },
    });
    expect(changed.statusCode).toBe(400);
    expect(detailsOf(changed)).toEqual([
      { path: 'frequency_cap.impressions', message: 'Enter a whole number of impressions' },
    ]);
    expect((await campaignRow(campaign.id)).version).toBe(1);
  });

  it('is set, kept when left out and removed with null by a versioned change, each in history', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const set = await call('editor', 'PUT', `/campaign/${campaign.id}`, {
      version: 1,
      frequency_cap: { impressions: 2, period: 'day' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TCampaign>()).toMatchObject({ version: 2, frequency_cap: DAILY_TWO });
    const renamed = await call('editor', 'PUT', `/campaign/${campaign.id}`, {
      version: 2,
      name: 'Renamed cap',
    });
    expect(renamed.json<TCampaign>()).toMatchObject({ version: 3, frequency_cap: DAILY_TWO });
    const removed = await call('editor', 'PUT', `/campaign/${campaign.id}`, {
      version: 3,
      frequency_cap: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<TCampaign>().frequency_cap).toBeNull();
    expect((await campaignRow(campaign.id)).frequency_cap).toBeNull();

    const history = (await call('owner', 'GET', `/campaign/${campaign.id}/history`))
      .json<TCampaignHistoryEntry[]>()
      .filter((entry) => entry.entity === 'campaign');
    expect(
      history.map((entry) => entry.changes.filter((change) => change.field === 'frequency_cap')),
    ).toEqual([
      [{ field: 'frequency_cap', from: DAILY_TWO, to: null }],
      [],
      [{ field: 'frequency_cap', from: null, to: DAILY_TWO }],
      // The creation lists every field, the cap as none.
      [{ field: 'frequency_cap', from: null, to: null }],
    ]);
    expect(history[0]).toMatchObject({ action: 'update', actor: { username: 'editor' } });
  });

  it('is copied by a duplicate and written in the export', async () => {
    const campaign = await createCampaign(ctx, agencyId, {
      name: 'Capped original',
      frequency_cap: JSON.stringify({ impressions: 3, period: 'lifetime', fingerprint: 'exact' }),
    });
    const copy = await call('editor', 'POST', `/campaign/${campaign.id}/duplicate`, {
      with_strategies: false,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<TCampaign>().frequency_cap).toEqual({
      impressions: 3,
      period: 'lifetime',
      fingerprint: 'exact',
    });

    const exported = await call('owner', 'GET', `/campaign/${campaign.id}/export?format=csv`);
    const [fields = ''] = exported.body.split('\r\n\r\n');
    expect(csvRecords(`${fields}\r\n`)).toContainEqual({
      field: 'frequency_cap',
      value: '3 | lifetime | exact',
    });
    const uncapped = await createCampaign(ctx, agencyId);
    const plain = await call('owner', 'GET', `/campaign/${uncapped.id}/export?format=csv`);
    const [plainFields = ''] = plain.body.split('\r\n\r\n');
    expect(csvRecords(`${plainFields}\r\n`)).toContainEqual({ field: 'frequency_cap', value: '' });
  });
});

describe('PUT /api/campaigns (bulk state changes)', () => {
  it('changes every campaign or none', async () => {
    const ready = await createCampaign(ctx, agencyId);
    await createStrategy(ctx, ready);
    const alsoReady = await createCampaign(ctx, advertiserId);
    await createStrategy(ctx, alsoReady);
    const bare = await createCampaign(ctx, agencyId);
    const refused = await call('owner', 'PUT', '/campaigns', {
      ids: [Number(ready.id), Number(bare.id)],
      changes: { state: 'active' },
    });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([
      { path: 'ids.1', message: `Campaign ${bare.id}: ${ACTIVATION_NEEDS_STRATEGY_MESSAGE}` },
    ]);
    expect((await campaignRow(ready.id)).state).toBe('inactive');
    const hidden = await createCampaign(ctx, northwindId);
    const notFound = await call('owner', 'PUT', '/campaigns', {
      ids: [Number(ready.id), Number(hidden.id)],
      changes: { state: 'active' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(detailsOf(notFound)).toEqual([{ path: 'ids.1', message: `Campaign ${hidden.id} was not found` }]);
    const viewer = await call('viewer', 'PUT', '/campaigns', {
      ids: [Number(ready.id)],
      changes: { state: 'active' },
    });
    expect(viewer.statusCode).toBe(403);
    const done = await call('owner', 'PUT', '/campaigns', {
      ids: [Number(ready.id), Number(alsoReady.id)],
      changes: { state: 'active' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ updated: 2 });
    const again = await call('owner', 'PUT', '/campaigns', {
      ids: [Number(ready.id)],
      changes: { state: 'active' },
    });
    expect(again.json()).toEqual({ updated: 0 });
    const deleted = await call('owner', 'PUT', '/campaigns', {
      ids: [Number(ready.id), Number(bare.id)],
      changes: { state: 'deleted' },
    });
    expect(deleted.json()).toEqual({ updated: 2 });
    expect((await campaignRow(bare.id)).state).toBe('deleted');
    const revive = await call('owner', 'PUT', '/campaigns', {
      ids: [Number(bare.id)],
      changes: { state: 'inactive' },
    });
    expect(revive.statusCode).toBe(409);
    expect(revive.json()).toMatchObject({ code: 'DELETED' });
    expect(detailsOf(revive)).toEqual([
      { path: 'ids.0', message: `Campaign ${bare.id}: ${CAMPAIGN_DELETED_MESSAGE}` },
    ]);
    const tooMany = await call('owner', 'PUT', '/campaigns', {
      ids: Array.from({ length: 501 }, (_, index) => index + 1),
      changes: { state: 'inactive' },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('GET /api/campaigns', () => {
  let org: string;
  let owner: string;
  beforeAll(async () => {
    org = (await createOrganization(ctx.db, { name: 'List Co', role: 'regular', country: 'GB' }, SEED_ACTOR))
      .id;
    const account = await createAccount(ctx, { organizationId: org, prefix: 'lister' });
    owner = await loginAs(ctx.app, account.username, account.password);
    const ended = await createCampaign(ctx, org, {
      name: 'Ended one',
      state: 'active',
      start_date: dayFromToday(ctx, -30),
      end_date: dayFromToday(ctx, -1),
      budget: '300000000',
    });
    await createStrategy(ctx, ended, { start_date: ended.start_date, end_date: ended.end_date });
    const running = await createCampaign(ctx, org, {
      name: 'Running one',
      state: 'active',
      budget: '2000000000',
    });
    await createStrategy(ctx, running);
    const paused = await createCampaign(ctx, org, { name: 'Paused one', state: 'active' });
    await createStrategy(ctx, paused, { state: 'paused' });
    await createCampaign(ctx, org, { name: 'Idle one' });
  });

  const list = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaigns?${query}`,
      headers: bearer(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<TCampaignRow[]>(), total: Number(response.headers['x-total-count']) };
  };

  it('filters and sorts on the delivery status and the status computed in SQL', async () => {
    expect((await list('delivery_status[is]=paused_strategies')).rows.map((row) => row.name)).toEqual([
      'Paused one',
    ]);
    expect((await list('delivery_status[is]=ended')).rows.map((row) => row.name)).toEqual(['Ended one']);
    expect((await list('status[is]=closed')).rows.map((row) => row.name)).toEqual(['Ended one']);
    expect((await list('status[any]=active,pending&sort=name')).rows.map((row) => row.name)).toEqual([
      'Idle one',
      'Paused one',
      'Running one',
    ]);
    expect((await list('sort=delivery_status')).rows.map((row) => row.delivery_status)).toEqual([
      'ended',
      'no_creatives',
      'paused_strategies',
      'stopped',
    ]);
    const paused = (await list('search=paused')).rows[0];
    expect(paused).toMatchObject({
      delivery_status: 'paused_strategies',
      delivery_explanation: 'All the strategies of the campaign are paused',
      strategies_count: 1,
      strategies_bidding: 0,
    });
  });

  it('pages with the total, filters money in units and answers 400 on unknown filters', async () => {
    const page = await list('limit=2&page=2&sort=name');
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => row.name)).toEqual(['Paused one', 'Running one']);
    expect((await list('budget[gt]=1500')).rows.map((row) => row.name)).toEqual(['Running one']);
    expect((await list('budget[lt]=500')).rows.map((row) => row.name)).toEqual(['Ended one']);
    expect((await list('organization_name[is]=list%20co')).total).toBe(4);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/campaigns?colour[is]=red',
      headers: bearer(owner),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('restricts users with advertisers and without view_all_campaigns to those advertisers', async () => {
    const agencyCampaign = await createCampaign(ctx, agencyId, { name: 'Agency own' });
    const advertiserCampaign = await createCampaign(ctx, advertiserId, { name: 'Advertiser own' });
    const restricted = await createAccount(ctx, {
      organizationId: agencyId,
      role: 'editor',
      prefix: 'restricted',
    });
    await ctx.db
      .insertInto('user_advertisers')
      .values({ user_id: restricted.id, organization_id: advertiserId })
      .execute();
    const token = await loginAs(ctx.app, restricted.username, restricted.password);
    const names = (
      await ctx.app.inject({ method: 'GET', url: '/api/campaigns?limit=200', headers: bearer(token) })
    )
      .json<TCampaignRow[]>()
      .map((row) => row.organization);
    expect(new Set(names)).toEqual(new Set([Number(advertiserId)]));
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/campaign/${agencyCampaign.id}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/campaign/${advertiserCampaign.id}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(200);
    await ctx.db
      .updateTable('users')
      .set({ view_all_campaigns: true })
      .where('id', '=', restricted.id)
      .execute();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/campaign/${agencyCampaign.id}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('downloads', () => {
  it('writes the grid as campaigns.csv, formula-safe, with a query token', async () => {
    const campaign = await createCampaign(ctx, agencyId, { name: '=HYPERLINK("x")' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaigns/download?token=${tokens.owner}&search=HYPERLINK`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="campaigns.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,name,organization,organization_name,type/);
    expect(lines[1]).toContain(`${campaign.id},"'=HYPERLINK(""x"")"`);
    const post = await call('owner', 'POST', '/campaigns/download?search=HYPERLINK');
    expect(post.body).toBe(response.body);
  });

  it('writes each campaign’s time zone after its dates, in the grid download and in the campaign export', async () => {
    const name = `Zoned ${Date.now()}`;
    const campaign = await createCampaign(ctx, agencyId, { name, time_zone: 'Asia/Tokyo' });
    const grid = await call('owner', 'POST', `/campaigns/download?search=${encodeURIComponent(name)}`);
    expect(grid.statusCode, grid.body).toBe(200);
    const [header = []] = parseCsv(grid.body);
    expect(header.slice(header.indexOf('start_date'), header.indexOf('start_date') + 3)).toEqual([
      'start_date',
      'end_date',
      'time_zone',
    ]);
    expect(csvRecords(grid.body)).toEqual([
      expect.objectContaining({ id: String(campaign.id), name, time_zone: 'Asia/Tokyo' }),
    ]);

    const exported = await call('owner', 'GET', `/campaign/${campaign.id}/export?format=csv`);
    expect(exported.statusCode, exported.body).toBe(200);
    const [fields = ''] = exported.body.split('\r\n\r\n');
    const names = csvRecords(`${fields}\r\n`).map((record) => record.field);
    expect(names.slice(names.indexOf('start_date'), names.indexOf('start_date') + 3)).toEqual([
      'start_date',
      'end_date',
      'time_zone',
    ]);
    expect(csvRecords(`${fields}\r\n`)).toContainEqual({ field: 'time_zone', value: 'Asia/Tokyo' });
  });

  it('exports a campaign with its strategies as CSV and as an XLSX workbook that reads back', async () => {
    const campaign = await createCampaign(ctx, agencyId, { name: 'Export me' });
    await createStrategy(ctx, campaign, { name: 'First & only', budget_share: 70 });
    const csv = await call('owner', 'GET', `/campaign/${campaign.id}/export?format=csv`);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="campaign-${campaign.id}.csv"`);
    const [fields, strategies] = csv.body.split('\r\n\r\n');
    expect(fields).toContain('name,Export me');
    expect(fields).toContain('budget,1000');
    expect(fields).not.toContain('internal.');
    expect(strategies?.split('\r\n')[1]).toMatch(/^\d+,First & only,bidding,/);

    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaign/${campaign.id}/export?format=xlsx&token=${tokens.support}`,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="campaign-${campaign.id}.xlsx"`);
    const sheets = (await readXlsxFile(xlsx.rawPayload)).map((sheet) => ({
      name: sheet.sheet,
      rows: sheet.data.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))),
    }));
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Campaign', 'Strategies']);
    const campaignSheet = sheets[0]?.rows ?? [];
    expect(campaignSheet[0]).toEqual(['field', 'value']);
    expect(campaignSheet).toContainEqual(['name', 'Export me']);
    expect(campaignSheet).toContainEqual(['id', String(campaign.id)]);
    // Support may see the internal block, so it is in the export.
    expect(campaignSheet.map((row) => row[0])).toContain('internal.notes');
    const strategySheet = sheets[1]?.rows ?? [];
    expect(strategySheet[0]?.slice(0, 3)).toEqual(['id', 'name', 'state']);
    expect(strategySheet[1]?.slice(1, 3)).toEqual(['First & only', 'bidding']);
    expect(strategySheet[1]).toContain('70');
  });
});

describe('history under simulation', () => {
  it('records the simulated user as actor and the real one as impersonator', async () => {
    const campaign = await createCampaign(ctx, agencyId);
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
      (await call(token, 'PUT', `/campaign/${campaign.id}`, { version: 1, name: 'Simulated edit' }))
        .statusCode,
    ).toBe(200);
    const [entry] = (await call('owner', 'GET', `/campaign/${campaign.id}/history`)).json<
      TCampaignHistoryEntry[]
    >();
    expect(entry).toMatchObject({
      action: 'update',
      actor: { username: 'editor' },
      impersonator: { username: 'supervisor', name: 'Sam Supervisor' },
    });
  });
});

describe('OpenAPI', () => {
  it('documents every campaign and strategy route with its schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/campaigns',
      '/api/campaigns/download',
      '/api/campaign',
      '/api/campaign/{id}',
      '/api/campaign/{id}/start-date',
      '/api/campaign/{id}/duplicate',
      '/api/campaign/{id}/history',
      '/api/campaign/{id}/export',
      '/api/campaign/{id}/strategies',
      '/api/strategy/{id}',
      '/api/strategy/{id}/duplicate',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
