/**
 * Files uploaded with a form (profile logo, organization logo and favicon; decision 035): what each field takes
 * and the messages of a refused file, defined once for the server's check and the console's own. The server
 * recognises a file by its content and measures pictures from their headers before anything decodes them.
 */
import { MAX_DECLARED_PIXELS } from './creative-asset';

const KB = 1024;
const MB = 1024 * KB;

/** The kinds of file the server recognises by content, as people name them. */
export const UPLOAD_KIND_NAMES = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  svg: 'SVG',
  ico: 'ICO',
  pdf: 'PDF',
  mp4: 'MP4',
  mp3: 'MP3',
  wav: 'WAV',
} as const;
export type UploadKind = keyof typeof UPLOAD_KIND_NAMES;

/** What one file field takes. */
export type UploadRule = {
  /** What the file is called in messages ("logo", "favicon"). */
  readonly label: string;
  readonly kinds: readonly UploadKind[];
  readonly maxBytes: number;
};

/** §5: the profile logo accepts png, jpeg and pdf. */
export const PROFILE_LOGO_UPLOAD = {
  label: 'profile logo',
  kinds: ['png', 'jpeg', 'pdf'],
  maxBytes: MB,
} as const satisfies UploadRule;

/**
 * An organization's white-label logo and favicon. No SVG (decision 035): a few hundred bytes of `<use>` can
 * take a browser, or a server drawing it, many seconds to render, and its markup can carry scripts.
 */
export const ORGANIZATION_LOGO_UPLOAD = {
  label: 'logo',
  kinds: ['png', 'jpeg'],
  maxBytes: 512 * KB,
} as const satisfies UploadRule;
export const FAVICON_UPLOAD = {
  label: 'favicon',
  kinds: ['png', 'ico'],
  maxBytes: 256 * KB,
} as const satisfies UploadRule;

/**
 * Every uploaded picture (and every picture inside an ICO, all together) is refused above this many pixels, read
 * from its header before anything decodes it: the creatives' limit (decision 023). A small file declaring a
 * huge picture is a decompression bomb for the server and for every browser that shows it.
 */
export const MAX_UPLOAD_PIXELS = MAX_DECLARED_PIXELS;

/** "PNG, JPEG or PDF". */
export const uploadKindsText = (kinds: readonly UploadKind[]): string => {
  const names = kinds.map((kind) => UPLOAD_KIND_NAMES[kind]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
};

/** 5 MB, 512 KB. */
export const uploadSizeText = (bytes: number): string =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;

/** An empty file, or one that is none of the rule's kinds; an SVG is told why it is not taken. */
export const uploadWrongKindMessage = (rule: UploadRule, kind?: UploadKind): string => {
  const message = `The ${rule.label} must be ${withArticle(uploadKindsText(rule.kinds))} file`;
  return kind === 'svg' && !rule.kinds.includes('svg')
    ? `${message}: SVG is not accepted, save the picture as a PNG`
    : message;
};

export const uploadTooLargeMessage = (rule: UploadRule): string =>
  `The ${rule.label} must be at most ${uploadSizeText(rule.maxBytes)}`;

const pixelsText = (pixels: number): string => pixels.toLocaleString('en-US');

/** "a PNG", "an ICO": the letters whose names start with a vowel sound take "an". */
const withArticle = (name: string): string => `${/^[AEFHILMNORSX]/.test(name) ? 'an' : 'a'} ${name}`;

export const uploadTooManyPixelsMessage = (rule: UploadRule, width: number, height: number): string =>
  `The ${rule.label} is ${width}x${height} pixels: at most ${pixelsText(MAX_UPLOAD_PIXELS)} pixels (such as 4096x4096) are accepted`;

export const uploadIconTooManyPixelsMessage = (rule: UploadRule, pictures: number, pixels: number): string =>
  `The ${rule.label} holds ${pictures} pictures of ${pixelsText(pixels)} pixels in all: at most ${pixelsText(MAX_UPLOAD_PIXELS)} are accepted`;

export const uploadDamagedMessage = (rule: UploadRule, kind: UploadKind): string =>
  `The ${rule.label} is damaged or incomplete: it could not be read as ${withArticle(UPLOAD_KIND_NAMES[kind])} file`;
