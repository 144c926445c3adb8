import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { fixture } from './engine.factories';
import { bannerMarkup, bidUrlsOf, nativeMarkup, vastMarkup } from './markup';
import { parseNativeRequest } from './openrtb';
import type {
  CompiledAudioCreative,
  CompiledBannerCreative,
  CompiledNativeCreative,
  CompiledVideoCreative,
  CreativeServing,
} from './strategy-index';

const BASE = 'https://ads.example';
const urls = bidUrlsOf(BASE, 'TICKET.mac');

const serving = (values: Partial<CreativeServing> = {}): CreativeServing => ({
  name: 'Spring <sale> & more',
  clickUrl: 'https://shop.example/landing',
  impressionPixels: [],
  eventPixels: {},
  imageUrl: null,
  iconUrl: null,
  html: null,
  vastUrl: null,
  durationMs: null,
  mediaFiles: [],
  companion: null,
  ...values,
});

const banner = (values: Partial<CreativeServing>): CompiledBannerCreative => ({
  id: '501',
  kind: 'banner',
  size: { w: 300, h: 250 },
  attributes: [],
  serving: serving(values),
});

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
});
const parseXml = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return xmlParser.parse(xml) as { VAST: Record<string, unknown> };
};
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

describe('bannerMarkup', () => {
  it('links an uploaded image to the click URL and fires the impression pixels', () => {
    const html = bannerMarkup(
      banner({ imageUrl: '/api/files/abc.png', impressionPixels: ['https://pixel.example/i?a=1&b="2"'] }),
      urls,
      BASE,
    );
    expect(html).toContain(`<a href="${urls.click}" target="_blank" rel="noopener">`);
    expect(html).toContain(
      '<img src="https://ads.example/api/files/abc.png" width="300" height="250" alt=""',
    );
    expect(html).toContain(`<img src="${urls.impression}" width="1" height="1" alt=""`);
    // The advertiser's pixel is escaped in its attribute.
    expect(html).toContain('src="https://pixel.example/i?a=1&#38;b=&#34;2&#34;"');
    expect(urls.impression).toBe('https://ads.example/ev/impression?t=TICKET.mac');
  });

  it("puts the click URL in a tag's {click_url} and adds the pixel", () => {
    const html = bannerMarkup(banner({ html: '<div><a href="{click_url}">Buy</a></div>' }), urls, BASE);
    expect(html.startsWith(`<div><a href="${urls.click}">Buy</a></div>`)).toBe(true);
    expect(html).toContain(`src="${urls.impression}"`);
  });
});

describe('vastMarkup', () => {
  const video: CompiledVideoCreative = {
    id: '601',
    kind: 'video',
    attributes: [],
    mimes: ['video/mp4'],
    durationSeconds: 15,
    protocols: [7, 8],
    companion: { w: 300, h: 250 },
    serving: serving({
      durationMs: 15_250,
      mediaFiles: [
        { url: '/api/files/v-640.mp4', mime: 'video/mp4', width: 640, height: 360, bitrateKbps: 500 },
        {
          url: 'https://cdn.example/v-1280.mp4',
          mime: 'video/mp4',
          width: 1280,
          height: 720,
          bitrateKbps: 1500,
        },
      ],
      companion: { url: '/api/files/c.jpg', w: 300, h: 250 },
      impressionPixels: ['https://pixel.example/imp?x=1&y=2'],
      eventPixels: { complete: ['https://pixel.example/done'], error: ['https://pixel.example/err'] },
    }),
  };

  it('writes a VAST 4 InLine ad that parses, with every tracking event', () => {
    const xml = vastMarkup(video, urls, BASE);
    const vast = parseXml(xml).VAST;
    expect(vast['@_version']).toMatch(/^4\./);
    const ad = vast.Ad as Record<string, unknown>;
    expect(ad['@_id']).toBe('601');
    const inline = ad.InLine as Record<string, unknown>;
    expect(inline.AdTitle).toBe('Spring &#60;sale&#62; &#38; more');
    expect(asList(inline.Impression as unknown[]).map((i) => (i as { '#text': string })['#text'])).toEqual([
      urls.impression,
      'https://pixel.example/imp?x=1&y=2',
    ]);
    expect(asList(inline.Error as string[])).toEqual([urls.video_error, 'https://pixel.example/err']);
    const creatives = asList((inline.Creatives as { Creative: unknown }).Creative) as Record<
      string,
      unknown
    >[];
    const linear = creatives[0]?.Linear as Record<string, unknown>;
    expect(linear.Duration).toBe('00:00:15.250');
    const tracking = asList((linear.TrackingEvents as { Tracking: unknown }).Tracking) as Record<
      string,
      string
    >[];
    const byEvent = (event: string) => tracking.filter((t) => t['@_event'] === event).map((t) => t['#text']);
    expect(byEvent('start')).toEqual([urls.video_start]);
    expect(byEvent('firstQuartile')).toEqual([urls.video_first_quartile]);
    expect(byEvent('midpoint')).toEqual([urls.video_midpoint]);
    expect(byEvent('thirdQuartile')).toEqual([urls.video_third_quartile]);
    expect(byEvent('complete')).toEqual([urls.video_complete, 'https://pixel.example/done']);
    expect(byEvent('skip')).toEqual([urls.video_skip]);
    expect((linear.VideoClicks as { ClickThrough: Record<string, string> }).ClickThrough['#text']).toBe(
      urls.click,
    );
    const files = asList((linear.MediaFiles as { MediaFile: unknown }).MediaFile) as Record<string, string>[];
    expect(files.map((file) => [file['#text'], file['@_type'], file['@_width'], file['@_delivery']])).toEqual(
      [
        ['https://ads.example/api/files/v-640.mp4', 'video/mp4', '640', 'progressive'],
        ['https://cdn.example/v-1280.mp4', 'video/mp4', '1280', 'progressive'],
      ],
    );
    const companion =
      (creatives[1]?.CompanionAds as { Companion: Record<string, unknown> } | undefined)?.Companion ?? {};
    expect(companion['@_width']).toBe('300');
    expect((companion.StaticResource as Record<string, string>)['@_creativeType']).toBe('image/jpeg');
    // The win and billing macros are not in the VAST; every URL is in CDATA.
    expect(xml).not.toContain('AUCTION_PRICE');
    expect(xml).toContain(`<![CDATA[${urls.video_start}]]>`);
  });

  it('wraps an external VAST URL and adds our tracking', () => {
    const external: CompiledVideoCreative = {
      ...video,
      companion: null,
      serving: serving({ vastUrl: 'https://adserver.example/vast?id=1&c=[CACHEBUSTING]' }),
    };
    const vast = parseXml(vastMarkup(external, urls, BASE)).VAST;
    const wrapper = (vast.Ad as Record<string, unknown>).Wrapper as Record<string, unknown>;
    expect(wrapper.VASTAdTagURI).toBe('https://adserver.example/vast?id=1&c=[CACHEBUSTING]');
    expect((wrapper.Impression as Record<string, string>)['#text']).toBe(urls.impression);
    const linear = ((wrapper.Creatives as { Creative: Record<string, unknown> }).Creative.Linear ??
      {}) as Record<string, unknown>;
    const tracking = asList((linear.TrackingEvents as { Tracking: unknown }).Tracking) as Record<
      string,
      string
    >[];
    expect(tracking.map((t) => t['@_event'])).toEqual([
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
      'skip',
    ]);
    expect((linear.VideoClicks as { ClickTracking: Record<string, string> }).ClickTracking['#text']).toBe(
      urls.click,
    );
  });

  it("wraps a pasted document's hosted URL, carrying the bid's ticket, with our tracking", () => {
    const pasted: CompiledVideoCreative = {
      ...video,
      companion: null,
      serving: serving({
        clickUrl: null,
        hostedVast: true,
        impressionPixels: ['https://pixel.example/i'],
        eventPixels: { error: ['https://pixel.example/err'] },
      }),
    };
    expect(urls.hostedVast).toBe('https://ads.example/vast?t=TICKET.mac');
    const vast = parseXml(vastMarkup(pasted, urls, BASE)).VAST;
    expect(vast['@_version']).toBe('4.2');
    const wrapper = (vast.Ad as Record<string, unknown>).Wrapper as Record<string, unknown>;
    expect(wrapper.VASTAdTagURI).toBe(urls.hostedVast);
    expect(asList(wrapper.Impression as Record<string, string>[]).map((i) => i['#text'])).toEqual([
      urls.impression,
      'https://pixel.example/i',
    ]);
    expect(asList(wrapper.Error as string[])).toEqual([urls.video_error, 'https://pixel.example/err']);
    const linear = ((wrapper.Creatives as { Creative: Record<string, unknown> }).Creative.Linear ??
      {}) as Record<string, unknown>;
    expect((linear.VideoClicks as { ClickTracking: Record<string, string> }).ClickTracking['#text']).toBe(
      urls.click,
    );
    // Not an InLine: the player takes files and duration from the hosted document.
    expect(vast.Ad).not.toHaveProperty('InLine');
    // An external URL, when there is one, is what is wrapped.
    const both = { ...pasted, serving: serving({ hostedVast: true, vastUrl: 'https://adserver.example/v' }) };
    const other = parseXml(vastMarkup(both, urls, BASE)).VAST;
    expect(((other.Ad as Record<string, unknown>).Wrapper as Record<string, unknown>).VASTAdTagURI).toBe(
      'https://adserver.example/v',
    );
  });

  it('serves audio as a VAST InLine ad with its file', () => {
    const audio: CompiledAudioCreative = {
      id: '701',
      kind: 'audio',
      attributes: [],
      mimes: ['audio/mpeg'],
      durationSeconds: 20,
      serving: serving({
        durationMs: 20_000,
        mediaFiles: [
          { url: '/api/files/a.mp3', mime: 'audio/mpeg', width: null, height: null, bitrateKbps: null },
        ],
      }),
    };
    const xml = vastMarkup(audio, urls, BASE);
    const inline = (parseXml(xml).VAST.Ad as Record<string, unknown>).InLine as Record<string, unknown>;
    const linear = ((inline.Creatives as { Creative: Record<string, unknown> }).Creative.Linear ??
      {}) as Record<string, unknown>;
    expect((linear.MediaFiles as { MediaFile: Record<string, string> }).MediaFile).toMatchObject({
      '#text': 'https://ads.example/api/files/a.mp3',
      '@_type': 'audio/mpeg',
    });
    expect(xml).not.toContain('width=');
  });
});

describe('nativeMarkup', () => {
  const native: CompiledNativeCreative = {
    id: '801',
    kind: 'native',
    attributes: [],
    title: 'Fresh recipes',
    description: 'Cook something new tonight',
    callToAction: 'Install',
    sponsoredBy: 'Recipe Co',
    mainImage: { w: 1200, h: 627 },
    icon: null,
    serving: serving({ imageUrl: '/api/files/main.png', iconUrl: '/api/files/icon.png' }),
  };
  const request = () => {
    const nativeImp = fixture('native').imp[0]?.native;
    if (nativeImp === undefined) throw new Error('no native impression');
    const parsed = parseNativeRequest(nativeImp);
    if (parsed === undefined) throw new Error('unreadable native request');
    return parsed;
  };

  it('answers the asked asset ids with the texts and images, the link and the trackers', () => {
    const response = JSON.parse(nativeMarkup(native, request(), false, urls, BASE)) as {
      ver: string;
      assets: {
        id: number;
        title?: { text: string };
        img?: { url: string; w?: number };
        data?: { value: string };
      }[];
      link: { url: string };
      eventtrackers: { event: number; method: number; url: string }[];
      imptrackers: string[];
    };
    expect(response.ver).toBe('1.2');
    // Asset 7 (native video) is never filled.
    expect(response.assets.map((asset) => asset.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const asset = (id: number) => response.assets.find((a) => a.id === id);
    expect(asset(1)?.title?.text).toBe('Fresh recipes');
    expect(asset(2)?.img).toEqual({ url: 'https://ads.example/api/files/main.png', w: 1200, h: 627 });
    expect(asset(3)?.img).toEqual({ url: 'https://ads.example/api/files/icon.png' });
    expect(asset(4)?.data?.value).toBe('Recipe Co');
    expect(asset(5)?.data?.value).toBe('Cook something new tonight');
    expect(asset(6)?.data?.value).toBe('Install');
    expect(response.link.url).toBe(urls.click);
    expect(response.eventtrackers).toEqual([{ event: 1, method: 1, url: urls.impression }]);
    expect(response.imptrackers).toEqual([urls.impression]);
  });

  it('wraps the answer when the exchange sent the Native 1.0 wrapper', () => {
    const wrapped = JSON.parse(nativeMarkup(native, request(), true, urls, BASE)) as {
      native?: { ver: string };
    };
    expect(wrapped.native?.ver).toBe('1.2');
  });
});
