/**
 * Uploaded creative files (§5 asset hints, decision 023): which upload slot takes which limits, and
 * the messages of a refused file. The server measures the file by its content (never its name or declared
 * type) and hands the facts to `assetProblem`; the console may call it too before it sends anything.
 */
import {
  type AssetLimit,
  CREATIVE_ASSET_LIMITS,
  type CreativeType,
  formatSize,
  IMAGE_SIZES,
  isImageSize,
} from '../dictionary/creatives';

/** Where a file goes on a creative: its main asset, the companion ad of a video, the native icon. */
export const CREATIVE_UPLOAD_SLOTS = ['asset', 'companion', 'native-icon'] as const;
export type CreativeUploadSlot = (typeof CREATIVE_UPLOAD_SLOTS)[number];
/**
 * The multipart fields of `POST /creative` when a creative is created with its files in one request: the JSON
 * in `data`, then each file in the field of its slot.
 */
export const CREATIVE_CREATE_FILE_FIELDS = {
  file: 'asset',
  companion: 'companion',
  native_icon: 'native-icon',
} as const satisfies Record<string, CreativeUploadSlot>;
export type CreativeCreateFileField = keyof typeof CREATIVE_CREATE_FILE_FIELDS;

/** What kinds of content a creative's files may be, as the server recognises them. */
export type CreativeFileKind = 'png' | 'jpeg' | 'gif' | 'mp4' | 'mp3' | 'wav';
export const CREATIVE_IMAGE_KINDS = ['png', 'jpeg', 'gif'] as const satisfies readonly CreativeFileKind[];
export const CREATIVE_VIDEO_KINDS = ['mp4'] as const satisfies readonly CreativeFileKind[];
export const CREATIVE_AUDIO_KINDS = ['mp3', 'wav'] as const satisfies readonly CreativeFileKind[];

const KB = 1024;
const MB = 1024 * KB;

/**
 * §5 gives audio a duration only; the server still needs a byte cap to refuse a file before reading it. 30 s
 * of uncompressed 48 kHz 24-bit stereo WAV is 8.6 MB.
 */
export const MAX_AUDIO_UPLOAD_BYTES = 10 * MB;
/** A companion image has no size of its own in §5: at most a full-HD screen. */
export const MAX_COMPANION_SIZE = { width: 1920, height: 1080 } as const;
/**
 * Pictures declaring more pixels than this are refused from their header, before anything decodes them: a
 * small file declaring a huge picture is a decompression bomb. Far above every allowed size.
 */
export const MAX_DECLARED_PIXELS = 4096 * 4096;

export type UploadRule = {
  /** The CREATIVE_ASSET_LIMITS entry whose hint the messages repeat. */
  limit: AssetLimit;
  kinds: readonly CreativeFileKind[];
  maxBytes: number;
  /** The picture must be one of the 27 image sizes. */
  isSizeListed: boolean;
  maxWidth?: number;
  maxHeight?: number;
  /** Above this many pixels the file is refused before decoding (MAX_DECLARED_PIXELS). */
  maxPixels: number;
  maxDurationSeconds?: number;
  /** The part of a creative the file fills, in messages ("The image…", "The video…"). */
  noun: 'image' | 'video' | 'audio' | 'native image' | 'companion image';
};

const imageRule: UploadRule = {
  limit: CREATIVE_ASSET_LIMITS.image,
  kinds: CREATIVE_IMAGE_KINDS,
  maxBytes: CREATIVE_ASSET_LIMITS.image.maxBytes,
  isSizeListed: true,
  maxPixels: MAX_DECLARED_PIXELS,
  noun: 'image',
};
const nativeImageRule: UploadRule = {
  limit: CREATIVE_ASSET_LIMITS.nativeImage,
  kinds: CREATIVE_IMAGE_KINDS,
  maxBytes: CREATIVE_ASSET_LIMITS.nativeImage.maxBytes,
  isSizeListed: false,
  maxWidth: CREATIVE_ASSET_LIMITS.nativeImage.maxWidth,
  maxHeight: CREATIVE_ASSET_LIMITS.nativeImage.maxHeight,
  maxPixels: MAX_DECLARED_PIXELS,
  noun: 'native image',
};
const videoRule: UploadRule = {
  limit: CREATIVE_ASSET_LIMITS.video,
  kinds: CREATIVE_VIDEO_KINDS,
  maxBytes: CREATIVE_ASSET_LIMITS.video.maxBytes,
  isSizeListed: false,
  maxPixels: MAX_DECLARED_PIXELS,
  maxDurationSeconds: CREATIVE_ASSET_LIMITS.video.maxDurationSeconds,
  noun: 'video',
};
const audioRule: UploadRule = {
  limit: CREATIVE_ASSET_LIMITS.audio,
  kinds: CREATIVE_AUDIO_KINDS,
  maxBytes: MAX_AUDIO_UPLOAD_BYTES,
  isSizeListed: false,
  maxPixels: MAX_DECLARED_PIXELS,
  maxDurationSeconds: CREATIVE_ASSET_LIMITS.audio.maxDurationSeconds,
  noun: 'audio',
};
const companionRule: UploadRule = {
  limit: CREATIVE_ASSET_LIMITS.companion,
  kinds: CREATIVE_IMAGE_KINDS,
  maxBytes: CREATIVE_ASSET_LIMITS.companion.maxBytes,
  isSizeListed: false,
  maxWidth: MAX_COMPANION_SIZE.width,
  maxHeight: MAX_COMPANION_SIZE.height,
  maxPixels: MAX_DECLARED_PIXELS,
  noun: 'companion image',
};

/** The rule of a slot for a creative type; `undefined` when that type takes no file there. */
export const uploadRuleOf = (type: CreativeType, slot: CreativeUploadSlot): UploadRule | undefined => {
  if (slot === 'companion') return type === 'video' ? companionRule : undefined;
  if (slot === 'native-icon') return type === 'native' ? nativeImageRule : undefined;
  switch (type) {
    case 'image':
      return imageRule;
    case 'video':
      return videoRule;
    case 'audio':
      return audioRule;
    case 'native':
      return nativeImageRule;
    default:
      return undefined;
  }
};

/** What the server measured of a file's content. */
export type AssetFacts = {
  kind: CreativeFileKind;
  bytes: number;
  width?: number;
  height?: number;
  durationMs?: number;
};

const KIND_NAMES: Record<CreativeFileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  mp4: 'MP4',
  mp3: 'MP3',
  wav: 'WAV',
};

const kindsText = (kinds: readonly CreativeFileKind[]): string => {
  const names = kinds.map((kind) => KIND_NAMES[kind]);
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
};

const sizeText = (bytes: number): string =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;

/** Each refusal says what is wrong, then repeats the §5 hint of the field. */
const withHint = (rule: UploadRule, problem: string): string => `${problem}. ${rule.limit.hint}`;

export const assetNotRecognisedMessage = (rule: UploadRule): string =>
  withHint(rule, `The file is not a ${kindsText(rule.kinds)} file`);
export const assetEmptyMessage = (rule: UploadRule): string => withHint(rule, 'The file is empty');
export const assetTooLargeMessage = (rule: UploadRule): string =>
  withHint(rule, `The file is larger than ${sizeText(rule.maxBytes)}`);
export const assetDamagedMessage = (rule: UploadRule): string =>
  withHint(
    rule,
    `The file is damaged or incomplete: it could not be read as a ${kindsText(rule.kinds)} file`,
  );
export const assetTooManyPixelsMessage = (rule: UploadRule, width: number, height: number): string =>
  withHint(rule, `The ${rule.noun} is ${width}x${height} pixels, far larger than any allowed`);
export const assetNoVideoMessage = (rule: UploadRule): string =>
  withHint(rule, 'The file has no video track');
export const assetNoAudioMessage = (rule: UploadRule): string =>
  withHint(rule, 'The file has no audio track');

/** The picture (or video frame) is larger than a rule allows before anything decodes it: a possible bomb. */
export const hasTooManyPixels = (rule: UploadRule, width: number, height: number): boolean =>
  width * height > rule.maxPixels;

/** Containers round a 30-second clip up to its last audio frame (30.02 s): that much over still passes. */
const DURATION_TOLERANCE_MS = 100;

/** The §5 problem with a measured file, or `undefined` when the slot accepts it. */
export const assetProblem = (rule: UploadRule, facts: AssetFacts): string | undefined => {
  if (!rule.kinds.includes(facts.kind)) return assetNotRecognisedMessage(rule);
  if (facts.bytes === 0) return assetEmptyMessage(rule);
  if (facts.bytes > rule.maxBytes) return assetTooLargeMessage(rule);
  const { width, height } = facts;
  if (width !== undefined && height !== undefined) {
    if (hasTooManyPixels(rule, width, height)) return assetTooManyPixelsMessage(rule, width, height);
    if (rule.isSizeListed && !isImageSize({ width, height })) {
      return withHint(
        rule,
        `The image is ${formatSize({ width, height })}, which is not one of the ${IMAGE_SIZES.length} image sizes (such as 300x250 or 728x90)`,
      );
    }
    if (
      (rule.maxWidth !== undefined && width > rule.maxWidth) ||
      (rule.maxHeight !== undefined && height > rule.maxHeight)
    ) {
      return withHint(
        rule,
        `The ${rule.noun} is ${formatSize({ width, height })}, larger than ${rule.maxWidth ?? width}x${rule.maxHeight ?? height}`,
      );
    }
  }
  if (
    rule.maxDurationSeconds !== undefined &&
    facts.durationMs !== undefined &&
    facts.durationMs > rule.maxDurationSeconds * 1000 + DURATION_TOLERANCE_MS
  ) {
    return withHint(
      rule,
      `The ${rule.noun} lasts ${Math.round(facts.durationMs / 100) / 10} seconds, more than ${rule.maxDurationSeconds}`,
    );
  }
  return undefined;
};
