import { campaignIssues } from '@beacon/domain/validation/campaign-form';
import { strategyIssues } from '@beacon/domain/validation/strategy-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCampaign, TCampaignRow, TStrategy } from './campaigns.schemas';

/** The demo seed's campaigns (db/seed/demo-campaigns.ts) are valid by the domain's rules and fill the grid. */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp();
  token = await loginAs(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(url: string): Promise<T> => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const withoutNulls = (values: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));

describe('demo campaigns', () => {
  it('show Demo Agency and its advertiser a grid with every kind of delivery status the seed can have', async () => {
    const rows = await get<TCampaignRow[]>('/campaigns?limit=200');
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((row) => row.organization_name))).toEqual(
      new Set(['Demo Agency', 'Demo Advertiser']),
    );
    expect(new Set(rows.map((row) => row.delivery_status))).toEqual(
      // The seed writes no delivery (docs/engine.md "One data path"): its live campaigns have none yet.
      new Set(['not_bidding', 'pending_approval', 'paused_strategies', 'ended', 'stopped', 'draft']),
    );
    for (const row of rows.filter((candidate) => candidate.delivery_status === 'not_bidding')) {
      expect(row.last_delivery_hour, row.name).toBeNull();
      expect(row.delivery_explanation, row.name).toMatch(/^No delivery yet/);
      expect([row.spend, row.impressions, row.clicks], row.name).toEqual(['0', 0, 0]);
    }
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(['app-promotion', 'generic', 'proximity', 'smart-tv', 'dooh', 'synchronized']),
    );
  });

  it('are complete (or valid drafts) with valid strategies, by the domain’s own rules', async () => {
    const rows = await get<TCampaignRow[]>('/campaigns?limit=200');
    for (const row of rows) {
      const campaign = await get<TCampaign>(`/campaign/${row.id}`);
      const { state, ...fields } = campaign;
      expect(
        campaignIssues(withoutNulls(fields), { currency: campaign.currency, complete: state !== 'preview' }),
        campaign.name,
      ).toEqual([]);
      expect(campaign.alerts, campaign.name).toEqual([]);
      const strategies = await get<TStrategy[]>(`/campaign/${row.id}/strategies`);
      const shares = strategies.reduce((sum, strategy) => sum + strategy.budget_share, 0);
      expect(shares, campaign.name).toBeLessThanOrEqual(100);
      for (const strategy of strategies) {
        expect(
          strategyIssues(withoutNulls(strategy), {
            currency: campaign.currency,
            pricing: campaign.pricing ?? undefined,
            campaign_start_date: campaign.start_date,
            campaign_end_date: campaign.end_date,
            campaign_countries: campaign.targeting.countries,
            other_shares: shares - strategy.budget_share,
          }),
          `${campaign.name} / ${strategy.name}`,
        ).toEqual([]);
      }
    }
  });
});
