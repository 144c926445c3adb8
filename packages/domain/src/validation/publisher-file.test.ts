import { describe, expect, it } from 'vitest';
import {
  PUBLISHER_FILE_COLUMNS_MESSAGE,
  PUBLISHER_FILE_EMPTY_MESSAGE,
  PUBLISHER_FILE_INVALID_MESSAGE,
  PUBLISHER_FILE_WRONG_MESSAGE,
  PUBLISHER_LINE_COLUMNS_MESSAGE,
  PUBLISHER_MESSAGE,
} from './messages';
import {
  createPublisherFileReader,
  MAX_REPORTED_PUBLISHER_LINES,
  parsePublisher,
  parsePublisherFile,
} from './publisher-file';

describe('parsePublisher', () => {
  it.each([
    ['example.com', { publisher: 'example.com', platform: 'web' }],
    ['News.Example.ORG', { publisher: 'news.example.org', platform: 'web' }],
    ['bbc.co.uk', { publisher: 'bbc.co.uk', platform: 'web' }],
    ['my-site.io', { publisher: 'my-site.io', platform: 'web' }],
    ['com.king.candycrushsaga', { publisher: 'com.king.candycrushsaga', platform: 'app' }],
    ['com.Example.MyApp', { publisher: 'com.Example.MyApp', platform: 'app' }],
    ['com.example.my_app', { publisher: 'com.example.my_app', platform: 'app' }],
    ['id389801252', { publisher: 'id389801252', platform: 'app' }],
    ['389801252', { publisher: '389801252', platform: 'app' }],
    ['  example.com  ', { publisher: 'example.com', platform: 'web' }],
  ])('reads %s', (raw, expected) => {
    expect(parsePublisher(raw)).toEqual(expected);
  });

  it.each([
    '',
    'example',
    'https://example.com',
    'example.com/path',
    'exa mple.com',
    '-example.com',
    '0123',
    `${'a'.repeat(252)}.com`,
  ])('refuses %j', (raw) => {
    expect(parsePublisher(raw)).toBeUndefined();
  });
});

describe('parsePublisherFile', () => {
  it('keeps one publisher per line, skipping blank lines, a header and repeats', () => {
    const text = '\uFEFFpublisher\r\nexample.com\n\n  com.example.app \n"news.example.org"\nEXAMPLE.com\n';
    expect(parsePublisherFile(text)).toEqual({
      ok: true,
      publishers: [
        { publisher: 'example.com', platform: 'web' },
        { publisher: 'com.example.app', platform: 'app' },
        { publisher: 'news.example.org', platform: 'web' },
      ],
    });
  });

  it('accepts the empty cells a spreadsheet adds after a single column', () => {
    expect(parsePublisherFile('example.com,\nother.org;;\n')).toEqual({
      ok: true,
      publishers: [
        { publisher: 'example.com', platform: 'web' },
        { publisher: 'other.org', platform: 'web' },
      ],
    });
  });

  it('reports every bad line with its number and rejects the whole file', () => {
    const result = parsePublisherFile('example.com\nnot a publisher\ncom.example.app\n\nhttp://x.com\n');
    expect(result).toEqual({
      ok: false,
      error: 'wrong_publishers',
      message: PUBLISHER_FILE_WRONG_MESSAGE,
      lines: [
        { line: 2, message: PUBLISHER_MESSAGE },
        { line: 5, message: PUBLISHER_MESSAGE },
      ],
      moreLines: 0,
    });
  });

  it('does not take a header-like word for a header after the first line', () => {
    const result = parsePublisherFile('example.com\npublisher\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.lines).toEqual([{ line: 2, message: PUBLISHER_MESSAGE }]);
  });

  it('gives a file with more than one column its own message, with the lines', () => {
    const result = parsePublisherFile('example.com,Example\nother.org\nbad\tvalue\nnope\n');
    expect(result).toEqual({
      ok: false,
      error: 'multiple_columns',
      message: PUBLISHER_FILE_COLUMNS_MESSAGE,
      lines: [
        { line: 1, message: PUBLISHER_LINE_COLUMNS_MESSAGE },
        { line: 3, message: PUBLISHER_LINE_COLUMNS_MESSAGE },
        { line: 4, message: PUBLISHER_MESSAGE },
      ],
      moreLines: 0,
    });
  });

  it.each(['', '\n\n  \n', 'publishers\n', '\uFEFF'])('calls %j empty', (text) => {
    expect(parsePublisherFile(text)).toEqual({
      ok: false,
      error: 'empty_file',
      message: PUBLISHER_FILE_EMPTY_MESSAGE,
      lines: [],
      moreLines: 0,
    });
  });

  it('calls a file with NUL bytes not text, whatever its other lines', () => {
    expect(parsePublisherFile('example.com\nPK\u0003\u0004\u0000\u0000\n')).toMatchObject({
      ok: false,
      error: 'invalid_file',
      message: PUBLISHER_FILE_INVALID_MESSAGE,
      lines: [],
    });
  });
});

describe('createPublisherFileReader', () => {
  it('answers the publisher of each line as it reads', () => {
    const reader = createPublisherFileReader();
    expect(reader.line('example.com')).toEqual({ publisher: 'example.com', platform: 'web' });
    expect(reader.line('')).toBeUndefined();
    expect(reader.line('oops')).toBeUndefined();
    expect(reader.finish()).toMatchObject({ ok: false, lines: [{ line: 3, message: PUBLISHER_MESSAGE }] });
  });

  it('keeps only the first bad lines and counts the rest', () => {
    const reader = createPublisherFileReader();
    for (let index = 0; index < MAX_REPORTED_PUBLISHER_LINES + 5; index += 1) reader.line('bad');
    const result = reader.finish();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.lines).toHaveLength(MAX_REPORTED_PUBLISHER_LINES);
      expect(result.moreLines).toBe(5);
    }
  });

  it('rejects content marked as not text', () => {
    const reader = createPublisherFileReader();
    reader.line('example.com');
    reader.markNotText();
    expect(reader.finish()).toMatchObject({ ok: false, error: 'invalid_file' });
  });

  it('counts the lines and publisher lines of an accepted file', () => {
    const reader = createPublisherFileReader();
    for (const line of ['domain', 'a.com', 'a.com', '', 'b.org']) reader.line(line);
    expect(reader.finish()).toEqual({ ok: true, lines: 5, publisherLines: 3 });
  });
});
