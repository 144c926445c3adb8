import { ZCreativeCreate, ZCreativeUpdate } from '@beacon/domain/validation/creative-form';
import {
  REPEATED_PIXELS_MESSAGE,
  REQUIRED_MESSAGE,
  URL_PREFIX_MESSAGE,
} from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import {
  createBodyOf,
  creativeFormErrors,
  emptyCreativeValues,
  linesOf,
  needsNewReview,
  storedFileText,
  updateBodyOf,
} from './creative-form';

const image = {
  ...emptyCreativeValues('image', 7),
  name: 'Spring banner',
  click_url: 'https://example.com/landing',
  impression_pixels: ' https://pixel.example.com/a \n\nhttps://pixel.example.com/b',
};

describe('createBodyOf', () => {
  it('sends the fields of the type only, pixels one per line, and passes the API schema', () => {
    const body = createBodyOf(image);
    expect(body).toEqual({
      type: 'image',
      organization: 7,
      name: 'Spring banner',
      language: null,
      attributes: [],
      impression_pixels: ['https://pixel.example.com/a', 'https://pixel.example.com/b'],
      click_url: 'https://example.com/landing',
      boxing_allowed: false,
    });
    expect(ZCreativeCreate.safeParse(body).success).toBe(true);
  });

  it('gives a tag its size and markup, and no click URL when left empty', () => {
    const body = createBodyOf({
      ...emptyCreativeValues('tag', null),
      name: 'Tag',
      size: '300x250',
      html_markup: '<div>ad</div>',
    });
    expect(body).toMatchObject({ type: 'tag', width: 300, height: 250, click_url: null });
    expect(body).not.toHaveProperty('organization');
    expect(ZCreativeCreate.safeParse(body).success).toBe(true);
  });

  it('sends the chosen VAST source only and the event pixels given', () => {
    const body = createBodyOf({
      ...emptyCreativeValues('external_video', null),
      name: 'Wrapper',
      vast_source: 'xml',
      vast_url: 'https://ignored.example.com/vast.xml',
      vast_xml: '<VAST version="4.2"></VAST>',
      event_pixels: { ...emptyCreativeValues('video', null).event_pixels, start: 'https://p.example.com/s' },
    });
    expect(body).toMatchObject({
      vast_url: null,
      vast_xml: '<VAST version="4.2"></VAST>',
      event_pixels: { start: ['https://p.example.com/s'] },
    });
    expect(ZCreativeCreate.safeParse(body).success).toBe(true);
  });

  it('lets the schema name the §5 problems on the form fields', () => {
    const result = ZCreativeCreate.safeParse(
      createBodyOf({
        ...image,
        name: '',
        click_url: 'http://plain.example.com',
        impression_pixels: 'https://p.example.com/x\nhttps://p.example.com/x',
      }),
    );
    expect(result.success).toBe(false);
    const errors = creativeFormErrors(result.error?.issues ?? []);
    expect(errors.name).toBe(REQUIRED_MESSAGE);
    expect(errors.click_url).toBe(URL_PREFIX_MESSAGE);
    expect(errors.impression_pixels).toBe(REPEATED_PIXELS_MESSAGE);
  });

  it('puts size problems on the size field and native texts on their own field', () => {
    const tag = ZCreativeCreate.safeParse(
      createBodyOf({ ...emptyCreativeValues('tag', null), name: 'T', html_markup: '<b>x</b>' }),
    );
    expect(Object.keys(creativeFormErrors(tag.error?.issues ?? []))).toEqual(['size']);
    const native = ZCreativeCreate.safeParse(
      createBodyOf({ ...emptyCreativeValues('native', null), name: 'N', click_url: 'https://x.example.com' }),
    );
    expect(creativeFormErrors(native.error?.issues ?? [])['native.title']).toBe(REQUIRED_MESSAGE);
  });

  it('puts a missing VAST source on the VAST field shown, URL or document', () => {
    const wrapper = ZCreativeCreate.safeParse(
      createBodyOf({ ...emptyCreativeValues('external_video', null), name: 'W', vast_source: 'xml' }),
    );
    expect(creativeFormErrors(wrapper.error?.issues ?? []).vast).toBe(REQUIRED_MESSAGE);
  });
});

describe('updateBodyOf', () => {
  it('sends only what changed, with the version; a name change alone needs no new review', () => {
    const renamed = updateBodyOf(image, { ...image, name: 'Renamed' }, 4);
    expect(renamed).toEqual({ version: 4, name: 'Renamed' });
    expect(needsNewReview(renamed)).toBe(false);
    expect(ZCreativeUpdate.safeParse(renamed).success).toBe(true);
    const clicked = updateBodyOf(image, { ...image, click_url: 'https://example.com/other' }, 4);
    expect(clicked).toEqual({ version: 4, click_url: 'https://example.com/other' });
    expect(needsNewReview(clicked)).toBe(true);
  });

  it('sends width and height together when the size changes', () => {
    const tag = { ...emptyCreativeValues('tag', null), name: 'T', size: '300x250', html_markup: '<b>x</b>' };
    expect(updateBodyOf(tag, { ...tag, size: '728x90' }, 1)).toEqual({ version: 1, width: 728, height: 90 });
  });
});

describe('linesOf', () => {
  it('trims lines and drops blank ones', () => {
    expect(linesOf('a\r\n  b  \n\n')).toEqual(['a', 'b']);
  });
});

describe('storedFileText', () => {
  const video = {
    asset: { url: '/files/clip.mp4', kind: 'mp4', bytes: 1_572_864, duration_ms: 15_000 },
    companion: { url: '/files/companion.png', width: 300, height: 250, bytes: 20_480 },
    native: null,
  };

  it("names the main file's kind and weight", () => {
    expect(storedFileText(video, 'asset')).toBe('Uploaded: MP4 · 1.5 MB');
  });

  it("gives a companion image's size and weight, the API naming no kind for it", () => {
    expect(storedFileText(video, 'companion')).toBe('Uploaded: 300x250 · 20 KB');
  });

  it('says nothing for a slot without a file, or before the creative exists', () => {
    expect(storedFileText({ ...video, companion: null }, 'companion')).toBeUndefined();
    expect(storedFileText(video, 'native-icon')).toBeUndefined();
    expect(storedFileText(null, 'asset')).toBeUndefined();
  });
});
