import {
  type AssetFacts,
  assetDamagedMessage,
  assetEmptyMessage,
  assetNoAudioMessage,
  assetNotRecognisedMessage,
  assetNoVideoMessage,
  assetProblem,
  assetTooLargeMessage,
  assetTooManyPixelsMessage,
  type CreativeFileKind,
  hasTooManyPixels,
  type UploadRule,
} from '@beacon/domain/validation/creative-asset';
import { sniffFileKind } from '../../lib/file-store';
import { imageDecodes, probeMedia, readImageHeader } from '../../lib/media-probe';

/**
 * The content check of an uploaded creative file (decision 023): the kind comes from the first bytes (never
 * the name or the declared type), the size and duration from the content itself, in an order that refuses a
 * hostile file as early as possible — size, kind, declared picture size (a decompression bomb stops here,
 * before any decoding), the §5 rule, then a full decode that catches truncated or corrupt files.
 */

export type CheckedFile = AssetFacts & { data: Buffer };
export type FileCheck = { ok: true; file: CheckedFile } | { ok: false; message: string };

const CONTAINER_OF: Record<'mp4' | 'mp3' | 'wav', string> = { mp4: 'mp4', mp3: 'mp3', wav: 'wav' };

const isCreativeKind = (kind: string | undefined, rule: UploadRule): kind is CreativeFileKind =>
  kind !== undefined && (rule.kinds as readonly string[]).includes(kind);

const refuse = (message: string): FileCheck => ({ ok: false, message });

const checkImage = async (rule: UploadRule, data: Buffer, kind: CreativeFileKind): Promise<FileCheck> => {
  const header = await readImageHeader(data);
  if (!header) return refuse(assetDamagedMessage(rule));
  if (hasTooManyPixels(rule, header.width, header.height)) {
    return refuse(assetTooManyPixelsMessage(rule, header.width, header.height));
  }
  const facts: AssetFacts = { kind, bytes: data.byteLength, width: header.width, height: header.height };
  const problem = assetProblem(rule, facts);
  if (problem) return refuse(problem);
  if (!(await imageDecodes(data, header))) return refuse(assetDamagedMessage(rule));
  return { ok: true, file: { ...facts, data } };
};

const checkMedia = async (
  rule: UploadRule,
  data: Buffer,
  kind: 'mp4' | 'mp3' | 'wav',
): Promise<FileCheck> => {
  // Decoding (not encoding) 2 MB of video or 30 s of audio takes well under a second: a file cut short in
  // the middle of its pictures or sound is refused here rather than by its transcoding job.
  const info = await probeMedia(data, { decode: true });
  if (!info?.formatNames.includes(CONTAINER_OF[kind])) return refuse(assetDamagedMessage(rule));
  if (kind === 'mp4') {
    if (!info.video) return refuse(assetNoVideoMessage(rule));
    if (hasTooManyPixels(rule, info.video.width, info.video.height)) {
      return refuse(assetTooManyPixelsMessage(rule, info.video.width, info.video.height));
    }
  } else if (!info.audio) {
    return refuse(assetNoAudioMessage(rule));
  }
  const facts: AssetFacts = {
    kind,
    bytes: data.byteLength,
    durationMs: info.durationMs,
    // An MP3's cover picture is no size of the creative: only a video's frames are.
    ...(kind === 'mp4' && info.video ? { width: info.video.width, height: info.video.height } : {}),
  };
  const problem = assetProblem(rule, facts);
  return problem ? refuse(problem) : { ok: true, file: { ...facts, data } };
};

/** Checks a whole uploaded file against a slot's rule; a refusal carries the §5-hinted message. */
export const checkCreativeFile = async (rule: UploadRule, data: Buffer): Promise<FileCheck> => {
  if (data.byteLength === 0) return refuse(assetEmptyMessage(rule));
  if (data.byteLength > rule.maxBytes) return refuse(assetTooLargeMessage(rule));
  const kind = sniffFileKind(data);
  if (!isCreativeKind(kind, rule)) return refuse(assetNotRecognisedMessage(rule));
  if (kind === 'mp4' || kind === 'mp3' || kind === 'wav') return checkMedia(rule, data, kind);
  return checkImage(rule, data, kind);
};
