import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, StoredCreativeAsset, StoredCreativeRendition } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { FILES_URL_PREFIX, type FileStore, sniffFileKind } from '../../lib/file-store';
import { enqueueJob, type JobDefinition } from '../../lib/jobs';
import { type MediaInfo, probeMediaFile, runMediaTool, withScratchDir } from '../../lib/media-probe';
import { findVideoToTranscode, setTranscodingOutcome } from './creative-files.repo';

/**
 * `creative.transcode` (decision 023): after a video upload the creative is `pending`; this job makes the
 * renditions a VAST response lists (H.264/AAC MP4, never upscaled) and a poster JPEG, stores them and sets
 * `success`, or `error` when ffmpeg cannot read or encode the video. The queue keeps the job across restarts
 * and takes it over from a crashed worker once its lease ends; a database failure is retried with a backoff.
 */
export const CREATIVE_TRANSCODE_JOB = 'creative.transcode';

/** The rendition ladder: the usual 360p and 720p steps of video ad servers, at bitrates players start fast. */
export const RENDITION_LADDER = [
  { width: 640, height: 360, videoKbps: 800 },
  { width: 1280, height: 720, videoKbps: 2000 },
] as const;
const AUDIO_KBPS = 96;
/** One encode of a 30-second clip takes seconds; a stuck ffmpeg is killed well inside the job's lease. */
const ENCODE_TIMEOUT_MS = 4 * 60_000;

/**
 * Queues the processing of one upload. The key holds the source (a content address): the same video sent
 * twice is processed once, while a different video gets a job of its own — the older job then finds its
 * source replaced and does nothing.
 */
export const queueCreativeTranscode = (
  db: Kysely<Database>,
  clock: Clock,
  creativeId: string,
  sourceUrl: string,
) =>
  enqueueJob(db, clock, {
    kind: CREATIVE_TRANSCODE_JOB,
    key: `${CREATIVE_TRANSCODE_JOB}:${creativeId}:${sourceUrl}`,
    payload: { creative: creativeId, source: sourceUrl },
    maxAttempts: 3,
  });

const even = (value: number): number => Math.max(2, Math.floor(value / 2) * 2);

/** The box a rendition fits in, keeping the source's aspect ratio and never enlarging it. */
export const renditionSizes = (source: { width: number; height: number }) => {
  const fits = RENDITION_LADDER.filter((step) => step.height <= source.height && step.width <= source.width);
  // A source smaller than every step keeps its own size (one rendition, at the lowest bitrate).
  const steps =
    fits.length > 0 ? fits : [{ ...RENDITION_LADDER[0], width: source.width, height: source.height }];
  return steps.map((step) => {
    const scale = Math.min(step.width / source.width, step.height / source.height, 1);
    return {
      width: even(source.width * scale),
      height: even(source.height * scale),
      videoKbps: step.videoKbps,
    };
  });
};

const encodeArgs = (
  input: string,
  output: string,
  size: { width: number; height: number; videoKbps: number },
) => [
  '-nostdin',
  '-v',
  'error',
  '-y',
  '-i',
  input,
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-vf',
  `scale=${size.width}:${size.height}`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-profile:v',
  'main',
  '-pix_fmt',
  'yuv420p',
  '-b:v',
  `${size.videoKbps}k`,
  '-maxrate',
  `${Math.round(size.videoKbps * 1.25)}k`,
  '-bufsize',
  `${size.videoKbps * 2}k`,
  '-c:a',
  'aac',
  '-b:a',
  `${AUDIO_KBPS}k`,
  '-ac',
  '2',
  '-movflags',
  '+faststart',
  output,
];

const posterArgs = (
  input: string,
  output: string,
  info: MediaInfo,
  size: { width: number; height: number },
) => [
  '-nostdin',
  '-v',
  'error',
  '-y',
  // A frame a second in (or mid-clip for shorter ones) rather than the often black first frame.
  '-ss',
  String(Math.min(1, info.durationMs / 2000)),
  '-i',
  input,
  '-frames:v',
  '1',
  '-vf',
  `scale=${size.width}:${size.height}`,
  '-q:v',
  '3',
  output,
];

class MediaToolError extends Error {}

const run = async (args: readonly string[]): Promise<void> => {
  const result = await runMediaTool('ffmpeg', args, ENCODE_TIMEOUT_MS);
  if (result.code !== 0) {
    throw new MediaToolError(
      result.timedOut ? 'ffmpeg timed out' : `ffmpeg failed: ${result.stderr.slice(0, 500)}`,
    );
  }
};

type Outcome = { asset: StoredCreativeAsset; renditions: StoredCreativeRendition[]; posterUrl: string };

const transcode = (files: FileStore, asset: StoredCreativeAsset, data: Buffer): Promise<Outcome> =>
  withScratchDir(async (dir) => {
    const input = path.join(dir, 'source.mp4');
    await writeFile(input, data);
    const info = await probeMediaFile(input);
    if (!info?.video) throw new MediaToolError('the uploaded video cannot be read');
    const renditions: StoredCreativeRendition[] = [];
    for (const size of renditionSizes(info.video)) {
      const output = path.join(dir, `${size.width}x${size.height}.mp4`);
      await run(encodeArgs(input, output, size));
      const content = await readFile(output);
      const made = await probeMediaFile(output);
      if (!made?.video || sniffFileKind(content) !== 'mp4')
        throw new MediaToolError('a rendition is unreadable');
      const stored = await files.save(content, 'mp4');
      renditions.push({
        url: stored.url,
        width: made.video.width,
        height: made.video.height,
        bitrate_kbps: Math.round((content.byteLength * 8) / Math.max(made.durationMs, 1)),
        mime: 'video/mp4',
      });
    }
    const largest = renditions.at(-1);
    if (!largest) throw new MediaToolError('no rendition was made');
    const posterFile = path.join(dir, 'poster.jpg');
    await run(posterArgs(input, posterFile, info, largest));
    const poster = await readFile(posterFile);
    if (sniffFileKind(poster) !== 'jpeg') throw new MediaToolError('the poster is not a JPEG');
    const storedPoster = await files.save(poster, 'jpeg');
    return { asset: { ...asset, poster_url: storedPoster.url }, renditions, posterUrl: storedPoster.url };
  });

/** Processes the video a creative has now; does nothing when a later upload replaced it. */
export const transcodeCreativeVideo = async (
  deps: { db: Kysely<Database>; clock: Clock; files: FileStore },
  creativeId: string,
  sourceUrl: string,
): Promise<'success' | 'error' | 'superseded'> => {
  const creative = await findVideoToTranscode(deps.db, creativeId, sourceUrl);
  if (!creative?.asset) return 'superseded';
  const source = await deps.files.read(sourceUrl.slice(FILES_URL_PREFIX.length));
  let outcome: Outcome | undefined;
  if (source) {
    try {
      outcome = await transcode(deps.files, creative.asset, source.data);
    } catch (error) {
      // A video ffmpeg cannot process will not process on a retry either: the creative shows the error.
      if (!(error instanceof MediaToolError)) throw error;
    }
  }
  const status = outcome ? 'success' : 'error';
  const isRecorded = await setTranscodingOutcome(
    deps.db,
    creativeId,
    sourceUrl,
    outcome ? { status: 'success', ...outcome } : { status: 'error' },
    deps.clock.now(),
  );
  return isRecorded ? status : 'superseded';
};

export const creativeJobs: readonly JobDefinition[] = [
  {
    kind: CREATIVE_TRANSCODE_JOB,
    leaseMinutes: 15,
    maxAttempts: 3,
    run: async ({ db, clock, files, logger }, payload) => {
      const { creative, source } = payload;
      if (typeof creative !== 'string' || typeof source !== 'string') {
        throw new Error(`${CREATIVE_TRANSCODE_JOB} needs a creative id and its source video`);
      }
      if (!files) throw new Error(`${CREATIVE_TRANSCODE_JOB} needs the file store`);
      const result = await transcodeCreativeVideo({ db, clock, files }, creative, source);
      logger.info({ creative, result }, 'creative video processed');
    },
  },
];
