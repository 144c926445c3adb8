import {
  MAX_UPLOAD_PIXELS,
  type UploadRule,
  uploadDamagedMessage,
  uploadIconTooManyPixelsMessage,
  uploadTooManyPixelsMessage,
  uploadWrongKindMessage,
} from '@beacon/domain/validation/uploads';
import type { FileKind } from './file-store';
import { imageDecodes, readImageHeader } from './media-probe';

/**
 * The picture check of every form upload (decision 035), after its kind was recognised by content: the size
 * declared in the header is checked before anything decodes the picture (a decompression bomb stops there), then
 * a full decode (bounded by `limitInputPixels`) refuses truncated or corrupt files. The creatives' own check
 * (decision 023) works the same way with the same limit. Files that are not pictures (PDF) pass unchanged.
 */

export type PictureCheck = { ok: true } | { ok: false; message: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ICON_DIRECTORY_BYTES = 6;
const ICON_ENTRY_BYTES = 16;
/** BITMAPINFOHEADER, the smallest header a browser takes for an icon's bitmap. */
const BITMAP_INFO_HEADER_BYTES = 40;

type IconPicture = { format: 'png'; data: Buffer } | { format: 'bmp'; width: number; height: number };

/**
 * The pictures of an ICO file (a directory of 16-byte entries, each pointing at a PNG or at a bitmap without its
 * file header); `undefined` when the structure does not hold. The directory's own sizes (one byte each) are not
 * trusted: an embedded PNG declares its real size in its own header.
 */
const iconPictures = (data: Buffer): IconPicture[] | undefined => {
  if (data.byteLength < ICON_DIRECTORY_BYTES || data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) {
    return undefined;
  }
  const count = data.readUInt16LE(4);
  const entriesEnd = ICON_DIRECTORY_BYTES + count * ICON_ENTRY_BYTES;
  if (count === 0 || entriesEnd > data.byteLength) return undefined;
  const pictures: IconPicture[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = ICON_DIRECTORY_BYTES + index * ICON_ENTRY_BYTES;
    const size = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    if (offset < entriesEnd || size === 0 || offset + size > data.byteLength) return undefined;
    const body = data.subarray(offset, offset + size);
    if (body.subarray(0, PNG_SIGNATURE.byteLength).equals(PNG_SIGNATURE)) {
      pictures.push({ format: 'png', data: body });
      continue;
    }
    if (body.byteLength < BITMAP_INFO_HEADER_BYTES || body.readUInt32LE(0) < BITMAP_INFO_HEADER_BYTES) {
      return undefined;
    }
    // A bitmap's height counts its colour rows and its transparency mask's: twice the picture's.
    const width = body.readInt32LE(4);
    const height = Math.abs(body.readInt32LE(8)) / 2;
    if (width <= 0 || !Number.isInteger(height) || height === 0) return undefined;
    pictures.push({ format: 'bmp', width, height });
  }
  return pictures;
};

const checkIcon = async (rule: UploadRule, data: Buffer): Promise<PictureCheck> => {
  const pictures = iconPictures(data);
  if (!pictures) return { ok: false, message: uploadDamagedMessage(rule, 'ico') };
  let totalPixels = 0;
  const embedded: { data: Buffer; header: { width: number; height: number; frames: number } }[] = [];
  for (const picture of pictures) {
    const header =
      picture.format === 'png'
        ? await readImageHeader(picture.data)
        : { width: picture.width, height: picture.height, frames: 1 };
    if (!header) return { ok: false, message: uploadDamagedMessage(rule, 'ico') };
    if (header.width * header.height > MAX_UPLOAD_PIXELS) {
      return { ok: false, message: uploadTooManyPixelsMessage(rule, header.width, header.height) };
    }
    totalPixels += header.width * header.height * header.frames;
    if (picture.format === 'png') embedded.push({ data: picture.data, header });
  }
  if (totalPixels > MAX_UPLOAD_PIXELS) {
    return { ok: false, message: uploadIconTooManyPixelsMessage(rule, pictures.length, totalPixels) };
  }
  // Bitmaps are only measured (libvips reads no BMP); their size was checked, which is what a browser allocates.
  for (const picture of embedded) {
    if (!(await imageDecodes(picture.data, picture.header))) {
      return { ok: false, message: uploadDamagedMessage(rule, 'ico') };
    }
  }
  return { ok: true };
};

const checkRaster = async (
  rule: UploadRule,
  data: Buffer,
  kind: 'png' | 'jpeg' | 'gif',
): Promise<PictureCheck> => {
  const header = await readImageHeader(data);
  if (!header) return { ok: false, message: uploadDamagedMessage(rule, kind) };
  if (header.width * header.height > MAX_UPLOAD_PIXELS) {
    return { ok: false, message: uploadTooManyPixelsMessage(rule, header.width, header.height) };
  }
  if (!(await imageDecodes(data, header))) return { ok: false, message: uploadDamagedMessage(rule, kind) };
  return { ok: true };
};

/** Checks an uploaded file already recognised as `kind`; a refusal carries the message for the field. */
export const checkUploadedPicture = async (
  rule: UploadRule,
  kind: FileKind,
  data: Buffer,
): Promise<PictureCheck> => {
  switch (kind) {
    case 'png':
    case 'jpeg':
    case 'gif':
      return checkRaster(rule, data, kind);
    case 'ico':
      return checkIcon(rule, data);
    case 'svg':
      // No form takes SVG (decision 035): a rule listing it would need a sanitiser and a renderer bounded in time.
      return {
        ok: false,
        message: uploadWrongKindMessage(
          { ...rule, kinds: rule.kinds.filter((name) => name !== 'svg') },
          'svg',
        ),
      };
    default:
      return { ok: true };
  }
};
