import { uploadRuleOf } from '@beacon/domain/validation/creative-asset';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasMediaTools } from '../../lib/media-probe';
import { checkCreativeFile } from './creative-asset-check';
import { imageOf, mp3Of, mp4Of, pngBomb, soundOnlyMp4Of, wavOf } from './creative-media.factories';

const rule = (type: Parameters<typeof uploadRuleOf>[0], slot: Parameters<typeof uploadRuleOf>[1]) => {
  const found = uploadRuleOf(type, slot);
  if (!found) throw new Error(`no rule for ${type} ${slot}`);
  return found;
};
const image = rule('image', 'asset');
const video = rule('video', 'asset');
const audio = rule('audio', 'asset');
const nativeImage = rule('native', 'asset');
const companion = rule('video', 'companion');

const refusal = async (...args: Parameters<typeof checkCreativeFile>): Promise<string> => {
  const result = await checkCreativeFile(...args);
  if (result.ok) throw new Error('the file was accepted');
  return result.message;
};

describe('image uploads, checked by content', () => {
  it.each(['png', 'jpeg', 'gif'] as const)(
    'accepts a %s at one of the image sizes with its size',
    async (format) => {
      const result = await checkCreativeFile(image, await imageOf(format, 300, 250));
      expect(result).toMatchObject({ ok: true, file: { kind: format, width: 300, height: 250 } });
    },
  );

  it('refuses a size that is not one of the 27 image sizes', async () => {
    expect(await refusal(image, await imageOf('png', 301, 250))).toBe(
      'The image is 301x250, which is not one of the 27 image sizes (such as 300x250 or 728x90). Image up to 100KB (JPEG, PNG, GIF)',
    );
  });

  it('refuses more than 100 KB before looking at the content', async () => {
    const big = await imageOf('png', 300, 250, { noise: true });
    expect(big.byteLength).toBeGreaterThan(100 * 1024);
    expect(await refusal(image, big)).toBe(
      'The file is larger than 100 KB. Image up to 100KB (JPEG, PNG, GIF)',
    );
  });

  it('refuses a script renamed .png, an empty file and a PDF', async () => {
    const notImage = 'The file is not a PNG, JPEG or GIF file. Image up to 100KB (JPEG, PNG, GIF)';
    expect(await refusal(image, Buffer.from('<script>alert(document.cookie)</script>'))).toBe(notImage);
    expect(await refusal(image, Buffer.from('%PDF-1.7\n%%EOF'))).toBe(notImage);
    expect(await refusal(image, Buffer.alloc(0))).toBe(
      'The file is empty. Image up to 100KB (JPEG, PNG, GIF)',
    );
  });

  it.each(['png', 'jpeg', 'gif'] as const)('refuses a truncated %s', async (format) => {
    const whole = await imageOf(format, 300, 250, { noise: format !== 'png' });
    const cut = whole.subarray(0, Math.floor(whole.byteLength * 0.6));
    expect(await refusal(format === 'png' ? image : companion, cut)).toMatch(
      /^The file is damaged or incomplete/,
    );
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngBomb(10_000);
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    const started = Date.now();
    expect(await refusal(image, bomb)).toBe(
      'The image is 10000x10000 pixels, far larger than any allowed. Image up to 100KB (JPEG, PNG, GIF)',
    );
    expect(await refusal(companion, bomb)).toMatch(/^The companion image is 10000x10000 pixels/);
    // Decoding 100 million pixels takes seconds; reading a header does not.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('takes the real kind whatever the file claims (a GIF sent as .png is a GIF)', async () => {
    const result = await checkCreativeFile(image, await imageOf('gif', 728, 90));
    expect(result).toMatchObject({ ok: true, file: { kind: 'gif' } });
  });

  it('native images: up to 1 MB and 300x300', async () => {
    expect(await checkCreativeFile(nativeImage, await imageOf('jpeg', 300, 300))).toMatchObject({ ok: true });
    expect(await refusal(nativeImage, await imageOf('png', 301, 300))).toBe(
      'The native image is 301x300, larger than 300x300. Native image up to 1MB and 300x300',
    );
  });

  it('companion images: up to 200 KB, any reasonable size', async () => {
    expect(await checkCreativeFile(companion, await imageOf('png', 300, 60))).toMatchObject({ ok: true });
    const big = await imageOf('png', 300, 300, { noise: true });
    expect(await refusal(companion, big)).toBe(
      'The file is larger than 200 KB. Companion ad image up to 200k',
    );
  });
});

// CI requires the tools (REQUIRE_MEDIA_TOOLS=1): there a missing one fails these tests instead of skipping them.
const mediaTools = (await hasMediaTools()) || process.env.REQUIRE_MEDIA_TOOLS === '1';
describe.skipIf(!mediaTools)(
  `video and audio uploads${mediaTools ? '' : ' (skipped: ffmpeg/ffprobe are not installed here)'}`,
  () => {
    let shortVideo: Buffer;
    beforeAll(async () => {
      shortVideo = await mp4Of({ width: 320, height: 180, seconds: 2 });
    }, 60_000);

    it('accepts an MP4 with its duration and size', async () => {
      const result = await checkCreativeFile(video, shortVideo);
      expect(result).toMatchObject({ ok: true, file: { kind: 'mp4', width: 320, height: 180 } });
      if (result.ok) expect(result.file.durationMs).toBeGreaterThanOrEqual(1900);
    });

    it('refuses a video longer than 30 seconds', async () => {
      const long = await mp4Of({ width: 160, height: 90, seconds: 32, kbps: 20 });
      expect(long.byteLength).toBeLessThan(2 * 1024 * 1024);
      expect(await refusal(video, long)).toMatch(
        /^The video lasts 32(\.\d)? seconds, more than 30\. Video MP4 up to 2MB and 30 seconds$/,
      );
    }, 60_000);

    it('refuses a truncated MP4, an MP4 without pictures and an image sent as video', async () => {
      expect(await refusal(video, shortVideo.subarray(0, Math.floor(shortVideo.byteLength / 2)))).toBe(
        'The file is damaged or incomplete: it could not be read as a MP4 file. Video MP4 up to 2MB and 30 seconds',
      );
      expect(await refusal(video, await soundOnlyMp4Of(1))).toBe(
        'The file has no video track. Video MP4 up to 2MB and 30 seconds',
      );
      expect(await refusal(video, await imageOf('png', 300, 250))).toBe(
        'The file is not a MP4 file. Video MP4 up to 2MB and 30 seconds',
      );
    });

    it('refuses more than 2 MB', async () => {
      const padded = Buffer.concat([shortVideo, Buffer.alloc(2 * 1024 * 1024)]);
      expect(await refusal(video, padded)).toBe(
        'The file is larger than 2 MB. Video MP4 up to 2MB and 30 seconds',
      );
    });

    it('accepts MP3 and WAV with their durations', async () => {
      const mp3 = await checkCreativeFile(audio, await mp3Of(3));
      const wav = await checkCreativeFile(audio, await wavOf(3));
      expect(mp3).toMatchObject({ ok: true, file: { kind: 'mp3' } });
      expect(wav).toMatchObject({ ok: true, file: { kind: 'wav', durationMs: 3000 } });
    });

    it('refuses audio longer than 30 seconds, truncated audio, and video sent as audio', async () => {
      expect(await refusal(audio, await wavOf(31))).toBe(
        'The audio lasts 31 seconds, more than 30. Audio MP3 or WAV up to 30 seconds',
      );
      const wav = await wavOf(3);
      const cutHeader = wav.subarray(0, 30);
      expect(await refusal(audio, cutHeader)).toMatch(/^The file is damaged or incomplete/);
      expect(await refusal(audio, shortVideo)).toBe(
        'The file is not a MP3 or WAV file. Audio MP3 or WAV up to 30 seconds',
      );
    });
  },
);
