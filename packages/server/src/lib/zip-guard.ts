import { inflateRawSync } from 'node:zlib';

/**
 * Zip-bomb guard for uploaded ZIP containers (XLSX files, decision 023), run before any parser sees them:
 * walks the central directory and inflates every entry with a hard cap on the total output, so a small file
 * that claims (or really holds) gigabytes is refused after at most `maxTotalBytes` of work. Declared sizes
 * are not trusted: the inflater's own limit is.
 */

export type ZipLimits = { maxEntries: number; maxTotalBytes: number };
export type ZipVerdict = 'ok' | 'not_zip' | 'too_large';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const findEndOfCentralDirectory = (data: Buffer): number => {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end of the file.
  const lowest = Math.max(0, data.byteLength - 22 - 0xffff);
  for (let offset = data.byteLength - 22; offset >= lowest; offset -= 1) {
    if (data.readUInt32LE(offset) === EOCD_SIGNATURE) return offset;
  }
  return -1;
};

export const checkZipLimits = (data: Buffer, limits: ZipLimits): ZipVerdict => {
  if (data.byteLength < 22) return 'not_zip';
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return 'not_zip';
  const entries = data.readUInt16LE(eocd + 10);
  const directoryOffset = data.readUInt32LE(eocd + 16);
  if (entries > limits.maxEntries) return 'too_large';
  let offset = directoryOffset;
  let total = 0;
  try {
    for (let index = 0; index < entries; index += 1) {
      if (data.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return 'not_zip';
      const method = data.readUInt16LE(offset + 10);
      const compressedSize = data.readUInt32LE(offset + 20);
      const nameLength = data.readUInt16LE(offset + 28);
      const extraLength = data.readUInt16LE(offset + 30);
      const commentLength = data.readUInt16LE(offset + 32);
      const localOffset = data.readUInt32LE(offset + 42);
      offset += 46 + nameLength + extraLength + commentLength;

      if (data.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) return 'not_zip';
      const localName = data.readUInt16LE(localOffset + 26);
      const localExtra = data.readUInt16LE(localOffset + 28);
      const start = localOffset + 30 + localName + localExtra;
      const compressed = data.subarray(start, start + compressedSize);
      if (compressed.byteLength !== compressedSize) return 'not_zip';
      const remaining = limits.maxTotalBytes - total;
      if (method === STORED) {
        total += compressedSize;
      } else if (method === DEFLATED) {
        // Throws a RangeError past `remaining` bytes of output: the bomb stops here.
        total += inflateRawSync(compressed, { maxOutputLength: Math.max(remaining, 1) }).byteLength;
      } else {
        return 'not_zip';
      }
      if (total > limits.maxTotalBytes) return 'too_large';
    }
  } catch (error) {
    if (error instanceof RangeError && /maxOutputLength|Cannot create a Buffer/i.test(error.message)) {
      return 'too_large';
    }
    if (error instanceof RangeError && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE') {
      return 'too_large';
    }
    return 'not_zip';
  }
  return 'ok';
};
