// What both database engines prepare by name (decision 028): the embedded worker (pglite-worker.mjs) and the
// PostgreSQL pool's client (prepared-statements.ts). Plain JavaScript so that the worker, which runs without
// a build step in tests, can import it.

/** Statements that can be prepared: one query each, after at most one leading comment (PLAN_PER_VALUES). */
export const PREPARABLE = /^\s*(?:\/\*[^*]*\*\/\s*)?(?:select|insert|update|delete|with)\b/i;

/** Prepared statements kept per connection; each holds memory in its backend. */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * A statement that starts with this comment asks the embedded database to plan it once per set of values
 * (decision 029): the worker writes the values into the text as literals and prepares that text, whose plan
 * PostgreSQL then keeps, since a statement without parameters has only one. Sent by the big grids' pages,
 * which the same users ask again and again; PostgreSQL's pool ignores the comment.
 */
export const PLAN_PER_VALUES = '/* plan per values */';

/** A text parameter as a string literal: quotes doubled (the session has standard_conforming_strings on). */
const literalOf = (text) => (text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`);

/**
 * The statement with its placeholders `$1`, `$2`… replaced by the values as string literals, which PostgreSQL
 * types from the statement exactly as it types a parameter sent as text (node-postgres sends them untyped).
 * `texts` are the parameters already turned into text (null for NULL). Placeholders inside quoted or
 * dollar-quoted text, quoted names and comments are left alone. Null when a value is binary (it has no text form here).
 */
export const inlineValues = (sql, texts) => {
  if (texts.some((text) => text !== null && typeof text !== 'string')) return null;
  let out = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    let end = index + 1;
    if (char === "'") {
      // '…' with '' for a quote; E'…' also takes backslash escapes.
      const escapes = index > 0 && /[eE]/.test(sql[index - 1]) && !/\w/.test(sql[index - 2] ?? '');
      while (end < sql.length) {
        if (escapes && sql[end] === '\\') end += 2;
        else if (sql[end] === "'" && sql[end + 1] === "'") end += 2;
        else if (sql[end] === "'") break;
        else end += 1;
      }
      end += 1;
    } else if (char === '"') {
      end = sql.indexOf('"', index + 1) + 1 || sql.length;
    } else if (char === '-' && next === '-') {
      end = sql.indexOf('\n', index) + 1 || sql.length;
    } else if (char === '/' && next === '*') {
      end = sql.indexOf('*/', index + 2) + 2 || sql.length;
    } else if (
      char === '$' &&
      !/\w/.test(sql[index - 1] ?? '') &&
      /^\$(?:[A-Za-z_]\w*)?\$/.test(sql.slice(index))
    ) {
      // $$…$$ or $tag$…$tag$
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(index))[0];
      end = sql.indexOf(tag, index + tag.length) + tag.length;
      if (end < tag.length) end = sql.length;
    } else if (char === '$' && /\d/.test(next ?? '') && !/\w/.test(sql[index - 1] ?? '')) {
      const digits = /^\d+/.exec(sql.slice(index + 1))[0];
      const position = Number(digits);
      if (position < 1 || position > texts.length) {
        throw new Error(`The statement has no value for $${digits}`);
      }
      out += literalOf(texts[position - 1]);
      index += 1 + digits.length;
      continue;
    }
    out += sql.slice(index, end);
    index = end;
  }
  return out;
};
