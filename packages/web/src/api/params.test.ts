import { describe, expect, it } from 'vitest';
import { serializeParams, withParams } from './params';

describe('serializeParams (§7 GET params)', () => {
  it('drops empty values: undefined, null, blank text, NaN and empty lists', () => {
    expect(
      serializeParams({
        page: 1,
        search: '',
        name: '  ',
        owner: null,
        type: undefined,
        ids: [],
        ratio: Number.NaN,
      }),
    ).toBe('page=1');
  });

  it('keeps zero and false, which are values', () => {
    expect(serializeParams({ page: 0, archived: false })).toBe('page=0&archived=false');
  });

  it('joins arrays with commas', () => {
    expect(serializeParams({ country: ['ES', 'FR', 'GB'] })).toBe('country=ES%2CFR%2CGB');
    expect(serializeParams({ id: [1, '', 3] })).toBe('id=1%2C3');
  });

  it('trims text and encodes it', () => {
    expect(serializeParams({ search: ' café & co ' })).toBe('search=caf%C3%A9%20%26%20co');
  });

  it('sends dates as ISO 8601', () => {
    expect(serializeParams({ from: new Date(Date.UTC(2024, 0, 2)) })).toBe(
      'from=2024-01-02T00%3A00%3A00.000Z',
    );
  });
});

describe('serializeParams filter objects (key[operator]=value)', () => {
  it('serialises each operator of a field', () => {
    expect(serializeParams({ budget: { gte: 10, lt: 100 } })).toBe('budget[gte]=10&budget[lt]=100');
  });

  it('joins list values of "is any of" with commas', () => {
    expect(serializeParams({ state: { any: ['active', 'paused'] } })).toBe('state[any]=active%2Cpaused');
  });

  it('drops a filter with an empty value (§5)', () => {
    expect(serializeParams({ name: { contains: '' }, state: { any: [] }, page: 1 })).toBe('page=1');
  });

  it('keeps the valueless operators "is empty" and "is not empty" (§5)', () => {
    expect(serializeParams({ name: { empty: null }, email: { notEmpty: undefined } })).toBe(
      'name[empty]=&email[notEmpty]=',
    );
  });

  it('rejects an operator the API does not know rather than sending it', () => {
    expect(() => serializeParams({ name: JSON.parse('{"like":"x"}') })).toThrow(
      /Unknown filter operator "like"/,
    );
  });
});

describe('withParams', () => {
  it('appends the query string, keeping one the path already has', () => {
    expect(withParams('/api/campaigns', { page: 2 })).toBe('/api/campaigns?page=2');
    expect(withParams('/api/campaigns?sort=-id', { page: 2 })).toBe('/api/campaigns?sort=-id&page=2');
    expect(withParams('/api/campaigns', { search: '' })).toBe('/api/campaigns');
  });
});
