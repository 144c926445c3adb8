import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Measuring uploaded media by its content (decision 023). Images go through sharp (libvips): the
 * header gives the size without decoding, so a file declaring a huge picture is refused before anything
 * decodes it, and a full decode then catches truncated or corrupt files. Video and audio go through the
 * system's ffprobe/ffmpeg, run out of process without a shell and killed after a time limit, so a hostile file
 * can neither hang nor crash the server.
 */

/** Total pixels (all frames of an animated GIF) a verifying decode may touch. */
const MAX_DECODED_PIXELS = 50_000_000;
const PROBE_TIMEOUT_MS = 15_000;
const MAX_TOOL_OUTPUT_BYTES = 1024 * 1024;

/** sharp, loaded with the first image instead of at start (decision 031). */
const loadSharp = async () => (await import('sharp')).default;

export type ImageHeader = { width: number; height: number; frames: number };

/** Width, height and frame count from the image's header, or `undefined` when it cannot be read. */
export const readImageHeader = async (data: Buffer): Promise<ImageHeader | undefined> => {
  const sharp = await loadSharp();
  try {
    // The header only: a picture far over any pixel limit still tells its size, for the caller to refuse.
    const metadata = await sharp(data, { limitInputPixels: false }).metadata();
    const width = metadata.width;
    const height = metadata.pageHeight ?? metadata.height;
    if (!width || !height) return undefined;
    return { width, height, frames: metadata.pages ?? 1 };
  } catch {
    return undefined;
  }
};

/**
 * Decodes every frame (through a statistics sink, so nothing large is held) and answers whether the image is
 * whole: truncated data, bad checksums or more pixels than allowed all answer false.
 */
export const imageDecodes = async (data: Buffer, header: ImageHeader): Promise<boolean> => {
  if (header.width * header.height * header.frames > MAX_DECODED_PIXELS) return false;
  const sharp = await loadSharp();
  try {
    await sharp(data, { failOn: 'truncated', limitInputPixels: MAX_DECODED_PIXELS, pages: -1 }).stats();
    return true;
  } catch {
    return false;
  }
};

export type ToolResult = { code: number | null; stdout: string; stderr: string; timedOut: boolean };

/** ffmpeg or ffprobe is not installed: an installation fault, never the uploaded file's. */
export class MediaToolMissingError extends Error {}

/** Runs ffmpeg or ffprobe with arguments (never a shell), killed after `timeoutMs`. */
export const runMediaTool = (
  tool: 'ffmpeg' | 'ffprobe',
  args: readonly string[],
  timeoutMs: number,
): Promise<ToolResult> =>
  new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_TOOL_OUTPUT_BYTES, windowsHide: true },
      (error, stdout, stderr) => {
        if (error && 'code' in error && error.code === 'ENOENT') {
          reject(new MediaToolMissingError(`${tool} is not installed: install ffmpeg (decision 023)`));
          return;
        }
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        const timedOut = error !== null && 'killed' in error && error.killed === true;
        resolve({ code, stdout: String(stdout), stderr: String(stderr), timedOut });
      },
    );
  });

/** Whether ffmpeg and ffprobe can be run here (tests skip media cases, visibly, when they cannot). */
export const hasMediaTools = async (): Promise<boolean> => {
  try {
    const [ffmpeg, ffprobe] = await Promise.all([
      runMediaTool('ffmpeg', ['-version'], 5000),
      runMediaTool('ffprobe', ['-version'], 5000),
    ]);
    return ffmpeg.code === 0 && ffprobe.code === 0;
  } catch {
    return false;
  }
};

/** A scratch folder for one piece of work, removed afterwards whatever happens. */
export const withScratchDir = async <T>(work: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'beacon-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

export type MediaInfo = {
  /** ffprobe's format names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `mp3`, `wav`. */
  formatNames: readonly string[];
  durationMs: number;
  video?: { width: number; height: number; codec: string };
  audio?: { codec: string };
};

type ProbeJson = {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
};

/** Container, duration and streams of a media file on disk; `undefined` when ffprobe cannot read it whole. */
export const probeMediaFile = async (file: string): Promise<MediaInfo | undefined> => {
  const result = await runMediaTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    PROBE_TIMEOUT_MS,
  );
  // Any error line (a cut-off file, a broken header) makes the file unreadable, not just a failed exit.
  if (result.code !== 0 || result.stderr.trim() !== '') return undefined;
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(result.stdout) as ProbeJson;
  } catch {
    return undefined;
  }
  const durationSeconds = Number(parsed.format?.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return undefined;
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  return {
    formatNames: (parsed.format?.format_name ?? '').split(','),
    durationMs: Math.round(durationSeconds * 1000),
    ...(video?.width && video.height
      ? { video: { width: video.width, height: video.height, codec: video.codec_name ?? '' } }
      : {}),
    ...(audio ? { audio: { codec: audio.codec_name ?? '' } } : {}),
  };
};

/** Decodes a media file to nothing and answers whether it decoded without a single error. */
export const mediaFileDecodes = async (file: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> => {
  const result = await runMediaTool(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'],
    timeoutMs,
  );
  return result.code === 0 && result.stderr.trim() === '';
};

/** Probes media held in memory (through a scratch file: MP4 indexes may sit at the end of the file). */
export const probeMedia = (data: Buffer, options: { decode: boolean }): Promise<MediaInfo | undefined> =>
  withScratchDir(async (dir) => {
    const file = path.join(dir, 'input');
    await writeFile(file, data);
    const info = await probeMediaFile(file);
    if (!info) return undefined;
    if (options.decode && !(await mediaFileDecodes(file))) return undefined;
    return info;
  });
