import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  VAST_URL_PRIVATE_MESSAGE,
  VAST_URL_UNREACHABLE_MESSAGE,
} from '@beacon/domain/validation/creative-vast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVastDocument, checkVastUrl, checkVastXml, type ServableVideo } from './vast';

/** VAST 4.x: the document Beacon serves and the check of external VAST sources (decision 023). */

const VIDEO: ServableVideo = {
  id: '42',
  name: 'Spring <sale> & more',
  click_url: 'https://shop.example/landing?a=1&b=2',
  impression_pixels: ['{host}/pixel/impression?c=42', 'https://tracker.example/i'],
  event_pixels: {
    start: ['https://tracker.example/start'],
    first_quartile: ['https://tracker.example/q1'],
    complete: ['https://tracker.example/complete'],
    error: ['https://tracker.example/error?code=[ERRORCODE]'],
  },
  asset: { url: '/api/files/a.mp4', kind: 'mp4', bytes: 1000, width: 1280, height: 720, duration_ms: 15_040 },
  renditions: [
    { url: '/api/files/b.mp4', width: 640, height: 360, bitrate_kbps: 800, mime: 'video/mp4' },
    { url: '/api/files/c.mp4', width: 1280, height: 720, bitrate_kbps: 2000, mime: 'video/mp4' },
  ],
  companion: { url: '/api/files/d.png', width: 300, height: 250, bytes: 2000 },
};

const inline = (body: string, version = '4.1') =>
  `<?xml version="1.0"?><VAST version="${version}"><Ad id="1"><InLine>${body}</InLine></Ad></VAST>`;
const COMPLETE_INLINE = inline(
  '<AdSystem>Ads</AdSystem><AdTitle>T</AdTitle><Impression><![CDATA[https://i.example]]></Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example/v.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives>',
);
const WRAPPER =
  '<VAST version="4.0"><Ad><Wrapper><AdSystem>W</AdSystem><Impression>https://i.example</Impression><VASTAdTagURI><![CDATA[https://next.example/vast]]></VASTAdTagURI></Wrapper></Ad></VAST>';

describe('the VAST document of a processed video creative', () => {
  const xml = buildVastDocument(VIDEO, 'https://beacon.example');

  it('is VAST 4.2 that the VAST check itself accepts', () => {
    expect(xml).toContain('<VAST version="4.2" xmlns="http://www.iab.com/VAST">');
    expect(checkVastXml(xml)).toEqual({ ok: true, summary: { version: '4.2', ads: 1, kind: 'inline' } });
  });

  it('lists the renditions as absolute MediaFiles, the pixels as Impression, Tracking and Error, and the click', () => {
    expect(xml).toContain(
      '<MediaFile delivery="progressive" type="video/mp4" width="640" height="360" bitrate="800" scalable="true" maintainAspectRatio="true"><![CDATA[https://beacon.example/api/files/b.mp4]]></MediaFile>',
    );
    expect(xml).toContain(
      '<Impression id="impression-1"><![CDATA[{host}/pixel/impression?c=42]]></Impression>',
    );
    expect(xml).toContain(
      '<Tracking event="firstQuartile"><![CDATA[https://tracker.example/q1]]></Tracking>',
    );
    expect(xml).toContain('<Error><![CDATA[https://tracker.example/error?code=[ERRORCODE]]]></Error>');
    expect(xml).toContain(
      '<ClickThrough id="click"><![CDATA[https://shop.example/landing?a=1&b=2]]></ClickThrough>',
    );
    expect(xml).toContain('<Duration>00:00:15.040</Duration>');
    expect(xml).toContain(
      '<StaticResource creativeType="image/png"><![CDATA[https://beacon.example/api/files/d.png]]></StaticResource>',
    );
  });

  it('escapes the name', () => {
    expect(xml).toContain('<AdTitle>Spring &#60;sale&#62; &#38; more</AdTitle>');
  });
});

describe('checking a pasted VAST document as VAST 4.x', () => {
  it('accepts a complete InLine and a Wrapper', () => {
    expect(checkVastXml(COMPLETE_INLINE)).toMatchObject({
      ok: true,
      summary: { version: '4.1', kind: 'inline' },
    });
    expect(checkVastXml(WRAPPER)).toMatchObject({ ok: true, summary: { version: '4.0', kind: 'wrapper' } });
  });

  it.each([
    ['not XML', '<VAST version="4.0"><Ad>', /^The VAST document is not well-formed XML \(line 1: /],
    ['another root', '<html><body/></html>', /^The document is not a VAST document/],
    [
      'VAST 3.0',
      COMPLETE_INLINE.replace('version="4.1"', 'version="3.0"'),
      /^The document is VAST 3\.0: only VAST 4\.x/,
    ],
    ['no version', COMPLETE_INLINE.replace(' version="4.1"', ''), /^The VAST document has no version/],
    ['no Ad', '<VAST version="4.0"></VAST>', /^The VAST document has no Ad$/],
    ['an empty Ad', '<VAST version="4.0"><Ad></Ad></VAST>', /either an InLine or a Wrapper/],
    [
      'no Impression',
      COMPLETE_INLINE.replace(/<Impression>.*<\/Impression>/, ''),
      /lacks Impression in InLine/,
    ],
    [
      'no MediaFile',
      COMPLETE_INLINE.replace(/<MediaFiles>.*<\/MediaFiles>/, '<MediaFiles/>'),
      /lacks a MediaFile in Linear/,
    ],
    [
      'a Wrapper without its URI',
      WRAPPER.replace(/<VASTAdTagURI>.*<\/VASTAdTagURI>/, ''),
      /lacks VASTAdTagURI in Wrapper/,
    ],
    [
      'entity expansion (billion laughs)',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><VAST version="4.0">&lol2;</VAST>',
      /must not declare a DOCTYPE/,
    ],
  ])('refuses %s', (_, xml, message) => {
    const result = checkVastXml(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses a document over 1 MB', () => {
    expect(checkVastXml(`${COMPLETE_INLINE}<!--${'x'.repeat(1024 * 1024)}-->`)).toEqual({
      ok: false,
      message: 'The VAST document is larger than 1 MB',
    });
  });
});

describe('fetching a VAST URL (a local server stands for the ad server)', () => {
  let server: Server;
  let base = '';
  let port = 0;
  let served = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      served += 1;
      if (request.url === '/ok')
        response.writeHead(200, { 'content-type': 'application/xml' }).end(COMPLETE_INLINE);
      else if (request.url === '/v3') response.writeHead(200).end(COMPLETE_INLINE.replace('4.1', '3.0'));
      else if (request.url === '/moved') response.writeHead(302, { location: '/ok' }).end();
      else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end(COMPLETE_INLINE), 2000);
      else if (request.url === '/huge') {
        // No content-length: the reader has to stop on its own.
        response.writeHead(200, { 'content-type': 'application/xml' });
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const push = () => {
          while (sent < 40 && response.write(chunk)) sent += 1;
          if (sent < 40) response.once('drain', push);
          else response.end();
        };
        push();
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = { allowPrivateHosts: true };

  it('fetches and checks the document, following a redirect', async () => {
    expect(await checkVastUrl(`${base}/ok`, local)).toMatchObject({ ok: true, summary: { version: '4.1' } });
    expect(await checkVastUrl(`${base}/moved`, local)).toMatchObject({ ok: true });
    expect(await checkVastUrl(`${base}/v3`, local)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/VAST 3\.0/),
    });
  });

  it('refuses an error status, a slow server, and an endless body', async () => {
    expect(await checkVastUrl(`${base}/missing`, local)).toEqual({
      ok: false,
      message: 'The VAST URL answered with HTTP status 404',
    });
    expect(await checkVastUrl(`${base}/slow`, { ...local, timeoutMs: 300 })).toEqual({
      ok: false,
      message: 'The VAST URL did not answer within 5 seconds',
    });
    expect(await checkVastUrl(`${base}/huge`, local)).toEqual({
      ok: false,
      message: 'The VAST document is larger than 1 MB',
    });
  });

  it('connects to the address its own lookup checked, and refuses a name that resolves to a private one', async () => {
    // A made-up name: only the resolver given here knows it, so reaching the server proves the connection
    // used the address this lookup answered (no second, unchecked resolution).
    const resolveTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(
      await checkVastUrl(`http://ads.example:${port}/ok`, { ...local, resolveHost: resolveTo('127.0.0.1') }),
    ).toMatchObject({ ok: true });

    const before = served;
    for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.0.0.7'], ['::1']]) {
      expect(
        await checkVastUrl(`http://ads.example:${port}/ok`, { resolveHost: resolveTo(...addresses) }),
      ).toEqual({ ok: false, message: VAST_URL_PRIVATE_MESSAGE });
    }
    expect(served).toBe(before);
    expect(await checkVastUrl(`http://ads.example:${port}/ok`, { resolveHost: resolveTo() })).toEqual({
      ok: false,
      message: VAST_URL_UNREACHABLE_MESSAGE,
    });
  });

  it('never fetches loopback or private addresses for an installation (SSRF)', async () => {
    for (const url of [
      `${base}/ok`,
      'https://10.1.2.3/vast',
      'https://[::1]/vast',
      'https://169.254.169.254/latest',
    ]) {
      expect(await checkVastUrl(url)).toEqual({
        ok: false,
        message: VAST_URL_PRIVATE_MESSAGE,
      });
    }
  });
});
