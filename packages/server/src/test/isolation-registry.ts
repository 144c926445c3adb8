import type { LightMyRequestResponse } from 'fastify';
import { insertAudienceWithHistory } from '../modules/audiences/audiences.service';
import { createTestCreative } from '../modules/creatives/creatives.factories';
import { createTestDeal } from '../modules/deals/deals.factories';
import { insertGeolistWithHistory } from '../modules/geolists/geolists.service';
import { insertLocationAudienceWithHistory } from '../modules/location-audiences/location-audiences.service';
import { insertPublisherListWithHistory } from '../modules/publisher-lists/publisher-lists.service';
import { createCampaign, createStrategy, dayFromToday, SEED_ACTOR, uniqueSuffix } from './factories';
import {
  type Area,
  AUDIENCE_EDITORS,
  type Caller,
  CREATIVE_EDITORS,
  EDITORS,
  type IsolationWorld,
  type Target,
} from './isolation-world';
import { type MultipartPart, TINY_PNG } from './test-app';

/**
 * What the isolation suite (isolation.test.ts) knows of each tenant resource module (docs/decisions/039): how to
 * make a fresh row in a target organization, the §6 area its routes declare, who may edit it (spec §6 Edit and
 * decision 038), the tables a refused call must leave alone, and every call of the module. A new resource module
 * registers here; the suite fails naming any route with an `:id` that no module registers.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `read`: 403 outside the area, 404 outside the scope, success otherwise;
 * - `write`: on a row: 403 outside the area, 404 outside the scope (whoever asks), 403 without the edit right;
 * - `create`: no row to find first, so a caller without the edit right is 403 before its organization is
 *   looked up (`assertCanEdit` of lib/resources.ts); then 404 for an organization outside the scope.
 */
export type CallKind = 'read' | 'write' | 'create';

export type Body = Record<string, unknown> | { multipart: MultipartPart[] };

export type CallContext = { world: IsolationWorld; caller: Caller; target: Target };

export type IsolationCall<F> = {
  method: Method;
  /** The route as the app registers it (`/api/deal/:id`), for the coverage check. */
  route: string;
  kind: CallKind;
  /** The answer past every check of area, scope and right. */
  success: number;
  /** The call's §6 area when it is not the module's (a creative call under /campaign/{id}). */
  area?: Area;
  /**
   * The callers of the area a read answers, when the call narrows it further past the scope (the goal rates: §6
   * "Internal", decision 051); the others get 403 once the row is found. Absent: every caller of the area.
   */
  readers?: readonly Caller[];
  /** The URL without /api. */
  url: (fresh: F, c: CallContext) => string;
  body?: (fresh: F, c: CallContext) => Body;
};

export type IsolationList = {
  route: string;
  area: Area;
  url: string;
  method?: Method;
  /** The rows answered: their ids and, when the answer tells it, their organization. */
  rows: (response: LightMyRequestResponse) => { id: number; organization?: number }[];
};

/** A table the module's calls may change; a child table names its parent, whose organization its rows have. */
export type IsolationTable = { table: string; parent?: { table: string; key: string } };

export type IsolationModule<F> = {
  name: string;
  /** The §6 area of the module's routes. */
  area: Area;
  /** Who may change its rows (spec §6 Edit, decision 038). */
  editors: readonly Caller[];
  fresh: (world: IsolationWorld, target: Target) => Promise<F>;
  /** The fresh row's id (the deleted-row check reads it). */
  idOf: (fresh: F) => string;
  /** Texts of the fresh row that no refused answer may contain. */
  secrets: (fresh: F) => string[];
  tables: readonly IsolationTable[];
  calls: readonly IsolationCall<F>[];
  lists: readonly IsolationList[];
  /** Organizations besides the targets in a caller's scope (the data partner's own). */
  alsoVisible?: (caller: Caller, world: IsolationWorld) => string[];
  /** A write to a deleted row is 409 DELETED (decision 039): how to delete it, and the writes checked after. */
  deleted: { remove: string; writes: readonly string[] };
};

/** `METHOD /api/route`, the name of a call in reports and in `deleted`. */
export const callName = (call: Pick<IsolationCall<unknown>, 'method' | 'route'>): string =>
  `${call.method} ${call.route}`;

const define = <F>(module: IsolationModule<F>): IsolationModule<unknown> =>
  module as unknown as IsolationModule<unknown>;

const jsonRows = (response: LightMyRequestResponse) =>
  response
    .json<{ id: number; organization?: number; organization_id?: number }[]>()
    .map((row) => ({ id: row.id, organization: row.organization ?? row.organization_id }));

const orgOf = (c: CallContext) => Number(c.world.organizations[c.target]);

// --- deals -------------------------------------------------------------------------------------------------

const deals = define({
  name: 'deals',
  area: 'resources-deals',
  editors: EDITORS,
  fresh: (world, target) =>
    createTestDeal(world.ctx, world.organizations[target], {
      name: `Secret ${target} deal ${uniqueSuffix()}`,
    }),
  idOf: (deal) => deal.id,
  secrets: (deal) => [deal.name],
  tables: [{ table: 'deals' }],
  calls: [
    {
      method: 'POST',
      route: '/api/deal',
      kind: 'create',
      success: 201,
      url: () => '/deal',
      body: (_deal, c) => ({
        organization: orgOf(c),
        external_id: `X-${uniqueSuffix()}`,
        name: 'Created across tenants',
        supply_partner: 'magnite',
        type: 'preferred',
        floor_price: '3',
        start_date: dayFromToday(c.world.ctx, 0),
      }),
    },
    { method: 'GET', route: '/api/deal/:id', kind: 'read', success: 200, url: (d) => `/deal/${d.id}` },
    {
      method: 'GET',
      route: '/api/deal/:id/history',
      kind: 'read',
      success: 200,
      url: (d) => `/deal/${d.id}/history`,
    },
    {
      method: 'PUT',
      route: '/api/deal/:id',
      kind: 'write',
      success: 200,
      url: (d) => `/deal/${d.id}`,
      body: (_d, c) => ({ version: 1, name: `Renamed by ${c.caller}` }),
    },
    {
      method: 'DELETE',
      route: '/api/deal/:id',
      kind: 'write',
      success: 204,
      url: (d) => `/deal/${d.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/deal/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (d) => `/deal/${d.id}/duplicate`,
      body: (d) => ({ external_id: `${d.external_id}-copy` }),
    },
  ],
  lists: [{ route: '/api/deals', area: 'resources-deals', url: '/deals?limit=200', rows: jsonRows }],
  deleted: {
    remove: 'DELETE /api/deal/:id',
    writes: ['PUT /api/deal/:id', 'DELETE /api/deal/:id', 'POST /api/deal/:id/duplicate'],
  },
});

// --- geolists ----------------------------------------------------------------------------------------------

const geolists = define({
  name: 'geolists',
  area: 'resources-geolists',
  editors: EDITORS,
  fresh: (world, target) =>
    insertGeolistWithHistory(
      world.ctx.db,
      {
        organization_id: world.organizations[target],
        name: `Secret ${target} geolist ${uniqueSuffix()}`,
        country: 'ESP',
      },
      [{ latitude: 40.4, longitude: -3.7, radius: 250, name: `Secret ${target} area` }],
      SEED_ACTOR,
    ),
  idOf: (geolist) => geolist.id,
  secrets: (geolist) => [geolist.name],
  tables: [
    { table: 'geolists' },
    { table: 'geolist_areas', parent: { table: 'geolists', key: 'geolist_id' } },
  ],
  calls: [
    {
      method: 'POST',
      route: '/api/geolist',
      kind: 'create',
      success: 201,
      url: () => '/geolist',
      body: (_g, c) => ({
        organization: orgOf(c),
        name: 'Created across tenants',
        areas: [{ latitude: 1, longitude: 2 }],
      }),
    },
    { method: 'GET', route: '/api/geolist/:id', kind: 'read', success: 200, url: (g) => `/geolist/${g.id}` },
    {
      method: 'GET',
      route: '/api/geolist/:id/history',
      kind: 'read',
      success: 200,
      url: (g) => `/geolist/${g.id}/history`,
    },
    {
      method: 'PUT',
      route: '/api/geolist/:id',
      kind: 'write',
      success: 200,
      url: (g) => `/geolist/${g.id}`,
      body: (_g, c) => ({ version: 1, name: `By ${c.caller}` }),
    },
    {
      method: 'PUT',
      route: '/api/geolist/:id/areas',
      kind: 'write',
      success: 200,
      url: (g) => `/geolist/${g.id}/areas`,
      body: () => ({
        multipart: [
          { name: 'data', value: JSON.stringify({ version: 1 }) },
          { name: 'file', filename: 'areas.csv', contentType: 'text/csv', data: Buffer.from('1,2,30,x\n') },
        ],
      }),
    },
    {
      method: 'DELETE',
      route: '/api/geolist/:id',
      kind: 'write',
      success: 204,
      url: (g) => `/geolist/${g.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/geolist/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (g) => `/geolist/${g.id}/duplicate`,
      body: () => ({}),
    },
  ],
  lists: [{ route: '/api/geolists', area: 'resources-geolists', url: '/geolists?limit=200', rows: jsonRows }],
  deleted: {
    remove: 'DELETE /api/geolist/:id',
    writes: ['PUT /api/geolist/:id', 'PUT /api/geolist/:id/areas', 'POST /api/geolist/:id/duplicate'],
  },
});

// --- publisher lists ---------------------------------------------------------------------------------------

const publisherLists = define({
  name: 'publisher-lists',
  area: 'resources-publishers',
  editors: EDITORS,
  fresh: async (world, target) => {
    const publisher = `secret-${target}-${uniqueSuffix()}.example.com`.toLowerCase();
    const list = await insertPublisherListWithHistory(
      world.ctx.db,
      {
        organization_id: world.organizations[target],
        name: `Secret ${target} publisher list ${uniqueSuffix()}`,
        kind: 'block',
      },
      [{ publisher, platform: 'web' }],
      SEED_ACTOR,
    );
    return { ...list, publisher };
  },
  idOf: (list) => list.id,
  secrets: (list) => [list.name, list.publisher],
  tables: [
    { table: 'publisher_lists' },
    { table: 'publisher_list_entries', parent: { table: 'publisher_lists', key: 'list_id' } },
  ],
  calls: [
    {
      method: 'POST',
      route: '/api/publisher-list',
      kind: 'create',
      success: 201,
      url: () => '/publisher-list',
      body: (_l, c) => ({
        organization: orgOf(c),
        name: 'Created across tenants',
        kind: 'allow',
        publishers: ['across.example.com'],
      }),
    },
    {
      method: 'GET',
      route: '/api/publisher-list/:id',
      kind: 'read',
      success: 200,
      url: (l) => `/publisher-list/${l.id}`,
    },
    {
      method: 'GET',
      route: '/api/publisher-list/:id/history',
      kind: 'read',
      success: 200,
      url: (l) => `/publisher-list/${l.id}/history`,
    },
    {
      method: 'GET',
      route: '/api/publisher-list/:id/publishers',
      kind: 'read',
      success: 200,
      url: (l) => `/publisher-list/${l.id}/publishers`,
    },
    {
      // The {id} is the organization: its own lists.
      method: 'GET',
      route: '/api/v2/organization/:id/publishers-lists',
      kind: 'read',
      success: 200,
      url: (l) => `/v2/organization/${l.organization_id}/publishers-lists`,
    },
    {
      method: 'PUT',
      route: '/api/publisher-list/:id',
      kind: 'write',
      success: 200,
      url: (l) => `/publisher-list/${l.id}`,
      body: (_l, c) => ({ version: 1, name: `By ${c.caller}` }),
    },
    {
      method: 'POST',
      route: '/api/publisher-list/:id/publishers',
      kind: 'write',
      success: 200,
      url: (l) => `/publisher-list/${l.id}/publishers`,
      body: () => ({
        multipart: [
          { name: 'data', value: JSON.stringify({ version: 1, mode: 'append' }) },
          {
            name: 'file',
            filename: 'more.txt',
            contentType: 'text/plain',
            data: Buffer.from('uploaded.example.com\n'),
          },
        ],
      }),
    },
    {
      method: 'PUT',
      route: '/api/publisher-list/:id/publishers',
      kind: 'write',
      success: 200,
      url: (l) => `/publisher-list/${l.id}/publishers`,
      body: () => ({ version: 1, add: ['added.example.com'] }),
    },
    {
      method: 'DELETE',
      route: '/api/publisher-list/:id',
      kind: 'write',
      success: 204,
      url: (l) => `/publisher-list/${l.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/publisher-list/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (l) => `/publisher-list/${l.id}/duplicate`,
      body: () => ({}),
    },
  ],
  lists: [
    {
      route: '/api/publisher-lists',
      area: 'resources-publishers',
      url: '/publisher-lists?limit=200',
      rows: jsonRows,
    },
  ],
  deleted: {
    remove: 'DELETE /api/publisher-list/:id',
    writes: [
      'PUT /api/publisher-list/:id',
      'PUT /api/publisher-list/:id/publishers',
      'POST /api/publisher-list/:id/publishers',
      'POST /api/publisher-list/:id/duplicate',
    ],
  },
});

// --- audiences ---------------------------------------------------------------------------------------------

const audiences = define({
  name: 'audiences',
  area: 'resources-audiences',
  editors: AUDIENCE_EDITORS,
  fresh: (world, target) =>
    insertAudienceWithHistory(
      world.ctx.db,
      {
        organization_id: world.organizations[target],
        name: `Secret ${target} audience ${uniqueSuffix()}`,
        description: `Secret ${target} description`,
        type: 'private',
        users_count: 0,
      },
      SEED_ACTOR,
    ),
  idOf: (audience) => audience.id,
  secrets: (audience) => [audience.name],
  tables: [
    { table: 'audiences' },
    { table: 'audience_identifiers', parent: { table: 'audiences', key: 'audience_id' } },
  ],
  calls: [
    {
      method: 'POST',
      route: '/api/audience',
      kind: 'create',
      success: 201,
      url: () => '/audience',
      body: (_a, c) => ({ organization: orgOf(c), name: 'Created across tenants', type: 'private' }),
    },
    {
      method: 'GET',
      route: '/api/audience/:id',
      kind: 'read',
      success: 200,
      url: (a) => `/audience/${a.id}`,
    },
    {
      method: 'GET',
      route: '/api/audience/:id/history',
      kind: 'read',
      success: 200,
      url: (a) => `/audience/${a.id}/history`,
    },
    {
      method: 'PUT',
      route: '/api/audience/:id',
      kind: 'write',
      success: 200,
      url: (a) => `/audience/${a.id}`,
      body: (_a, c) => ({ version: 1, name: `Renamed by ${c.caller}` }),
    },
    {
      method: 'DELETE',
      route: '/api/audience/:id',
      kind: 'write',
      success: 204,
      url: (a) => `/audience/${a.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/audience/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (a) => `/audience/${a.id}/duplicate`,
      body: () => ({}),
    },
    {
      method: 'POST',
      route: '/api/audience/:id/identifiers',
      kind: 'write',
      success: 202,
      url: (a) => `/audience/${a.id}/identifiers`,
      body: (_a, c) => ({
        multipart: [
          { name: 'data', value: JSON.stringify({ commits_not_to_rebuild: true, identifier_type: 'web' }) },
          {
            name: 'file',
            filename: 'ids.txt',
            contentType: 'text/plain',
            data: Buffer.from(`cookie-${c.caller}\n`),
          },
        ],
      }),
    },
  ],
  lists: [
    { route: '/api/audiences', area: 'resources-audiences', url: '/audiences?limit=200', rows: jsonRows },
  ],
  // The data partner's scope is its own organization, which holds the demo segments.
  alsoVisible: (caller, world) => (caller === 'data_partner' ? [world.dataPartnerOrganization] : []),
  deleted: {
    remove: 'DELETE /api/audience/:id',
    writes: [
      'PUT /api/audience/:id',
      'POST /api/audience/:id/duplicate',
      'POST /api/audience/:id/identifiers',
    ],
  },
});

// --- location audiences ------------------------------------------------------------------------------------

const locationAudiences = define({
  name: 'location-audiences',
  area: 'resources-audiences',
  editors: AUDIENCE_EDITORS,
  fresh: (world, target) =>
    insertLocationAudienceWithHistory(
      world.ctx.db,
      {
        organization_id: world.organizations[target],
        name: `Secret ${target} location audience ${uniqueSuffix()}`,
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        max_users: 10_000,
        time_range: { from: '00:00', to: '24:00' },
        timezone: 'UTC',
        precision: 'standard',
      },
      [{ latitude: 1, longitude: 2, radius: 300, name: `Secret ${target} area` }],
      SEED_ACTOR,
    ),
  idOf: (audience) => audience.id,
  secrets: (audience) => [audience.name],
  tables: [
    { table: 'location_audiences' },
    {
      table: 'location_audience_areas',
      parent: { table: 'location_audiences', key: 'location_audience_id' },
    },
  ],
  calls: [
    {
      method: 'POST',
      route: '/api/location-audience',
      kind: 'create',
      success: 201,
      url: () => '/location-audience',
      body: (_a, c) => ({
        organization: orgOf(c),
        name: 'Created across tenants',
        areas: [{ latitude: 10, longitude: 10 }],
        start_date: '2026-12-01',
        end_date: '2026-12-02',
        max_users: 10_000,
      }),
    },
    {
      method: 'GET',
      route: '/api/location-audience/:id',
      kind: 'read',
      success: 200,
      url: (a) => `/location-audience/${a.id}`,
    },
    {
      method: 'GET',
      route: '/api/location-audience/:id/history',
      kind: 'read',
      success: 200,
      url: (a) => `/location-audience/${a.id}/history`,
    },
    {
      method: 'PUT',
      route: '/api/location-audience/:id',
      kind: 'write',
      success: 200,
      url: (a) => `/location-audience/${a.id}`,
      body: (_a, c) => ({
        version: 1,
        name: `Renamed by ${c.caller}`,
        areas: [{ latitude: 3, longitude: 4 }],
      }),
    },
    {
      method: 'DELETE',
      route: '/api/location-audience/:id',
      kind: 'write',
      success: 204,
      url: (a) => `/location-audience/${a.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/location-audience/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (a) => `/location-audience/${a.id}/duplicate`,
      body: () => ({}),
    },
  ],
  lists: [
    {
      route: '/api/location-audiences',
      area: 'resources-audiences',
      url: '/location-audiences?limit=200',
      rows: jsonRows,
    },
  ],
  deleted: {
    remove: 'DELETE /api/location-audience/:id',
    writes: ['PUT /api/location-audience/:id', 'POST /api/location-audience/:id/duplicate'],
  },
});

// --- creatives ---------------------------------------------------------------------------------------------

/** A PNG upload to one of a creative's file slots. */
const pngUpload = (): Body => ({
  multipart: [{ name: 'file', filename: 'ad.png', contentType: 'image/png', data: TINY_PNG }],
});

const creatives = define({
  name: 'creatives',
  area: 'creative',
  editors: CREATIVE_EDITORS,
  fresh: async (world, target) => {
    const organization = world.organizations[target];
    const creative = await createTestCreative(world.ctx, organization, {
      name: `Secret ${target} creative ${uniqueSuffix()}`,
    });
    const campaign = await createCampaign(world.ctx, organization, {
      name: `Secret ${target} campaign ${uniqueSuffix()}`,
    });
    return { creative, campaign };
  },
  idOf: ({ creative }) => creative.id,
  secrets: ({ creative, campaign }) => [creative.name, campaign.name],
  tables: [
    { table: 'creatives' },
    { table: 'campaigns' },
    { table: 'campaign_creatives', parent: { table: 'campaigns', key: 'campaign_id' } },
  ],
  calls: [
    {
      method: 'POST',
      route: '/api/creative',
      kind: 'create',
      success: 201,
      url: () => '/creative',
      body: (_f, c) => ({
        organization: orgOf(c),
        type: 'tag',
        name: 'Created across tenants',
        html_markup: '<div>ad</div>',
        width: 300,
        height: 250,
      }),
    },
    {
      method: 'GET',
      route: '/api/creative/:id',
      kind: 'read',
      success: 200,
      url: (f) => `/creative/${f.creative.id}`,
    },
    {
      method: 'GET',
      route: '/api/creative/:id/history',
      kind: 'read',
      success: 200,
      url: (f) => `/creative/${f.creative.id}/history`,
    },
    {
      method: 'GET',
      route: '/api/creative/:id/preview',
      kind: 'read',
      success: 200,
      url: (f) => `/creative/${f.creative.id}/preview`,
    },
    {
      // A tag has no VAST document: past area and scope, its answer is the type's 400.
      method: 'GET',
      route: '/api/creative/:id/vast',
      kind: 'read',
      success: 400,
      url: (f) => `/creative/${f.creative.id}/vast`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/creatives',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/creatives`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/linkable-creatives',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/linkable-creatives`,
    },
    {
      method: 'PUT',
      route: '/api/creative/:id',
      kind: 'write',
      success: 200,
      url: (f) => `/creative/${f.creative.id}`,
      body: (_f, c) => ({ version: 1, name: `Renamed by ${c.caller}` }),
    },
    {
      method: 'DELETE',
      route: '/api/creative/:id',
      kind: 'write',
      success: 204,
      url: (f) => `/creative/${f.creative.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/creative/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (f) => `/creative/${f.creative.id}/duplicate`,
      body: () => ({}),
    },
    {
      method: 'POST',
      route: '/api/creative/:id/campaigns',
      kind: 'write',
      success: 200,
      url: (f) => `/creative/${f.creative.id}/campaigns`,
      body: (f) => ({ campaign_ids: [Number(f.campaign.id)] }),
    },
    {
      method: 'PUT',
      route: '/api/campaign/:id/creatives',
      kind: 'write',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/creatives`,
      body: (f) => ({ links: [{ creative_id: Number(f.creative.id), state: 'active' }] }),
    },
    // A tag takes no file: past area, scope and right, an upload's answer is the type's 400 (what an upload
    // stores, per slot and type, is creative-files.routes.test.ts's).
    {
      method: 'POST',
      route: '/api/creative/:id/asset',
      kind: 'write',
      success: 400,
      url: (f) => `/creative/${f.creative.id}/asset`,
      body: pngUpload,
    },
    {
      method: 'POST',
      route: '/api/creative/:id/companion',
      kind: 'write',
      success: 400,
      url: (f) => `/creative/${f.creative.id}/companion`,
      body: pngUpload,
    },
    {
      method: 'POST',
      route: '/api/creative/:id/native-icon',
      kind: 'write',
      success: 400,
      url: (f) => `/creative/${f.creative.id}/native-icon`,
      body: pngUpload,
    },
  ],
  lists: [{ route: '/api/creatives', area: 'creatives', url: '/creatives?limit=200', rows: jsonRows }],
  deleted: {
    remove: 'DELETE /api/creative/:id',
    writes: ['PUT /api/creative/:id', 'POST /api/creative/:id/duplicate', 'POST /api/creative/:id/campaigns'],
  },
});

// --- campaigns and their strategies ------------------------------------------------------------------------

const campaigns = define({
  name: 'campaigns',
  area: 'campaign',
  editors: EDITORS,
  fresh: async (world, target) => {
    const campaign = await createCampaign(world.ctx, world.organizations[target], {
      name: `Secret ${target} campaign ${uniqueSuffix()}`,
    });
    const strategy = await createStrategy(world.ctx, campaign, {
      name: `Secret ${target} strategy ${uniqueSuffix()}`,
      budget_share: 40,
    });
    return { campaign, strategy };
  },
  idOf: ({ campaign }) => campaign.id,
  secrets: ({ campaign, strategy }) => [campaign.name, strategy.name],
  tables: [
    { table: 'campaigns' },
    { table: 'strategies', parent: { table: 'campaigns', key: 'campaign_id' } },
  ],
  calls: [
    {
      method: 'POST',
      route: '/api/campaign',
      kind: 'create',
      success: 201,
      url: () => '/campaign',
      body: (_f, c) => ({
        organization: orgOf(c),
        name: 'Created across tenants',
        type: 'generic',
        state: 'preview',
      }),
    },
    {
      // The bulk edit names its rows in the body; one outside the scope is 404 like a path's.
      method: 'PUT',
      route: '/api/campaigns',
      area: 'campaigns',
      kind: 'write',
      success: 200,
      url: () => '/campaigns',
      body: (f) => ({ ids: [Number(f.campaign.id)], changes: { state: 'deleted' } }),
    },
    {
      method: 'GET',
      route: '/api/campaign/:id',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/strategies',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/strategies`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/history',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/history`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/bidding',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/bidding`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/goal-rates',
      area: 'internal-campaign',
      readers: ['supervisor'],
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/goal-rates`,
    },
    {
      method: 'GET',
      route: '/api/campaign/:id/export',
      kind: 'read',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/export?format=xlsx`,
    },
    {
      method: 'GET',
      route: '/api/strategy/:id',
      kind: 'read',
      success: 200,
      url: (f) => `/strategy/${f.strategy.id}`,
    },
    {
      method: 'PUT',
      route: '/api/campaign/:id',
      kind: 'write',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}`,
      body: (_f, c) => ({ version: 1, name: `Renamed by ${c.caller}` }),
    },
    {
      method: 'PUT',
      route: '/api/campaign/:id/start-date',
      kind: 'write',
      success: 200,
      url: (f) => `/campaign/${f.campaign.id}/start-date`,
      body: (_f, c) => ({ version: 1, start_date: dayFromToday(c.world.ctx, 2), reset_budget: true }),
    },
    {
      method: 'DELETE',
      route: '/api/campaign/:id',
      kind: 'write',
      success: 204,
      url: (f) => `/campaign/${f.campaign.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/campaign/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (f) => `/campaign/${f.campaign.id}/duplicate`,
      body: () => ({ with_strategies: true }),
    },
    {
      method: 'POST',
      route: '/api/campaign/:id/strategies',
      kind: 'write',
      success: 201,
      url: (f) => `/campaign/${f.campaign.id}/strategies`,
      body: (f) => ({ name: 'Added', start_date: f.campaign.start_date, budget_share: 10 }),
    },
    {
      method: 'PUT',
      route: '/api/strategy/:id',
      kind: 'write',
      success: 200,
      url: (f) => `/strategy/${f.strategy.id}`,
      body: () => ({ version: 1, state: 'paused' }),
    },
    {
      method: 'DELETE',
      route: '/api/strategy/:id',
      kind: 'write',
      success: 204,
      url: (f) => `/strategy/${f.strategy.id}?version=1`,
    },
    {
      method: 'POST',
      route: '/api/strategy/:id/duplicate',
      kind: 'write',
      success: 201,
      url: (f) => `/strategy/${f.strategy.id}/duplicate`,
      body: () => ({}),
    },
  ],
  lists: [
    { route: '/api/campaigns', area: 'campaigns', url: '/campaigns?limit=200', rows: jsonRows },
    {
      route: '/api/campaigns/download',
      area: 'campaigns',
      method: 'POST',
      url: '/campaigns/download?limit=200',
      // CSV: the id first on each line.
      rows: (response) =>
        response.body
          .split('\r\n')
          .slice(1)
          .map((line) => ({ id: Number(line.split(',')[0]) }))
          .filter((row) => Number.isInteger(row.id) && row.id > 0),
    },
  ],
  deleted: {
    remove: 'DELETE /api/campaign/:id',
    writes: [
      'PUT /api/campaign/:id',
      'PUT /api/campaign/:id/start-date',
      'POST /api/campaign/:id/duplicate',
      'POST /api/campaign/:id/strategies',
    ],
  },
});

/** Every tenant resource module, in the order the suite runs them. */
export const ISOLATION_MODULES: readonly IsolationModule<unknown>[] = [
  deals,
  geolists,
  publisherLists,
  audiences,
  locationAudiences,
  creatives,
  campaigns,
];

/**
 * Routes with an `:id` that belong to no module above, each with where its isolation is tested. A route missing
 * from both fails the suite.
 */
export const COVERED_ELSEWHERE: Readonly<Record<string, string>> = {
  // Organizations: their writes in modules/organizations/organizations.isolation.test.ts, their reads by id (every
  // caller against every demo organization) in organizations.routes.test.ts.
  'GET /api/v2/organization/:id': 'organizations.routes.test.ts',
  'GET /api/organization/:id/children': 'organizations.routes.test.ts',
  'PUT /api/v2/organization/:id': 'organizations.isolation.test.ts',
  'POST /api/v2/organization/:id/duplicate': 'organizations.isolation.test.ts',
  // Users of an organization: modules/users/users.isolation.test.ts.
  'GET /api/organization/:id/users': 'users.isolation.test.ts',
  'POST /api/organization/:id/user': 'users.isolation.test.ts',
  'PUT /api/organization/:id/user/:userId': 'users.isolation.test.ts',
  'DELETE /api/organization/:id/user/:userId': 'users.isolation.test.ts',
  'PUT /api/organization/:id/user/:userId/password': 'users.isolation.test.ts',
  'PUT /api/v2/organization/:id/users': 'users.isolation.test.ts',
  // An organization's planner map link (§6 campaigns, 404 outside the scope): planner-map.routes.test.ts.
  'GET /api/organization/:id/planner-map': 'planner-map.routes.test.ts',
  // An organization's postback pixel (§6 campaigns and the scope): tracking.routes.test.ts.
  'GET /api/v2/organization/:id/postback': 'tracking.routes.test.ts',
  // The operator's approval queue (§6 backoffice: internal staff only, every organization):
  // creatives.approval.test.ts.
  'POST /api/backoffice/creative/:id/approve': 'creatives.approval.test.ts',
  'POST /api/backoffice/creative/:id/reject': 'creatives.approval.test.ts',
  // The bidder's exchanges belong to no organization: the operator's internal staff only, every other caller 403
  // whatever the id (modules/exchanges/exchanges.routes.test.ts).
  'GET /api/backoffice/exchanges/:id': 'exchanges.routes.test.ts',
  'PUT /api/backoffice/exchanges/:id': 'exchanges.routes.test.ts',
  'DELETE /api/backoffice/exchanges/:id': 'exchanges.routes.test.ts',
  'POST /api/backoffice/exchanges/:id/token': 'exchanges.routes.test.ts',
  'GET /api/backoffice/exchanges/:id/history': 'exchanges.routes.test.ts',
  // Saved views belong to a user, not an organization: another user's view is 404 for everyone
  // (modules/saved-views/saved-views.routes.test.ts).
  'PATCH /api/saved-views/:id': 'saved-views.routes.test.ts',
  'DELETE /api/saved-views/:id': 'saved-views.routes.test.ts',
};
