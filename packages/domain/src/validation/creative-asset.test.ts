import { describe, expect, it } from 'vitest';
import { CREATIVE_TYPES } from '../dictionary/creatives';
import { assetProblem, uploadRuleOf } from './creative-asset';

const ruleOf = (...args: Parameters<typeof uploadRuleOf>) => {
  const rule = uploadRuleOf(...args);
  if (!rule) throw new Error('no rule');
  return rule;
};

describe('creative upload rules (§5 asset hints)', () => {
  it('gives each creative type the slots it has and no other', () => {
    const slots = Object.fromEntries(
      CREATIVE_TYPES.map((type) => [
        type,
        (['asset', 'companion', 'native-icon'] as const).filter((slot) => uploadRuleOf(type, slot)),
      ]),
    );
    expect(slots).toEqual({
      audio: ['asset'],
      image: ['asset'],
      tag: [],
      video: ['asset', 'companion'],
      external_video: [],
      native: ['asset', 'native-icon'],
      rich_media: [],
    });
    expect(ruleOf('image', 'asset').limit.hint).toBe('Image up to 100KB (JPEG, PNG, GIF)');
    expect(ruleOf('video', 'companion').maxBytes).toBe(200 * 1024);
    expect(ruleOf('native', 'native-icon').maxBytes).toBe(1024 * 1024);
  });

  it('accepts a file within every limit and refuses each limit broken', () => {
    const image = ruleOf('image', 'asset');
    expect(assetProblem(image, { kind: 'png', bytes: 100 * 1024, width: 728, height: 90 })).toBeUndefined();
    expect(assetProblem(image, { kind: 'png', bytes: 100 * 1024 + 1, width: 728, height: 90 })).toBe(
      'The file is larger than 100 KB. Image up to 100KB (JPEG, PNG, GIF)',
    );
    expect(assetProblem(image, { kind: 'mp4', bytes: 10 })).toBe(
      'The file is not a PNG, JPEG or GIF file. Image up to 100KB (JPEG, PNG, GIF)',
    );
    const companion = ruleOf('video', 'companion');
    expect(assetProblem(companion, { kind: 'gif', bytes: 10, width: 1921, height: 1080 })).toBe(
      'The companion image is 1921x1080, larger than 1920x1080. Companion ad image up to 200k',
    );
  });

  it('lets a 30-second clip rounded up by its container pass, not a longer one', () => {
    const video = ruleOf('video', 'asset');
    const facts = { kind: 'mp4', bytes: 1000, width: 640, height: 360 } as const;
    expect(assetProblem(video, { ...facts, durationMs: 30_023 })).toBeUndefined();
    expect(assetProblem(video, { ...facts, durationMs: 30_200 })).toBe(
      'The video lasts 30.2 seconds, more than 30. Video MP4 up to 2MB and 30 seconds',
    );
  });
});
