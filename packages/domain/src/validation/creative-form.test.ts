import { describe, expect, it } from 'vitest';
import { CREATIVE_TYPES, IMAGE_SIZES } from '../dictionary/creatives';
import {
  CREATIVE_FIELDS_BY_TYPE,
  creativeFieldIssues,
  TECHNICAL_TYPE_OF,
  ZCampaignCreativeLinks,
  ZCreativeCreate,
  ZCreativeReject,
  ZCreativeUpdate,
} from './creative-form';
import {
  CREATIVE_ATTRIBUTE_REPEATED_MESSAGE,
  CREATIVE_EVENT_PIXEL_REPEATED_MESSAGE,
  CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE,
  CREATIVE_LANGUAGE_MESSAGE,
  CREATIVE_LINK_DUPLICATED_MESSAGE,
  CREATIVE_REJECTION_REASON_MESSAGE,
  CREATIVE_SIZE_MESSAGE,
  CREATIVE_VAST_SOURCE_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  URL_PREFIX_MESSAGE,
} from './messages';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));

const TAG = { type: 'tag', name: 'Tag', html_markup: '<div>ad</div>', width: 300, height: 250 };

describe('ZCreativeCreate', () => {
  it('has a variant and a technical type for every creative type', () => {
    expect(Object.keys(TECHNICAL_TYPE_OF).sort()).toEqual([...CREATIVE_TYPES].sort());
    expect(Object.keys(CREATIVE_FIELDS_BY_TYPE).sort()).toEqual([...CREATIVE_TYPES].sort());
  });

  it('accepts every one of the 27 image sizes for a tag and nothing else', () => {
    for (const size of IMAGE_SIZES) expect(ZCreativeCreate.safeParse({ ...TAG, ...size }).success).toBe(true);
    expect(issuesOf(ZCreativeCreate.safeParse({ ...TAG, width: 300, height: 251 }))).toEqual([
      { path: 'width', message: CREATIVE_SIZE_MESSAGE },
    ]);
  });

  it('fills the defaults: no language, no attributes, no pixels', () => {
    expect(ZCreativeCreate.parse(TAG)).toMatchObject({
      language: null,
      attributes: [],
      impression_pixels: [],
      click_url: null,
    });
  });

  it('checks attributes 0-18 once each, ISO 639-1 languages and event pixels per kind', () => {
    expect(ZCreativeCreate.safeParse({ ...TAG, attributes: [0, 18] }).success).toBe(true);
    expect(issuesOf(ZCreativeCreate.safeParse({ ...TAG, attributes: [19] }))).toEqual([
      { path: 'attributes.0', message: INVALID_FORMAT_MESSAGE },
    ]);
    expect(issuesOf(ZCreativeCreate.safeParse({ ...TAG, attributes: [1, 2, 1] }))).toEqual([
      { path: 'attributes.2', message: CREATIVE_ATTRIBUTE_REPEATED_MESSAGE },
    ]);
    expect(ZCreativeCreate.safeParse({ ...TAG, language: 'fr' }).success).toBe(true);
    expect(issuesOf(ZCreativeCreate.safeParse({ ...TAG, language: 'FR' }))).toEqual([
      { path: 'language', message: CREATIVE_LANGUAGE_MESSAGE },
    ]);
    const video = { type: 'video', name: 'V', click_url: 'https://a.example' };
    expect(
      ZCreativeCreate.safeParse({
        ...video,
        event_pixels: { first_quartile: ['{host}/q1'], error: ['https://e.example'] },
      }).success,
    ).toBe(true);
    expect(
      issuesOf(ZCreativeCreate.safeParse({ ...video, event_pixels: { pause: ['https://p.example'] } })),
    ).toHaveLength(1);
    expect(
      issuesOf(
        ZCreativeCreate.safeParse({
          ...video,
          event_pixels: { start: ['https://p.example', 'https://p.example'] },
        }),
      ),
    ).toEqual([{ path: 'event_pixels.start.1', message: CREATIVE_EVENT_PIXEL_REPEATED_MESSAGE }]);
  });

  it('wants exactly one https VAST source for an external video', () => {
    const base = { type: 'external_video', name: 'W' };
    expect(ZCreativeCreate.safeParse({ ...base, vast_xml: '<VAST version="4.2"/>' }).success).toBe(true);
    expect(
      issuesOf(ZCreativeCreate.safeParse({ ...base, vast_url: 'https://a.example/v', vast_xml: '<VAST/>' })),
    ).toEqual([{ path: 'vast_url', message: CREATIVE_VAST_SOURCE_MESSAGE }]);
    expect(issuesOf(ZCreativeCreate.safeParse({ ...base, vast_url: 'http://a.example/v' }))).toEqual([
      { path: 'vast_url', message: URL_PREFIX_MESSAGE },
    ]);
  });

  it('refuses the fields of another type', () => {
    expect(ZCreativeCreate.safeParse({ ...TAG, boxing_allowed: true }).success).toBe(false);
    expect(creativeFieldIssues('image', { html_markup: '<b>x</b>', name: 'x' })).toEqual([
      { path: ['html_markup'], message: CREATIVE_FIELD_NOT_FOR_TYPE_MESSAGE },
    ]);
    expect(creativeFieldIssues('tag', { html_markup: '<b>x</b>', width: 300 })).toEqual([]);
  });
});

describe('other bodies', () => {
  it('an update needs its version; links are unique per creative; a rejection needs its reason', () => {
    expect(ZCreativeUpdate.safeParse({ name: 'x' }).success).toBe(false);
    expect(
      issuesOf(
        ZCampaignCreativeLinks.safeParse({
          links: [
            { creative_id: 1, state: 'active' },
            { creative_id: 1, state: 'inactive' },
          ],
        }),
      ),
    ).toEqual([{ path: 'links.1.creative_id', message: CREATIVE_LINK_DUPLICATED_MESSAGE }]);
    expect(issuesOf(ZCreativeReject.safeParse({ reason: '  ' }))).toEqual([
      { path: 'reason', message: CREATIVE_REJECTION_REASON_MESSAGE },
    ]);
  });
});
