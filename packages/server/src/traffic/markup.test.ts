import { describe, expect, it } from 'vitest';
import { fixture } from '../engine/engine.factories';
import { bannerMarkup, bidUrlsOf, nativeMarkup, vastMarkup } from '../engine/markup';
import { parseNativeRequest } from '../engine/openrtb';
import type { CreativeServing } from '../engine/strategy-index';
import { parseBannerHtml, parseMarkup, parseNative, parseVast, replaceMacros } from './markup';

const BASE = 'https://beacon.example/ev';

describe('rendering banner HTML', () => {
  it('fires the 1×1 images and takes the first link as the click, decoding entities', () => {
    const html = `<!doctype html><div style="margin:0">
      <a href="${BASE}/click?t=abc&amp;x=1" target="_blank"><img src="https://beacon.example/files/c1.png" width="300" height="250" alt="Sale"></a>
      <img src='${BASE}/impression?t=abc' width='1' height='1' alt=''>
      <img src="https://tracker.example/p.gif" style="width: 1px; height: 1px; display:none">
      <script>document.write('<img src="https://ignored.example/x.gif" width="1" height="1">')</script>
    </div>`;
    expect(parseBannerHtml(html)).toEqual({
      media: 'banner',
      impressions: [`${BASE}/impression?t=abc`, 'https://tracker.example/p.gif'],
      clickThroughs: [`${BASE}/click?t=abc&x=1`],
      clickTrackers: [],
      videoEvents: {},
    });
  });

  it('answers no pixels and no click for markup without them', () => {
    expect(parseBannerHtml('<div>Hello</div>')).toEqual({
      media: 'banner',
      impressions: [],
      clickThroughs: [],
      clickTrackers: [],
      videoEvents: {},
    });
  });
});

const inlineVast = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.2"><Ad id="1"><InLine>
  <AdSystem>Beacon</AdSystem><AdTitle>Spot</AdTitle>
  <Impression id="beacon"><![CDATA[${BASE}/impression?t=T1]]></Impression>
  <Error><![CDATA[${BASE}/video_error?t=T1]]></Error>
  <Creatives><Creative id="c1"><Linear skipoffset="00:00:05">
    <Duration>00:00:15.000</Duration>
    <TrackingEvents>
      <Tracking event="start"><![CDATA[${BASE}/video_start?t=T1]]></Tracking>
      <Tracking event="firstQuartile"><![CDATA[${BASE}/video_first_quartile?t=T1]]></Tracking>
      <Tracking event="midpoint">${BASE}/video_midpoint?t=T1&amp;a=1</Tracking>
      <Tracking event="thirdQuartile"><![CDATA[${BASE}/video_third_quartile?t=T1]]></Tracking>
      <Tracking event="complete"><![CDATA[${BASE}/video_complete?t=T1]]></Tracking>
      <Tracking event="skip"><![CDATA[${BASE}/video_skip?t=T1]]></Tracking>
      <Tracking event="progress" offset="00:00:10"><![CDATA[${BASE}/progress]]></Tracking>
    </TrackingEvents>
    <VideoClicks><ClickThrough id="c"><![CDATA[${BASE}/click?t=T1]]></ClickThrough></VideoClicks>
    <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://beacon.example/files/v.mp4]]></MediaFile></MediaFiles>
  </Linear></Creative></Creatives>
</InLine></Ad></VAST>`;

describe('rendering VAST', () => {
  it('reads an inline ad: impression, every tracking event, the click-through', () => {
    const parsed = parseVast(inlineVast);
    expect(parsed).toEqual({
      ok: true,
      plan: {
        media: 'video',
        impressions: [`${BASE}/impression?t=T1`],
        clickThroughs: [`${BASE}/click?t=T1`],
        clickTrackers: [],
        videoEvents: {
          start: [`${BASE}/video_start?t=T1`],
          firstQuartile: [`${BASE}/video_first_quartile?t=T1`],
          midpoint: [`${BASE}/video_midpoint?t=T1&a=1`],
          thirdQuartile: [`${BASE}/video_third_quartile?t=T1`],
          complete: [`${BASE}/video_complete?t=T1`],
          skip: [`${BASE}/video_skip?t=T1`],
        },
      },
    });
  });

  it('reads a wrapper: our pixels, click trackers and the ad tag URI (not fetched)', () => {
    const wrapper = `<VAST version="4.0"><Ad id="w"><Wrapper>
      <AdSystem>Beacon</AdSystem>
      <VASTAdTagURI><![CDATA[https://adserver.example/vast.xml]]></VASTAdTagURI>
      <Impression><![CDATA[${BASE}/impression?t=W]]></Impression>
      <Creatives><Creative><Linear>
        <TrackingEvents><Tracking event="complete"><![CDATA[${BASE}/video_complete?t=W]]></Tracking></TrackingEvents>
        <VideoClicks><ClickTracking><![CDATA[${BASE}/click?t=W]]></ClickTracking></VideoClicks>
      </Linear></Creative></Creatives>
    </Wrapper></Ad></VAST>`;
    expect(parseMarkup(wrapper, 2)).toEqual({
      ok: true,
      plan: {
        media: 'video',
        impressions: [`${BASE}/impression?t=W`],
        clickThroughs: [],
        clickTrackers: [`${BASE}/click?t=W`],
        videoEvents: { complete: [`${BASE}/video_complete?t=W`] },
        wrapperUri: 'https://adserver.example/vast.xml',
      },
    });
  });

  it('refuses markup that is not VAST, without throwing', () => {
    expect(parseVast('<VAST><Ad>')).toMatchObject({ ok: false });
    expect(parseVast('<html></html>')).toEqual({ ok: false, reason: 'no VAST element' });
    expect(parseVast('<VAST version="4.0"></VAST>')).toEqual({
      ok: false,
      reason: 'no InLine or Wrapper ad',
    });
    expect(parseMarkup('', 1)).toEqual({ ok: false, reason: 'empty markup' });
  });
});

describe('rendering native', () => {
  const response = {
    ver: '1.2',
    assets: [{ id: 1, title: { text: 'Run further' } }],
    link: { url: `${BASE}/click?t=N`, clicktrackers: ['https://tracker.example/c'] },
    imptrackers: [`${BASE}/impression?t=N`, `${BASE}/impression?t=N2`],
    eventtrackers: [
      { event: 1, method: 1, url: `${BASE}/impression?t=N2` },
      { event: 1, method: 2, url: 'https://tracker.example/script.js' },
      { event: 2, method: 1, url: 'https://tracker.example/viewable' },
    ],
  };

  it('reads the 1.2 object and the 1.0 wrapper alike: image trackers only, the link first', () => {
    const expected = {
      ok: true,
      plan: {
        media: 'native',
        impressions: [`${BASE}/impression?t=N`, `${BASE}/impression?t=N2`],
        clickThroughs: [`${BASE}/click?t=N`],
        clickTrackers: ['https://tracker.example/c'],
        videoEvents: {},
      },
    };
    expect(parseNative(JSON.stringify(response))).toEqual(expected);
    expect(parseMarkup(JSON.stringify({ native: response }), undefined)).toEqual(expected);
  });

  it('refuses markup that is not a JSON object', () => {
    expect(parseNative('{')).toEqual({ ok: false, reason: 'the native markup is not JSON' });
    expect(parseNative('[1]')).toEqual({ ok: false, reason: 'the native markup is not an object' });
  });
});

describe('auction macros', () => {
  it('replaces the OpenRTB macros and leaves unknown ones alone', () => {
    const url = `https://x.example/win?p=\${AUCTION_PRICE}&c=\${AUCTION_CURRENCY}&i=\${AUCTION_ID}&b=\${AUCTION_BID_ID}&o=\${OTHER}`;
    expect(
      replaceMacros(url, {
        auctionId: 'r 1',
        bidId: 'b1',
        impId: '1',
        seatId: 'beacon',
        adId: 'cr',
        price: '1.234',
        currency: 'USD',
      }),
    ).toBe(`https://x.example/win?p=1.234&c=USD&i=r%201&b=b1&o=\${OTHER}`);
  });
});

describe("the bidder's own markup (engine/markup.ts)", () => {
  const urls = bidUrlsOf('https://ads.example', 'TICKET.mac');
  const serving: CreativeServing = {
    name: 'Spring sale',
    clickUrl: 'https://shop.example/landing',
    impressionPixels: ['https://pixel.example/i?a=1&b=2'],
    eventPixels: {},
    imageUrl: '/api/files/abc.png',
    iconUrl: '/api/files/icon.png',
    html: null,
    vastUrl: null,
    durationMs: 15_000,
    mediaFiles: [{ url: '/api/files/v.mp4', mime: 'video/mp4', width: 640, height: 360, bitrateKbps: 500 }],
    companion: null,
  };

  it('banner: the impression pixels and the click link', () => {
    const html = bannerMarkup(
      { id: '1', kind: 'banner', size: { w: 300, h: 250 }, attributes: [], serving },
      urls,
      'https://ads.example',
    );
    expect(parseMarkup(html, 1)).toEqual({
      ok: true,
      plan: {
        media: 'banner',
        impressions: [urls.impression, 'https://pixel.example/i?a=1&b=2'],
        clickThroughs: [urls.click],
        clickTrackers: [],
        videoEvents: {},
      },
    });
  });

  it('video: the impression, every tracking event and the click-through', () => {
    const xml = vastMarkup(
      {
        id: '2',
        kind: 'video',
        attributes: [],
        mimes: ['video/mp4'],
        durationSeconds: 15,
        protocols: [7],
        companion: null,
        serving,
      },
      urls,
      'https://ads.example',
    );
    const parsed = parseMarkup(xml, 2);
    expect(parsed).toMatchObject({
      ok: true,
      plan: {
        media: 'video',
        impressions: [urls.impression, 'https://pixel.example/i?a=1&b=2'],
        clickThroughs: [urls.click],
        videoEvents: {
          start: [urls.video_start],
          firstQuartile: [urls.video_first_quartile],
          midpoint: [urls.video_midpoint],
          thirdQuartile: [urls.video_third_quartile],
          complete: [urls.video_complete],
          skip: [urls.video_skip],
        },
      },
    });
  });

  it('native: the impression trackers once and the link', () => {
    const native = fixture('native').imp[0]?.native;
    const request = native === undefined ? undefined : parseNativeRequest(native);
    if (request === undefined) throw new Error('the native fixture has no native request');
    const json = nativeMarkup(
      {
        id: '3',
        kind: 'native',
        attributes: [],
        title: 'Run further',
        description: 'Shoes',
        sponsoredBy: 'Shop',
        callToAction: 'Buy',
        mainImage: { w: 1200, h: 627 },
        icon: null,
        serving,
      },
      request,
      false,
      urls,
      'https://ads.example',
    );
    expect(parseMarkup(json, 4)).toEqual({
      ok: true,
      plan: {
        media: 'native',
        impressions: [urls.impression, 'https://pixel.example/i?a=1&b=2'],
        clickThroughs: [urls.click],
        clickTrackers: [],
        videoEvents: {},
      },
    });
  });
});
