import { describe, expect, it } from 'vitest';
import {
  BULK_TAG_COLUMN_LABELS,
  BULK_TAG_COLUMNS,
  CREATIVE_ASSET_LIMITS,
  CREATIVE_ATTRIBUTE_LABELS,
  CREATIVE_ATTRIBUTES,
  CREATIVE_STATE_LABELS,
  EVENT_PIXEL_KIND_LABELS,
  EVENT_PIXEL_KINDS,
  formatSize,
  IMAGE_SIZES,
  isImageSize,
  NATIVE_SIZES,
} from './creatives';

describe('creative tables', () => {
  it('has exactly 27 unique image sizes (§3), all positive', () => {
    expect(IMAGE_SIZES).toHaveLength(27);
    expect(new Set(IMAGE_SIZES.map(formatSize)).size).toBe(27);
    for (const size of IMAGE_SIZES) {
      expect(size.width).toBeGreaterThan(0);
      expect(size.height).toBeGreaterThan(0);
    }
  });

  it('recognises the standard IAB sizes', () => {
    expect(isImageSize({ width: 300, height: 250 })).toBe(true);
    expect(isImageSize({ width: 728, height: 90 })).toBe(true);
    expect(isImageSize({ width: 320, height: 50 })).toBe(true);
    expect(isImageSize({ width: 250, height: 300 })).toBe(false);
  });

  it('writes sizes as WIDTHxHEIGHT', () => {
    expect(formatSize({ width: 300, height: 250 })).toBe('300x250');
  });

  it('has unique native sizes', () => {
    expect(new Set(NATIVE_SIZES.map(formatSize)).size).toBe(NATIVE_SIZES.length);
  });

  it('shows an active creative as Approved', () => {
    expect(CREATIVE_STATE_LABELS.active).toBe('Approved');
  });

  it('has attribute codes 0 to 18, 0 meaning none, 1-17 named as in OpenRTB', () => {
    expect(CREATIVE_ATTRIBUTES).toEqual(Array.from({ length: 19 }, (_, code) => code));
    expect(CREATIVE_ATTRIBUTE_LABELS[0]).toBe('None');
    expect(CREATIVE_ATTRIBUTE_LABELS[1]).toBe('Audio Ad (Autoplay)');
    expect(CREATIVE_ATTRIBUTE_LABELS[17]).toBe('Adobe Flash');
  });

  it('has the seven event pixels of §3 in order', () => {
    expect(EVENT_PIXEL_KINDS.map((kind) => EVENT_PIXEL_KIND_LABELS[kind])).toEqual([
      'Start',
      '25%',
      '50%',
      '75%',
      '100%',
      'Skip',
      'Error',
    ]);
  });

  it('limits assets as §5 says', () => {
    expect(CREATIVE_ASSET_LIMITS.image.maxBytes).toBe(100 * 1024);
    expect(CREATIVE_ASSET_LIMITS.image.mimeTypes).toEqual(['image/jpeg', 'image/png', 'image/gif']);
    expect(CREATIVE_ASSET_LIMITS.video).toMatchObject({ maxBytes: 2 * 1024 * 1024, maxDurationSeconds: 30 });
    expect(CREATIVE_ASSET_LIMITS.video.extensions).toEqual(['mp4']);
    expect(CREATIVE_ASSET_LIMITS.nativeImage).toMatchObject({
      maxBytes: 1024 * 1024,
      maxWidth: 300,
      maxHeight: 300,
    });
    expect(CREATIVE_ASSET_LIMITS.companion.maxBytes).toBe(200 * 1024);
    expect(CREATIVE_ASSET_LIMITS.audio).toMatchObject({ maxDurationSeconds: 30, extensions: ['mp3', 'wav'] });
    expect(CREATIVE_ASSET_LIMITS.profileLogo.mimeTypes).toEqual([
      'image/png',
      'image/jpeg',
      'application/pdf',
    ]);
  });

  it('reads bulk tag sheets with the columns of §5, in order', () => {
    expect(BULK_TAG_COLUMNS.map((column) => BULK_TAG_COLUMN_LABELS[column])).toEqual([
      'Creative name',
      'Size',
      'HTML markup',
      'Impression pixel',
      'Click URL',
    ]);
  });
});
