import { ZAudienceCreate } from '@beacon/domain/validation/audience-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUDIENCES } from '../../db/seed/demo-audiences';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { TAudience } from './audiences.schemas';

/** The demo audiences follow the audience rules and are there after a demo seed (decision 019). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const list = async (who: string, url: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(await loginAs(ctx.app, who)) })
  ).json<TAudience[]>();

describe('demo audiences', () => {
  it.each(DEMO_AUDIENCES.map((audience) => [audience.values.name, audience] as const))(
    '%s satisfies the rules',
    (_name, { values }) => {
      const body = { ...values, ...(values.campaigns ? { campaigns: [1] } : {}) };
      expect(ZAudienceCreate.safeParse(body).error?.issues ?? []).toEqual([]);
    },
  );

  it('gives Demo Agency a private and a counted interaction audience over its campaigns', async () => {
    const rows = await list('owner', '/audiences?sort=type');
    expect(rows.map((row) => [row.name, row.type, row.users_count])).toEqual([
      ['Converted after a click', 'interaction', 0],
      ['CRM loyal customers', 'private', 0],
    ]);
    expect(rows[0]?.campaigns.length).toBeGreaterThan(0);
    expect(rows[0]?.users_counted_at).not.toBeNull();
  });

  it("publishes Data Partner Co's adsquare and digiseg segments for other organizations", async () => {
    const segments = await list('owner', '/audience-segments?sort=name');
    expect(segments.map((row) => [row.name, row.type, row.organization_name, row.is_shared])).toEqual([
      ['Frequent flyers', 'adsquare', 'Data Partner Co', true],
      ['Young families', 'digiseg', 'Data Partner Co', true],
    ]);
  });
});
