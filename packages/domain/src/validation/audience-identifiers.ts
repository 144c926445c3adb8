/**
 * Device identifier files of private audiences (spec §3, §5; decision 019): one identifier per line, optionally
 * followed by its type (`identifier,type`, separated by a comma, a semicolon or a tab), a first line
 * `identifier[,type]` taken as a header. A line without a type takes the type chosen for the whole file.
 * Typed UUID identifiers (IFA, GAID, TIFA, RIDA, MSAI, Amazon, LG) are checked as UUIDs and lower-cased, so
 * that the same device written in another case is one identifier. Empty lines are skipped.
 *
 * The reader is incremental so the server streams a file of a million lines through it (never whole in
 * memory) and the console can preview a file the same way. Pure: no I/O.
 */

import { AUDIENCE_IDENTIFIER_MAX_LENGTH } from '../dictionary/audiences';
import { DEVICE_ID_TYPES, type DeviceIdType } from '../dictionary/campaigns';
import {
  AUDIENCE_IDENTIFIER_COLUMNS_MESSAGE,
  AUDIENCE_IDENTIFIER_MESSAGE,
  AUDIENCE_IDENTIFIER_TYPE_REQUIRED_MESSAGE,
  AUDIENCE_IDENTIFIER_UUID_MESSAGE,
  audienceIdentifierLengthMessage,
  audienceIdentifierTypeMessage,
} from './messages';

/** Types an uploaded identifier may have: `fake` ("any ID or no ID") is a targeting choice, not a device. */
export const AUDIENCE_IDENTIFIER_TYPES = DEVICE_ID_TYPES.filter(
  (type): type is Exclude<DeviceIdType, 'fake'> => type !== 'fake',
);
export type AudienceIdentifierType = (typeof AUDIENCE_IDENTIFIER_TYPES)[number];

/** Types whose identifiers are UUIDs (compared in lower case); web identifiers are any cookie-like text. */
const UUID_TYPES: ReadonlySet<AudienceIdentifierType> = new Set([
  'ifa',
  'gaid',
  'tifa',
  'lgudid',
  'amazonadvertisingid',
  'rida',
  'msai',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** Printable ASCII without spaces or separators. */
const IDENTIFIER = /^[\x21-\x7e]+$/;
const SEPARATOR = /[,;\t]/;
const HEADER = /^"?(identifier|id|device_id|device id)"?\s*([,;\t]\s*"?(type|identifier_type)"?)?$/i;

export const isAudienceIdentifierType = (value: string): value is AudienceIdentifierType =>
  (AUDIENCE_IDENTIFIER_TYPES as readonly string[]).includes(value);

export type TIdentifier = { readonly identifier: string; readonly type: AudienceIdentifierType };
export type TIdentifierLineError = { readonly line: number; readonly message: string };
export type TIdentifierLine =
  | ({ readonly ok: true; readonly line: number } & TIdentifier)
  | ({ readonly ok: false } & TIdentifierLineError);

const unquote = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).trim()
    : trimmed;
};

/**
 * One line of a file (already without its line break), or undefined when it holds nothing. `fileType` is the
 * type chosen for lines without their own.
 */
export const parseIdentifierLine = (
  text: string,
  line: number,
  fileType: AudienceIdentifierType | undefined,
): TIdentifierLine | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const columns = trimmed.split(SEPARATOR).map(unquote);
  if (columns.length > 2) return { ok: false, line, message: AUDIENCE_IDENTIFIER_COLUMNS_MESSAGE };
  const raw = columns[0] ?? '';
  const typeText = columns[1]?.toLowerCase() ?? '';
  let type = fileType;
  if (typeText !== '') {
    if (!isAudienceIdentifierType(typeText)) {
      return { ok: false, line, message: audienceIdentifierTypeMessage(AUDIENCE_IDENTIFIER_TYPES) };
    }
    type = typeText;
  }
  if (raw.length > AUDIENCE_IDENTIFIER_MAX_LENGTH) {
    return { ok: false, line, message: audienceIdentifierLengthMessage(AUDIENCE_IDENTIFIER_MAX_LENGTH) };
  }
  if (raw === '' || !IDENTIFIER.test(raw)) return { ok: false, line, message: AUDIENCE_IDENTIFIER_MESSAGE };
  if (type === undefined) return { ok: false, line, message: AUDIENCE_IDENTIFIER_TYPE_REQUIRED_MESSAGE };
  if (UUID_TYPES.has(type)) {
    const identifier = raw.toLowerCase();
    if (!UUID.test(identifier)) return { ok: false, line, message: AUDIENCE_IDENTIFIER_UUID_MESSAGE };
    // The all-zero id is what a device sends when its user limits ad tracking: it names no device.
    if (identifier === NIL_UUID) return { ok: false, line, message: AUDIENCE_IDENTIFIER_MESSAGE };
    return { ok: true, line, identifier, type };
  }
  return { ok: true, line, identifier: raw, type };
};

export type IdentifierReader = {
  /** Reads the next piece of text; answers the lines it completed. */
  push: (text: string) => TIdentifierLine[];
  /** The last line when the file does not end with a line break. */
  end: () => TIdentifierLine[];
  /** Lines seen so far (empty ones included), for progress and messages. */
  readonly lines: number;
};

/**
 * An incremental reader of an identifiers file: text goes in piece by piece (cut anywhere, also inside a
 * `\r\n`), parsed lines come out. Only the unfinished last line is kept between pieces.
 */
export const createIdentifierReader = (fileType: AudienceIdentifierType | undefined): IdentifierReader => {
  let pending = '';
  let lineNumber = 0;
  const take = (text: string, out: TIdentifierLine[]): void => {
    lineNumber += 1;
    const withoutBom = lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text;
    if (lineNumber === 1 && HEADER.test(withoutBom.trim())) return;
    const parsed = parseIdentifierLine(withoutBom, lineNumber, fileType);
    if (parsed) out.push(parsed);
  };
  return {
    push: (text) => {
      const out: TIdentifierLine[] = [];
      const combined = pending + text;
      let start = 0;
      for (let index = combined.indexOf('\n'); index !== -1; index = combined.indexOf('\n', start)) {
        const end = index > start && combined.charCodeAt(index - 1) === 13 ? index - 1 : index;
        take(combined.slice(start, end), out);
        start = index + 1;
      }
      pending = combined.slice(start);
      return out;
    },
    end: () => {
      const out: TIdentifierLine[] = [];
      const rest = pending.endsWith('\r') ? pending.slice(0, -1) : pending;
      pending = '';
      if (rest !== '') take(rest, out);
      return out;
    },
    get lines() {
      return lineNumber;
    },
  };
};

/** A whole text at once (tests, small previews). */
export const parseIdentifierText = (
  text: string,
  fileType: AudienceIdentifierType | undefined,
): TIdentifierLine[] => {
  const reader = createIdentifierReader(fileType);
  return [...reader.push(text), ...reader.end()];
};
