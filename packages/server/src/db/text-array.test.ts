import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/test-app';
import { textArrayLiteral } from './text-array';

describe('textArrayLiteral', () => {
  it('quotes every element, so that NULL, empty texts, commas and braces stay texts', () => {
    expect(textArrayLiteral([])).toBe('{}');
    expect(textArrayLiteral(['a', '', 'NULL', 'x,y', '{z}'])).toBe('{"a","","NULL","x,y","{z}"}');
  });

  it('escapes quotes and backslashes', () => {
    expect(textArrayLiteral(['say "hi"', 'back\\slash', 'plain'])).toBe(
      '{"say \\"hi\\"","back\\\\slash","plain"}',
    );
  });
});

describe('textArrayLiteral read by the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ seed: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('gives back the same texts, in order', async () => {
    const values = [
      '',
      'NULL',
      'null',
      'a,b',
      '{c}',
      ' spaced ',
      'quote " and \\ backslash',
      'é ü 中',
      '\t\n',
    ];
    const { rows } = await sql<{ value: string; position: string }>`SELECT value, position::text
      FROM unnest(${textArrayLiteral(values)}::text[]) WITH ORDINALITY AS t(value, position)`.execute(ctx.db);
    expect(rows.map((row) => row.value)).toEqual(values);
    expect(rows.map((row) => Number(row.position))).toEqual(values.map((_, index) => index + 1));
  });
});
