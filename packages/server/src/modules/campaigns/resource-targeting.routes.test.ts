import { toMicros } from '@beacon/domain/dictionary/currencies';
import {
  ALLOWLIST_EXPECTED_MESSAGE,
  AUDIENCES_REQUIRED_MESSAGE,
  audiencesExcludedAndRequiredAlert,
  BLOCKLIST_EXPECTED_MESSAGE,
  geolistOutsideCountriesAlert,
  locationAudienceOutsideDatesAlert,
  publisherConflictAlert,
  strategyAlert,
  TARGETED_RESOURCE_UNAVAILABLE_MESSAGE,
  targetedResourceDeletedAlert,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createStrategy, dayFromToday } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCampaign, TStrategy } from './campaigns.schemas';

/** Resource targeting of campaigns and strategies through the API (decision 021). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let agencyId: string;
let advertiserId: string;
let northwindId: string;

type Details = { path: string; message: string }[];

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const detailsOf = (response: LightMyRequestResponse): Details =>
  response.json<{ details?: Details }>().details ?? [];

const idOf = (row: { id: string }): number => Number(row.id);

const geolist = async (organizationId: string, name: string, country: string | null = null) =>
  idOf(
    await ctx.db
      .insertInto('geolists')
      .values({ organization_id: organizationId, name, country })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const deal = async (organizationId: string, name: string) =>
  idOf(
    await ctx.db
      .insertInto('deals')
      .values({
        organization_id: organizationId,
        external_id: `deal-${name.replace(/\W/g, '')}`,
        name,
        supply_partner: 'magnite',
        type: 'private_auction',
        floor_price: toMicros('1.5').toString(),
        currency: 'usd',
        start_date: dayFromToday(ctx, 0),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const locationAudience = async (organizationId: string, name: string, start: number, end: number) =>
  idOf(
    await ctx.db
      .insertInto('location_audiences')
      .values({
        organization_id: organizationId,
        name,
        start_date: dayFromToday(ctx, start),
        end_date: dayFromToday(ctx, end),
        max_users: 10_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const audience = async (organizationId: string, name: string) =>
  idOf(
    await ctx.db
      .insertInto('audiences')
      .values({ organization_id: organizationId, name, type: 'private' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const publisherList = async (
  organizationId: string,
  name: string,
  kind: 'allow' | 'block',
  publishers: string[],
) => {
  const id = idOf(
    await ctx.db
      .insertInto('publisher_lists')
      .values({ organization_id: organizationId, name, kind, publishers_count: publishers.length })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  if (publishers.length > 0) {
    await ctx.db
      .insertInto('publisher_list_entries')
      .values(publishers.map((publisher) => ({ list_id: String(id), publisher })))
      .execute();
  }
  return id;
};

const resources = {} as {
  geolistEs: number;
  geolistFr: number;
  parentGeolist: number;
  northwindGeolist: number;
  deal: number;
  visitors: number;
  pastVisitors: number;
  buyers: number;
  churned: number;
  allow: number;
  block: number;
};

beforeAll(async () => {
  ctx = await startTestApp();
  const byName = async (name: string) =>
    (await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  agencyId = await byName('Demo Agency');
  advertiserId = await byName('Demo Advertiser');
  northwindId = await byName('Northwind Media');
  for (const username of ['owner', 'supervisor']) tokens[username] = await loginAs(ctx.app, username);
  Object.assign(resources, {
    geolistEs: await geolist(advertiserId, 'Madrid stores', 'ESP'),
    geolistFr: await geolist(advertiserId, 'Paris stores', 'FRA'),
    parentGeolist: await geolist(agencyId, 'Agency geolist'),
    northwindGeolist: await geolist(northwindId, 'Northwind geolist'),
    deal: await deal(advertiserId, 'Premium video'),
    visitors: await locationAudience(advertiserId, 'Fair visitors', 0, 10),
    pastVisitors: await locationAudience(advertiserId, 'Old fair visitors', -60, -40),
    buyers: await audience(advertiserId, 'Buyers'),
    churned: await audience(advertiserId, 'Churned'),
    allow: await publisherList(advertiserId, 'Premium sites', 'allow', [
      'news.example',
      'com.game',
      'video.example',
    ]),
    block: await publisherList(advertiserId, 'Unsafe sites', 'block', [
      'com.game',
      'bad.example',
      'news.example',
    ]),
  });
});
afterAll(async () => {
  await ctx.close();
});

const newCampaign = () =>
  createCampaign(ctx, advertiserId, {
    targeting: JSON.stringify({
      countries: ['ESP'],
      regions: [],
      cities: [],
      bundle_ids: [],
      iab_categories: [],
      app_categories: [],
    }),
  });

describe('campaign resource targeting', () => {
  it('saves every kind, reads them back named, and raises the alerts', async () => {
    const campaign = await newCampaign();
    const response = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: campaign.version,
      targeting: {
        audiences: { at_least_one_of: [resources.buyers], mandatory: [], excluded: [resources.churned] },
        location_audiences: [resources.visitors, resources.pastVisitors],
        geolists: [resources.geolistEs, resources.geolistFr, resources.parentGeolist],
        publisher_allowlists: [resources.allow],
        publisher_blocklists: [resources.block],
        deals: [resources.deal],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<TCampaign>();
    expect(saved.targeting).toMatchObject({
      audiences: { at_least_one_of: [resources.buyers], mandatory: [], excluded: [resources.churned] },
      geolists: [resources.geolistEs, resources.geolistFr, resources.parentGeolist],
      deals: [resources.deal],
    });
    const read = (await call('owner', 'GET', `/campaign/${campaign.id}`)).json<TCampaign>();
    expect(read.targeted_resources).toEqual(
      expect.arrayContaining([
        { kind: 'audience', id: resources.buyers, name: 'Buyers', state: 'active', detail: 'private' },
        {
          kind: 'publisher_list',
          id: resources.block,
          name: 'Unsafe sites',
          state: 'active',
          detail: 'block',
        },
        { kind: 'deal', id: resources.deal, name: 'Premium video', state: 'active', detail: 'magnite' },
        {
          kind: 'geolist',
          id: resources.parentGeolist,
          name: 'Agency geolist',
          state: 'active',
          detail: null,
        },
      ]),
    );
    expect(read.targeted_resources).toHaveLength(10);
    expect(read.alerts.map((alert) => alert.message)).toEqual([
      publisherConflictAlert(['com.game', 'news.example'], 2),
      geolistOutsideCountriesAlert('Paris stores'),
      locationAudienceOutsideDatesAlert('Old fair visitors'),
    ]);
  });

  it('refuses an id that does not exist, another tenant’s, a deleted one, a child’s, or a list of the wrong kind', async () => {
    const campaign = await createCampaign(ctx, agencyId);
    const deleted = await geolist(agencyId, 'Gone');
    await ctx.db
      .updateTable('geolists')
      .set({ state: 'deleted', deleted_at: new Date() })
      .where('id', '=', String(deleted))
      .execute();
    const response = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: campaign.version,
      targeting: {
        geolists: [
          resources.parentGeolist,
          resources.northwindGeolist,
          999_999_999,
          deleted,
          resources.geolistEs,
        ],
        publisher_allowlists: [resources.block],
        publisher_blocklists: [resources.allow],
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(detailsOf(response)).toEqual([
      { path: 'targeting.geolists.1', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
      { path: 'targeting.geolists.2', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
      { path: 'targeting.geolists.3', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
      { path: 'targeting.geolists.4', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
      // The advertiser's lists are not the agency campaign's: the same words, not their kind.
      { path: 'targeting.publisher_allowlists.0', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
      { path: 'targeting.publisher_blocklists.0', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
    ]);
    const other = await newCampaign();
    const kinds = await call('owner', 'PUT', `/campaign/${other.id}`, {
      version: other.version,
      targeting: { publisher_allowlists: [resources.block], publisher_blocklists: [resources.allow] },
    });
    expect(detailsOf(kinds)).toEqual([
      { path: 'targeting.publisher_allowlists.0', message: ALLOWLIST_EXPECTED_MESSAGE },
      { path: 'targeting.publisher_blocklists.0', message: BLOCKLIST_EXPECTED_MESSAGE },
    ]);
  });

  it('a resource deleted after being targeted raises an alert and does not lock the campaign', async () => {
    const campaign = await newCampaign();
    const gone = await deal(advertiserId, 'Soon gone');
    const saved = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: campaign.version,
      targeting: {
        deals: [gone],
        audiences: { at_least_one_of: [resources.buyers], excluded: [resources.buyers] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.db
      .updateTable('deals')
      .set({ state: 'deleted', deleted_at: new Date() })
      .where('id', '=', String(gone))
      .execute();
    const renamed = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: saved.json<TCampaign>().version,
      name: 'Renamed',
      targeting: { deals: [gone, resources.deal] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<TCampaign>().alerts.map((alert) => alert.message)).toEqual([
      targetedResourceDeletedAlert('deal', 'Soon gone'),
      audiencesExcludedAndRequiredAlert(['Buyers']),
    ]);
  });

  it('a retargeting campaign needs an audience (§5 hint); a draft saves without', async () => {
    const body = {
      name: 'Win back',
      type: 'app-promotion',
      objective: 'retargeting',
      start_date: dayFromToday(ctx, 1),
      end_date: dayFromToday(ctx, 30),
      budget_timespan: 'lifetime',
      budget: '5000',
      daily_limit_type: 'auto',
      max_daily_cost_strategy: 'daily',
      pricing: 'cpm',
      price_model: 'cpm',
      bid: '2.5',
      event_optimisation: 'not_optimizing',
      tracking_tool: 'appsflyer',
      device_types: ['phone'],
      device_id_types: ['ifa'],
      organization: Number(advertiserId),
      targeting: { bundle_ids: ['com.example.app'] },
    };
    const refused = await call('owner', 'POST', '/campaign', body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(detailsOf(refused)).toEqual([
      { path: 'targeting.audiences.at_least_one_of', message: AUDIENCES_REQUIRED_MESSAGE },
    ]);
    expect((await call('owner', 'POST', '/campaign', { ...body, state: 'preview' })).statusCode).toBe(201);
    const created = await call('owner', 'POST', '/campaign', {
      ...body,
      targeting: { ...body.targeting, audiences: { mandatory: [resources.buyers] } },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('duplicate and export carry the targeting', async () => {
    const campaign = await newCampaign();
    const strategy = await createStrategy(ctx, campaign, {
      targeting: JSON.stringify({
        audiences: { at_least_one_of: [resources.buyers], mandatory: [], excluded: [] },
        location_audiences: [],
        geolists: [resources.geolistEs],
      }),
    });
    const saved = await call('owner', 'PUT', `/campaign/${campaign.id}`, {
      version: campaign.version,
      targeting: { geolists: [resources.geolistEs], deals: [resources.deal] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const copy = await call('owner', 'POST', `/campaign/${campaign.id}/duplicate`, { with_strategies: true });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<TCampaign>().targeting).toMatchObject({
      geolists: [resources.geolistEs],
      deals: [resources.deal],
    });
    const strategies = await call('owner', 'GET', `/campaign/${copy.json<TCampaign>().id}/strategies`);
    expect(strategies.json<TStrategy[]>()[0]?.targeting.geolists).toEqual([resources.geolistEs]);
    const csv = await call('owner', 'GET', `/campaign/${campaign.id}/export?format=csv`);
    expect(csv.body).toContain(`deals,Premium video (#${resources.deal})`);
    expect(csv.body).toContain(`Buyers (#${resources.buyers})`);
    expect(strategy.id).toBeDefined();
  });
});

describe('strategy resource targeting', () => {
  it('a strategy targets its own audiences, location audiences and geolists; foreign ids are refused', async () => {
    const campaign = await newCampaign();
    const created = await call('owner', 'POST', `/campaign/${campaign.id}/strategies`, {
      name: 'Madrid',
      start_date: campaign.start_date,
      budget_share: 50,
      location: { countries: ['FRA'] },
      targeting: {
        audiences: { mandatory: [resources.churned] },
        geolists: [resources.geolistEs, resources.northwindGeolist],
      },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(detailsOf(created)).toContainEqual({
      path: 'targeting.geolists.1',
      message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE,
    });
    const ok = await call('owner', 'POST', `/campaign/${campaign.id}/strategies`, {
      name: 'Madrid',
      start_date: campaign.start_date,
      budget_share: 50,
      targeting: { audiences: { mandatory: [resources.churned] }, geolists: [resources.geolistFr] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const strategy = ok.json<TStrategy>();
    expect(strategy.targeting).toEqual({
      audiences: { at_least_one_of: [], mandatory: [resources.churned], excluded: [] },
      location_audiences: [],
      geolists: [resources.geolistFr],
    });
    const read = (await call('owner', 'GET', `/campaign/${campaign.id}`)).json<TCampaign>();
    expect(read.alerts).toContainEqual({
      type: 'inconsistent_targeting',
      field: `strategies.${strategy.id}.targeting.geolists.0`,
      message: strategyAlert('Madrid', geolistOutsideCountriesAlert('Paris stores')),
      strategy: strategy.id,
    });
    expect(read.targeted_resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining(['Churned', 'Paris stores']),
    );
    const updated = await call('owner', 'PUT', `/strategy/${strategy.id}`, {
      version: strategy.version,
      targeting: { location_audiences: [resources.visitors, 123_456_789] },
    });
    expect(detailsOf(updated)).toEqual([
      { path: 'targeting.location_audiences.1', message: TARGETED_RESOURCE_UNAVAILABLE_MESSAGE },
    ]);
  });
});
