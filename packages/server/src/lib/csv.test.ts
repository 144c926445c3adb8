import { describe, expect, it } from 'vitest';
import { csvField, neutralizeFormula, toCsv } from './csv';

describe('toCsv', () => {
  it('writes RFC 4180: commas, quotes and line breaks quoted, quotes doubled, CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('writes numbers, bigints and booleans as they are, and nothing for null', () => {
    expect(toCsv(['n'], [[-5], [12n], [true], [undefined]])).toBe('n\r\n-5\r\n12\r\ntrue\r\n\r\n');
  });
});

describe('formula injection', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('prefixes %j with a single quote', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it('leaves other text alone', () => {
    expect(neutralizeFormula('Acme = good')).toBe('Acme = good');
    expect(neutralizeFormula("'quoted")).toBe("'quoted");
  });

  it('neutralizes before quoting, so a quoted formula stays text', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });
});
