import { CAMPAIGN_LIST_SPEC } from '@beacon/domain/validation/campaign-form';
import { CREATIVE_LIST_SPEC } from '@beacon/domain/validation/creative-form';
import { type ListSpec, parseListQuery, type RawListParams } from '@beacon/domain/validation/list-query';
import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPage } from '../lib/list-query';
import { startTestApp, type TestContext } from '../test/test-app';
import { utcDay } from './campaigns/campaign-status';
import { campaignListSource, listCampaignsInScope } from './campaigns/campaigns.repo';
import { creativeListSource, listCreativesInScope } from './creatives/creatives.repo';
import { listOrganizationsInScope, ORGANIZATION_LIST_SOURCE } from './organizations/organizations.repo';

/**
 * The big grids read their page as one JSON text (decision 026): over the demo world, each must answer exactly
 * what the same page read column by column answers (bigints as text, timestamps as Dates, the same order).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
  // Amounts past 2^53 micro-units keep every digit; a deleted organization has its deleted_at.
  await sql`UPDATE campaigns SET budget = 9007199254740993
            WHERE id = (SELECT min(id) FROM campaigns WHERE source_campaign_id IS NULL)`.execute(ctx.db);
  await sql`UPDATE organizations SET max_daily_balance = 9007199254740993, prepayment_amount = 12345678,
              additional_domains = '{a.example,b.example}', services = '{ad_quality_scans}'
            WHERE id = (SELECT min(id) FROM organizations WHERE parent_id IS NOT NULL)`.execute(ctx.db);
  await sql`UPDATE organizations SET state = 'DELETED', deleted_at = now()
            WHERE id = (SELECT max(id) FROM organizations)`.execute(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

const listQuery = (raw: RawListParams, spec: ListSpec) => {
  const result = parseListQuery(raw, spec);
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return result.query;
};

describe('a grid page read as JSON answers what the column read answers', () => {
  it('campaigns', async () => {
    const today = utcDay(ctx.clock.now());
    const source = campaignListSource(CAMPAIGN_LIST_SPEC, today);
    expect(source.readAsJson).toBeDefined();
    const scope = { tenant: { kind: 'all' }, advertiserPaths: null } as const;
    const options = { withDeleted: true, today };
    for (const raw of [
      { limit: '200' },
      { limit: '200', 'state[any]': 'active,inactive,preview,deleted,imported', sort: '-created_at' },
      { limit: '3', page: '2', sort: 'budget' },
    ]) {
      const list = listQuery(raw, CAMPAIGN_LIST_SPEC);
      const json = await listCampaignsInScope(ctx.db, scope, list, source, options);
      const columns = await listCampaignsInScope(
        ctx.db,
        scope,
        list,
        { ...source, readAsJson: undefined },
        options,
      );
      expect(json, JSON.stringify(raw)).toEqual(columns);
    }
    const { rows } = await listCampaignsInScope(
      ctx.db,
      scope,
      listQuery({ limit: '200' }, CAMPAIGN_LIST_SPEC),
      source,
      options,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.some((row) => row.source_campaign_id !== null)).toBe(true);
    expect(rows.some((row) => row.budget === '9007199254740993')).toBe(true);
    expect(rows.every((row) => row.created_at instanceof Date && typeof row.id === 'string')).toBe(true);
  });

  it('creatives', async () => {
    const source = creativeListSource(CREATIVE_LIST_SPEC);
    expect(source.readAsJson).toBeDefined();
    for (const raw of [{ limit: '200' }, { limit: '200', sort: '-updated_at' }, { limit: '2', page: '2' }]) {
      const list = listQuery(raw, CREATIVE_LIST_SPEC);
      const json = await listCreativesInScope(ctx.db, { kind: 'all' }, list, source);
      const columns = await listCreativesInScope(ctx.db, { kind: 'all' }, list, {
        ...source,
        readAsJson: undefined,
      });
      expect(json, JSON.stringify(raw)).toEqual(columns);
    }
    const { rows } = await listCreativesInScope(
      ctx.db,
      { kind: 'all' },
      listQuery({ limit: '200' }, CREATIVE_LIST_SPEC),
      source,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.some((row) => row.width !== null)).toBe(true);
    expect(
      rows.every((row) => row.updated_at instanceof Date && typeof row.organization_id === 'string'),
    ).toBe(true);
  });

  it('organizations, every column of the table', async () => {
    const columnSource = { ...ORGANIZATION_LIST_SOURCE, readAsJson: undefined };
    const options = { withDeleted: true };
    for (const raw of [{ limit: '200' }, { limit: '200', sort: '-created_at' }, { limit: '2', page: '2' }]) {
      const list = listQuery(raw, ORGANIZATION_LIST_SPEC);
      const json = await listOrganizationsInScope(ctx.db, { kind: 'all' }, list, options);
      const columns = await listPage(
        ctx.db,
        ctx.db.selectFrom('organizations as o').selectAll('o'),
        list,
        columnSource,
      );
      expect(json, JSON.stringify(raw)).toEqual(columns);
    }
    const { rows } = await listOrganizationsInScope(
      ctx.db,
      { kind: 'all' },
      listQuery({ limit: '200' }, ORGANIZATION_LIST_SPEC),
      options,
    );
    expect(rows.some((row) => row.max_daily_balance === '9007199254740993')).toBe(true);
    expect(rows.some((row) => row.deleted_at instanceof Date)).toBe(true);
    expect(rows.every((row) => row.created_at instanceof Date && typeof row.id === 'string')).toBe(true);
  });
});
