import { parseListQuery, type RawListParams } from '@beacon/domain/validation/list-query';
import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPage } from '../../lib/list-query';
import { startTestApp, type TestContext } from '../../test/test-app';
import { listOrganizationsInScope, ORGANIZATION_LIST_SOURCE } from './organizations.repo';

/** The grid's page is read as one JSON text (decision 026): it must answer what the column read answers. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const listQuery = (raw: RawListParams) => {
  const result = parseListQuery(raw, ORGANIZATION_LIST_SPEC);
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return result.query;
};

describe('the organizations grid page read as JSON', () => {
  it('answers every column of every demo organization as a read of every column would', async () => {
    // Amounts past 2^53 micro-units keep every digit; a deleted organization has its deleted_at.
    await sql`UPDATE organizations SET max_daily_balance = 9007199254740993, prepayment_amount = 12345678,
                additional_domains = '{a.example,b.example}', services = '{ad_quality_scans}'
              WHERE id = (SELECT min(id) FROM organizations WHERE parent_id IS NOT NULL)`.execute(ctx.db);
    await sql`UPDATE organizations SET state = 'DELETED', deleted_at = now()
              WHERE id = (SELECT max(id) FROM organizations)`.execute(ctx.db);
    const columnSource = { ...ORGANIZATION_LIST_SOURCE, readAsJson: undefined };
    for (const raw of [{ limit: '200' }, { limit: '200', sort: '-created_at' }, { limit: '2', page: '2' }]) {
      const list = listQuery(raw);
      const json = await listOrganizationsInScope(ctx.db, { kind: 'all' }, list, { withDeleted: true });
      const columns = await listPage(
        ctx.db,
        ctx.db.selectFrom('organizations as o').selectAll('o'),
        list,
        columnSource,
      );
      expect(json, JSON.stringify(raw)).toEqual(columns);
    }
    const { rows } = await listOrganizationsInScope(ctx.db, { kind: 'all' }, listQuery({ limit: '200' }), {
      withDeleted: true,
    });
    expect(rows.some((row) => row.max_daily_balance === '9007199254740993')).toBe(true);
    expect(rows.some((row) => row.deleted_at instanceof Date)).toBe(true);
    expect(rows.every((row) => row.created_at instanceof Date && typeof row.id === 'string')).toBe(true);
  });
});
