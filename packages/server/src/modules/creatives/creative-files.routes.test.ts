import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  CREATIVE_DELETED_MESSAGE,
  CREATIVE_NO_VIDEO_MESSAGE,
  CREATIVE_PROCESSING_ERROR_MESSAGE,
  CREATIVE_VAST_SOURCE_MESSAGE,
  MEDIA_TOOLS_MISSING_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { runDueJobs } from '../../lib/jobs';
import { hasMediaTools } from '../../lib/media-probe';
import { createCampaign, createStrategy } from '../../test/factories';
import { bearer, loginAs, multipart, startTestApp, type TestContext } from '../../test/test-app';
import { creativeJobs } from './creative-files.jobs';
import { imageOf, mp3Of, mp4Of, pngBomb } from './creative-media.factories';
import type { TCreative } from './creatives.schemas';

/** The creative file uploads and the video processing job through the API (decision 023). */

let ctx: TestContext;
const tokens: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const create = async (who: string, body: Record<string, unknown>): Promise<TCreative> => {
  const response = await call(who, 'POST', '/creative', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreative>();
};

const upload = (
  who: string,
  id: number,
  slot: 'asset' | 'companion' | 'native-icon',
  data: Uint8Array,
  file: { filename?: string; contentType?: string; field?: string; query?: string } = {},
) => {
  const { payload, headers } = multipart([
    {
      name: file.field ?? 'file',
      filename: file.filename ?? 'creative.png',
      contentType: file.contentType ?? 'image/png',
      data,
    },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/creative/${id}/${slot}${file.query ?? ''}`,
    headers: { ...bearer(tokens[who] ?? who), ...headers },
    payload,
  });
};

const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

const storedFiles = (): string[] => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'files'));
  } catch {
    return [];
  }
};

const CLICK_URL = 'https://shop.example/landing';
const imageCreative = (who = 'creative_manager') =>
  create(who, { type: 'image', name: `Banner ${Math.random()}`, click_url: CLICK_URL });
const videoCreative = () =>
  create('creative_manager', { type: 'video', name: `Spot ${Math.random()}`, click_url: CLICK_URL });

const jobDeps = () => ({ db: ctx.db, clock: ctx.clock, logger: ctx.app.log, files: ctx.app.deps.files });

beforeAll(async () => {
  ctx = await startTestApp();
  for (const who of ['owner', 'editor', 'viewer', 'creative_manager', 'reseller', 'supervisor']) {
    tokens[who] = await loginAs(ctx.app, who);
  }
});
afterAll(async () => {
  await ctx?.close();
});

/** `POST /creative` as multipart: the creative's JSON in `data`, then its files. */
const createWith = (
  who: string,
  body: Record<string, unknown>,
  files: { field: string; data: Uint8Array; filename?: string; contentType?: string }[],
) => {
  const { payload, headers } = multipart([
    { name: 'data', value: JSON.stringify(body) },
    ...files.map((file) => ({
      name: file.field,
      filename: file.filename ?? 'creative.png',
      contentType: file.contentType ?? 'image/png',
      data: file.data,
    })),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/creative',
    headers: { ...bearer(tokens[who] ?? who), ...headers },
    payload,
  });
};

const creativesNamed = async (name: string) =>
  ctx.db.selectFrom('creatives').select('id').where('name', '=', name).execute();

describe('POST /creative with its files', () => {
  it('creates an image creative with its checked file in one request, recording both', async () => {
    const name = `Banner with file ${Math.random()}`;
    const response = await createWith('creative_manager', { type: 'image', name, click_url: CLICK_URL }, [
      { field: 'file', data: await imageOf('png', 300, 250) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TCreative>();
    expect(created).toMatchObject({
      name,
      state: 'pending-approval',
      width: 300,
      height: 250,
      asset: { kind: 'png', width: 300, height: 250 },
    });
    expect(created.thumbnail_url).toBe(created.asset?.url);
    const history = JSON.stringify(
      (await call('creative_manager', 'GET', `/creative/${created.id}/history`)).json(),
    );
    expect(history).toContain(created.asset?.url ?? 'missing');
  });

  it('creates nothing when a file is refused, answering on the file’s field', async () => {
    const cases = [
      { field: 'file', data: await imageOf('png', 123, 45) },
      { field: 'file', data: Buffer.from('%PDF-1.4 not an image') },
      { field: 'file', data: pngBomb(50_000) },
      { field: 'companion', data: await imageOf('png', 300, 250) },
    ];
    const filesBefore = storedFiles().length;
    for (const file of cases) {
      const name = `Refused ${Math.random()}`;
      // A refused main file alone; a file in a slot images do not have, beside a good main file.
      const files =
        file.field === 'file' ? [file] : [{ field: 'file', data: await imageOf('png', 300, 250) }, file];
      const response = await createWith(
        'creative_manager',
        { type: 'image', name, click_url: CLICK_URL },
        files,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ details: { path: string }[] }>().details[0]?.path).toBe(file.field);
      expect(await creativesNamed(name)).toEqual([]);
    }
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it('answers a video without ffmpeg with a 503 that says so, and creates nothing', async () => {
    const name = `Spot without tools ${Math.random()}`;
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const response = await createWith('creative_manager', { type: 'video', name, click_url: CLICK_URL }, [
        {
          field: 'file',
          data: Buffer.from('\x00\x00\x00\x18ftypmp42'),
          filename: 'spot.mp4',
          contentType: 'video/mp4',
        },
      ]);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'MEDIA_TOOLS_MISSING',
        message: MEDIA_TOOLS_MISSING_MESSAGE,
      });
    } finally {
      process.env.PATH = path;
    }
    expect(await creativesNamed(name)).toEqual([]);
  });

  it('answers 403 to a viewer before reading the files', async () => {
    const response = await createWith('viewer', { type: 'image', name: 'Not mine', click_url: CLICK_URL }, [
      { field: 'file', data: await imageOf('png', 300, 250) },
    ]);
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /creative/{id}/asset for images', () => {
  it('stores a PNG checked by content, with its size and thumbnail, and sends the creative back to review', async () => {
    const creative = await imageCreative();
    const response = await upload('creative_manager', creative.id, 'asset', await imageOf('png', 300, 250));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TCreative>();
    expect(body).toMatchObject({
      width: 300,
      height: 250,
      state: 'pending-approval',
      asset: { kind: 'png', width: 300, height: 250 },
      version: creative.version + 1,
    });
    expect(body.thumbnail_url).toBe(body.asset?.url);
    const file = await ctx.app.inject({ method: 'GET', url: body.asset?.url ?? '' });
    expect(file.headers['content-type']).toBe('image/png');
    const history = await call('creative_manager', 'GET', `/creative/${creative.id}/history`);
    expect(JSON.stringify(history.json())).toContain(body.asset?.url ?? 'missing');
  });

  it('a new file puts an approved creative back in review, and its campaigns wait for approval again', async () => {
    const creative = await imageCreative('owner');
    expect((await upload('owner', creative.id, 'asset', await imageOf('png', 300, 250))).statusCode).toBe(
      200,
    );
    const campaign = await createCampaign(ctx, String(creative.organization), { state: 'active' });
    await createStrategy(ctx, campaign);
    const linked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaign/${campaign.id}/creatives`,
      headers: bearer(tokens.owner ?? ''),
      payload: { links: [{ creative_id: creative.id, state: 'active' }] },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await call('supervisor', 'POST', `/backoffice/creative/${creative.id}/approve`)).statusCode).toBe(
      200,
    );
    const deliveryStatus = async () =>
      (await call('owner', 'GET', `/campaign/${campaign.id}`)).json<{ delivery_status: string }>()
        .delivery_status;
    // Nothing holds it back any more; it has no delivery yet (the rollups decide the rest).
    expect(await deliveryStatus()).toBe('not_bidding');
    const replaced = await upload('owner', creative.id, 'asset', await imageOf('jpeg', 300, 250));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<TCreative>().state).toBe('pending-approval');
    expect(await deliveryStatus()).toBe('pending_approval');
  });

  it('takes the kind from the content: a GIF sent as photo.png with image/png is stored as a GIF', async () => {
    const creative = await imageCreative();
    const response = await upload('editor', creative.id, 'asset', await imageOf('gif', 728, 90), {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TCreative>().asset?.url).toMatch(/\.gif$/);
  });

  it('ignores a data field sent along with the file', async () => {
    const creative = await imageCreative();
    const { payload, headers } = multipart([
      { name: 'data', value: '{}' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: await imageOf('png', 320, 50) },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/creative/${creative.id}/asset`,
      headers: { ...bearer(tokens.creative_manager ?? ''), ...headers },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses hostile and wrong files with the hinted message and stores nothing', async () => {
    const creative = await imageCreative();
    const before = storedFiles();
    const script = Buffer.from('<script>fetch("/api/session").then(r => r.text())</script>');
    const cases: [Buffer, string][] = [
      [script, 'The file is not a PNG, JPEG or GIF file. Image up to 100KB (JPEG, PNG, GIF)'],
      [
        pngBomb(10_000),
        'The image is 10000x10000 pixels, far larger than any allowed. Image up to 100KB (JPEG, PNG, GIF)',
      ],
      [
        (await imageOf('png', 300, 250)).subarray(0, 60),
        'The file is damaged or incomplete: it could not be read as a PNG, JPEG or GIF file. Image up to 100KB (JPEG, PNG, GIF)',
      ],
      [
        await imageOf('jpeg', 300, 251),
        'The image is 300x251, which is not one of the 27 image sizes (such as 300x250 or 728x90). Image up to 100KB (JPEG, PNG, GIF)',
      ],
    ];
    for (const [data, message] of cases) {
      const response = await upload('creative_manager', creative.id, 'asset', data);
      expect(response.statusCode, response.body).toBe(400);
      expect(messageOf(response)).toBe(message);
      expect(response.json<{ details: unknown[] }>().details).toEqual([{ path: 'file', message }]);
    }
    expect(storedFiles()).toEqual(before);
    const after = (await call('creative_manager', 'GET', `/creative/${creative.id}`)).json<TCreative>();
    expect(after).toMatchObject({ asset: null, version: creative.version });
  });

  it('refuses an oversized file from its content-length, and one that runs past the limit while read', async () => {
    const creative = await imageCreative();
    const tooLarge = 'The file is larger than 100 KB. Image up to 100KB (JPEG, PNG, GIF)';
    const declared = await upload('creative_manager', creative.id, 'asset', Buffer.alloc(300 * 1024, 1));
    expect(declared.statusCode).toBe(400);
    expect(messageOf(declared)).toBe(tooLarge);
    // Within the multipart allowance, so only the reader's limit catches it.
    const png = await imageOf('png', 300, 250);
    const padded = Buffer.concat([png, Buffer.alloc(100 * 1024 + 100 - png.byteLength)]);
    const read = await upload('creative_manager', creative.id, 'asset', padded);
    expect(read.statusCode).toBe(400);
    expect(messageOf(read)).toBe(tooLarge);
  });

  it('answers 403 to a viewer, 404 for another organization, 409 for a deleted creative, 400 for a file elsewhere', async () => {
    const creative = await imageCreative();
    const png = await imageOf('png', 300, 250);
    expect((await upload('viewer', creative.id, 'asset', png)).statusCode).toBe(403);
    expect((await upload('reseller', creative.id, 'asset', png)).statusCode).toBe(404);
    expect((await upload('reseller', creative.id, 'companion', png)).statusCode).toBe(404);
    const wrongField = await upload('creative_manager', creative.id, 'asset', png, { field: 'logo' });
    expect(wrongField.statusCode).toBe(400);
    expect(messageOf(wrongField)).toBe('Send one file, in the "file" field');
    const companion = await upload('creative_manager', creative.id, 'companion', png);
    expect(messageOf(companion)).toBe('A creative of type Image takes no companion');
    const tag = await create('creative_manager', {
      type: 'tag',
      name: 'Tag with no file',
      html_markup: '<div>Ad</div>',
      width: 300,
      height: 250,
    });
    expect(messageOf(await upload('creative_manager', tag.id, 'asset', png))).toBe(
      'A creative of type Tag takes no uploaded file',
    );
    const deleted = await call(
      'creative_manager',
      'DELETE',
      `/creative/${creative.id}?version=${creative.version}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const afterDelete = await upload('creative_manager', creative.id, 'asset', png);
    expect([afterDelete.statusCode, afterDelete.json<{ code: string }>().code]).toEqual([409, 'DELETED']);
    expect(messageOf(afterDelete)).toBe(CREATIVE_DELETED_MESSAGE);
    // Another tenant is told nothing of it, whatever its state.
    expect((await upload('reseller', creative.id, 'asset', png)).statusCode).toBe(404);
  });

  it('refuses a stale version before reading the file, and takes the current one', async () => {
    const creative = await imageCreative();
    const png = await imageOf('png', 300, 250);
    const before = storedFiles();
    const stale = await upload('creative_manager', creative.id, 'asset', png, {
      query: `?version=${creative.version + 1}`,
    });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'STALE_VERSION']);
    expect(storedFiles()).toEqual(before);
    // Checked before the file: a stale upload of a refused file is 409 too.
    const staleAndWrong = await upload(
      'creative_manager',
      creative.id,
      'asset',
      Buffer.from('not an image'),
      {
        query: `?version=${creative.version + 1}`,
      },
    );
    expect(staleAndWrong.statusCode).toBe(409);
    const current = await upload('creative_manager', creative.id, 'asset', png, {
      query: `?version=${creative.version}`,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json<TCreative>().version).toBe(creative.version + 1);
  });

  it('native creatives: main image and icon up to 300x300', async () => {
    const native = await create('creative_manager', {
      type: 'native',
      name: 'Native spring',
      click_url: CLICK_URL,
      native: { title: 'Spring', description: 'Sale', call_to_action: 'Shop', sponsored_by: 'Shop' },
    });
    const main = await upload('creative_manager', native.id, 'asset', await imageOf('jpeg', 300, 300));
    expect(main.statusCode, main.body).toBe(200);
    const icon = await upload('creative_manager', native.id, 'native-icon', await imageOf('png', 80, 80));
    expect(icon.statusCode, icon.body).toBe(200);
    const body = icon.json<TCreative>();
    expect(body.native).toMatchObject({ title: 'Spring', main_image_url: expect.stringMatching(/\.jpg$/) });
    expect(body.native?.icon_url).toMatch(/\.png$/);
    const large = await upload('creative_manager', native.id, 'native-icon', await imageOf('png', 400, 400));
    expect(messageOf(large)).toBe(
      'The native image is 400x400, larger than 300x300. Native image up to 1MB and 300x300',
    );
  });
});

describe('GET /creative/{id}/preview', () => {
  const MARKUP =
    '<div><script>parent.location = "https://evil.example"</script><a href="{click_url}">Ad</a></div>';

  const previewOf = async (who: string, id: number) => {
    const link = await call(who, 'GET', `/creative/${id}/preview`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, expires_at } = link.json<{ url: string; expires_at: string }>();
    expect(new Date(expires_at).getTime() - ctx.clock.now().getTime()).toBe(10 * 60 * 1000);
    return url;
  };

  it('links to a public document that runs third-party HTML only under a sandbox without same-origin rights', async () => {
    const tag = await create('creative_manager', {
      type: 'tag',
      name: 'Tag with a script',
      html_markup: MARKUP,
      width: 300,
      height: 250,
    });
    const url = await previewOf('viewer', tag.id);
    expect(url).toMatch(/^\/api\/creative-preview\/\d+\.\d+\.[\w-]{43}$/);
    const document = await ctx.app.inject({ method: 'GET', url });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(document.headers['content-security-policy']).toBe("sandbox allow-scripts; frame-ancestors 'self'");
    expect(document.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(document.headers['cache-control']).toBe('no-store');
    expect(document.body).toContain(MARKUP);
  });

  it('shows an image creative with its file, which a sandboxed document may load', async () => {
    const creative = await imageCreative();
    const uploaded = await upload('creative_manager', creative.id, 'asset', await imageOf('png', 300, 250));
    const asset = uploaded.json<TCreative>().asset?.url ?? '';
    const document = await ctx.app.inject({
      method: 'GET',
      url: await previewOf('creative_manager', creative.id),
    });
    // The picture names the link it fills (an unnamed link is an accessibility failure).
    expect(document.body).toContain(`<img src="${asset}" width="300" height="250" alt="${creative.name}">`);
    expect(document.body).toContain(`<a href="${CLICK_URL}" target="_blank" rel="noopener noreferrer">`);
    const file = await ctx.app.inject({ method: 'GET', url: asset });
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('refuses another organization, a forged or altered link and an expired one', async () => {
    const creative = await imageCreative();
    expect((await call('reseller', 'GET', `/creative/${creative.id}/preview`)).statusCode).toBe(404);
    const url = await previewOf('creative_manager', creative.id);
    const other = await imageCreative();
    const altered = url.replace(`/creative-preview/${creative.id}.`, `/creative-preview/${other.id}.`);
    for (const bad of [altered, `${url.slice(0, -2)}xx`, '/api/creative-preview/not-a-token']) {
      const response = await ctx.app.inject({ method: 'GET', url: bad });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This preview link has expired');
      expect(response.headers['content-security-policy']).toBe(
        "sandbox allow-scripts; frame-ancestors 'self'",
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    ctx.clock.advanceMinutes(11);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the file, VAST, preview and bulk tag routes', async () => {
    const paths = Object.keys((await call('owner', 'GET', '/openapi.json')).json<{ paths: object }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/creative/{id}/asset',
        '/api/creative/{id}/companion',
        '/api/creative/{id}/native-icon',
        '/api/creative/{id}/vast',
        '/api/creative/{id}/preview',
        '/api/creative-preview/{token}',
        '/api/creative/vast-validation',
        '/api/creatives/bulk-tags',
      ]),
    );
  });
});

describe('POST /creative/vast-validation', () => {
  const XML =
    '<VAST version="4.0"><Ad><Wrapper><AdSystem>W</AdSystem><Impression>https://i.example</Impression><VASTAdTagURI>https://next.example/vast</VASTAdTagURI></Wrapper></Ad></VAST>';

  it('answers what a pasted VAST 4.x document holds, or why it is refused on its field', async () => {
    const ok = await call('viewer', 'POST', '/creative/vast-validation', { vast_xml: XML });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ version: '4.0', ads: 1, kind: 'wrapper' });
    const old = await call('creative_manager', 'POST', '/creative/vast-validation', {
      vast_xml: XML.replace('4.0', '2.0'),
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({
      message: 'The document is VAST 2.0: only VAST 4.x is accepted',
      details: [{ path: 'vast_xml', message: 'The document is VAST 2.0: only VAST 4.x is accepted' }],
    });
  });

  it('asks for exactly one source and never fetches a private address', async () => {
    const both = await call('creative_manager', 'POST', '/creative/vast-validation', {
      vast_xml: XML,
      vast_url: 'https://ads.example/vast',
    });
    expect([both.statusCode, messageOf(both)]).toEqual([400, CREATIVE_VAST_SOURCE_MESSAGE]);
    const internal = await call('creative_manager', 'POST', '/creative/vast-validation', {
      vast_url: 'https://127.0.0.1:5432/',
    });
    expect(internal.json()).toMatchObject({
      details: [{ path: 'vast_url', message: 'The VAST URL must point to a public internet address' }],
    });
  });
});

// CI requires the tools (REQUIRE_MEDIA_TOOLS=1): there a missing one fails these tests instead of skipping them.
const mediaTools = (await hasMediaTools()) || process.env.REQUIRE_MEDIA_TOOLS === '1';
describe.skipIf(!mediaTools)(
  `video and audio uploads and processing${mediaTools ? '' : ' (skipped: ffmpeg/ffprobe are not installed here)'}`,
  () => {
    let clip: Buffer;
    beforeAll(async () => {
      clip = await mp4Of({ width: 1280, height: 720, seconds: 2, kbps: 400 });
    }, 60_000);

    it('a video is pending until its job makes the renditions (never upscaled) and the poster', async () => {
      const creative = await videoCreative();
      const uploaded = await upload('creative_manager', creative.id, 'asset', clip, {
        filename: 'spot.mp4',
        contentType: 'video/mp4',
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(uploaded.json<TCreative>()).toMatchObject({
        transcoding_status: 'pending',
        renditions: null,
        thumbnail_url: null,
        asset: { kind: 'mp4', width: 1280, height: 720 },
      });
      expect(await runDueJobs(jobDeps(), creativeJobs)).toBe(1);
      const done = (await call('creative_manager', 'GET', `/creative/${creative.id}`)).json<TCreative>();
      expect(done.transcoding_status).toBe('success');
      expect(done.renditions?.map((r) => [r.width, r.height, r.mime])).toEqual([
        [640, 360, 'video/mp4'],
        [1280, 720, 'video/mp4'],
      ]);
      expect(done.asset?.poster_url).toMatch(/\.jpg$/);
      expect(done.thumbnail_url).toBe(done.asset?.poster_url);
      const rendition = await ctx.app.inject({ method: 'GET', url: done.renditions?.[0]?.url ?? '' });
      expect(rendition.headers['content-type']).toBe('video/mp4');

      const vast = await call('viewer', 'GET', `/creative/${creative.id}/vast`);
      expect(vast.statusCode, vast.body).toBe(200);
      expect(vast.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(vast.body).toContain('<VAST version="4.2"');
      expect(vast.body).toContain(`<![CDATA[http://beacon.test${done.renditions?.[1]?.url}]]></MediaFile>`);
      expect(vast.body).toContain(`<ClickThrough id="click"><![CDATA[${CLICK_URL}]]></ClickThrough>`);
      expect((await call('reseller', 'GET', `/creative/${creative.id}/vast`)).statusCode).toBe(404);
    }, 120_000);

    it('a video creative does not serve before its video is processed', async () => {
      const creative = await videoCreative();
      const none = await call('creative_manager', 'GET', `/creative/${creative.id}/vast`);
      expect(none.statusCode).toBe(409);
      expect(messageOf(none)).toBe(CREATIVE_NO_VIDEO_MESSAGE);
      await upload('creative_manager', creative.id, 'asset', clip);
      const pending = await call('creative_manager', 'GET', `/creative/${creative.id}/vast`);
      expect([pending.statusCode, messageOf(pending)]).toEqual([409, CREATIVE_NO_VIDEO_MESSAGE]);
      const image = await imageCreative();
      const notVideo = await call('creative_manager', 'GET', `/creative/${image.id}/vast`);
      expect([notVideo.statusCode, messageOf(notVideo)]).toEqual([
        400,
        'Beacon serves a VAST document for video creatives only',
      ]);
      await runDueJobs(jobDeps(), creativeJobs);
    }, 60_000);

    it('a small video keeps its own size (one rendition)', async () => {
      const creative = await videoCreative();
      const small = await mp4Of({ width: 320, height: 180, seconds: 1 });
      expect((await upload('creative_manager', creative.id, 'asset', small)).statusCode).toBe(200);
      await runDueJobs(jobDeps(), creativeJobs);
      const done = (await call('creative_manager', 'GET', `/creative/${creative.id}`)).json<TCreative>();
      expect(done.renditions?.map((r) => [r.width, r.height])).toEqual([[320, 180]]);
    }, 60_000);

    it('a restart resumes the processing: a queued job and a crashed worker’s job both finish', async () => {
      const queued = await videoCreative();
      const crashed = await videoCreative();
      await upload('creative_manager', queued.id, 'asset', clip);
      await upload(
        'creative_manager',
        crashed.id,
        'asset',
        await mp4Of({ width: 640, height: 360, seconds: 1 }),
      );
      // The second one was taken by a worker that died: running, its lease over.
      await ctx.db
        .updateTable('jobs')
        .set({
          state: 'running',
          locked_by: 'dead-worker',
          locked_until: new Date(ctx.clock.now().getTime() - 1000),
        })
        .where('key', 'like', `creative.transcode:${crashed.id}:%`)
        .execute();
      // A new process on the same database and file store.
      const restarted = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock });
      try {
        const deps = { db: ctx.db, clock: ctx.clock, logger: restarted.log, files: restarted.deps.files };
        expect(await runDueJobs(deps, creativeJobs)).toBe(2);
      } finally {
        await restarted.close();
      }
      for (const id of [queued.id, crashed.id]) {
        const done = (await call('creative_manager', 'GET', `/creative/${id}`)).json<TCreative>();
        expect(done.transcoding_status).toBe('success');
      }
    }, 120_000);

    it('a video ffmpeg cannot encode ends in error, and a replaced video’s job does nothing', async () => {
      const creative = await videoCreative();
      await upload('creative_manager', creative.id, 'asset', clip);
      // The stored source is damaged after the upload's check (a broken disk): processing fails for good.
      const broken = await ctx.app.deps.files.save(clip.subarray(0, 4000), 'mp4');
      const asset = (await call('creative_manager', 'GET', `/creative/${creative.id}`)).json<TCreative>()
        .asset;
      await ctx.db
        .updateTable('creatives')
        .set({ asset: JSON.stringify({ ...asset, url: broken.url }) })
        .where('id', '=', String(creative.id))
        .execute();
      await ctx.db
        .updateTable('jobs')
        .set({ payload: JSON.stringify({ creative: String(creative.id), source: broken.url }) })
        .where('key', 'like', `creative.transcode:${creative.id}:%`)
        .execute();
      await runDueJobs(jobDeps(), creativeJobs);
      const failed = (await call('creative_manager', 'GET', `/creative/${creative.id}`)).json<TCreative>();
      expect(failed.transcoding_status).toBe('error');
      const vast = await call('creative_manager', 'GET', `/creative/${creative.id}/vast`);
      expect([vast.statusCode, messageOf(vast)]).toEqual([409, CREATIVE_PROCESSING_ERROR_MESSAGE]);

      const replaced = await videoCreative();
      await upload('creative_manager', replaced.id, 'asset', clip);
      const second = await mp4Of({ width: 640, height: 360, seconds: 1 });
      await upload('creative_manager', replaced.id, 'asset', second);
      expect(await runDueJobs(jobDeps(), creativeJobs)).toBe(2);
      const done = (await call('creative_manager', 'GET', `/creative/${replaced.id}`)).json<TCreative>();
      expect(done).toMatchObject({ transcoding_status: 'success', asset: { width: 640, height: 360 } });
      expect(done.renditions).toHaveLength(1);
    }, 120_000);

    it('audio: an MP3 is stored with its duration; a video sent to a video’s companion slot is refused', async () => {
      const audio = await create('creative_manager', { type: 'audio', name: 'Jingle' });
      const response = await upload('creative_manager', audio.id, 'asset', await mp3Of(2), {
        filename: 'jingle.wav',
        contentType: 'audio/wav',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TCreative>().asset).toMatchObject({ kind: 'mp3' });
      expect(response.json<TCreative>().asset?.duration_ms).toBeGreaterThan(1900);
      const video = await videoCreative();
      const companion = await upload('creative_manager', video.id, 'companion', clip);
      expect(messageOf(companion)).toBe(
        'The file is not a PNG, JPEG or GIF file. Companion ad image up to 200k',
      );
      const image = await upload('creative_manager', video.id, 'companion', await imageOf('png', 300, 250));
      expect(image.json<TCreative>().companion).toMatchObject({ width: 300, height: 250 });
    }, 60_000);
  },
);
