import { describe, expect, it } from 'vitest';
import { KIND_COLUMN, MAX_DIMENSION_LENGTH, rollupKeysOf, utcDay, utcHour } from './delivery-counters';
import { type AuctionTicket, EVENT_KINDS } from './event-ticket';

const ticket: AuctionTicket = {
  auctionId: '1:req-1:imp-1',
  issuedAt: Date.UTC(2026, 10, 27, 12),
  organizationId: '3',
  campaignId: '10',
  strategyId: '11',
  creativeId: '12',
  exchangeId: '1',
  dealId: '0',
  currency: 'USD',
  priceMicros: '2500000',
  campaignCurrency: 'EUR',
  maxCostMicros: '2300',
  country: 'ESP',
  region: 'ES-MD',
  deviceType: 'phone',
  os: 'android',
  size: '300x250',
  venueType: '',
  publisher: 'pub-1',
  bundle: 'com.example.app',
  device: '',
};

describe('rollup keys', () => {
  it('puts an event in the UTC hour and day it arrived, with the ticket’s dimensions', () => {
    const at = new Date('2026-11-27T23:59:59.999+00:00');
    expect(utcHour(at)).toBe('2026-11-27T23:00:00.000Z');
    expect(utcDay(at)).toBe('2026-11-27');
    expect(utcDay(new Date('2026-11-28T00:30:00+01:00'))).toBe('2026-11-27');
    expect(rollupKeysOf(ticket, at)).toEqual({
      hourly: {
        hour: '2026-11-27T23:00:00.000Z',
        organization_id: '3',
        campaign_id: '10',
        strategy_id: '11',
        creative_id: '12',
        exchange_id: '1',
        deal_id: '0',
        country: 'ESP',
        region: 'ES-MD',
        device_type: 'phone',
        os: 'android',
        size: '300x250',
        venue_type: '',
      },
      daily: {
        day: '2026-11-27',
        organization_id: '3',
        campaign_id: '10',
        strategy_id: '11',
        exchange_id: '1',
        publisher: 'pub-1',
        bundle: 'com.example.app',
      },
    });
  });

  it('writes "none" as 0 for ids and refuses ids that are not ids', () => {
    const at = new Date();
    expect(rollupKeysOf({ ...ticket, creativeId: '', dealId: '' }, at)?.hourly).toMatchObject({
      creative_id: '0',
      deal_id: '0',
    });
    for (const bad of [
      { campaignId: 'x' },
      { strategyId: '-1' },
      { exchangeId: '1'.repeat(19) },
      { campaignId: '' },
      { strategyId: '0' },
      { dealId: '1 OR 1=1' },
    ]) {
      expect(rollupKeysOf({ ...ticket, ...bad }, at)).toBeNull();
    }
  });

  it('keeps text dimensions storable: no NUL, bounded length', () => {
    const keys = rollupKeysOf(
      { ...ticket, publisher: `a\u0000b${'x'.repeat(500)}`, bundle: 'é'.repeat(300) },
      new Date(),
    );
    expect(keys?.daily.publisher.startsWith('abx')).toBe(true);
    expect(keys?.daily.publisher).toHaveLength(MAX_DIMENSION_LENGTH);
    expect(keys?.daily.bundle).toHaveLength(MAX_DIMENSION_LENGTH);
  });

  it('maps every event kind to its column, billing and video errors to none', () => {
    expect(Object.keys(KIND_COLUMN).sort()).toEqual([...EVENT_KINDS].sort());
    expect(KIND_COLUMN.billing).toBeNull();
    expect(KIND_COLUMN.video_error).toBeNull();
    expect(KIND_COLUMN.video_third_quartile).toBe('video_third_quartiles');
  });
});
