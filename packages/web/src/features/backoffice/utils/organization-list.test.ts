import { describe, expect, it } from 'vitest';
import { countryLabel, downloadParams, selectedRowIds } from './organization-list';

describe('downloadParams', () => {
  it('keeps the search, sort and filters of the grid and drops the paging', () => {
    expect(
      downloadParams({
        page: 3,
        limit: 32,
        search: 'acme',
        sort: { field: 'created_at', direction: 'desc' },
        filters: [{ field: 'country', operator: 'is', value: 'ES' }],
      }),
    ).toEqual({ search: 'acme', sort: '-created_at', country: { is: 'ES' } });
  });

  it('leaves out what the grid does not ask for', () => {
    expect(downloadParams({ page: 1, limit: 32, filters: [] })).toEqual({
      search: undefined,
      sort: undefined,
    });
  });
});

describe('selectedRowIds', () => {
  it('names the included rows', () => {
    expect(selectedRowIds({ type: 'include', ids: new Set([4, 9]) }, [1, 4, 9])).toEqual([4, 9]);
  });

  it('reads "all but these" as the rows of the page that are not excluded', () => {
    expect(selectedRowIds({ type: 'exclude', ids: new Set([4]) }, [1, 4, 9])).toEqual([1, 9]);
    expect(selectedRowIds({ type: 'exclude', ids: new Set() }, [])).toEqual([]);
  });
});

describe('countryLabel', () => {
  it('shows the name with the code', () => {
    expect(countryLabel('ES')).toBe('Spain (ES)');
    expect(countryLabel('es')).toBe('Spain (ES)');
  });

  it('shows an unknown code as it is, and nothing without a country', () => {
    expect(countryLabel('QQ')).toBe('QQ');
    expect(countryLabel(null)).toBe('');
  });
});
