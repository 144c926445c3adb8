import { type Kysely, sql } from 'kysely';

/** A dollar-quote tag: `$$` or `$name$`, where the name is an identifier without `$` (digits after the first). */
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * Splits a migration script into statements. PGlite's query() runs one statement at a time, so scripts are
 * split on semicolons outside dollar-quoted bodies (plpgsql functions), quotes (including E'' strings with
 * backslash escapes) and comments. Comments, line or block (which nest in PostgreSQL), are dropped.
 */
export const splitSqlStatements = (script: string): string[] => {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  let dollarTag: string | null = null;
  let quote: "'" | '"' | null = null;
  let hasBackslashEscapes = false;
  while (index < script.length) {
    const char = script[index] ?? '';
    const next = script[index + 1];
    if (dollarTag) {
      if (script.startsWith(dollarTag, index)) {
        current += dollarTag;
        index += dollarTag.length;
        dollarTag = null;
        continue;
      }
    } else if (quote) {
      if (hasBackslashEscapes && char === '\\' && next !== undefined) {
        current += char + next;
        index += 2;
        continue;
      }
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
      hasBackslashEscapes = char === "'" && /(?:^|[^\w$])[eE]$/.test(current);
    } else if (char === '-' && next === '-') {
      const end = script.indexOf('\n', index);
      index = end === -1 ? script.length : end;
      continue;
    } else if (char === '/' && next === '*') {
      let depth = 0;
      while (index < script.length) {
        if (script.startsWith('/*', index)) {
          depth += 1;
          index += 2;
        } else if (script.startsWith('*/', index)) {
          depth -= 1;
          index += 2;
          if (depth === 0) break;
        } else {
          index += 1;
        }
      }
      current += ' ';
      continue;
    } else if (char === '$') {
      const match = /[\w$]$/.test(current) ? null : DOLLAR_TAG.exec(script.slice(index));
      if (match) {
        dollarTag = match[0];
        current += dollarTag;
        index += dollarTag.length;
        continue;
      }
    } else if (char === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      index += 1;
      continue;
    }
    current += char;
    index += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
};

export const runSqlScript = async <DB>(db: Kysely<DB>, script: string): Promise<void> => {
  for (const statement of splitSqlStatements(script)) {
    await sql.raw(statement).execute(db);
  }
};
