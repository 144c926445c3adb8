import type { TrackingProvider } from '@beacon/domain/dictionary/tracking';
import { describe, expect, it } from 'vitest';
import { attributedTouch, attributionWindowMs, type DeliveryTouch } from './attribution';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-27T12:00:00.000Z');

const touch = (
  kind: DeliveryTouch['kind'],
  ageMs: number,
  campaignId = '10',
  strategyId = '100',
): DeliveryTouch => ({
  kind,
  touchedAt: new Date(NOW.getTime() - ageMs),
  organizationId: '1',
  campaignId,
  strategyId,
  creativeId: '7',
  exchangeId: '3',
  dealId: '0',
  country: 'ESP',
  region: '',
  deviceType: 'phone',
  os: 'android',
  size: '300x250',
  venueType: '',
  publisher: 'pub-1',
  bundle: '',
});

const toolIs =
  (tool: TrackingProvider, campaigns: readonly string[] = ['10', '11']) =>
  (campaignId: string): TrackingProvider | undefined =>
    campaigns.includes(campaignId) ? tool : undefined;

describe('attribution windows (§9)', () => {
  it('gives clicks 30 days for the own tool and 7 for the mobile measurement tools', () => {
    expect(attributionWindowMs({ impressions: 1, clicks: 30 }, 'click')).toBe(30 * DAY_MS);
    expect(attributionWindowMs({ impressions: 1, clicks: 7 }, 'click')).toBe(7 * DAY_MS);
    expect(attributionWindowMs({ impressions: 1, clicks: 7 }, 'impression')).toBe(DAY_MS);
  });

  it('gives no click window to a tool without one, and the visit window to footfall impressions', () => {
    expect(attributionWindowMs({ impressions: 1 }, 'click')).toBeNull();
    expect(attributionWindowMs({ impressions: 1, visits: 15 }, 'impression')).toBe(15 * DAY_MS);
    expect(attributionWindowMs(undefined, 'impression')).toBeNull();
  });
});

describe('the attributed touch', () => {
  it('prefers the latest click in its window to a more recent impression', () => {
    const click = touch('click', 5 * DAY_MS, '10', '101');
    const impression = touch('impression', 3_600_000, '11', '102');
    expect(attributedTouch([impression, click], toolIs('beacon'), NOW)).toBe(click);
  });

  it('takes the latest of several clicks, and an impression only without a click', () => {
    const older = touch('click', 2 * DAY_MS, '10');
    const newer = touch('click', DAY_MS, '11');
    expect(attributedTouch([older, newer], toolIs('adjust'), NOW)).toBe(newer);
    const impression = touch('impression', 3_600_000);
    expect(attributedTouch([impression], toolIs('adjust'), NOW)).toBe(impression);
  });

  it('leaves out touches beyond the windows of the campaign’s tool', () => {
    const click = touch('click', 8 * DAY_MS);
    const impression = touch('impression', DAY_MS + 1);
    expect(attributedTouch([click, impression], toolIs('adjust'), NOW)).toBeUndefined();
    // The own tool keeps clicks for 30 days.
    expect(attributedTouch([click, impression], toolIs('beacon'), NOW)).toBe(click);
    expect(attributedTouch([touch('click', 30 * DAY_MS + 1)], toolIs('beacon'), NOW)).toBeUndefined();
    // A tool without a click window attributes on impressions only.
    expect(attributedTouch([touch('click', 3_600_000)], toolIs('tune'), NOW)).toBeUndefined();
  });

  it('counts the window inclusively and ignores touches after the conversion', () => {
    expect(attributedTouch([touch('impression', DAY_MS)], toolIs('s2s'), NOW)).toBeDefined();
    expect(attributedTouch([touch('click', -60_000)], toolIs('s2s'), NOW)).toBeUndefined();
  });

  it('leaves out campaigns that are not eligible (another tool, another organization)', () => {
    const click = touch('click', DAY_MS, '12');
    expect(attributedTouch([click], toolIs('adjust'), NOW)).toBeUndefined();
    expect(attributedTouch([], toolIs('adjust'), NOW)).toBeUndefined();
  });
});
