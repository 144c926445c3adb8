/**
 * Files chosen for an upload (profile logo, organization logo and favicon): which kinds a field takes, what the
 * browser's file picker offers, and the message for a file the server would refuse, worded as the server words
 * it (the messages come from the domain). The server still checks each file by its content, and measures
 * pictures, which only it can do; this only spares a round trip. Pure, unit-tested.
 */
import {
  uploadKindsText,
  uploadSizeText,
  uploadTooLargeMessage,
  uploadWrongKindMessage,
} from '@beacon/domain/validation/uploads';

export const UPLOAD_KINDS = {
  png: { types: ['image/png'], extensions: ['.png'] },
  jpeg: { types: ['image/jpeg'], extensions: ['.jpg', '.jpeg'] },
  gif: { types: ['image/gif'], extensions: ['.gif'] },
  svg: { types: ['image/svg+xml'], extensions: ['.svg'] },
  ico: { types: ['image/x-icon', 'image/vnd.microsoft.icon'], extensions: ['.ico'] },
  pdf: { types: ['application/pdf'], extensions: ['.pdf'] },
} as const;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export type UploadRule = {
  /** What the file is called in messages ("logo", "favicon"). */
  readonly label: string;
  readonly kinds: readonly UploadKind[];
  readonly maxBytes: number;
};

type FileLike = { readonly name: string; readonly type: string; readonly size: number };

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** The kind of a chosen file by its type, or by its extension when the browser gives no type. */
export const uploadKindOf = (file: Pick<FileLike, 'name' | 'type'>): UploadKind | undefined => {
  const kinds = Object.keys(UPLOAD_KINDS) as UploadKind[];
  const type = file.type.toLowerCase();
  if (type !== '')
    return kinds.find((kind) => (UPLOAD_KINDS[kind].types as readonly string[]).includes(type));
  const extension = extensionOf(file.name);
  return kinds.find((kind) => (UPLOAD_KINDS[kind].extensions as readonly string[]).includes(extension));
};

/** The `accept` attribute of a file input: the types and the extensions of the kinds. */
export const acceptOf = (kinds: readonly UploadKind[]): string =>
  kinds.flatMap((kind) => [...UPLOAD_KINDS[kind].types, ...UPLOAD_KINDS[kind].extensions]).join(',');

/** "PNG, JPEG or PDF". */
export const kindsText = (kinds: readonly UploadKind[]): string => uploadKindsText(kinds);

/** 5 MB, 512 KB. */
export const sizeText = (bytes: number): string => uploadSizeText(bytes);

/** Why a chosen file cannot be sent, or undefined when it can. */
export const uploadError = (file: FileLike, rule: UploadRule): string | undefined => {
  const kind = uploadKindOf(file);
  if (file.size === 0 || !kind || !rule.kinds.includes(kind)) return uploadWrongKindMessage(rule, kind);
  if (file.size > rule.maxBytes) return uploadTooLargeMessage(rule);
  return undefined;
};

/** Whether a stored file's address is a PDF (shown as a file chip, not as an image). */
export const isPdfAddress = (address: string): boolean =>
  /^data:application\/pdf[;,]/i.test(address) || /\.pdf(?:[?#]|$)/i.test(address);
