import {
  FAVICON_UPLOAD,
  ORGANIZATION_LOGO_UPLOAD,
  PROFILE_LOGO_UPLOAD,
  uploadDamagedMessage,
  uploadTooManyPixelsMessage,
} from '@beacon/domain/validation/uploads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hugePng, iconBitmap, icoOf } from '../test/pictures';
import { sniffFileKind } from './file-store';
import { checkUploadedPicture } from './image-upload-check';

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#1565c0' } })
    .png()
    .toBuffer();

describe('checkUploadedPicture (decision 035)', () => {
  it('accepts whole pictures within the pixel limit', async () => {
    const logo = await pngOf(400, 120);
    expect(await checkUploadedPicture(ORGANIZATION_LOGO_UPLOAD, 'png', logo)).toEqual({ ok: true });
    const photo = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(await checkUploadedPicture(PROFILE_LOGO_UPLOAD, 'jpeg', photo)).toEqual({ ok: true });
  });

  it('refuses a 50,000x50,000 PNG of a few hundred kilobytes from its header, before decoding it', async () => {
    const bomb = await hugePng(50_000, 50_000);
    expect(bomb.byteLength).toBeLessThan(512 * 1024);
    expect(sniffFileKind(bomb)).toBe('png');
    const started = performance.now();
    expect(await checkUploadedPicture(ORGANIZATION_LOGO_UPLOAD, 'png', bomb)).toEqual({
      ok: false,
      message: 'The logo is 50000x50000 pixels: at most 16,777,216 pixels (such as 4096x4096) are accepted',
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a picture one pixel over the limit, and a long thin one', async () => {
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'png', await hugePng(4097, 4096))).toEqual({
      ok: false,
      message: uploadTooManyPixelsMessage(FAVICON_UPLOAD, 4097, 4096),
    });
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'png', await hugePng(20_000_000, 1))).toMatchObject({
      ok: false,
    });
  });

  it('refuses a truncated picture after reading its header', async () => {
    const logo = await pngOf(400, 120);
    expect(await checkUploadedPicture(ORGANIZATION_LOGO_UPLOAD, 'png', logo.subarray(0, 60))).toEqual({
      ok: false,
      message: uploadDamagedMessage(ORGANIZATION_LOGO_UPLOAD, 'png'),
    });
  });

  it('accepts icons of PNG and bitmap pictures, and measures every picture inside', async () => {
    const icon = icoOf([await pngOf(32, 32), iconBitmap(16, 16), await pngOf(256, 256)]);
    expect(sniffFileKind(icon)).toBe('ico');
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'ico', icon)).toEqual({ ok: true });

    const pngBomb = icoOf([await pngOf(16, 16), await hugePng(50_000, 50_000)]);
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'ico', pngBomb)).toEqual({
      ok: false,
      message: uploadTooManyPixelsMessage(FAVICON_UPLOAD, 50_000, 50_000),
    });
    const bitmapBomb = icoOf([iconBitmap(50_000, 50_000)]);
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'ico', bitmapBomb)).toEqual({
      ok: false,
      message: uploadTooManyPixelsMessage(FAVICON_UPLOAD, 50_000, 50_000),
    });
    const many = icoOf(await Promise.all([1, 2, 3].map(() => hugePng(4000, 2000))));
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'ico', many)).toEqual({
      ok: false,
      message: 'The favicon holds 3 pictures of 24,000,000 pixels in all: at most 16,777,216 are accepted',
    });
  });

  it('refuses an icon whose directory points outside the file', async () => {
    const icon = icoOf([await pngOf(32, 32)]);
    expect(await checkUploadedPicture(FAVICON_UPLOAD, 'ico', icon.subarray(0, icon.byteLength - 10))).toEqual(
      {
        ok: false,
        message: uploadDamagedMessage(FAVICON_UPLOAD, 'ico'),
      },
    );
  });

  it('refuses SVG, which no form takes', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    expect(await checkUploadedPicture(ORGANIZATION_LOGO_UPLOAD, 'svg', svg)).toEqual({
      ok: false,
      message: 'The logo must be a PNG or JPEG file: SVG is not accepted, save the picture as a PNG',
    });
  });

  it('passes files that are not pictures unchanged', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%fake');
    expect(await checkUploadedPicture(PROFILE_LOGO_UPLOAD, 'pdf', pdf)).toEqual({ ok: true });
  });
});
