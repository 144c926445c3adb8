/**
 * Publishers and publisher list files (spec §5 "publisher list file: publishers in a single column, one per
 * line"; decision 018). A publisher is a web domain (example.com) or an app bundle or store id
 * (com.example.app, id389801252). The file reader takes one line at a time and keeps only its counters and the
 * first MAX_REPORTED_PUBLISHER_LINES problems, so the server can stream a large file through it; the browser
 * previews a file with `parsePublisherFile`, which reads the same way.
 */
import type { PublisherPlatform } from '../dictionary/publisher-lists';
import { ANDROID_PACKAGE_PATTERN, isBundleId, NUMERIC_STORE_ID_PATTERN } from './campaign';
import {
  PUBLISHER_FILE_COLUMNS_MESSAGE,
  PUBLISHER_FILE_EMPTY_MESSAGE,
  PUBLISHER_FILE_INVALID_MESSAGE,
  PUBLISHER_FILE_WRONG_MESSAGE,
  PUBLISHER_LINE_COLUMNS_MESSAGE,
  PUBLISHER_MESSAGE,
} from './messages';
import { isDomain } from './web-domain';

/** Longest publisher kept (the longest bundle id; domains stop at 253). */
export const MAX_PUBLISHER_LENGTH = 255;
/** The most publishers one list holds. */
export const MAX_LIST_PUBLISHERS = 1_000_000;
/** The bad lines a rejected file reports one by one; the rest are counted. */
export const MAX_REPORTED_PUBLISHER_LINES = 1_000;

export type TPublisher = { readonly publisher: string; readonly platform: PublisherPlatform };

/**
 * First labels of reverse-DNS app ids (com.example.app). A value such as `com.example.app` is both a valid
 * Android package and a valid domain; it is read as an app when its first label is one of these, and as a
 * web site otherwise (news.example.org).
 */
const REVERSE_DNS_PREFIXES = new Set([
  'com',
  'net',
  'org',
  'io',
  'co',
  'tv',
  'me',
  'app',
  'air',
  'de',
  'fr',
  'uk',
  'es',
  'it',
  'nl',
  'br',
  'jp',
  'kr',
  'cn',
  'ru',
  'in',
  'au',
  'ca',
  'mx',
  'se',
  'ch',
  'pl',
  'us',
  'eu',
  'info',
  'biz',
]);

/**
 * The publisher a value names, or undefined. Domains are kept in lower case (DNS names ignore case); bundle
 * ids keep theirs (Android package names are case-sensitive).
 */
export const parsePublisher = (raw: string): TPublisher | undefined => {
  const value = raw.trim();
  if (value === '' || value.length > MAX_PUBLISHER_LENGTH) return undefined;
  if (NUMERIC_STORE_ID_PATTERN.test(value)) return { publisher: value, platform: 'app' };
  const domain = isDomain(value);
  const bundle = isBundleId(value) && ANDROID_PACKAGE_PATTERN.test(value);
  if (domain && bundle) {
    const first = value.split('.')[0]?.toLowerCase() ?? '';
    return REVERSE_DNS_PREFIXES.has(first)
      ? { publisher: value, platform: 'app' }
      : { publisher: value.toLowerCase(), platform: 'web' };
  }
  if (domain) return { publisher: value.toLowerCase(), platform: 'web' };
  if (bundle) return { publisher: value, platform: 'app' };
  return undefined;
};

export const PUBLISHER_FILE_ERRORS = [
  'invalid_file',
  'empty_file',
  'multiple_columns',
  'wrong_publishers',
] as const;
export type TPublisherFileError = (typeof PUBLISHER_FILE_ERRORS)[number];

const FILE_MESSAGES = {
  invalid_file: PUBLISHER_FILE_INVALID_MESSAGE,
  empty_file: PUBLISHER_FILE_EMPTY_MESSAGE,
  multiple_columns: PUBLISHER_FILE_COLUMNS_MESSAGE,
  wrong_publishers: PUBLISHER_FILE_WRONG_MESSAGE,
} as const satisfies Record<TPublisherFileError, string>;

export type TPublisherLineError = { readonly line: number; readonly message: string };

export type TPublisherFileResult =
  | { readonly ok: true; readonly lines: number; readonly publisherLines: number }
  | {
      readonly ok: false;
      readonly error: TPublisherFileError;
      readonly message: string;
      /** The first MAX_REPORTED_PUBLISHER_LINES bad lines, in file order. */
      readonly lines: TPublisherLineError[];
      /** Bad lines beyond those listed. */
      readonly moreLines: number;
    };

/** A first line naming the column (publisher, domains, bundle id…) is a header, not a publisher. */
const HEADER_PATTERN = /^(?:publishers?|domains?|bundles?(?:[ _]ids?)?|apps?|sites?)$/i;
const SEPARATORS = /[,;\t]/;

const unquote = (text: string): string =>
  text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).trim() : text;

/** The cells of a line that hold something; a spreadsheet may add empty ones after a single column. */
const cellsOf = (line: string): string[] =>
  line
    .split(SEPARATORS)
    .map((cell) => unquote(cell.trim()))
    .filter((cell) => cell !== '');

export type TPublisherFileReader = {
  /** Reads the next line (without its line break); answers its publisher, if it holds a valid one. */
  readonly line: (text: string) => TPublisher | undefined;
  /** The content is not text (binary, or not UTF-8): the file is rejected whatever its lines. */
  readonly markNotText: () => void;
  readonly finish: () => TPublisherFileResult;
};

/**
 * A reader of a publisher list file, one line at a time: blank lines and a header line are skipped, every
 * bad line is reported with its number (from 1), and the file is rejected as a whole when any line is bad.
 * Repeats are not its concern: the list keeps each publisher once (see parsePublisherFile, and the server's
 * unique entries).
 */
export const createPublisherFileReader = (): TPublisherFileReader => {
  let lineNumber = 0;
  let publisherLines = 0;
  let isText = true;
  let hasColumns = false;
  let badLines = 0;
  const reported: TPublisherLineError[] = [];
  const report = (message: string): void => {
    badLines += 1;
    if (reported.length < MAX_REPORTED_PUBLISHER_LINES) reported.push({ line: lineNumber, message });
  };
  return {
    line: (text) => {
      lineNumber += 1;
      const raw = lineNumber === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
      if (raw.includes('\u0000')) {
        isText = false;
        return undefined;
      }
      const cells = cellsOf(raw);
      if (cells.length === 0) return undefined;
      if (cells.length > 1) {
        hasColumns = true;
        report(PUBLISHER_LINE_COLUMNS_MESSAGE);
        return undefined;
      }
      const cell = cells[0] ?? '';
      if (lineNumber === 1 && HEADER_PATTERN.test(cell)) return undefined;
      const publisher = parsePublisher(cell);
      if (!publisher) {
        report(PUBLISHER_MESSAGE);
        return undefined;
      }
      publisherLines += 1;
      return publisher;
    },
    markNotText: () => {
      isText = false;
    },
    finish: () => {
      const failure = (error: TPublisherFileError): TPublisherFileResult => ({
        ok: false,
        error,
        message: FILE_MESSAGES[error],
        lines: error === 'invalid_file' || error === 'empty_file' ? [] : reported,
        moreLines: error === 'invalid_file' || error === 'empty_file' ? 0 : badLines - reported.length,
      });
      if (!isText) return failure('invalid_file');
      if (hasColumns) return failure('multiple_columns');
      if (badLines > 0) return failure('wrong_publishers');
      if (publisherLines === 0) return failure('empty_file');
      return { ok: true, lines: lineNumber, publisherLines };
    },
  };
};

export type TParsedPublisherFile =
  | { readonly ok: true; readonly publishers: TPublisher[] }
  | Extract<TPublisherFileResult, { ok: false }>;

/** A whole file already in memory (the console's preview): its distinct publishers, in first-seen order. */
export const parsePublisherFile = (text: string): TParsedPublisherFile => {
  const reader = createPublisherFileReader();
  const seen = new Map<string, TPublisher>();
  for (const line of text.split(/\r\n|\n|\r/)) {
    const publisher = reader.line(line);
    if (publisher && !seen.has(publisher.publisher)) seen.set(publisher.publisher, publisher);
  }
  const result = reader.finish();
  return result.ok ? { ok: true, publishers: [...seen.values()] } : result;
};
