import { describe, expect, it } from 'vitest';
import { parseListQuery } from './list-query';
import { ORGANIZATION_LIST_SPEC } from './organization';

describe('ORGANIZATION_LIST_SPEC', () => {
  it('sorts by name by default and reads the §3 enumerations as filter values', () => {
    const result = parseListQuery(
      { 'state[is]': 'DELETED', 'payment_terms[any]': 'net30,prepayment', 'region[is]': 'latam' },
      ORGANIZATION_LIST_SPEC,
    );
    expect(result).toEqual({
      ok: true,
      query: {
        page: 1,
        limit: 32,
        sort: { field: 'name', direction: 'asc' },
        filters: [
          { field: 'state', operator: 'is', value: 'DELETED' },
          { field: 'payment_terms', operator: 'any', value: ['net30', 'prepayment'] },
          { field: 'region', operator: 'is', value: 'latam' },
        ],
      },
    });
  });

  it('refuses fields it does not list, such as the white-label hosts', () => {
    const result = parseListQuery({ 'whitelabel_hosts[contains]': 'x' }, ORGANIZATION_LIST_SPEC);
    expect(result.ok).toBe(false);
  });
});
