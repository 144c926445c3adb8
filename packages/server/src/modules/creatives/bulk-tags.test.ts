import { deflateRawSync } from 'node:zlib';
import {
  BULK_TAG_NOT_XLSX_MESSAGE,
  BULK_TAG_ROWS_MESSAGE,
  BULK_TAG_TOO_LARGE_MESSAGE,
} from '@beacon/domain/validation/creative-bulk-tags';
import {
  CREATIVE_SIZE_MESSAGE,
  HTML_MARKUP_MESSAGE,
  URL_PREFIX_MESSAGE,
} from '@beacon/domain/validation/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { checkZipLimits } from '../../lib/zip-guard';
import { bearer, loginAs, multipart, startTestApp, type TestContext } from '../../test/test-app';
import type { TCreative, TCreativeRow } from './creatives.schemas';

/** POST /creatives/bulk-tags (decision 023): XLSX rows checked one by one, all or nothing. */

let ctx: TestContext;
const tokens: Record<string, string> = {};

const HEADER = ['Creative name', 'Size', 'HTML markup', 'Impression pixel', 'Click URL'];
const GOOD_ROWS = [
  [
    'Spring 300',
    '300x250',
    '<div><a href="{click_url}">Spring</a></div>',
    'https://px.example/i?c=1',
    'https://shop.example/a',
  ],
  ['Spring 728', '728x90', '<div>Leaderboard</div>', '', ''],
];

const xlsx = (rows: (string | number | null)[][]): Promise<Buffer> =>
  writeXlsxFile([
    { sheet: 'Tags', data: rows.map((row) => row.map((cell) => (cell === '' ? null : cell))) },
  ]).toBuffer();

const send = (who: string, data: Uint8Array, options?: Record<string, unknown>) => {
  const { payload, headers } = multipart([
    ...(options ? [{ name: 'data', value: JSON.stringify(options) }] : []),
    {
      name: 'file',
      filename: 'tags.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/creatives/bulk-tags',
    headers: { ...bearer(tokens[who] ?? who), ...headers },
    payload,
  });
};

const creativesCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('creatives')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** A ZIP whose single entry inflates to `bytes` zeros: a few kilobytes on disk. */
const zipBomb = (bytes: number): Buffer => {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const compressed = deflateRawSync(Buffer.alloc(bytes), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.byteLength, 18);
  local.writeUInt32LE(1000, 22); // a lie: the declared size is small
  local.writeUInt16LE(name.byteLength, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.byteLength, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.byteLength, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.byteLength + name.byteLength + compressed.byteLength;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.byteLength + name.byteLength, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, compressed, central, name, end]);
};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const who of ['creative_manager', 'viewer', 'reseller', 'owner'])
    tokens[who] = await loginAs(ctx.app, who);
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /creatives/bulk-tags', () => {
  it('creates one pending tag per row (header row optional), marked as bulk', async () => {
    const response = await send('creative_manager', await xlsx([HEADER, ...GOOD_ROWS]));
    expect(response.statusCode, response.body).toBe(201);
    const rows = response.json<TCreativeRow[]>();
    expect(rows.map((row) => [row.name, row.type, row.width, row.height, row.state])).toEqual([
      ['Spring 300', 'tag', 300, 250, 'pending-approval'],
      ['Spring 728', 'tag', 728, 90, 'pending-approval'],
    ]);
    const first = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/creative/${rows[0]?.id}`,
        headers: bearer(tokens.creative_manager ?? ''),
      })
    ).json<TCreative>();
    expect(first).toMatchObject({
      tag_creation_mode: 'bulk',
      impression_pixels: ['https://px.example/i?c=1'],
      click_url: 'https://shop.example/a',
      html_markup: GOOD_ROWS[0]?.[2],
    });
    const headerless = await send('creative_manager', await xlsx(GOOD_ROWS));
    expect(headerless.statusCode, headerless.body).toBe(201);
  });

  it('refuses the whole file when one row is wrong, listing every bad row with its messages', async () => {
    const before = await creativesCount();
    const response = await send(
      'creative_manager',
      await xlsx([
        HEADER,
        GOOD_ROWS[0] ?? [],
        ['Bad | name', '301x250', '<div><span></div>', 'http://px.example/i', 'ftp://shop.example'],
        [],
        ['No size', '', '<div>x</div>', '', ''],
      ]),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; rows: { row: number; messages: string[] }[] }>();
    expect(body.message).toBe(BULK_TAG_ROWS_MESSAGE);
    expect(body.rows).toEqual(
      [
        {
          row: 3,
          messages: [
            expect.stringMatching(/^Creative name: /),
            `Impression pixel: ${URL_PREFIX_MESSAGE}`,
            `HTML markup: ${HTML_MARKUP_MESSAGE}`,
            `Click URL: ${URL_PREFIX_MESSAGE}`,
            `Size: ${CREATIVE_SIZE_MESSAGE}`,
          ].sort(),
        },
        { row: 5, messages: [`Size: ${CREATIVE_SIZE_MESSAGE}`] },
      ].map((entry) => ({ ...entry, messages: expect.arrayContaining(entry.messages) })),
    );
    expect(body.rows[0]?.messages).toHaveLength(5);
    expect(await creativesCount()).toBe(before);
  });

  it('refuses files that are not spreadsheets, zip bombs and oversized files before parsing them', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notXlsx = await send('creative_manager', png);
    expect([notXlsx.statusCode, notXlsx.json().message]).toEqual([400, BULK_TAG_NOT_XLSX_MESSAGE]);
    const bomb = zipBomb(256 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const refused = await send('creative_manager', bomb);
    expect([refused.statusCode, refused.json().message]).toEqual([400, BULK_TAG_TOO_LARGE_MESSAGE]);
    expect(Date.now() - started).toBeLessThan(3000);
    const oversized = await send('creative_manager', Buffer.alloc(2 * 1024 * 1024));
    expect([oversized.statusCode, oversized.json().message]).toEqual([400, BULK_TAG_TOO_LARGE_MESSAGE]);
  });

  it('answers 403 without the creatives access and 404 for an organization out of scope', async () => {
    const file = await xlsx(GOOD_ROWS);
    expect((await send('viewer', file)).statusCode).toBe(403);
    const agency = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Demo Agency')
      .executeTakeFirstOrThrow();
    const before = await creativesCount();
    expect((await send('reseller', file, { organization: Number(agency.id) })).statusCode).toBe(404);
    expect(await creativesCount()).toBe(before);
  });
});

describe('the ZIP guard', () => {
  it('accepts a real XLSX and stops inflating a bomb at the limit', async () => {
    expect(checkZipLimits(await xlsx(GOOD_ROWS), { maxEntries: 200, maxTotalBytes: 1024 * 1024 })).toBe('ok');
    expect(checkZipLimits(zipBomb(8 * 1024 * 1024), { maxEntries: 200, maxTotalBytes: 1024 * 1024 })).toBe(
      'too_large',
    );
    expect(
      checkZipLimits(Buffer.from('PK not really a zip file at all, just text'), {
        maxEntries: 1,
        maxTotalBytes: 1,
      }),
    ).toBe('not_zip');
  });
});
