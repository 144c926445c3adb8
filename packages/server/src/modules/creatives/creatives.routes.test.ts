import { VAST_NO_AD_MESSAGE, VAST_URL_UNREACHABLE_MESSAGE } from '@beacon/domain/validation/creative-vast';
import {
  CREATIVE_ATTRIBUTE_REPEATED_MESSAGE,
  CREATIVE_DELETED_MESSAGE,
  CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE,
  CREATIVE_LANGUAGE_MESSAGE,
  CREATIVE_NAME_MESSAGE,
  CREATIVE_SIZE_MESSAGE,
  CREATIVE_VAST_SOURCE_MESSAGE,
  HTML_MARKUP_MESSAGE,
  REPEATED_PIXELS_MESSAGE,
  REQUIRED_MESSAGE,
  URL_PREFIX_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext, UNREACHABLE_VAST_URL } from '../../test/test-app';
import { createTestCreative } from './creatives.factories';
import type { TCreative, TCreativeHistoryEntry, TCreativeRow } from './creatives.schemas';

/** The creative endpoints and rules through the API (decisions 022 and 039): CRUD, list, history. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const orgs: Record<'agency' | 'advertiser' | 'northwind', string> = {
  agency: '',
  advertiser: '',
  northwind: '',
};

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

const TAG = {
  type: 'tag',
  name: 'Spring tag',
  click_url: 'https://shop.example/spring',
  html_markup: '<div><a href="{click_url}">Spring sale</a></div>',
  width: 300,
  height: 250,
};

const create = async (who: string, body: Record<string, unknown>): Promise<TCreative> => {
  const response = await call(who, 'POST', '/creative', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreative>();
};

beforeAll(async () => {
  ctx = await startTestApp();
  const named = [
    ['agency', 'Demo Agency'],
    ['advertiser', 'Demo Advertiser'],
    ['northwind', 'Northwind Media'],
  ] as const;
  for (const [key, name] of named) {
    orgs[key] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
  for (const who of [
    'owner',
    'editor',
    'viewer',
    'creative_manager',
    'advertiser',
    'reseller',
    'supervisor',
  ]) {
    tokens[who] = await loginAs(ctx.app, who);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /creative', () => {
  it('creates each type pending approval with its technical type and only its own fields', async () => {
    const bodies = [
      { type: 'image', name: 'Banner', click_url: 'https://shop.example/a', boxing_allowed: true },
      TAG,
      { ...TAG, type: 'rich_media', name: 'Rich', width: 728, height: 90 },
      {
        type: 'video',
        name: 'Pre-roll',
        click_url: 'https://shop.example/v',
        event_pixels: { start: ['https://px.example/start'], complete: ['https://px.example/done'] },
      },
      { type: 'external_video', name: 'Wrapper', vast_url: 'https://ads.example/vast.xml' },
      {
        type: 'native',
        name: 'Native',
        click_url: 'https://shop.example/n',
        native: { title: 'Shoes', description: 'Light shoes', call_to_action: 'Buy', sponsored_by: 'Shop' },
      },
      { type: 'audio', name: 'Spot', language: 'es' },
    ];
    const expected = {
      image: 'banner',
      tag: 'third_party',
      rich_media: 'third_party',
      video: 'vast',
      external_video: 'vast-wrapper',
      native: 'native',
      audio: 'audio',
    };
    for (const body of bodies) {
      const creative = await create('creative_manager', body);
      expect(creative).toMatchObject({
        type: body.type,
        technical_type: expected[body.type as keyof typeof expected],
        state: 'pending-approval',
        audit_status: 'pending',
        validity: 'unknown',
        organization: Number(orgs.agency),
        organization_name: 'Demo Agency',
        campaigns: [],
        campaigns_count: 0,
        version: 1,
      });
    }
    const image = await create('owner', bodies[0] ?? {});
    expect(image).toMatchObject({ boxing_allowed: true, width: null, html_markup: null, asset: null });
    const tag = await create('owner', TAG);
    expect(tag).toMatchObject({
      width: 300,
      height: 250,
      tag_creation_mode: 'single',
      html_markup: TAG.html_markup,
    });
    const native = await create('owner', bodies[5] ?? {});
    expect(native.native).toEqual({
      title: 'Shoes',
      description: 'Light shoes',
      call_to_action: 'Buy',
      sponsored_by: 'Shop',
      main_image_url: null,
      icon_url: null,
    });
  });

  it('goes to another organization of the scope when named, and 404 outside it', async () => {
    const child = await create('owner', { ...TAG, organization: Number(orgs.advertiser) });
    expect(child.organization_name).toBe('Demo Advertiser');
    const outside = await call('owner', 'POST', '/creative', {
      ...TAG,
      organization: Number(orgs.northwind),
    });
    expect(outside.statusCode).toBe(404);
  });

  it('answers the §5 messages on the fields that break them', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...TAG, name: 'Sale | now' }, 'name', CREATIVE_NAME_MESSAGE],
      [{ ...TAG, name: '  ' }, 'name', REQUIRED_MESSAGE],
      [{ ...TAG, click_url: 'http://shop.example' }, 'click_url', URL_PREFIX_MESSAGE],
      [{ ...TAG, html_markup: '<div><span>open</div>' }, 'html_markup', HTML_MARKUP_MESSAGE],
      [{ ...TAG, width: 301 }, 'width', CREATIVE_SIZE_MESSAGE],
      [
        { ...TAG, impression_pixels: ['https://p.example/1', 'https://p.example/1'] },
        'impression_pixels.1',
        REPEATED_PIXELS_MESSAGE,
      ],
      [{ ...TAG, impression_pixels: ['ftp://p.example/1'] }, 'impression_pixels.0', URL_PREFIX_MESSAGE],
      [{ ...TAG, attributes: [3, 3] }, 'attributes.1', CREATIVE_ATTRIBUTE_REPEATED_MESSAGE],
      [{ ...TAG, language: 'xx' }, 'language', CREATIVE_LANGUAGE_MESSAGE],
      [{ type: 'external_video', name: 'W' }, 'vast_url', CREATIVE_VAST_SOURCE_MESSAGE],
      [
        { type: 'external_video', name: 'W', vast_url: 'http://ads.example/v.xml' },
        'vast_url',
        URL_PREFIX_MESSAGE,
      ],
      [
        {
          type: 'video',
          name: 'V',
          click_url: 'https://a.example',
          event_pixels: { skip: ['https://p.example', 'https://p.example'] },
        },
        'event_pixels.skip.1',
        'Repeated event pixels URLs are not allowed',
      ],
      [{ type: 'image', name: 'I' }, 'click_url', REQUIRED_MESSAGE],
    ];
    for (const [body, path, message] of cases) {
      const response = await call('owner', 'POST', '/creative', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailsOf(response), JSON.stringify(body)).toContainEqual({ path, message });
    }
  });

  it('refuses a field of another type and an unknown type', async () => {
    const markupOnImage = await call('owner', 'POST', '/creative', {
      type: 'image',
      name: 'I',
      click_url: 'https://a.example',
      html_markup: '<b>x</b>',
    });
    expect(markupOnImage.statusCode).toBe(400);
    const unknown = await call('owner', 'POST', '/creative', { ...TAG, type: 'hologram' });
    expect(unknown.statusCode).toBe(400);
  });

  it('checks an external video’s VAST source as VAST 4.x when it is created or changed', async () => {
    const wrapper = (body: Record<string, unknown>) => ({ type: 'external_video', name: 'Wrapper', ...body });
    const notVast = await call(
      'owner',
      'POST',
      '/creative',
      wrapper({ vast_xml: '<VAST version="4.0"></VAST>' }),
    );
    expect(notVast.statusCode).toBe(400);
    expect(detailsOf(notVast)).toEqual([{ path: 'vast_xml', message: VAST_NO_AD_MESSAGE }]);
    const unreachable = await call('owner', 'POST', '/creative', wrapper({ vast_url: UNREACHABLE_VAST_URL }));
    expect(unreachable.statusCode).toBe(400);
    expect(detailsOf(unreachable)).toEqual([{ path: 'vast_url', message: VAST_URL_UNREACHABLE_MESSAGE }]);
    const xml =
      '<VAST version="4.1"><Ad id="1"><Wrapper><AdSystem>W</AdSystem><Impression>https://i.example/p</Impression>' +
      '<VASTAdTagURI><![CDATA[https://next.example/vast]]></VASTAdTagURI></Wrapper></Ad></VAST>';
    const created = await create('owner', wrapper({ vast_xml: xml }));
    const moved = await call('owner', 'PUT', `/creative/${created.id}`, {
      version: created.version,
      vast_url: UNREACHABLE_VAST_URL,
      vast_xml: null,
    });
    expect(moved.statusCode).toBe(400);
    expect(detailsOf(moved)).toEqual([{ path: 'vast_url', message: VAST_URL_UNREACHABLE_MESSAGE }]);
    const renamed = await call('owner', 'PUT', `/creative/${created.id}`, {
      version: created.version,
      name: 'W2',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('is refused to roles that do not write creatives', async () => {
    expect((await call('viewer', 'POST', '/creative', TAG)).statusCode).toBe(403);
    expect((await call('advertiser', 'POST', '/creative', TAG)).statusCode).toBe(403);
  });
});

describe('GET /creatives and GET /creative/{id}', () => {
  it('lists the scope newest first with filters, search and sort, and reads one', async () => {
    const mine = await create('owner', { ...TAG, name: `Findable ${Date.now()}` });
    const secret = await createTestCreative(ctx, orgs.northwind, { name: 'Northwind secret' });
    const list = await call('owner', 'GET', '/creatives?limit=200');
    expect(list.statusCode).toBe(200);
    const rows = list.json<TCreativeRow[]>();
    expect(rows.some((row) => row.id === mine.id)).toBe(true);
    expect(rows.some((row) => row.id === Number(secret.id))).toBe(false);
    expect(Number(list.headers['x-total-count'])).toBe(rows.length);
    const created = rows.map((row) => row.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const searched = await call('owner', 'GET', `/creatives?search=${encodeURIComponent(mine.name)}`);
    expect(searched.json<TCreativeRow[]>().map((row) => row.id)).toEqual([mine.id]);
    const images = await call('owner', 'GET', '/creatives?type[is]=image&limit=200');
    expect(images.json<TCreativeRow[]>().every((row) => row.type === 'image')).toBe(true);
    const byName = await call('owner', 'GET', '/creatives?sort=name&limit=200');
    const names = byName.json<TCreativeRow[]>().map((row) => row.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    expect((await call('owner', 'GET', '/creatives?colour[is]=red')).statusCode).toBe(400);

    const one = await call('owner', 'GET', `/creative/${mine.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<TCreative>()).toEqual(mine);
    expect((await call('owner', 'GET', `/creative/${secret.id}`)).statusCode).toBe(404);
    expect((await call('reseller', 'GET', `/creative/${secret.id}`)).statusCode).toBe(200);
  });

  it('lets the viewer read one creative but not the library (§6 creative vs creatives)', async () => {
    const mine = await create('owner', TAG);
    expect((await call('viewer', 'GET', `/creative/${mine.id}`)).statusCode).toBe(200);
    expect((await call('viewer', 'GET', '/creatives')).statusCode).toBe(403);
    expect((await call('advertiser', 'GET', `/creative/${mine.id}`)).statusCode).toBe(403);
  });
});

describe('PUT, DELETE, duplicate and history', () => {
  it('a name change keeps the approval; a content change goes back to pending approval', async () => {
    const creative = await createTestCreative(ctx, orgs.agency, { state: 'active', audit_status: 'audited' });
    const renamed = await call('editor', 'PUT', `/creative/${creative.id}`, { version: 1, name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<TCreative>()).toMatchObject({ name: 'Renamed', state: 'active', version: 2 });
    const stale = await call('editor', 'PUT', `/creative/${creative.id}`, { version: 1, name: 'Again' });
    expect(stale.statusCode).toBe(409);
    const content = await call('editor', 'PUT', `/creative/${creative.id}`, {
      version: 2,
      click_url: 'https://shop.example/new',
    });
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json<TCreative>()).toMatchObject({
      click_url: 'https://shop.example/new',
      state: 'pending-approval',
      audit_status: 'pending',
      version: 3,
    });
  });

  it('sending the content it already has keeps the approval', async () => {
    const creative = await createTestCreative(ctx, orgs.agency, {
      type: 'video',
      technical_type: 'vast',
      html_markup: null,
      width: null,
      height: null,
      tag_creation_mode: null,
      state: 'active',
      audit_status: 'audited',
      event_pixels: JSON.stringify({ start: ['https://p.example/s'], complete: ['https://p.example/c'] }),
    });
    const same = await call('owner', 'PUT', `/creative/${creative.id}`, {
      version: 1,
      click_url: creative.click_url,
      event_pixels: { complete: ['https://p.example/c'], start: ['https://p.example/s'] },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<TCreative>().state).toBe('active');
  });

  it('refuses fields the type does not have and a size outside the image sizes', async () => {
    const creative = await createTestCreative(ctx, orgs.agency);
    const wrong = await call('owner', 'PUT', `/creative/${creative.id}`, {
      version: 1,
      vast_url: 'https://ads.example/v.xml',
    });
    expect(wrong.statusCode).toBe(400);
    expect(detailsOf(wrong)).toEqual([{ path: 'vast_url', message: CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE }]);
    const size = await call('owner', 'PUT', `/creative/${creative.id}`, { version: 1, height: 90 });
    expect(detailsOf(size)).toEqual([{ path: 'width', message: CREATIVE_SIZE_MESSAGE }]);
    const fine = await call('owner', 'PUT', `/creative/${creative.id}`, {
      version: 1,
      width: 728,
      height: 90,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('deletes softly: gone from the list, readable, unchangeable', async () => {
    const creative = await createTestCreative(ctx, orgs.agency);
    const stale = await call('owner', 'DELETE', `/creative/${creative.id}?version=2`);
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'STALE_VERSION']);
    expect((await call('owner', 'DELETE', `/creative/${creative.id}?version=1`)).statusCode).toBe(204);
    const list = await call('owner', 'GET', '/creatives?limit=200');
    expect(list.json<TCreativeRow[]>().some((row) => row.id === Number(creative.id))).toBe(false);
    const read = await call('owner', 'GET', `/creative/${creative.id}`);
    expect(read.json<TCreative>().deleted_at).not.toBeNull();
    const history = (await call('owner', 'GET', `/creative/${creative.id}/history`)).json<
      TCreativeHistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'delete',
      changes: [{ field: 'deleted', from: false, to: true }],
    });
  });

  it('answers a write to a deleted creative 409 DELETED, before its version and before a viewer is told more', async () => {
    const creative = await createTestCreative(ctx, orgs.agency);
    expect((await call('owner', 'DELETE', `/creative/${creative.id}?version=1`)).statusCode).toBe(204);
    const deleted = [
      await call('owner', 'PUT', `/creative/${creative.id}`, { version: 2, name: 'Back' }),
      // A stale version too: the creative's state is what conflicts.
      await call('owner', 'PUT', `/creative/${creative.id}`, { version: 1, name: 'Back' }),
      await call('owner', 'DELETE', `/creative/${creative.id}?version=2`),
      await call('owner', 'DELETE', `/creative/${creative.id}?version=1`),
      // A copy would revive what its owner removed.
      await call('creative_manager', 'POST', `/creative/${creative.id}/duplicate`, {}),
    ];
    for (const response of deleted) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('DELETED');
      expect(detailsOf(response)).toEqual([{ path: 'state', message: CREATIVE_DELETED_MESSAGE }]);
    }
    // 403 comes before the row's state: a viewer is not told the creative is deleted.
    const viewer = await call('viewer', 'PUT', `/creative/${creative.id}`, { version: 2, name: 'Back' });
    expect(viewer.statusCode).toBe(403);
  });

  it('checks the version before the fields: a stale write is 409 even when it is also invalid', async () => {
    const creative = await createTestCreative(ctx, orgs.agency);
    const stale = await call('owner', 'PUT', `/creative/${creative.id}`, {
      version: 5,
      vast_url: 'https://ads.example/v.xml',
    });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'STALE_VERSION']);
  });

  it('duplicates pending approval with "(copy)", and keeps who did what in the history', async () => {
    const creative = await createTestCreative(ctx, orgs.agency, { state: 'active', audit_status: 'audited' });
    const copy = await call('creative_manager', 'POST', `/creative/${creative.id}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<TCreative>()).toMatchObject({
      name: `${creative.name} (copy)`,
      state: 'pending-approval',
      html_markup: creative.html_markup,
      width: 300,
    });
    await call('owner', 'PUT', `/creative/${creative.id}`, { version: 1, name: 'Changed' });
    const history = (await call('owner', 'GET', `/creative/${creative.id}/history`)).json<
      TCreativeHistoryEntry[]
    >();
    expect(history.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history[0]).toMatchObject({
      actor: { username: 'owner' },
      changes: [{ field: 'name', from: creative.name, to: 'Changed' }],
    });
    const copyHistory = (await call('owner', 'GET', `/creative/${copy.json<TCreative>().id}/history`)).json<
      TCreativeHistoryEntry[]
    >();
    expect(copyHistory[0]?.action).toBe('duplicate');
    expect(copyHistory[0]?.changes[0]).toEqual({
      field: 'duplicated_from',
      from: null,
      to: Number(creative.id),
    });
  });
});

describe('OpenAPI', () => {
  it('documents the creative routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/creatives',
      '/api/creatives/report.csv',
      '/api/creative',
      '/api/creative/{id}',
      '/api/creative/{id}/duplicate',
      '/api/creative/{id}/history',
      '/api/creative/{id}/campaigns',
      '/api/campaign/{id}/creatives',
      '/api/backoffice/creatives',
      '/api/backoffice/creative/{id}/approve',
      '/api/backoffice/creative/{id}/reject',
      '/api/backoffice/creatives/approve',
      '/api/backoffice/creatives/reject',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
