import { CREATIVE_STATES } from '@beacon/domain/dictionary/creatives';
import { ZCreativeCreate } from '@beacon/domain/validation/creative-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREATIVES } from '../../db/seed/demo-creatives';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TCreative, TCreativeRow } from './creatives.schemas';

/** The demo seed's creatives (db/seed/demo-creatives.ts) are valid by the domain's rules and fill the screens. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(who: string, url: string): Promise<T> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: bearer(await loginAs(ctx.app, who)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('demo creatives', () => {
  it('pass the create schema of their type', () => {
    for (const creative of DEMO_CREATIVES) {
      const body = {
        type: creative.type,
        name: creative.name,
        ...(creative.click_url ? { click_url: creative.click_url } : {}),
        ...(creative.html_markup ? { html_markup: creative.html_markup } : {}),
        ...(creative.size ? { width: creative.size[0], height: creative.size[1] } : {}),
        ...(creative.vast_url ? { vast_url: creative.vast_url } : {}),
        ...(creative.impression_pixels ? { impression_pixels: creative.impression_pixels } : {}),
      };
      expect(ZCreativeCreate.safeParse(body).error, creative.name).toBeUndefined();
    }
  });

  it('show Demo Agency every state, approved ones linked to campaigns, and nothing of Northwind', async () => {
    const rows = await get<TCreativeRow[]>('owner', '/creatives?limit=200');
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(CREATIVE_STATES));
    expect(new Set(rows.map((row) => row.organization_name))).toEqual(
      new Set(['Demo Agency', 'Demo Advertiser']),
    );
    const linked = rows.filter((row) => row.campaigns_count > 0);
    expect(linked.length).toBeGreaterThanOrEqual(3);
    const mpu = rows.find((row) => row.name === 'Summer Sale — MPU 300x250');
    const detail = await get<TCreative>('owner', `/creative/${mpu?.id}`);
    expect(detail.campaigns).toEqual([
      expect.objectContaining({ name: 'Summer Sale — Multichannel', link_state: 'active' }),
    ]);
  });

  it("fill the back office's queue from several organizations", async () => {
    const queue = await get<TCreativeRow[]>('supervisor', '/backoffice/creatives?limit=200');
    expect(queue.length).toBeGreaterThanOrEqual(3);
    expect(new Set(queue.map((row) => row.organization_name)).has('Northwind Media')).toBe(true);
  });

  it('give the demo campaigns creative-based delivery statuses', async () => {
    const campaigns = await get<{ name: string; delivery_status: string }[]>('owner', '/campaigns?limit=200');
    const status = (name: string) => campaigns.find((campaign) => campaign.name === name)?.delivery_status;
    // Their creatives hold them back no more; the seed writes no delivery, so they have none yet.
    expect(status('Summer Sale — Multichannel')).toBe('not_bidding');
    expect(status('Always-On Prospecting')).toBe('not_bidding');
    expect(status('Fitness App Installs')).toBe('pending_approval');
  });
});
