import { describe, expect, it } from 'vitest';
import { inlineValues, PLAN_PER_VALUES, PREPARABLE } from './statement-naming.mjs';

describe('inlineValues', () => {
  it('writes each value in as a string literal, the tenth after the first', () => {
    const texts = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    expect(inlineValues('SELECT $1, $10, $2::date LIMIT $3', texts)).toBe(
      "SELECT 'a', 'j', 'b'::date LIMIT 'c'",
    );
  });

  it('doubles quotes, so that a value never ends its literal', () => {
    expect(inlineValues('SELECT * FROM t WHERE name = $1', ["O'Brien'; DROP TABLE t; --"])).toBe(
      "SELECT * FROM t WHERE name = 'O''Brien''; DROP TABLE t; --'",
    );
  });

  it('keeps backslashes as they are (standard_conforming_strings) and writes NULL for null', () => {
    expect(inlineValues('SELECT $1, $2', ['a\\', null])).toBe("SELECT 'a\\', NULL");
  });

  it('leaves placeholders inside quoted text, quoted names, dollar quotes and comments alone', () => {
    const statement = [
      "SELECT '$1 it''s', E'\\'$1', \"$1\", $$ $1 $$, $q$ $1 $q$ -- $1",
      '/* $1 */ FROM t WHERE a = $1',
    ].join('\n');
    expect(inlineValues(statement, ['x'])).toBe(
      [
        "SELECT '$1 it''s', E'\\'$1', \"$1\", $$ $1 $$, $q$ $1 $q$ -- $1",
        "/* $1 */ FROM t WHERE a = 'x'",
      ].join('\n'),
    );
  });

  it('refuses a placeholder without a value, and answers null for a binary value', () => {
    expect(() => inlineValues('SELECT $2', ['a'])).toThrow('The statement has no value for $2');
    expect(inlineValues('SELECT $1', [new Uint8Array([1])])).toBeNull();
  });
});

describe('PREPARABLE', () => {
  it('takes a query after the plan-per-values comment, and no script or schema change', () => {
    expect(PREPARABLE.test(`${PLAN_PER_VALUES}\n  SELECT 1`)).toBe(true);
    expect(PREPARABLE.test('  with x as (select 1) select * from x')).toBe(true);
    expect(PREPARABLE.test('CREATE TABLE t (a int)')).toBe(false);
    expect(PREPARABLE.test('/* a */ /* b */ SELECT 1')).toBe(false);
  });
});
