import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { runMediaTool, withScratchDir } from '../../lib/media-probe';

/**
 * Real sample files for the creative tests: images drawn by sharp, short MP4/MP3/WAV made by ffmpeg's test
 * sources, and hostile files built byte by byte.
 */

type ImageFormat = 'png' | 'jpeg' | 'gif';

/** A flat-coloured image, or random noise (which does not compress: a large file for its size). */
export const imageOf = async (
  format: ImageFormat,
  width: number,
  height: number,
  options: { noise?: boolean } = {},
): Promise<Buffer> => {
  const image = options.noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: '#1565c0' } });
  return image.toFormat(format).toBuffer();
};

const crc32 = (data: Buffer): number => {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `side`×`side` pixels whose all-zero rows deflate to a
 * few kilobytes (10,000² pixels is 100 million, about 12 KB on disk).
 */
export const pngBomb = (side: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

const ffmpegMake = async (args: readonly string[], extension: string): Promise<Buffer> =>
  withScratchDir(async (dir) => {
    const output = path.join(dir, `sample.${extension}`);
    const result = await runMediaTool('ffmpeg', ['-nostdin', '-v', 'error', ...args, output], 120_000);
    if (result.code !== 0) throw new Error(`ffmpeg could not make the sample: ${result.stderr}`);
    return readFile(output);
  });

/** An H.264/AAC MP4 from ffmpeg's test pattern and a sine tone. */
export const mp4Of = (options: { width: number; height: number; seconds: number; kbps?: number }) =>
  ffmpegMake(
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${options.width}x${options.height}:rate=15:duration=${options.seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${options.seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${options.kbps ?? 200}k`,
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-shortest',
      '-movflags',
      '+faststart',
    ],
    'mp4',
  );

/** An MP4 with sound only (an .mp4 that is no video). */
export const soundOnlyMp4Of = (seconds: number) =>
  ffmpegMake(['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'aac', '-b:a', '32k'], 'mp4');

export const mp3Of = (seconds: number) =>
  ffmpegMake(['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '32k'], 'mp3');

export const wavOf = (seconds: number) =>
  ffmpegMake(['-f', 'lavfi', '-i', `sine=duration=${seconds}:sample_rate=8000`, '-c:a', 'pcm_s16le'], 'wav');
