import { maxValueMessage, minValueMessage, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { noPostbackMessage } from '@beacon/domain/validation/postback';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, SEED_ACTOR } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createOrganization } from '../organizations/organizations.service';
import { PIXEL_GIF } from './tracking.routes';
import { TRACKING_RAW_MAX_BYTES } from './tracking.service';

/**
 * Conversion pixels of spec §7: `GET /v2/organization/{id}/postback` answers a URL of Beacon's own tracking
 * endpoint, and calling that URL (as the tracking tool would, its macros replaced) records the event for that
 * organization only — once per click id — while a forged key or another organization's key records nothing.
 */

let ctx: TestContext;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const PUBLIC_URL = 'http://beacon.test';

const ORGANIZATIONS = {
  agency: 'Demo Agency',
  advertiser: 'Demo Advertiser',
  northwind: 'Northwind Media',
} as const;

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [key, name] of Object.entries(ORGANIZATIONS)) {
    const row = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
  for (const username of [
    'owner',
    'editor',
    'viewer',
    'advertiser',
    'data_partner',
    'reseller',
    'supervisor',
  ]) {
    tokens[username] = await loginAs(ctx.app, username);
  }
});
afterAll(async () => {
  await ctx.close();
});

const idOf = (key: keyof typeof ORGANIZATIONS): string => {
  const id = ids[key];
  if (!id) throw new Error(`no organization ${key}`);
  return id;
};

const get = (username: string, url: string): Promise<LightMyRequestResponse> => {
  const token = tokens[username];
  if (!token) throw new Error(`no token for ${username}`);
  return ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
};

const postbackUrl = (organizationId: string, event: number | string, tool: string) =>
  `/api/v2/organization/${organizationId}/postback?event_id=${event}&tracking_tool=${tool}`;

/** The pixel text of an organization's event for a tool, as the console downloads it. */
const pixelOf = async (organizationId: string, event: number, tool: string, username = 'owner') => {
  const response = await get(username, postbackUrl(organizationId, event, tool));
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

/** The path and query of a pixel URL, for `inject` (which calls the app without its origin). */
const pathOf = (pixel: string): string => {
  expect(pixel.startsWith(`${PUBLIC_URL}/api/track/`)).toBe(true);
  return pixel.slice(PUBLIC_URL.length);
};

/** Does what a tracking tool does with its own macros: puts the values in their place. */
const substitute = (pixel: string, values: Record<string, string>): string =>
  Object.entries(values).reduce(
    (url, [macro, value]) => url.replace(macro, encodeURIComponent(value)),
    pixel,
  );

const eventsOf = (organizationId: string, event: number) =>
  ctx.db
    .selectFrom('tracking_events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('event_id', '=', event)
    .orderBy('id')
    .execute();

const keyOf = (pixel: string): string => {
  const key = /\/api\/track\/([^/]+)\//.exec(pixel)?.[1];
  if (!key) throw new Error(`no key in ${pixel}`);
  return key;
};

describe('GET /api/v2/organization/:id/postback', () => {
  it('answers the pixel as text: a tracking URL with the organization’s key, the event and the tool’s macros', async () => {
    const response = await get('owner', postbackUrl(idOf('agency'), 1, 'appsflyer'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/track/${idOf('agency')}-[\\w-]{32}/1\\?tool=appsflyer&`),
    );
    expect(response.body.endsWith('tool=appsflyer&click_id=(clickid)&gaid=(advertiserId)&idfa=(idfa)')).toBe(
      true,
    );
  });

  it.each([
    ['adjust', 'tool=adjust&click_id={label}&gaid={gps_adid}&idfa={idfa}'],
    [
      'branch',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Branch's FreeMarker macros, not a JavaScript template.
      'tool=branch&click_id=${(last_attributed_touch_data.~click_id)!}&gaid=${(user_data.aaid)!}&idfa=${(user_data.idfa)!}',
    ],
    ['kochava', 'tool=kochava&click_id={click_id}&gaid={adid}&idfa={idfa}'],
    ['tune', 'tool=tune&click_id={publisher_ref_id}&gaid={google_aid}&idfa={ios_ifa}'],
    ['hasoffers', 'tool=hasoffers&click_id={transaction_id}&gaid={google_aid}&idfa={ios_ifa}'],
    ['s2s', 'tool=s2s&click_id={click_id}&device_id={device_id}'],
    ['partner_footfall', 'tool=partner_footfall&click_id={click_id}&device_id={device_id}'],
    ['beacon', 'tool=beacon'],
  ])('writes the %s macros as the tool expects them, not percent-encoded', async (tool, query) => {
    const pixel = await pixelOf(idOf('agency'), 3, tool);
    expect(pixel).toMatch(new RegExp(`/api/track/${idOf('agency')}-[\\w-]{32}/3\\?`));
    expect(pixel.split('?')[1]).toBe(query);
  });

  it('gives each organization its own key, the same one for every event and tool', async () => {
    const agency = keyOf(await pixelOf(idOf('agency'), 1, 'adjust'));
    expect(keyOf(await pixelOf(idOf('agency'), 5, 's2s'))).toBe(agency);
    const child = keyOf(await pixelOf(idOf('advertiser'), 1, 'adjust'));
    expect(child).not.toBe(agency);
    expect(child.startsWith(`${idOf('advertiser')}-`)).toBe(true);
  });

  it.each([
    ['event_id=0&tracking_tool=adjust', 'event_id', minValueMessage(1)],
    ['event_id=6&tracking_tool=adjust', 'event_id', maxValueMessage(5)],
    ['event_id=two&tracking_tool=adjust', 'event_id', 'Invalid format'],
    ['tracking_tool=adjust', 'event_id', REQUIRED_MESSAGE],
    ['event_id=1', 'tracking_tool', REQUIRED_MESSAGE],
    ['event_id=1&tracking_tool=skadnetwork', 'tracking_tool', noPostbackMessage('SKAdNetwork')],
    ['event_id=1&tracking_tool=none', 'tracking_tool', noPostbackMessage('None')],
    ['event_id=1&tracking_tool=beacon_footfall', 'tracking_tool', noPostbackMessage('Beacon Footfall')],
    ['event_id=1&tracking_tool=doubleclick', 'tracking_tool', 'Invalid format'],
  ])('answers 400 for %s', async (query, path, message) => {
    const response = await get('owner', `/api/v2/organization/${idOf('agency')}/postback?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path, message }] });
  });

  it('follows §6 for the campaigns resource and the tenant scope', async () => {
    const url = postbackUrl(idOf('agency'), 1, 'adjust');
    expect((await get('editor', url)).statusCode).toBe(200);
    expect((await get('viewer', url)).statusCode).toBe(200);
    expect((await get('owner', postbackUrl(idOf('advertiser'), 1, 'adjust'))).statusCode).toBe(200);
    expect((await get('supervisor', postbackUrl(idOf('northwind'), 1, 'adjust'))).statusCode).toBe(200);
    // Roles and organization roles without campaigns.
    expect((await get('advertiser', url)).statusCode).toBe(403);
    expect((await get('data_partner', url)).statusCode).toBe(403);
    // Out of scope or absent: 404, never the pixel of another tenant.
    const other = await get('owner', postbackUrl(idOf('northwind'), 1, 'adjust'));
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('/api/track/');
    expect((await get('reseller', url)).statusCode).toBe(404);
    expect((await get('owner', postbackUrl('987654321', 1, 'adjust'))).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the tracking endpoint behind a pixel', () => {
  it('records an AppsFlyer postback once for the organization, even when the tool retries it', async () => {
    const pixel = await pixelOf(idOf('agency'), 2, 'appsflyer');
    const called = substitute(pixel, {
      '(clickid)': 'af-click-1',
      '(advertiserId)': '38400000-8cf0-11bd-b23e-10b96e40000d',
    });
    const first = await ctx.app.inject({ method: 'GET', url: pathOf(called), remoteAddress: '203.0.113.7' });
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['cache-control']).toBe('no-store');

    const events = await eventsOf(idOf('agency'), 2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organization_id: idOf('agency'),
      event_id: 2,
      tracking_tool: 'appsflyer',
      click_id: 'af-click-1',
      // The IDFA macro came back unreplaced: it is no device, the GAID is.
      device_id: '38400000-8cf0-11bd-b23e-10b96e40000d',
    });
    expect(events[0]?.ip_hash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(events[0])).not.toContain('203.0.113.7');
    expect(events[0]?.raw).toMatchObject({ tool: 'appsflyer', click_id: 'af-click-1', idfa: '(idfa)' });

    const retry = await ctx.app.inject({ method: 'GET', url: pathOf(called), remoteAddress: '203.0.113.7' });
    expect(retry.statusCode).toBe(204);
    expect(await eventsOf(idOf('agency'), 2)).toHaveLength(1);

    const another = substitute(pixel, { '(clickid)': 'af-click-2' });
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(another) })).statusCode).toBe(204);
    expect((await eventsOf(idOf('agency'), 2)).map((event) => event.click_id)).toEqual([
      'af-click-1',
      'af-click-2',
    ]);
    // Nothing was recorded for any other organization.
    expect(await eventsOf(idOf('advertiser'), 2)).toHaveLength(0);
  });

  it('records the same click id separately per event and per organization', async () => {
    for (const [organization, event] of [
      [idOf('agency'), 4],
      [idOf('agency'), 5],
      [idOf('advertiser'), 4],
    ] as const) {
      const pixel = substitute(await pixelOf(organization, event, 'adjust'), { '{label}': 'shared-click' });
      expect((await ctx.app.inject({ method: 'GET', url: pathOf(pixel) })).statusCode).toBe(204);
    }
    expect((await eventsOf(idOf('agency'), 4)).map((event) => event.click_id)).toEqual(['shared-click']);
    expect((await eventsOf(idOf('agency'), 5)).map((event) => event.click_id)).toEqual(['shared-click']);
    expect((await eventsOf(idOf('advertiser'), 4)).map((event) => event.click_id)).toEqual(['shared-click']);
  });

  it('takes an S2S postback as a POST with a form or JSON body', async () => {
    const pixel = await pixelOf(idOf('advertiser'), 3, 's2s');
    const path = pathOf(pixel).split('?')[0];
    const form = await ctx.app.inject({
      method: 'POST',
      url: `${path}?tool=s2s`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'click_id=s2s-1&device_id=device-a',
    });
    expect(form.statusCode, form.body).toBe(204);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `${path}?tool=s2s`,
      payload: { click_id: 's2s-2', device_id: 'device-b', revenue: 1.5 },
    });
    expect(json.statusCode, json.body).toBe(204);
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `${path}?tool=s2s`,
      payload: { click_id: 's2s-2', device_id: 'device-b' },
    });
    expect(retried.statusCode).toBe(204);
    const events = await eventsOf(idOf('advertiser'), 3);
    expect(events.map((event) => [event.tracking_tool, event.click_id, event.device_id])).toEqual([
      ['s2s', 's2s-1', 'device-a'],
      ['s2s', 's2s-2', 'device-b'],
    ]);
    expect(events[1]?.raw).toMatchObject({ revenue: '1.5' });
  });

  it('answers the product’s own image pixel with a 1×1 GIF and counts every call without a click id', async () => {
    const pixel = await pixelOf(idOf('agency'), 1, 'beacon');
    for (let call = 0; call < 2; call += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: pathOf(pixel) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/gif');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.rawPayload.equals(PIXEL_GIF)).toBe(true);
    }
    expect((await eventsOf(idOf('agency'), 1)).map((event) => [event.tracking_tool, event.click_id])).toEqual(
      [
        ['beacon', null],
        ['beacon', null],
      ],
    );
  });

  it('answers a GIF to any tool’s pixel loaded as an image', async () => {
    const pixel = substitute(await pixelOf(idOf('advertiser'), 5, 'kochava'), { '{click_id}': 'img-1' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: pathOf(pixel),
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect((await eventsOf(idOf('advertiser'), 5)).map((event) => event.click_id)).toEqual(['img-1']);
  });

  it('refuses a forged key, another organization’s id under a key, and events Beacon did not issue', async () => {
    const pixel = await pixelOf(idOf('agency'), 1, 's2s');
    const key = keyOf(pixel);
    const signature = key.slice(key.indexOf('-') + 1);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const before = await ctx.db.selectFrom('tracking_events').select('id').execute();
    const refused = [
      `/api/track/${idOf('agency')}-${flipped}/1?tool=s2s&click_id=forged-1`,
      `/api/track/${idOf('northwind')}-${signature}/1?tool=s2s&click_id=forged-2`,
      `/api/track/${idOf('agency')}/1?tool=s2s&click_id=forged-3`,
      `/api/track/${key}/6?tool=s2s&click_id=forged-4`,
      `/api/track/${key}/0?tool=s2s&click_id=forged-5`,
    ];
    for (const url of refused) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await ctx.app.inject({
      method: 'POST',
      url: `/api/track/${idOf('northwind')}-${signature}/1?tool=s2s`,
      payload: { click_id: 'forged-6' },
    });
    expect(post.statusCode).toBe(404);
    expect(await ctx.db.selectFrom('tracking_events').select('id').execute()).toHaveLength(before.length);
  });

  it('records with another organization’s own key for that organization only', async () => {
    const pixel = substitute(await pixelOf(idOf('northwind'), 1, 's2s', 'supervisor'), {
      '{click_id}': 'nw-1',
    });
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(pixel) })).statusCode).toBe(204);
    expect((await eventsOf(idOf('northwind'), 1)).map((event) => event.click_id)).toEqual(['nw-1']);
    expect((await eventsOf(idOf('agency'), 1)).map((event) => event.click_id)).not.toContain('nw-1');
  });

  it('stops recording for an organization once it is deleted', async () => {
    const organization = await createOrganization(
      ctx.db,
      { name: 'Short-lived Brand', role: 'regular', parent_id: idOf('agency'), country: 'GB' },
      SEED_ACTOR,
    );
    const pixel = substitute(await pixelOf(organization.id, 1, 's2s'), { '{click_id}': 'gone-1' });
    await ctx.db
      .updateTable('organizations')
      .set({ state: 'DELETED' })
      .where('id', '=', organization.id)
      .execute();
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(pixel) })).statusCode).toBe(404);
    expect(await eventsOf(organization.id, 1)).toHaveLength(0);
    expect((await get('owner', postbackUrl(organization.id, 1, 's2s'))).statusCode).toBe(404);
  });

  it('answers 400 when the tool is missing or unknown, and records nothing', async () => {
    const key = keyOf(await pixelOf(idOf('advertiser'), 2, 's2s'));
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/track/${key}/2?click_id=x-1` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ path: 'tool', message: REQUIRED_MESSAGE }] });
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/track/${key}/2?tool=skadnetwork` });
    expect(unknown.statusCode).toBe(400);
    expect(await eventsOf(idOf('advertiser'), 2)).toHaveLength(0);
  });

  it('does not answer HEAD, so that a link checker records nothing', async () => {
    const pixel = substitute(await pixelOf(idOf('advertiser'), 1, 's2s'), { '{click_id}': 'head-1' });
    const response = await ctx.app.inject({ method: 'HEAD', url: pathOf(pixel) });
    expect(response.statusCode).toBe(404);
    expect(await eventsOf(idOf('advertiser'), 1)).toHaveLength(0);
  });

  it('keeps the raw query within its size cap and marks what it left out', async () => {
    const owner = await createAccount(ctx, { prefix: 'tracker' });
    const pixel = await pixelOf(owner.organizationId, 1, 's2s', 'supervisor');
    const padding = Array.from({ length: 60 }, (_, index) => `p${index}=${'x'.repeat(200)}`).join('&');
    const url = `${pathOf(substitute(pixel, { '{click_id}': 'big-1' }))}&${padding}`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(204);
    const [event] = await eventsOf(owner.organizationId, 1);
    expect(event?.click_id).toBe('big-1');
    expect(Buffer.byteLength(JSON.stringify(event?.raw))).toBeLessThanOrEqual(TRACKING_RAW_MAX_BYTES);
    expect(event?.raw).toMatchObject({ tool: 's2s', click_id: 'big-1', _truncated: true });
  });
});

describe('the OpenAPI document', () => {
  it('describes the pixel, the tracking endpoint, the planner map and the publisher lists', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/organization/{id}/postback',
        '/api/track/{key}/{event}',
        '/api/organization/{id}/planner-map',
        '/api/v2/organization/{id}/publishers-lists',
      ]),
    );
    expect(Object.keys(paths['/api/track/{key}/{event}'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});
