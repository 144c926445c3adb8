import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { runSqlScript, splitSqlStatements } from './sql-script';

/** Migration scripts are split into single statements, because PGlite runs one statement per query. */

describe('splitSqlStatements', () => {
  it('splits on semicolons, trims, and drops empty statements', () => {
    expect(splitSqlStatements('  SELECT 1;\n\nSELECT 2 ;;  ;\n SELECT 3')).toEqual([
      'SELECT 1',
      'SELECT 2',
      'SELECT 3',
    ]);
    expect(splitSqlStatements('')).toEqual([]);
    expect(splitSqlStatements(' ;\n; ')).toEqual([]);
  });

  it('keeps a $$ body with semicolons in one statement', () => {
    const fn = `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.path := 'a;b';
      RETURN NEW;
    END $$`;
    expect(splitSqlStatements(`${fn};\nSELECT 1;`)).toEqual([fn, 'SELECT 1']);
  });

  it('keeps a tagged $body$ (with digits in the tag) whole, even when it contains $$', () => {
    const fn = `CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body1$ SELECT $$x;y$$; SELECT 'z' $body1$`;
    expect(splitSqlStatements(`${fn}; SELECT 2`)).toEqual([fn, 'SELECT 2']);
  });

  it('does not take a $ inside an identifier for a dollar quote', () => {
    expect(splitSqlStatements('SELECT a$b$c FROM t; SELECT 2')).toEqual(['SELECT a$b$c FROM t', 'SELECT 2']);
  });

  it('does not split inside single-quoted strings, including doubled quotes', () => {
    expect(splitSqlStatements("INSERT INTO t VALUES ('a;b', 'it''s; fine'); SELECT 1")).toEqual([
      "INSERT INTO t VALUES ('a;b', 'it''s; fine')",
      'SELECT 1',
    ]);
  });

  it('honours backslash escapes in E strings', () => {
    expect(splitSqlStatements("SELECT E'it\\'s; fine'; SELECT 1")).toEqual([
      "SELECT E'it\\'s; fine'",
      'SELECT 1',
    ]);
    // In a standard string a backslash is an ordinary character.
    expect(splitSqlStatements("SELECT 'C:\\'; SELECT 1")).toEqual(["SELECT 'C:\\'", 'SELECT 1']);
  });

  it('does not split inside double-quoted identifiers', () => {
    expect(splitSqlStatements('CREATE TABLE "odd;name" (id int); SELECT 1')).toEqual([
      'CREATE TABLE "odd;name" (id int)',
      'SELECT 1',
    ]);
  });

  it('drops line comments, whose semicolons and quotes do not count', () => {
    expect(splitSqlStatements("SELECT 1; -- don't; split here\nSELECT 2;")).toEqual(['SELECT 1', 'SELECT 2']);
    expect(splitSqlStatements('-- only a comment;')).toEqual([]);
  });

  it('drops block comments, nested ones included, whose semicolons and quotes do not count', () => {
    expect(splitSqlStatements("SELECT /* it's; a /* nested; */ comment */ 1; SELECT 2")).toEqual([
      'SELECT   1',
      'SELECT 2',
    ]);
  });

  it('keeps comment markers that are inside strings and bodies', () => {
    expect(splitSqlStatements("SELECT '-- not a comment;', '/* nor; this */'; SELECT 1")).toEqual([
      "SELECT '-- not a comment;', '/* nor; this */'",
      'SELECT 1',
    ]);
    const fn = 'CREATE FUNCTION h() RETURNS int LANGUAGE sql AS $$ SELECT 1; -- inside; $$';
    expect(splitSqlStatements(`${fn};`)).toEqual([fn]);
  });
});

describe('runSqlScript', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('runs every statement of a script with functions, strings and comments', async () => {
    await runSqlScript(
      database.db,
      `
      CREATE TABLE script_test (id int, note text); -- a comment; with a semicolon
      /* a block comment; it's here */
      CREATE FUNCTION script_test_note() RETURNS text LANGUAGE plpgsql AS $fn$
      BEGIN
        RETURN 'a;b';
      END $fn$;
      INSERT INTO script_test VALUES (1, script_test_note()), (2, 'it''s; done');
    `,
    );
    const result = await sql<{
      id: number;
      note: string;
    }>`SELECT id, note FROM script_test ORDER BY id`.execute(database.db);
    expect(result.rows).toEqual([
      { id: 1, note: 'a;b' },
      { id: 2, note: "it's; done" },
    ]);
  });
});
