import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_WIDTH, previewFrameSize } from './preview-size';

describe('previewFrameSize', () => {
  it('fits the ad of an image or tag with the document margin', () => {
    expect(previewFrameSize({ type: 'image', width: 300, height: 250 })).toEqual({ width: 316, height: 266 });
  });

  it('sizes a video by its file, scaled down to the widest preview', () => {
    const size = previewFrameSize({
      type: 'video',
      width: null,
      height: null,
      asset: { width: 1280, height: 720 },
    });
    expect(size).toEqual({ width: MAX_PREVIEW_WIDTH + 16, height: 360 + 16 });
  });

  it('gives a player size to creatives without their own', () => {
    expect(previewFrameSize({ type: 'audio', width: null, height: null })).toEqual({
      width: 376,
      height: 96,
    });
  });
});
