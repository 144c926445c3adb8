import { IMAGE_SIZES } from '@beacon/domain/dictionary/creatives';
import { describe, expect, it } from 'vitest';
import { studioLayout } from './studio-layout';

describe('studioLayout', () => {
  it('keeps the headline and the button inside every image size, without overlapping', () => {
    for (const size of IMAGE_SIZES) {
      const { headline, button, isWide } = studioLayout(size);
      const label = `${size.width}x${size.height}`;
      expect(button.x, label).toBeGreaterThanOrEqual(0);
      expect(button.y, label).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width, label).toBeLessThanOrEqual(size.width);
      expect(button.y + button.height, label).toBeLessThanOrEqual(size.height);
      expect(headline.maxWidth, label).toBeGreaterThan(0);
      if (isWide) expect(headline.x + headline.maxWidth, label).toBeLessThanOrEqual(button.x);
      else expect(headline.y, label).toBeLessThanOrEqual(button.y);
    }
  });

  it('puts the button beside the headline on a leaderboard and below it on a rectangle', () => {
    expect(studioLayout({ width: 728, height: 90 }).isWide).toBe(true);
    expect(studioLayout({ width: 300, height: 250 }).isWide).toBe(false);
  });
});
