/**
 * The creative studio's layout: where the headline and the call to action go on an image of one of the 27
 * sizes, so that a banner (728x90), a rectangle (300x250) and a skyscraper (160x600) all read. Pure; the
 * studio draws it on a canvas.
 */
import type { Size } from '@beacon/domain/dictionary/creatives';

export type TextBox = {
  readonly x: number;
  readonly y: number;
  readonly maxWidth: number;
  readonly fontSize: number;
};

export type StudioLayout = {
  readonly headline: TextBox;
  /** The button: its box, and its text's size. */
  readonly button: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
  readonly buttonFontSize: number;
  readonly isWide: boolean;
};

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

export const studioLayout = ({ width, height }: Size): StudioLayout => {
  // 88x31 and wider read as a strip: there is no room for a headline above a button.
  const isWide = width / height >= 2.5;
  const padding = Math.round(clamp(Math.min(width, height) * 0.08, 4, 32));
  if (isWide) {
    // Leaderboards and banners: the headline on the left, the button on the right, both centred vertically.
    const buttonHeight = Math.round(clamp(height * 0.5, 16, 60));
    const buttonWidth = Math.round(clamp(width * 0.22, 48, 220));
    const fontSize = Math.round(clamp(height * 0.32, 10, 40));
    return {
      isWide,
      headline: {
        x: padding,
        y: Math.round(height / 2),
        maxWidth: width - buttonWidth - padding * 3,
        fontSize,
      },
      button: {
        x: width - buttonWidth - padding,
        y: Math.round((height - buttonHeight) / 2),
        width: buttonWidth,
        height: buttonHeight,
      },
      buttonFontSize: Math.round(clamp(buttonHeight * 0.45, 8, 24)),
    };
  }
  // Rectangles and towers: the headline at the top, the button at the bottom.
  const fontSize = Math.round(clamp(width * 0.09, 12, 56));
  const buttonHeight = Math.round(clamp(height * 0.12, 18, 64));
  const buttonWidth = Math.round(clamp(width * 0.6, 60, 360));
  return {
    isWide,
    headline: { x: padding, y: padding + fontSize, maxWidth: width - padding * 2, fontSize },
    button: {
      x: Math.round((width - buttonWidth) / 2),
      y: height - buttonHeight - padding,
      width: buttonWidth,
      height: buttonHeight,
    },
    buttonFontSize: Math.round(clamp(buttonHeight * 0.42, 9, 26)),
  };
};

/** JPEG qualities tried, best first, until the image fits the §5 limit. */
export const JPEG_QUALITIES = [0.92, 0.85, 0.75, 0.65, 0.5, 0.4] as const;
