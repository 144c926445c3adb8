import { type ListQuery, type ListSpec, parseListQuery } from '@beacon/domain/validation/list-query';
import { describe, expect, it } from 'vitest';
import { listQueryKey, toListParams } from './list-query';
import { serializeParams } from './params';

const SPEC = {
  fields: {
    name: { type: 'text' },
    budget: { type: 'number' },
    created_at: { type: 'date' },
    state: { type: 'enum', values: ['active', 'paused'] },
    test: { type: 'boolean' },
  },
  searchable: true,
} as const satisfies ListSpec;

const QUERY: ListQuery = {
  page: 2,
  limit: 32,
  search: 'café & co',
  sort: { field: 'budget', direction: 'desc' },
  filters: [
    { field: 'name', operator: 'contains', value: 'a,b' },
    { field: 'name', operator: 'notEmpty', value: null },
    { field: 'state', operator: 'any', value: ['active', 'paused'] },
    { field: 'budget', operator: 'gte', value: 0 },
    { field: 'created_at', operator: 'onOrAfter', value: '2024-05-01' },
    { field: 'test', operator: 'is', value: false },
  ],
};

/** What the server receives: the query string, parsed as Fastify does (a repeated key becomes a list). */
const received = (query: string): Record<string, string | string[]> => {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const previous = raw[key];
    raw[key] =
      previous === undefined ? value : [...(typeof previous === 'string' ? [previous] : previous), value];
  }
  return raw;
};

describe('toListParams', () => {
  it('becomes the GET params of decision 008 through the client serialiser', () => {
    expect(serializeParams(toListParams(QUERY))).toBe(
      'page=2&limit=32&search=caf%C3%A9%20%26%20co&sort=-budget&name[contains]=a%2Cb&name[notEmpty]=' +
        '&state[any]=active%2Cpaused&budget[gte]=0&created_at[onOrAfter]=2024-05-01&test[is]=false',
    );
  });

  it('is read back by the parser the server uses as the same query', () => {
    const result = parseListQuery(received(serializeParams(toListParams(QUERY))), SPEC);
    expect(result).toEqual({ ok: true, query: QUERY });
  });

  it('leaves out what is not asked for', () => {
    expect(serializeParams(toListParams({ page: 1, limit: 32, filters: [] }))).toBe('page=1&limit=32');
  });
});

describe('listQueryKey', () => {
  it('appends the query in wire form, so the same page shares its cache entry', () => {
    expect(listQueryKey(['organizations'], { page: 1, limit: 32, filters: [] })).toEqual([
      'organizations',
      { page: '1', limit: '32' },
    ]);
  });
});
