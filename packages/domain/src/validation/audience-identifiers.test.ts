import { describe, expect, it } from 'vitest';
import { createIdentifierReader, parseIdentifierText } from './audience-identifiers';
import {
  AUDIENCE_IDENTIFIER_COLUMNS_MESSAGE,
  AUDIENCE_IDENTIFIER_MESSAGE,
  AUDIENCE_IDENTIFIER_TYPE_REQUIRED_MESSAGE,
  AUDIENCE_IDENTIFIER_UUID_MESSAGE,
  audienceIdentifierLengthMessage,
} from './messages';

const IFA = '6D92078A-8246-4BA4-AE5B-76104861E7DC';

describe('identifier files', () => {
  it('reads one identifier per line with the file type, lower-casing UUID types and skipping blank lines', () => {
    expect(parseIdentifierText(`${IFA}\n\n  cookie-1  \r\n`, 'ifa')).toEqual([
      { ok: true, line: 1, identifier: IFA.toLowerCase(), type: 'ifa' },
      { ok: false, line: 3, message: AUDIENCE_IDENTIFIER_UUID_MESSAGE },
    ]);
  });

  it('takes a type column over the file type and skips a header line', () => {
    expect(parseIdentifierText(`identifier,type\ncookie-1,web\n${IFA};gaid\n`, 'ifa')).toEqual([
      { ok: true, line: 2, identifier: 'cookie-1', type: 'web' },
      { ok: true, line: 3, identifier: IFA.toLowerCase(), type: 'gaid' },
    ]);
  });

  it('reports every bad line with its number and message', () => {
    const lines = parseIdentifierText(
      [
        'a,b,c',
        'has space',
        'x,unknown',
        'cookie',
        '00000000-0000-0000-0000-000000000000,ifa',
        'z'.repeat(256),
      ].join('\n'),
      undefined,
    );
    expect(lines.map((line) => (line.ok ? line : [line.line, line.message]))).toEqual([
      [1, AUDIENCE_IDENTIFIER_COLUMNS_MESSAGE],
      [2, AUDIENCE_IDENTIFIER_MESSAGE],
      [3, expect.stringContaining('Unknown identifier type: use ifa, gaid, web')],
      [4, AUDIENCE_IDENTIFIER_TYPE_REQUIRED_MESSAGE],
      [5, AUDIENCE_IDENTIFIER_MESSAGE],
      [6, audienceIdentifierLengthMessage(255)],
    ]);
  });

  it('refuses the targeting-only type fake', () => {
    const [line] = parseIdentifierText('cookie,fake', undefined);
    expect(line?.ok).toBe(false);
  });

  it('gives the same lines whatever way the text is cut into pieces', () => {
    const text = `identifier\r\nc1,web\r\n${IFA}\r\nc2`;
    const whole = parseIdentifierText(text, 'ifa');
    const reader = createIdentifierReader('ifa');
    const pieces = [...text].flatMap((character) => reader.push(character));
    expect([...pieces, ...reader.end()]).toEqual(whole);
    expect(whole).toHaveLength(3);
    expect(reader.lines).toBe(4);
  });
});
