import { CAMPAIGN_LIST_SPEC } from '@beacon/domain/validation/campaign-form';
import { parseListQuery, type RawListParams } from '@beacon/domain/validation/list-query';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app';
import { utcDay } from './campaign-status';
import { campaignListSource, listCampaignsInScope } from './campaigns.repo';

/** The grid's page is read as one JSON text (decision 026): it must answer what the column read answers. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const listQuery = (raw: RawListParams) => {
  const result = parseListQuery(raw, CAMPAIGN_LIST_SPEC);
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return result.query;
};

describe('the campaigns grid page read as JSON', () => {
  it('answers every column of every demo campaign as the page read column by column', async () => {
    // An amount past 2^53 micro-units keeps every digit.
    await sql`UPDATE campaigns SET spend = 9007199254740993
              WHERE id = (SELECT min(id) FROM campaigns WHERE source_campaign_id IS NULL)`.execute(ctx.db);
    const today = utcDay(ctx.clock.now());
    const source = campaignListSource(CAMPAIGN_LIST_SPEC, today);
    expect(source.readAsJson).toBeDefined();
    const columnSource = { ...source, readAsJson: undefined };
    const scope = { tenant: { kind: 'all' }, advertiserPaths: null } as const;
    for (const raw of [
      { limit: '200' },
      { limit: '200', 'state[any]': 'active,inactive,preview,deleted,imported', sort: '-created_at' },
      { limit: '3', page: '2', sort: 'budget' },
    ]) {
      const list = listQuery(raw);
      const json = await listCampaignsInScope(ctx.db, scope, list, source, { withDeleted: true, today });
      const columns = await listCampaignsInScope(ctx.db, scope, list, columnSource, {
        withDeleted: true,
        today,
      });
      expect(json, JSON.stringify(raw)).toEqual(columns);
    }
    const { rows } = await listCampaignsInScope(ctx.db, scope, listQuery({ limit: '200' }), source, {
      withDeleted: true,
      today,
    });
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.some((row) => row.source_campaign_id !== null)).toBe(true);
    expect(rows.some((row) => row.spend === '9007199254740993')).toBe(true);
    expect(rows.every((row) => row.created_at instanceof Date && typeof row.id === 'string')).toBe(true);
  });
});
