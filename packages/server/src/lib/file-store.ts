import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The kinds of file Beacon accepts as uploads so far, recognised by their first bytes (never by the name). */
export const FILE_KINDS = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  svg: { contentType: 'image/svg+xml', extension: 'svg' },
  ico: { contentType: 'image/x-icon', extension: 'ico' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  // Creative media: uploaded videos and audio, and the renditions and posters made from them.
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  mp3: { contentType: 'audio/mpeg', extension: 'mp3' },
  wav: { contentType: 'audio/wav', extension: 'wav' },
} as const;

export type FileKind = keyof typeof FILE_KINDS;

const startsWith = (data: Uint8Array, signature: readonly number[]): boolean =>
  signature.every((byte, index) => data[index] === byte);

const ascii = (data: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...data.subarray(from, to));

/** ISO base media files whose major brand is an MP4 one (QuickTime .mov and audio-only .m4a are not). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);
const isMp4 = (data: Uint8Array): boolean =>
  data.byteLength >= 12 && ascii(data, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(data, 8, 12));

/** An ID3v2 tag, or an MPEG-1/2 layer III frame header (sync bits, layer bits 01). */
const isMp3 = (data: Uint8Array): boolean => {
  if (startsWith(data, [0x49, 0x44, 0x33])) return true;
  const [first, second] = [data[0], data[1]];
  return first === 0xff && second !== undefined && (second & 0xe0) === 0xe0 && (second & 0x06) === 0x02;
};

/** What a file really is, from its content; `undefined` when it is none of FILE_KINDS. */
export const sniffFileKind = (data: Uint8Array): FileKind | undefined => {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(data, [0x00, 0x00, 0x01, 0x00])) return 'ico';
  if (isMp4(data)) return 'mp4';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data.subarray(8), [0x57, 0x41, 0x56, 0x45])) {
    return 'wav';
  }
  if (isMp3(data)) return 'mp3';
  const head = new TextDecoder().decode(data.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return undefined;
};

export type StoredFile = {
  /** Name inside the store: the SHA-256 of the content and the kind's extension. */
  name: string;
  /** Where browsers fetch it (GET /api/files/{name}, public and immutable). */
  url: string;
  kind: FileKind;
  size: number;
};

export type FileStore = {
  /** Keeps the content and answers where it can be fetched; the same content is stored once. */
  save(data: Uint8Array, kind: FileKind): Promise<StoredFile>;
  /** The content of a stored file, or `undefined` when there is no such file. */
  read(name: string): Promise<{ data: Buffer; contentType: string } | undefined>;
};

export const FILES_URL_PREFIX = '/api/files/';

/** A stored file's name: 64 hex digits, a dot and a known extension (nothing else reaches the disk). */
const STORED_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|svg|ico|pdf|mp4|mp3|wav)$/;

const kindOfExtension = (extension: string): FileKind | undefined =>
  (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => FILE_KINDS[kind].extension === extension);

/**
 * The local-folder file store of docs/architecture.md (`<dataDir>/files`). Content-addressed, so a retried upload writes
 * nothing new and a URL never changes meaning; the write goes through a temporary name and a rename so that a
 * reader never sees half a file.
 */
export const createLocalFileStore = (root: string): FileStore => ({
  async save(data, kind) {
    const name = `${createHash('sha256').update(data).digest('hex')}.${FILE_KINDS[kind].extension}`;
    await mkdir(root, { recursive: true });
    const target = path.join(root, name);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
    return { name, url: `${FILES_URL_PREFIX}${name}`, kind, size: data.byteLength };
  },
  async read(name) {
    if (!STORED_NAME.test(name)) return undefined;
    const kind = kindOfExtension(name.slice(name.lastIndexOf('.') + 1));
    if (!kind) return undefined;
    try {
      return { data: await readFile(path.join(root, name)), contentType: FILE_KINDS[kind].contentType };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    }
  },
});
