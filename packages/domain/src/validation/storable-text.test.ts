import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('text PostgreSQL can store (decision 036)', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones and other control characters', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('S \ud800')).toBe(false);
    expect(isStorableText('\udfff x')).toBe(false);
    expect(isStorableText('😀 \t\n\u0001 ñ')).toBe(true);
  });

  it('names the path of the first unstorable string or key', () => {
    expect(findUnstorableText({ name: 'ok', tags: ['a', 'b\u0000'] })).toBe('tags.1');
    expect(findUnstorableText({ nested: { 'k\u0000': 1 } })).toBe('nested.k?');
    expect(findUnstorableText('\ud800')).toBe('');
    expect(findUnstorableText({ a: 1, b: [true, null, 'fine'] })).toBeUndefined();
  });
});
