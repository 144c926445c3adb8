/**
 * Text PostgreSQL can store (decision 036): its `text` refuses the NUL character (22021) and JSON's `\u0000`
 * (22P05), and a lone UTF-16 surrogate has no UTF-8 form. The server refuses both in every JSON field, query
 * value and path parameter before any schema or query runs, with UNSTORABLE_TEXT_MESSAGE.
 */

/** NUL, or a surrogate that is not half of a pair (with the `u` flag a pair is one code point). */
const UNSTORABLE = /\0|\p{Surrogate}/u;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

const join = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The path (`a.0.b`, '' for the value itself) of the first string, or object key, that cannot be stored;
 * undefined when every one can. Deeply nested input is looked at down to `maxDepth`, below which it is left to
 * the schemas (which refuse such nesting anyway).
 */
export const findUnstorableText = (value: unknown, path = '', maxDepth = 64): string | undefined => {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (maxDepth <= 0 || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, join(path, index), maxDepth - 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return join(path, key.replace(UNSTORABLE, '?'));
    const found = findUnstorableText(item, join(path, key), maxDepth - 1);
    if (found !== undefined) return found;
  }
  return undefined;
};
