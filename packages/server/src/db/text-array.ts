/**
 * A text array parameter written as PostgreSQL's array literal (`{"a","b"}`) by us rather than by the driver: the
 * counters' flush sends hundreds of thousands of array elements a minute (docs/engine.md "Counters"), and the
 * `pg` driver quotes each one with two regular-expression replacements. Here an element is only escaped when it
 * holds a quote or a backslash, and the rest are joined at once. The SQL casts it as before (`$1::text[]`).
 */
const needsEscape = (value: string): boolean => value.includes('"') || value.includes('\\');
const quoted = (value: string): string =>
  needsEscape(value) ? `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : `"${value}"`;

export const textArrayLiteral = (values: readonly string[]): string => {
  if (values.length === 0) return '{}';
  if (!values.some(needsEscape)) return `{"${values.join('","')}"}`;
  return `{${values.map(quoted).join(',')}}`;
};
