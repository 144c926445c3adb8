import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEMO_TRAFFIC_RATE,
  demoTrafficRate,
  parseDeal,
  trafficOptionsFromArgs,
} from './traffic-command';

describe('beacon traffic options', () => {
  it('defaults to the demo exchange on this machine at PORT', () => {
    expect(trafficOptionsFromArgs({}, { PORT: '9000' })).toEqual({
      target: 'http://127.0.0.1:9000',
      exchange: 'demo',
      token: undefined,
      rate: 20,
      durationSeconds: 0,
      seed: expect.any(Number),
      clockStart: undefined,
      currency: 'USD',
      auctionType: 1,
      deals: [],
      concurrency: 64,
    });
    expect(trafficOptionsFromArgs({}, {}).target).toBe('http://127.0.0.1:8080');
  });

  it('reads every option', () => {
    const options = trafficOptionsFromArgs(
      {
        target: 'https://beacon.example',
        exchange: 'ssp_2',
        token: 't0k',
        rate: '150.5',
        duration: '60',
        seed: '99',
        clock: '2026-11-27T08:00:00Z',
        deal: ['ADX-PMP-204117:4.5', 'vrv:deal_7'],
        currency: 'eur',
        auction: '2',
        concurrency: '8',
      },
      {},
    );
    expect(options).toEqual({
      target: 'https://beacon.example',
      exchange: 'ssp_2',
      token: 't0k',
      rate: 150.5,
      durationSeconds: 60,
      seed: 99,
      clockStart: new Date('2026-11-27T08:00:00Z'),
      currency: 'EUR',
      auctionType: 2,
      deals: [{ id: 'ADX-PMP-204117', floor: 4.5 }, { id: 'vrv:deal_7' }],
      concurrency: 8,
    });
  });

  it('refuses wrong values with a message naming the option', () => {
    const wrong: [Record<string, string>, RegExp][] = [
      [{ target: 'ftp://x' }, /--target/],
      [{ exchange: 'No Key' }, /--exchange/],
      [{ rate: '0' }, /--rate must be a number from 0.01/],
      [{ rate: 'fast' }, /--rate/],
      [{ duration: '-1' }, /--duration/],
      [{ clock: 'yesterday' }, /--clock must be an ISO date/],
      [{ currency: 'XYZ' }, /--currency/],
      [{ auction: '3' }, /--auction/],
      [{ concurrency: '0' }, /--concurrency/],
    ];
    for (const [args, message] of wrong) expect(() => trafficOptionsFromArgs(args, {})).toThrow(message);
  });

  it('reads deals with and without a floor', () => {
    expect(parseDeal('D-1')).toEqual({ id: 'D-1' });
    expect(parseDeal('D-1:2.25')).toEqual({ id: 'D-1', floor: 2.25 });
    expect(parseDeal('vrv:deal_7')).toEqual({ id: 'vrv:deal_7' });
    expect(() => parseDeal(' ')).toThrow(/--deal/);
  });
});

describe('BEACON_DEMO_TRAFFIC', () => {
  it('runs the demo traffic by default, off with 0 or off, at a given rate otherwise', () => {
    expect(demoTrafficRate({})).toBe(DEFAULT_DEMO_TRAFFIC_RATE);
    expect(demoTrafficRate({ BEACON_DEMO_TRAFFIC: '' })).toBe(DEFAULT_DEMO_TRAFFIC_RATE);
    expect(demoTrafficRate({ BEACON_DEMO_TRAFFIC: '0' })).toBe(0);
    expect(demoTrafficRate({ BEACON_DEMO_TRAFFIC: 'off' })).toBe(0);
    expect(demoTrafficRate({ BEACON_DEMO_TRAFFIC: '10' })).toBe(10);
    expect(() => demoTrafficRate({ BEACON_DEMO_TRAFFIC: 'lots' })).toThrow(/BEACON_DEMO_TRAFFIC/);
    expect(() => demoTrafficRate({ BEACON_DEMO_TRAFFIC: '-2' })).toThrow(/BEACON_DEMO_TRAFFIC/);
  });
});
