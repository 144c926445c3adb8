/** How large the preview frame of a creative is: the ad's own size where it has one, a player's otherwise. */
import type { CreativeType } from '@beacon/domain/dictionary/creatives';

export type FrameSize = { readonly width: number; readonly height: number };

/** Wider videos are scaled down to this width, keeping their shape. */
export const MAX_PREVIEW_WIDTH = 640;
/** The document's own margin around the ad, so that a 300x250 ad is not cropped. */
const FRAME_MARGIN = 16;

const BY_TYPE = {
  image: { width: 300, height: 250 },
  tag: { width: 300, height: 250 },
  rich_media: { width: 300, height: 250 },
  video: { width: 640, height: 360 },
  external_video: { width: 640, height: 360 },
  native: { width: 360, height: 440 },
  audio: { width: 360, height: 80 },
} as const satisfies Record<CreativeType, FrameSize>;

type SizeSource = {
  readonly type: CreativeType;
  readonly width: number | null;
  readonly height: number | null;
  readonly asset?: { readonly width?: number | null; readonly height?: number | null } | null;
};

export const previewFrameSize = (creative: SizeSource): FrameSize => {
  const width = creative.width ?? (creative.type === 'video' ? creative.asset?.width : null) ?? null;
  const height = creative.height ?? (creative.type === 'video' ? creative.asset?.height : null) ?? null;
  const base = width && height ? { width, height } : BY_TYPE[creative.type];
  const scale = Math.min(1, MAX_PREVIEW_WIDTH / base.width);
  return {
    width: Math.round(base.width * scale) + FRAME_MARGIN,
    height: Math.round(base.height * scale) + FRAME_MARGIN,
  };
};
