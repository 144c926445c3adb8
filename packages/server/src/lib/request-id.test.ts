import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idOf = (rawHeaders: string[]) => requestIdOf({ rawHeaders });

describe('requestIdOf', () => {
  it("keeps the request's own plain id, whatever the header name's case", () => {
    expect(idOf(['Host', 'x', 'X-Request-Id', 'trace_1-a'])).toBe('trace_1-a');
    expect(idOf(['x-request-id', 'a'.repeat(64)])).toBe('a'.repeat(64));
  });

  it('makes a new id for none, an id that is not plain or too long, and an id sent twice', () => {
    expect(idOf([])).toMatch(UUID);
    expect(idOf(['x-request-id', ''])).toMatch(UUID);
    expect(idOf(['x-request-id', 'not plain'])).toMatch(UUID);
    expect(idOf(['x-request-id', 'a/b'])).toMatch(UUID);
    expect(idOf(['x-request-id', 'a'.repeat(65)])).toMatch(UUID);
    expect(idOf(['x-request-id', 'a', 'X-REQUEST-ID', 'a'])).toMatch(UUID);
    // A header of the same length but another name is not the id.
    expect(idOf(['x-request-ix', 'abc'])).toMatch(UUID);
  });

  it('makes a different id each time', () => {
    expect(idOf([])).not.toBe(idOf([]));
  });
});
