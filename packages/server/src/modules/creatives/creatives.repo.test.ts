import { CREATIVE_LIST_SPEC } from '@beacon/domain/validation/creative-form';
import { parseListQuery, type RawListParams } from '@beacon/domain/validation/list-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app';
import { creativeListSource, listCreativesInScope } from './creatives.repo';

/** The library's page is read as one JSON text (decision 026): it must answer what the column read answers. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const listQuery = (raw: RawListParams) => {
  const result = parseListQuery(raw, CREATIVE_LIST_SPEC);
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return result.query;
};

describe('the creatives library page read as JSON', () => {
  it('answers every column of every demo creative as the page read column by column', async () => {
    const source = creativeListSource(CREATIVE_LIST_SPEC);
    expect(source.readAsJson).toBeDefined();
    const columnSource = { ...source, readAsJson: undefined };
    for (const raw of [{ limit: '200' }, { limit: '200', sort: '-updated_at' }, { limit: '2', page: '2' }]) {
      const list = listQuery(raw);
      const json = await listCreativesInScope(ctx.db, { kind: 'all' }, list, source);
      const columns = await listCreativesInScope(ctx.db, { kind: 'all' }, list, columnSource);
      expect(json, JSON.stringify(raw)).toEqual(columns);
    }
    const { rows } = await listCreativesInScope(ctx.db, { kind: 'all' }, listQuery({ limit: '200' }), source);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.some((row) => row.width !== null)).toBe(true);
    expect(
      rows.every((row) => row.updated_at instanceof Date && typeof row.organization_id === 'string'),
    ).toBe(true);
  });
});
