import { describe, expect, it } from 'vitest';
import { FIXTURE_NAMES, fixture, fixtureText } from './engine.factories';
import { NO_BID_REASONS, noBidResponse, parseBidRequest, parseNativeRequest } from './openrtb';

describe('parseBidRequest on the example requests', () => {
  it.each(FIXTURE_NAMES)('parses %s', (name) => {
    const parsed = parseBidRequest(fixtureText(name));
    expect(parsed.ok).toBe(true);
  });

  it('reads the fields the bidder uses', () => {
    const video = fixture('video-companions');
    expect(video.imp[0]?.video?.companionad).toHaveLength(2);
    expect(video.imp[0]?.video?.protocols).toEqual([2, 3, 7]);
    const deal = fixture('pmp-direct-deal');
    expect(deal.imp[0]?.pmp?.private_auction).toBe(1);
    expect(deal.imp[0]?.pmp?.deals?.map((d) => d.id)).toEqual(['DEAL-BEACON-0001', 'DEAL-OTHER-0002']);
    const app = fixture('mobile-app');
    expect(app.app?.bundle).toBe('com.example.pocketweather');
    expect(app.device?.geo?.country).toBe('USA');
    expect(app.badv).toContain('competitor.example');
  });

  it('keeps fields it does not read (loose objects)', () => {
    const video = fixture('video-companions');
    expect(video.site).toMatchObject({ content: { series: 'Road Test' } });
    expect(video.imp[0]?.video).toMatchObject({ linearity: 1, boxingallowed: 1 });
  });

  it('reads the Native 1.2 request inside the native impression', () => {
    const native = fixture('native').imp[0]?.native;
    if (native === undefined) throw new Error('no native impression');
    const request = parseNativeRequest(native);
    expect(request?.assets).toHaveLength(7);
    expect(request?.assets.filter((asset) => asset.required === 1).map((asset) => asset.id)).toEqual([
      1, 2, 4,
    ]);
  });
});

describe('parseBidRequest on bad input', () => {
  const cases: [string, unknown, RegExp][] = [
    ['malformed JSON', '{"id": "1", "imp": [', /not valid JSON/],
    ['a JSON array', '[]', /not a JSON object/],
    ['null', null, /not a JSON object/],
    ['a number', 42, /not a JSON object/],
    ['no id', { imp: [{ id: '1' }] }, /^id:/],
    ['an empty id', { id: '', imp: [{ id: '1' }] }, /^id:/],
    ['no imp', { id: 'r1' }, /^imp:/],
    ['an empty imp', { id: 'r1', imp: [] }, /^imp:/],
    ['an impression without id', { id: 'r1', imp: [{ banner: { w: 1, h: 1 } }] }, /^imp\.0\.id:/],
    ['bcat not a list', { id: 'r1', imp: [{ id: '1' }], bcat: 'IAB25' }, /^bcat:/],
    ['a negative floor', { id: 'r1', imp: [{ id: '1', bidfloor: -1 }] }, /^imp\.0\.bidfloor:/],
    ['a latitude off the globe', { id: 'r1', imp: [{ id: '1' }], device: { geo: { lat: 91 } } }, /lat/],
  ];
  it.each(cases)('refuses %s with a reason', (_name, input, reason) => {
    const parsed = parseBidRequest(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('never throws on random JSON (property-style, seeded)', () => {
    let seed = 20_261_127;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const keys = [
      'id',
      'imp',
      'banner',
      'w',
      'h',
      'device',
      'geo',
      'pmp',
      'deals',
      'cur',
      'native',
      'request',
    ];
    const value = (depth: number): unknown => {
      const pick = Math.floor(random() * (depth > 3 ? 5 : 7));
      if (pick === 0) return null;
      if (pick === 1) return random() * 1e6 - 5e5;
      if (pick === 2) return keys[Math.floor(random() * keys.length)];
      if (pick === 3) return random() < 0.5;
      if (pick === 4)
        return String.fromCharCode(...Array.from({ length: 5 }, () => Math.floor(random() * 0xffff)));
      if (pick === 5) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 5) }, () => [
          keys[Math.floor(random() * keys.length)] ?? 'x',
          value(depth + 1),
        ]),
      );
    };
    for (let round = 0; round < 1_000; round += 1) {
      const input = value(0);
      // Half the rounds mutate a real request: one field replaced by random JSON, or the text cut short.
      const base: Record<string, unknown> = {
        ...fixture(FIXTURE_NAMES[round % FIXTURE_NAMES.length] ?? 'native'),
      };
      const key = Object.keys(base)[Math.floor(random() * Object.keys(base).length)] ?? 'id';
      base[key] = input;
      const text = JSON.stringify(base);
      const candidates = [
        input,
        JSON.stringify(input),
        base,
        text.slice(0, Math.floor(random() * text.length)),
      ];
      for (const candidate of candidates) {
        const parsed = parseBidRequest(candidate);
        expect(typeof parsed.ok).toBe('boolean');
        if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('parseNativeRequest', () => {
  const assets = [{ id: 1, required: 1, title: { len: 25 } }];
  it('reads JSON text, an object, and the Native 1.0 wrapper', () => {
    expect(parseNativeRequest({ request: JSON.stringify({ assets }) })?.assets).toHaveLength(1);
    expect(parseNativeRequest({ request: { assets } })?.assets).toHaveLength(1);
    expect(parseNativeRequest({ request: JSON.stringify({ native: { assets } }) })?.assets).toHaveLength(1);
  });
  it('answers undefined for unreadable requests', () => {
    expect(parseNativeRequest({ request: '{"assets": [' })).toBeUndefined();
    expect(parseNativeRequest({ request: '{"assets": "none"}' })).toBeUndefined();
  });
});

describe('no-bid reasons', () => {
  it('are the OpenRTB 2.6 codes 0 to 17, each once', () => {
    expect(Object.values(NO_BID_REASONS).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 18 }, (_, i) => i),
    );
    expect(NO_BID_REASONS.BLOCKED_PUBLISHER_OR_SITE).toBe(7);
    expect(NO_BID_REASONS.INSUFFICIENT_AUCTION_TIME).toBe(15);
  });
  it('answer a no-bid response with the request id', () => {
    expect(noBidResponse('r1', NO_BID_REASONS.INVALID_REQUEST)).toEqual({ id: 'r1', nbr: 2 });
  });
});
