import { describe, expect, it } from 'vitest';
import { TRACKING_PROVIDERS } from '../dictionary/tracking';
import { trackingTerms } from './tracking-terms';

describe('trackingTerms (§9)', () => {
  it('no tool: no windows, no price', () => {
    expect(trackingTerms('none')).toEqual({
      tool: 'none',
      attribution_windows: null,
      footfall: false,
      price_cpm: null,
      price_currency: 'usd',
    });
  });

  it('own tool: impressions 1 day, clicks 30, free', () => {
    expect(trackingTerms('beacon')).toMatchObject({
      attribution_windows: { impressions: 1, clicks: 30 },
      price_cpm: null,
    });
  });

  it.each(['s2s', 'adjust', 'appsflyer', 'branch', 'kochava'] as const)('%s: clicks 7 days', (tool) => {
    expect(trackingTerms(tool).attribution_windows).toEqual({ impressions: 1, clicks: 7 });
  });

  it('footfall: visits 15 days, own 0.45 CPM and partner 0.50 CPM', () => {
    expect(trackingTerms('beacon_footfall')).toEqual({
      tool: 'beacon_footfall',
      attribution_windows: { impressions: 1, visits: 15 },
      footfall: true,
      price_cpm: '0.45',
      price_currency: 'usd',
    });
    expect(trackingTerms('partner_footfall')).toMatchObject({ footfall: true, price_cpm: '0.5' });
  });

  it('every tool attributes impressions for 1 day', () => {
    for (const tool of TRACKING_PROVIDERS.filter((provider) => provider !== 'none')) {
      expect(trackingTerms(tool).attribution_windows?.impressions).toBe(1);
    }
  });
});
