import { describe, expect, it } from 'vitest';
import { fromMicros } from './currencies';
import type { TrackingTool } from './tracking';
import {
  ATTRIBUTION_WINDOWS,
  attributionWindowOf,
  isFootfallProvider,
  MEASUREMENT_PARTNERS,
  TRACKING_PROVIDERS,
  trackingCpmPriceMicros,
} from './tracking';

const TOOLS = TRACKING_PROVIDERS.filter((provider): provider is TrackingTool => provider !== 'none');

describe('tracking providers', () => {
  it('has an attribution window for every tool and none for "none"', () => {
    expect(Object.keys(ATTRIBUTION_WINDOWS).sort()).toEqual([...TOOLS].sort());
  });

  it('attributes impressions for 1 day with every tool (§9)', () => {
    for (const tool of TOOLS) expect(ATTRIBUTION_WINDOWS[tool].impressions, tool).toBe(1);
  });

  it('attributes clicks for 30 days with the own tool and 7 with s2s, adjust, appsflyer, branch, kochava', () => {
    const clicks = Object.fromEntries(
      TOOLS.flatMap((tool) => {
        const clicks = attributionWindowOf(tool)?.clicks;
        return clicks === undefined ? [] : [[tool, clicks]];
      }),
    );
    expect(clicks).toEqual({ beacon: 30, s2s: 7, adjust: 7, appsflyer: 7, branch: 7, kochava: 7 });
  });

  it('attributes visits for 15 days with the footfall tools only', () => {
    for (const tool of TOOLS) {
      expect(attributionWindowOf(tool)?.visits, tool).toBe(isFootfallProvider(tool) ? 15 : undefined);
    }
    expect(TOOLS.filter(isFootfallProvider)).toEqual(['beacon_footfall', 'partner_footfall']);
  });

  it('prices own footfall at 0.45 CPM and partner footfall at 0.50 CPM, other tools free', () => {
    expect(fromMicros(trackingCpmPriceMicros('beacon_footfall'))).toBe('0.45');
    expect(trackingCpmPriceMicros('partner_footfall')).toBe(500_000n);
    for (const provider of TRACKING_PROVIDERS.filter((provider) => !isFootfallProvider(provider))) {
      expect(trackingCpmPriceMicros(provider), provider).toBe(0n);
    }
  });

  it('has no attribution window without a tool', () => {
    expect(attributionWindowOf('none')).toBeUndefined();
  });

  it('lists singular and appsflyer as measurement partners', () => {
    expect(MEASUREMENT_PARTNERS).toEqual(['singular', 'appsflyer']);
  });
});
