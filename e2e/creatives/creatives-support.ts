/**
 * Helpers of the creatives specs: real sample files (a PNG drawn by sharp, a short MP4 made by ffmpeg, an XLSX
 * sheet written by write-excel-file), API setup as a demo user, and screenshots to look at.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import writeXlsxFile from 'write-excel-file/node';

const run = promisify(execFile);

const runs = (tool: string): boolean => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;

/**
 * Whether the specs that make and process video and audio can run: ffmpeg and ffprobe are found, or they
 * are required (CI sets REQUIRE_MEDIA_TOOLS=1, so that a missing tool fails instead of skipping).
 */
export const MEDIA_TOOLS_SKIP_REASON =
  runs('ffmpeg') && runs('ffprobe')
    ? undefined
    : process.env.REQUIRE_MEDIA_TOOLS === '1'
      ? undefined
      : 'skipped: ffmpeg/ffprobe are not installed here (Debian: apt-get install ffmpeg)';

/** A PNG of a given size, a flat colour with a band (a few KB). */
export const pngOf = async (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#2f6fb3' } })
    .composite([
      {
        input: await sharp({
          create: { width, height: Math.max(1, Math.round(height / 3)), channels: 3, background: '#f2c14e' },
        })
          .png()
          .toBuffer(),
        top: Math.round(height / 3),
        left: 0,
      },
    ])
    .png()
    .toBuffer();

/** A short H.264 MP4 from ffmpeg's test pattern (well under the §5 2 MB and 30 s). */
export const mp4Of = async (seconds: number): Promise<Buffer> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'beacon-e2e-'));
  const output = path.join(folder, 'clip.mp4');
  try {
    await run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=640x360:rate=15:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      output,
    ]);
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** A short MP3 tone from ffmpeg (well under the §5 30 seconds). */
export const mp3Of = async (seconds: number): Promise<Buffer> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'beacon-e2e-'));
  const output = path.join(folder, 'tone.mp3');
  try {
    await run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      output,
    ]);
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** An .xlsx sheet: a header row, then the rows. */
export const xlsxOf = async (rows: readonly (readonly string[])[]): Promise<Buffer> =>
  writeXlsxFile(rows.map((row) => row.map((value) => value))).toBuffer();

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A tag creative made through the API (setup of the approval specs): pending approval. */
export const createTagThroughApi = async (
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ id: number; name: string; version: number }> => {
  const response = await request.post('/api/creative', {
    headers: bearer(token),
    data: {
      type: 'tag',
      name,
      width: 300,
      height: 250,
      html_markup: '<div style="background:#2f6fb3;color:#fff;width:300px;height:250px">Beacon tag</div>',
      click_url: 'https://example.com/landing',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
};

/** Creatives of the list named exactly so (any state). */
export const creativesNamed = async (
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ id: number; name: string }[]> => {
  const response = await request.get('/api/creatives', { params: { search: name }, headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  const rows: { id: number; name: string }[] = await response.json();
  return rows.filter((row) => row.name === name);
};

/** A page's screenshot at the desktop width and a narrow one, to look at. */
export const screenshotBothWidths = async (page: Page, name: string): Promise<void> => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `.tmp/screens/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: `.tmp/screens/${name}-600.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
};
