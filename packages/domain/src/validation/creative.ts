/** Creative rules of spec §5: name, click and pixel URLs, impression pixels, HTML markup. */
import { z } from 'zod';
import { CAMPAIGN_NAME_PATTERN } from './campaign';
import { requiredOrInvalid, requiredString } from './generic';
import { isValidHtmlMarkup } from './html-markup';
import {
  CREATIVE_NAME_MESSAGE,
  HTML_MARKUP_MESSAGE,
  REPEATED_PIXELS_MESSAGE,
  URL_PREFIX_MESSAGE,
} from './messages';

/** Creative names forbid the same characters as campaign names: | $ @ #. */
export const CREATIVE_NAME_PATTERN = CAMPAIGN_NAME_PATTERN;

export const ZCreativeName = requiredString().regex(CREATIVE_NAME_PATTERN, { error: CREATIVE_NAME_MESSAGE });
export type TCreativeName = z.infer<typeof ZCreativeName>;

/**
 * Click and pixel URLs start with the `{host}` macro (expanded by the ad server), with https:// (possibly
 * after leading macros such as `{click_url}`), or with tel:. Plain http:// is refused.
 */
export const TRACKING_URL_PATTERNS: readonly RegExp[] = [
  /^\{host\}\S*$/i,
  /^(?:\{[A-Za-z0-9_.-]+\})*https:\/\/\S+$/i,
  /^tel:\+?[0-9][0-9().-]*$/i,
];

export const hasValidUrlPrefix = (value: string): boolean =>
  TRACKING_URL_PATTERNS.some((pattern) => pattern.test(value));

export const ZClickUrl = requiredString().refine(hasValidUrlPrefix, { error: URL_PREFIX_MESSAGE });
export type TClickUrl = z.infer<typeof ZClickUrl>;

export const ZPixelUrl = requiredString().refine(hasValidUrlPrefix, { error: URL_PREFIX_MESSAGE });
export type TPixelUrl = z.infer<typeof ZPixelUrl>;

/** Impression pixels: each a valid pixel URL, none repeated (the repeat is flagged where it occurs). */
export const ZImpressionPixels = z.array(ZPixelUrl, { error: requiredOrInvalid }).superRefine((urls, ctx) => {
  const seen = new Set<string>();
  urls.forEach((url, index) => {
    if (seen.has(url)) {
      ctx.addIssue({ code: 'custom', path: [index], message: REPEATED_PIXELS_MESSAGE, input: url });
    }
    seen.add(url);
  });
});
export type TImpressionPixels = z.infer<typeof ZImpressionPixels>;

export const ZHtmlMarkup = requiredString().refine(isValidHtmlMarkup, { error: HTML_MARKUP_MESSAGE });
export type THtmlMarkup = z.infer<typeof ZHtmlMarkup>;
