import {
  AUDIENCE_CAMPAIGN_UNKNOWN_MESSAGE,
  AUDIENCE_DELETED_MESSAGE,
  AUDIENCE_FIELD_TYPE_MESSAGE,
  AUDIENCE_IDENTIFIER_UUID_MESSAGE,
  AUDIENCE_IDENTIFIERS_EMPTY_MESSAGE,
  AUDIENCE_KPIS_REQUIRED_MESSAGE,
  AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE,
  AUDIENCE_NO_VALID_IDENTIFIERS_MESSAGE,
  AUDIENCE_SEGMENT_PUBLISHER_MESSAGE,
  AUDIENCE_UPLOAD_TYPE_MESSAGE,
  audienceBadLinesMessage,
  audienceMoreBadLinesMessage,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../lib/clock';
import { runDueJobs, scheduleRecurringJobs } from '../../lib/jobs';
import { createCampaign } from '../../test/factories';
import {
  bearer,
  loginAs,
  type MultipartPart,
  multipart,
  startTestApp,
  type TestContext,
} from '../../test/test-app';
import { audienceJobs } from './audiences.jobs';
import type {
  TAudience,
  TAudienceHistoryEntry,
  TAudienceUploadRefusal,
  TAudienceUploadResult,
} from './audiences.schemas';

/** Every audience endpoint and rule through the API (decisions 019 and 039). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const organizations: Record<string, string> = {};

type Details = { path: string; message: string; line?: number }[];

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const detailsOf = (response: LightMyRequestResponse): Details =>
  response.json<{ details?: Details }>().details ?? [];

const create = async (who: string, body: Record<string, unknown>): Promise<TAudience> => {
  const response = await call(who, 'POST', '/audience', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAudience>();
};

const upload = (
  who: string,
  id: number,
  text: string,
  data: Record<string, unknown> | null = {
    commits_not_to_rebuild: true,
    identifier_type: 'ifa',
  },
) => {
  const parts: MultipartPart[] = [
    ...(data === null ? [] : [{ name: 'data', value: JSON.stringify(data) }]),
    { name: 'file', filename: 'ids.csv', contentType: 'text/csv', data: Buffer.from(text) },
  ];
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/audience/${id}/identifiers`,
    headers: { ...bearer(tokens[who] ?? who), ...headers },
    payload,
  });
};

/** What the worker does: queue the daily sweep unless queued, then run every job due at the test clock. */
const runJobs = async () => {
  const deps = { db: ctx.db, clock: ctx.clock, logger: ctx.app.log };
  await scheduleRecurringJobs(deps, audienceJobs);
  return runDueJobs(deps, audienceJobs);
};

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

beforeAll(async () => {
  ctx = await startTestApp();
  for (const who of [
    'owner',
    'editor',
    'viewer',
    'audience_manager',
    'creative_manager',
    'supervisor',
    'data_partner',
    'other_partner',
  ]) {
    tokens[who] = await loginAs(ctx.app, who);
  }
  for (const name of ['Demo Agency', 'Demo Advertiser', 'Data Partner Co']) {
    organizations[name] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /audience and reads', () => {
  it('creates a private audience with 0 users, reads it and lists it', async () => {
    const created = await create('owner', {
      name: 'Loyal buyers',
      type: 'private',
      description: 'From the CRM',
    });
    expect(created).toMatchObject({
      name: 'Loyal buyers',
      type: 'private',
      state: 'active',
      users_count: 0,
      is_shared: false,
      kpis: [],
      campaigns: [],
      organization: Number(organizations['Demo Agency']),
      version: 1,
    });
    expect((await call('owner', 'GET', `/audience/${created.id}`)).json()).toEqual(created);
    const list = await call('owner', 'GET', '/audiences?search=loyal&type[is]=private');
    expect(list.statusCode).toBe(200);
    expect(list.json<TAudience[]>().map((row) => row.id)).toContain(created.id);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
  });

  it('refuses a missing name, unknown list fields and fields of another type', async () => {
    const response = await call('owner', 'POST', '/audience', {
      name: '',
      type: 'private',
      kpis: ['on_click'],
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: REQUIRED_MESSAGE },
        { path: 'kpis', message: AUDIENCE_FIELD_TYPE_MESSAGE },
      ]),
    );
    expect((await call('owner', 'GET', '/audiences?colour[is]=red')).statusCode).toBe(400);
  });

  it('lets only data-partner organizations publish segments, listed for everyone with access', async () => {
    const refused = await call('owner', 'POST', '/audience', { name: 'Shoppers', type: 'adsquare' });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([{ path: 'type', message: AUDIENCE_SEGMENT_PUBLISHER_MESSAGE }]);
    const segment = await create('data_partner', {
      name: 'Urban commuters',
      type: 'digiseg',
      users_count: 120_000,
    });
    expect(segment).toMatchObject({ is_shared: true, users_count: 120_000 });
    const segments = await call('owner', 'GET', '/audience-segments?limit=200');
    expect(segments.statusCode).toBe(200);
    expect(segments.json<TAudience[]>().map((row) => row.id)).toContain(segment.id);
    expect(
      (await call('owner', 'GET', '/audiences?limit=200')).json<TAudience[]>().map((row) => row.id),
    ).not.toContain(segment.id);
    // Others read a published segment but cannot change, duplicate or see the history of it.
    expect((await call('owner', 'GET', `/audience/${segment.id}`)).statusCode).toBe(200);
    expect(
      (await call('owner', 'PUT', `/audience/${segment.id}`, { version: 1, name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('owner', 'POST', `/audience/${segment.id}/duplicate`, {})).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/audience/${segment.id}/history`)).statusCode).toBe(404);
    // Unpublished, it leaves the catalogue and the others' reach.
    await call('data_partner', 'PUT', `/audience/${segment.id}`, { version: 1, is_shared: false });
    expect((await call('owner', 'GET', `/audience/${segment.id}`)).statusCode).toBe(404);
  });

  it('answers §6: no access for viewer, creative manager and other-partner; the audience manager manages audiences (decision 038)', async () => {
    const audience = await create('owner', { name: 'Managed', type: 'private' });
    for (const who of ['viewer', 'creative_manager', 'other_partner']) {
      expect((await call(who, 'GET', '/audiences')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', `/audience/${audience.id}`)).statusCode, who).toBe(403);
    }
    expect((await call('audience_manager', 'GET', `/audience/${audience.id}`)).statusCode).toBe(200);
    expect(
      (await call('audience_manager', 'POST', '/audience', { name: 'By the manager', type: 'private' }))
        .statusCode,
    ).toBe(201);
    expect((await upload('audience_manager', audience.id, `${uuid(1)}\n`)).statusCode).toBe(202);
    expect((await call('data_partner', 'GET', '/audiences')).statusCode).toBe(200);
  });
});

describe('PUT, DELETE, duplicate and history', () => {
  it('updates at the version read, answers 409 when stale, deletes to state deleted', async () => {
    const audience = await create('owner', { name: 'Before', type: 'private' });
    const updated = await call('editor', 'PUT', `/audience/${audience.id}`, { version: 1, name: 'After' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<TAudience>()).toMatchObject({ name: 'After', version: 2 });
    const stale = await call('owner', 'PUT', `/audience/${audience.id}`, { version: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE_VERSION');
    expect(
      (await call('owner', 'PUT', `/audience/${audience.id}`, { version: 2, type: 'interaction' }))
        .statusCode,
    ).toBe(400);
    const staleDelete = await call('owner', 'DELETE', `/audience/${audience.id}?version=1`);
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json<{ code: string }>().code).toBe('STALE_VERSION');
    expect((await call('owner', 'DELETE', `/audience/${audience.id}?version=2`)).statusCode).toBe(204);
    const deleted = await call('owner', 'GET', `/audience/${audience.id}`);
    expect(deleted.json<TAudience>().state).toBe('deleted');
    expect(
      (await call('owner', 'GET', '/audiences?limit=200')).json<TAudience[]>().map((row) => row.id),
    ).not.toContain(audience.id);
    expect(
      (await call('owner', 'GET', '/audiences?state[is]=deleted&limit=200'))
        .json<TAudience[]>()
        .map((row) => row.id),
    ).toContain(audience.id);
    // A write to a deleted audience is 409 DELETED (decision 039), whatever version it sends.
    for (const refused of [
      await call('owner', 'PUT', `/audience/${audience.id}`, { version: 3, name: 'Zombie' }),
      await call('owner', 'PUT', `/audience/${audience.id}`, { version: 1, name: 'Stale zombie' }),
      await call('owner', 'DELETE', `/audience/${audience.id}?version=3`),
      await call('owner', 'POST', `/audience/${audience.id}/duplicate`, {}),
      await upload('owner', audience.id, `${uuid(1)}\n`),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ code: string }>().code).toBe('DELETED');
      expect(detailsOf(refused)).toEqual([{ path: 'state', message: AUDIENCE_DELETED_MESSAGE }]);
    }
    const history = (await call('owner', 'GET', `/audience/${audience.id}/history`)).json<
      TAudienceHistoryEntry[]
    >();
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1]?.changes).toEqual([{ field: 'name', from: 'Before', to: 'After' }]);
    expect(history[1]?.actor?.username).toBe('editor');
  });

  it('duplicates a private audience without its identifiers', async () => {
    const audience = await create('owner', { name: 'Source', type: 'private' });
    expect((await upload('owner', audience.id, `${uuid(1)}\n${uuid(2)}\n`)).statusCode).toBe(202);
    await runJobs();
    const copy = await call('owner', 'POST', `/audience/${audience.id}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<TAudience>()).toMatchObject({ name: 'Source (copy)', type: 'private', users_count: 0 });
    const stored = await ctx.db
      .selectFrom('audience_identifiers')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('audience_id', '=', String(copy.json<TAudience>().id))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(0);
    const history = (await call('owner', 'GET', `/audience/${copy.json<TAudience>().id}/history`)).json<
      TAudienceHistoryEntry[]
    >();
    expect(history[0]?.action).toBe('duplicate');
    expect(history[0]?.changes[0]).toEqual({ field: 'duplicated_from', from: null, to: audience.id });
  });
});

describe('POST /audience/{id}/identifiers', () => {
  it('answers 400 when a file part cut short comes before the data field, instead of never answering', async () => {
    const audience = await create('owner', { name: 'Cut short', type: 'private' });
    const boundary = 'cutshort';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ids.csv"\r\nContent-Type: text/csv\r\n\r\n${uuid(1)}\n`;
    const answer = await Promise.race([
      ctx.app.inject({
        method: 'POST',
        url: `/api/audience/${audience.id}/identifiers`,
        headers: {
          ...bearer(tokens.owner ?? ''),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      }),
      new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5000)),
    ]);
    expect(answer === 'no answer' ? answer : answer.statusCode).toBe(400);
  });

  it('refuses an upload without the no-rebuild checkbox and stores nothing', async () => {
    const audience = await create('owner', { name: 'Checkbox', type: 'private' });
    for (const data of [null, {}, { commits_not_to_rebuild: false }]) {
      const response = await upload('owner', audience.id, `${uuid(1)}\n`, data);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE);
    }
    const stored = await ctx.db
      .selectFrom('audience_identifiers')
      .selectAll()
      .where('audience_id', '=', String(audience.id))
      .execute();
    expect(stored).toEqual([]);
  });

  it('stores keyed hashes only, deduplicated, shows updating, then the count once the job ran', async () => {
    const audience = await create('owner', { name: 'Hashed', type: 'private' });
    const gaid = '38400000-8CF0-11BD-B23E-10B96E40000D';
    const text = `identifier,type\n${uuid(1)}\n${uuid(1).toUpperCase()}\n${gaid},gaid\ncookie-abc,web\n\n${uuid(2)}`;
    const response = await upload('owner', audience.id, text);
    expect(response.statusCode, response.body).toBe(202);
    const result = response.json<TAudienceUploadResult>();
    expect(result).toMatchObject({
      lines: 7,
      identifiers: 5,
      bad_lines: 0,
      match_rate: 1,
      rejected_lines: [],
    });
    expect(result.audience.users_count).toBeNull();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBeNull();
    expect(await runJobs()).toBeGreaterThan(0);
    const counted = (await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>();
    expect(counted.users_count).toBe(4);
    // The same identifiers again add nobody.
    await upload('owner', audience.id, `${uuid(2)}\n${gaid},gaid\n`);
    await runJobs();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(4);

    const rows = await ctx.db
      .selectFrom('audience_identifiers')
      .selectAll()
      .where('audience_id', '=', String(audience.id))
      .execute();
    // Each upload keeps its rows (decision 033): the two identifiers sent again are rows of the second one.
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => Buffer.from(row.identifier_hash).toString('hex'))).size).toBe(4);
    const stored = JSON.stringify(
      rows.map((row) => ({ ...row, hash: Buffer.from(row.identifier_hash).toString('hex') })),
    );
    for (const raw of [uuid(1), uuid(2), gaid.toLowerCase(), 'cookie-abc']) {
      expect(stored.toLowerCase()).not.toContain(raw.toLowerCase());
      expect(stored).not.toContain(Buffer.from(raw).toString('hex'));
    }
    expect(rows.every((row) => Buffer.from(row.identifier_hash).length === 32)).toBe(true);
    // No call answers identifiers back: not the audience, its list, its history nor the OpenAPI document.
    for (const url of [
      `/audience/${audience.id}`,
      `/audience/${audience.id}/history`,
      '/audiences?limit=200',
    ]) {
      const body = (await call('owner', 'GET', url)).body.toLowerCase();
      expect(body).not.toContain(uuid(1));
      expect(body).not.toContain('cookie-abc');
    }
    const paths = Object.keys((await call('owner', 'GET', '/openapi.json')).json<{ paths: object }>().paths);
    expect(paths.filter((path) => path.includes('identifiers'))).toEqual(['/api/audience/{id}/identifiers']);
    const methods = Object.keys(
      (await call('owner', 'GET', '/openapi.json')).json<{ paths: Record<string, object> }>().paths[
        '/api/audience/{id}/identifiers'
      ] ?? {},
    );
    expect(methods).toEqual(['post']);
  });

  it('reports every bad line with its number and stores nothing from the file', async () => {
    const audience = await create('owner', { name: 'Bad lines', type: 'private' });
    const text = [uuid(1), 'not-a-uuid', uuid(2), 'x,web,extra', uuid(3)].join('\n');
    const response = await upload('owner', audience.id, text);
    expect(response.statusCode).toBe(400);
    const message = audienceBadLinesMessage([2, 4], 2, 3);
    expect(message).toBe(
      'Lines 2 and 4 are not valid identifiers, so nothing was stored: fix the file, or keep the 3 valid identifiers and drop the bad lines',
    );
    expect(response.json()).toMatchObject({
      message,
      file_error: 'invalid_identifiers',
      bad_lines: 2,
      report: {
        lines: 5,
        identifiers: 3,
        bad_lines: 2,
        match_rate: 0.6,
        rejected_lines: [
          { line: 2, message: AUDIENCE_IDENTIFIER_UUID_MESSAGE },
          { line: 4, message: expect.any(String) },
        ],
      },
    });
    expect(detailsOf(response)[0]).toEqual({ path: 'file', message });
    expect(detailsOf(response).filter((detail) => detail.line !== undefined)).toEqual([
      { path: 'file.2', line: 2, message: AUDIENCE_IDENTIFIER_UUID_MESSAGE },
      { path: 'file.4', line: 4, message: expect.any(String) },
    ]);
    const stored = await ctx.db
      .selectFrom('audience_identifiers')
      .selectAll()
      .where('audience_id', '=', String(audience.id))
      .execute();
    expect(stored).toEqual([]);
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(0);
    const empty = await upload('owner', audience.id, '\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(AUDIENCE_IDENTIFIERS_EMPTY_MESSAGE);
  });

  it('keeps the valid identifiers and drops the bad lines with keep_valid, reporting them', async () => {
    const audience = await create('owner', { name: 'Keep valid', type: 'private' });
    const text = ['identifier', uuid(1), 'not-a-uuid', '', uuid(2), 'x,web,extra', uuid(3)].join('\n');
    const keep = { commits_not_to_rebuild: true, identifier_type: 'ifa', keep_valid: true };
    const response = await upload('owner', audience.id, text, keep);
    expect(response.statusCode, response.body).toBe(202);
    const result = response.json<TAudienceUploadResult>();
    expect(result).toMatchObject({
      lines: 7,
      identifiers: 3,
      bad_lines: 2,
      match_rate: 0.6,
      rejected_lines: [
        { line: 3, message: AUDIENCE_IDENTIFIER_UUID_MESSAGE },
        { line: 6, message: expect.any(String) },
      ],
    });
    const stored = await ctx.db
      .selectFrom('audience_identifiers')
      .select('upload_id')
      .where('audience_id', '=', String(audience.id))
      .execute();
    expect(stored).toHaveLength(3);
    await runJobs();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(3);
    // History says what the file held and what was dropped, never the identifiers.
    const [entry] = (await call('owner', 'GET', `/audience/${audience.id}/history`)).json<
      TAudienceHistoryEntry[]
    >();
    expect(entry?.action).toBe('upload');
    expect(entry?.changes).toEqual([
      { field: 'identifiers_uploaded', from: null, to: 3 },
      { field: 'lines_read', from: null, to: 7 },
      { field: 'bad_lines_dropped', from: null, to: 2 },
    ]);
  });

  it('refuses a file without any valid identifier, keep_valid or not, and stores nothing', async () => {
    const audience = await create('owner', { name: 'All bad', type: 'private' });
    const text = ['not-a-uuid', 'x,web,extra', 'has space'].join('\n');
    for (const keepValid of [false, true]) {
      const response = await upload('owner', audience.id, text, {
        commits_not_to_rebuild: true,
        identifier_type: 'ifa',
        keep_valid: keepValid,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<TAudienceUploadRefusal>()).toMatchObject({
        message: AUDIENCE_NO_VALID_IDENTIFIERS_MESSAGE,
        file_error: 'no_valid_identifiers',
        report: { lines: 3, identifiers: 0, bad_lines: 3, match_rate: 0 },
      });
      expect(detailsOf(response).map((detail) => detail.line)).toEqual([undefined, 1, 2, 3]);
    }
    await runJobs();
    expect(
      await ctx.db
        .selectFrom('audience_identifiers')
        .selectAll()
        .where('audience_id', '=', String(audience.id))
        .execute(),
    ).toEqual([]);
    const current = (await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>();
    expect(current).toMatchObject({ users_count: 0, version: audience.version });
    expect(
      (await call('owner', 'GET', `/audience/${audience.id}/history`))
        .json<TAudienceHistoryEntry[]>()
        .map((entry) => entry.action),
    ).toEqual(['create']);
  });

  it('reports the first bad lines of a mostly bad file and how many more, in the message and the details', async () => {
    const audience = await create('owner', { name: 'Many bad', type: 'private' });
    const lines = Array.from({ length: 1_205 }, (_, index) => (index % 100 === 0 ? uuid(index + 1) : 'bad'));
    const response = await upload('owner', audience.id, lines.join('\n'));
    expect(response.statusCode).toBe(400);
    const body = response.json<TAudienceUploadRefusal>();
    expect(body.message).toBe(
      'Lines 2, 3, 4, 5, 6 and 1,187 more are not valid identifiers, so nothing was stored: fix the file, or keep the 13 valid identifiers and drop the bad lines',
    );
    expect(body.report).toMatchObject({ lines: 1_205, identifiers: 13, bad_lines: 1_192 });
    expect(body.report?.rejected_lines).toHaveLength(1_000);
    expect(detailsOf(response).at(-1)).toEqual({ path: 'file', message: audienceMoreBadLinesMessage(192) });
  });

  it('writes a large file in batches: one bad line at the end counts nobody, and cleanup removes its rows', async () => {
    const audience = await create('owner', { name: 'Batched', type: 'private' });
    const ids = Array.from({ length: 30_000 }, (_, index) => uuid(index + 1));
    const bad = await upload('owner', audience.id, `${ids.join('\n')}\nnot-a-uuid\n`);
    expect(bad.statusCode).toBe(400);
    const stagedRows = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('audience_identifiers')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('audience_id', '=', String(audience.id))
            .executeTakeFirstOrThrow()
        ).count,
      );
    // Batches went in while the file arrived (decision 033); they never counted and go with the cleanup job.
    expect(await stagedRows()).toBeGreaterThan(0);
    await runJobs();
    expect(await stagedRows()).toBe(0);
    expect(
      await ctx.db
        .selectFrom('audience_uploads')
        .selectAll()
        .where('audience_id', '=', String(audience.id))
        .execute(),
    ).toEqual([]);
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(0);

    const good = await upload('owner', audience.id, ids.join('\n'));
    expect(good.statusCode, good.body).toBe(202);
    await runJobs();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(
      30_000,
    );

    // Deleting the audience drops its identifiers in batches, after the answer.
    const current = (await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>();
    expect(
      (await call('owner', 'DELETE', `/audience/${audience.id}?version=${current.version}`)).statusCode,
    ).toBe(204);
    await runJobs();
    expect(await stagedRows()).toBe(0);
  });

  it('takes identifiers only for uploadable types', async () => {
    const campaign = await createCampaign(ctx, organizations['Demo Advertiser'] ?? '');
    const audience = await create('owner', {
      name: 'Clickers',
      type: 'interaction',
      kpis: ['on_click'],
      campaigns: [Number(campaign.id)],
    });
    const response = await upload('owner', audience.id, `${uuid(1)}\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(AUDIENCE_UPLOAD_TYPE_MESSAGE);
  });
});

describe('interaction audiences', () => {
  it('count the distinct devices of the chosen conversion events of the chosen campaigns', async () => {
    const advertiser = organizations['Demo Advertiser'] ?? '';
    const chosen = await createCampaign(ctx, advertiser);
    const other = await createCampaign(ctx, advertiser);
    const events = [
      { campaign: chosen.id, event: 1, device: 'd1' },
      { campaign: chosen.id, event: 1, device: 'd1' },
      { campaign: chosen.id, event: 2, device: 'd2' },
      { campaign: chosen.id, event: 3, device: 'd3' },
      { campaign: other.id, event: 1, device: 'd4' },
    ];
    await ctx.db
      .insertInto('tracking_events')
      .values(
        events.map((event) => ({
          organization_id: advertiser,
          campaign_id: event.campaign,
          event_id: event.event,
          tracking_tool: 'own',
          device_id: event.device,
          raw: '{}',
        })),
      )
      .execute();
    const missing = await call('owner', 'POST', '/audience', {
      name: 'Converters',
      type: 'interaction',
      campaigns: [Number(chosen.id)],
    });
    expect(detailsOf(missing)).toEqual([{ path: 'kpis', message: AUDIENCE_KPIS_REQUIRED_MESSAGE }]);
    const northwind = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Northwind Media')
      .executeTakeFirstOrThrow();
    const foreign = await createCampaign(ctx, northwind.id);
    const refused = await call('owner', 'POST', '/audience', {
      name: 'Converters',
      type: 'interaction',
      kpis: ['on_conversion_1'],
      campaigns: [Number(foreign.id)],
    });
    expect(detailsOf(refused)).toEqual([{ path: 'campaigns', message: AUDIENCE_CAMPAIGN_UNKNOWN_MESSAGE }]);

    const audience = await create('owner', {
      name: 'Converters',
      type: 'interaction',
      kpis: ['on_conversion_1', 'on_conversion_2', 'on_click'],
      campaigns: [Number(chosen.id)],
    });
    expect(audience.users_count).toBeNull();
    await runJobs();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(2);
    const changed = await call('owner', 'PUT', `/audience/${audience.id}`, {
      version: 1,
      kpis: ['on_conversion_1'],
      campaigns: [Number(chosen.id), Number(other.id)],
    });
    expect(changed.json<TAudience>().users_count).toBeNull();
    await runJobs();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(2);

    // Conversions reach interaction audiences through the tracking endpoint's optional campaign_id.
    const pixel = await call(
      'owner',
      'GET',
      `/v2/organization/${advertiser}/postback?event_id=1&tracking_tool=s2s`,
    );
    expect(pixel.statusCode, pixel.body).toBe(200);
    const track = new URL(pixel.body.replace('{click_id}', 'c-42').replace('{device_id}', 'd42'));
    track.searchParams.set('campaign_id', chosen.id);
    const tracked = await ctx.app.inject({ method: 'GET', url: `${track.pathname}${track.search}` });
    expect(tracked.statusCode, tracked.body).toBeLessThan(300);
    const foreignTrack = new URL(pixel.body.replace('{click_id}', 'c-43').replace('{device_id}', 'd43'));
    foreignTrack.searchParams.set('campaign_id', foreign.id);
    await ctx.app.inject({ method: 'GET', url: `${foreignTrack.pathname}${foreignTrack.search}` });
    const stored = await ctx.db
      .selectFrom('tracking_events')
      .select(['device_id', 'campaign_id'])
      .where('device_id', 'in', ['d42', 'd43'])
      .orderBy('device_id')
      .execute();
    expect(stored).toEqual([
      { device_id: 'd42', campaign_id: chosen.id },
      { device_id: 'd43', campaign_id: null },
    ]);
    await runJobs();
    await call('owner', 'PUT', `/audience/${audience.id}`, {
      version: 2,
      kpis: ['on_conversion_1', 'on_click'],
    });
    await runJobs();
    expect((await call('owner', 'GET', `/audience/${audience.id}`)).json<TAudience>().users_count).toBe(3);
  });
});

describe('identifier expiry', () => {
  const usersCount = async (id: number) => {
    const row = await ctx.db
      .selectFrom('audiences')
      .select('users_count')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    return row.users_count === null ? null : Number(row.users_count);
  };

  it('removes identifiers six months after they were added and recounts (daily job)', async () => {
    const start = ctx.clock.now();
    const audience = await create('owner', { name: 'Expiring', type: 'private' });
    await upload('owner', audience.id, `${uuid(10)}\n${uuid(11)}\n`);
    await runJobs();
    ctx.clock.set(addDays(start, 120));
    // Sessions do not last 120 days: a new one uploads the second file.
    const later = await loginAs(ctx.app, 'owner');
    expect((await upload(later, audience.id, `${uuid(12)}\n${uuid(11)}\n`)).statusCode).toBe(202);
    await runJobs();
    expect(await usersCount(audience.id)).toBe(3);
    // 190 days after the first upload, 70 after the second: only uuid(10) is gone (uuid(11) came again).
    ctx.clock.set(addDays(start, 190));
    await runJobs();
    expect(await usersCount(audience.id)).toBe(2);
    ctx.clock.set(addDays(start, 310));
    await runJobs();
    expect(await usersCount(audience.id)).toBe(0);
    ctx.clock.set(start);
  });
});
