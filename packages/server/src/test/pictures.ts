import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';

/** Pictures built byte by byte for the upload tests (decision 035): bombs that stay small, and icons. */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
};

/** Rows are deflated a few megabytes at a time. */
const BYTES_PER_WRITE = 4 * 1024 * 1024;

/**
 * A valid 1-bit greyscale PNG of `width`×`height` pixels, all black. Its rows of zeros deflate about a
 * thousand to one, so 50,000² pixels (2.5 billion, 312 MB of rows) is about 300 KB; the rows are deflated as
 * a stream, never held whole.
 */
export const hugePng = async (width: number, height: number): Promise<Buffer> => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const rowsPerWrite = Math.max(1, Math.floor(BYTES_PER_WRITE / rowBytes));
  const rows = Buffer.alloc(rowBytes * rowsPerWrite);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = once(deflate, 'end');
  for (let row = 0; row < height; row += rowsPerWrite) {
    const count = Math.min(rowsPerWrite, height - row);
    if (!deflate.write(rows.subarray(0, count * rowBytes))) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The header of an icon's bitmap picture (BITMAPINFOHEADER, 32 bits), declaring `width`×`height`. */
export const iconBitmap = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8); // colour rows and transparency mask rows
  header.writeUInt16LE(1, 12); // planes
  header.writeUInt16LE(32, 14); // bits per pixel
  const pixels =
    width * height <= 256 * 256 ? Buffer.alloc(width * height * 4 + height * 4) : Buffer.alloc(64);
  return Buffer.concat([header, pixels]);
};

/** An ICO file holding these pictures (PNG files or icon bitmaps), in order. */
export const icoOf = (pictures: readonly Buffer[]): Buffer => {
  const directory = Buffer.alloc(6 + pictures.length * 16);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(pictures.length, 4);
  let offset = directory.byteLength;
  pictures.forEach((picture, index) => {
    const entry = 6 + index * 16;
    // Width and height 0 mean 256 (or more): readers take the picture's own header.
    directory.writeUInt16LE(1, entry + 4); // planes
    directory.writeUInt16LE(32, entry + 6); // bits per pixel
    directory.writeUInt32LE(picture.byteLength, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += picture.byteLength;
  });
  return Buffer.concat([directory, ...pictures]);
};
