import { type Kysely, sql } from 'kysely';

/**
 * Splits a migration script into statements. PGlite's query() runs one statement at a time, so scripts are
 * split on semicolons outside dollar-quoted bodies (plpgsql functions), quotes and comments.
 */
export const splitSqlStatements = (script: string): string[] => {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  let dollarTag: string | null = null;
  let quote: "'" | '"' | null = null;
  while (index < script.length) {
    const char = script[index] ?? '';
    if (dollarTag) {
      if (script.startsWith(dollarTag, index)) {
        current += dollarTag;
        index += dollarTag.length;
        dollarTag = null;
        continue;
      }
    } else if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '-' && script[index + 1] === '-') {
      const end = script.indexOf('\n', index);
      index = end === -1 ? script.length : end;
      continue;
    } else if (char === '$') {
      const match = /^\$[A-Za-z_]*\$/.exec(script.slice(index));
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

export const runSqlScript = async (db: Kysely<unknown>, script: string): Promise<void> => {
  for (const statement of splitSqlStatements(script)) {
    await sql.raw(statement).execute(db);
  }
};
