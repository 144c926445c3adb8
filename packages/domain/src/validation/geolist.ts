/**
 * Geolist uploads (spec §5, §8; publisher list files are read by publisher-file.ts). Pure parsers: the
 * browser previews with them and the server re-checks with them. Every bad row is reported with its line,
 * so a user fixes a file in one go.
 */
import type { GeolistFileExtension } from '../dictionary/audiences';
import { GEOLIST_CSV_COLUMNS, GEOLIST_FILE_EXTENSIONS } from '../dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '../dictionary/constants';
import {
  GEOLIST_AREA_MESSAGE,
  GEOLIST_COLUMNS_MESSAGE,
  GEOLIST_EMPTY_FILE_MESSAGE,
  GEOLIST_INVALID_CSV_MESSAGE,
  GEOLIST_INVALID_FILE_MESSAGE,
  GEOLIST_NAME_MESSAGE,
  GEOLIST_RADIUS_MESSAGE,
  GEOLIST_UNCLOSED_QUOTE_MESSAGE,
  GEOLIST_WRONG_AREAS_MESSAGE,
  geolistCoordinateMessage,
  geolistTooManyAreasMessage,
} from './messages';

/** An accepted extension as it ends a file name: the dictionary's GEOLIST_FILE_EXTENSIONS, with a dot. */
export type TGeolistFileExtension = `.${GeolistFileExtension}`;

/** The most areas one geolist holds (a 50,000-row file is the budgeted case, §9 bench). */
export const MAX_GEOLIST_AREAS = 100_000;

/** Geographic bounds, in degrees. */
export const MAX_LATITUDE = 90;
export const MAX_LONGITUDE = 180;

export type TGeolistArea = {
  readonly latitude: number;
  readonly longitude: number;
  /** Metres; GEOLIST_DEFAULT_RADIUS when the file leaves it empty. */
  readonly radius: number;
  readonly name?: string;
};

export const GEOLIST_ERRORS = ['invalid_file', 'empty_file', 'invalid_csv', 'wrong_areas'] as const;
export type TGeolistError = (typeof GEOLIST_ERRORS)[number];

/** A problem on one row: its line in a CSV file, its position (from 1) in a JSON list. */
export type TGeolistLineError = { readonly line: number; readonly message: string };

export type TGeolistParseResult =
  | { readonly ok: true; readonly areas: TGeolistArea[] }
  | {
      readonly ok: false;
      readonly error: TGeolistError;
      readonly message: string;
      readonly lines?: TGeolistLineError[];
    };

const ERROR_MESSAGES = {
  invalid_file: GEOLIST_INVALID_FILE_MESSAGE,
  empty_file: GEOLIST_EMPTY_FILE_MESSAGE,
  invalid_csv: GEOLIST_INVALID_CSV_MESSAGE,
  wrong_areas: GEOLIST_WRONG_AREAS_MESSAGE,
} as const satisfies Record<TGeolistError, string>;

const failure = (error: TGeolistError, lines?: TGeolistLineError[]): TGeolistParseResult =>
  lines === undefined
    ? { ok: false, error, message: ERROR_MESSAGES[error] }
    : { ok: false, error, message: ERROR_MESSAGES[error], lines };

/** The accepted extension of a file name, in lower case, or undefined when it is not accepted. */
export const geolistFileExtension = (fileName: string): TGeolistFileExtension | undefined => {
  const lower = fileName.trim().toLowerCase();
  const extension = GEOLIST_FILE_EXTENSIONS.find((candidate) => lower.endsWith(`.${candidate}`));
  return extension === undefined ? undefined : `.${extension}`;
};

const stripByteOrderMark = (text: string): string => (text.startsWith('\uFEFF') ? text.slice(1) : text);

/** A plain decimal (no exponent, no hex, no empty string read as 0); a comma may be the decimal mark. */
const parseDecimal = (raw: unknown, allowDecimalComma: boolean): number | undefined => {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = allowDecimalComma ? raw.trim().replace(',', '.') : raw.trim();
  return /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(text) ? Number(text) : undefined;
};

type TRawArea = { latitude: unknown; longitude: unknown; radius: unknown; name: unknown };

const isEmptyCell = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Checks one area; returns it, or every message about it. */
const readArea = (
  raw: TRawArea,
  allowDecimalComma: boolean,
): { area: TGeolistArea } | { messages: string[] } => {
  const messages: string[] = [];
  const latitude = parseDecimal(raw.latitude, allowDecimalComma);
  if (latitude === undefined || Math.abs(latitude) > MAX_LATITUDE) {
    messages.push(geolistCoordinateMessage('latitude', MAX_LATITUDE));
  }
  const longitude = parseDecimal(raw.longitude, allowDecimalComma);
  if (longitude === undefined || Math.abs(longitude) > MAX_LONGITUDE) {
    messages.push(geolistCoordinateMessage('longitude', MAX_LONGITUDE));
  }
  const radius = isEmptyCell(raw.radius)
    ? GEOLIST_DEFAULT_RADIUS
    : parseDecimal(raw.radius, allowDecimalComma);
  if (radius === undefined || radius <= 0) messages.push(GEOLIST_RADIUS_MESSAGE);
  let name: string | undefined;
  if (typeof raw.name === 'string') name = raw.name.trim() || undefined;
  else if (typeof raw.name === 'number' && Number.isFinite(raw.name)) name = String(raw.name);
  else if (!isEmptyCell(raw.name)) messages.push(GEOLIST_NAME_MESSAGE);

  if (messages.length > 0 || latitude === undefined || longitude === undefined || radius === undefined) {
    return { messages };
  }
  return {
    area: name === undefined ? { latitude, longitude, radius } : { latitude, longitude, radius, name },
  };
};

/** The delimiter used on a first line: comma, semicolon (spreadsheets in many locales) or tab. */
const detectDelimiter = (firstLine: string): string => {
  const count = (delimiter: string): number => firstLine.split(delimiter).length - 1;
  return [';', '\t'].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best), ',');
};

const isHeader = (fields: readonly string[]): boolean =>
  ['lat', 'latitude'].includes(fields[0]?.trim().toLowerCase() ?? '');

const NON_SPACE = /\S/g;
const LINE_BREAK = /[\r\n]/g;

/** The index of the first match of a global pattern in `text` from `from`, or -1. */
const indexFrom = (pattern: RegExp, text: string, from: number): number => {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
};

/** The index just after the last line break of `text`, or 0. */
const afterLastBreak = (text: string): number => Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1;

/**
 * An incremental reader of an uploaded geolist: text goes in piece by piece, cut anywhere (inside a line,
 * a quoted value, a `\r\n` or a doubled quote), and `finish` answers what a whole-file parse would.
 */
export type TGeolistReader = {
  /** Reads the next piece of text. */
  readonly push: (text: string) => void;
  /** The content is not text (binary, or not UTF-8): the file is an invalid file whatever its lines. */
  readonly markNotText: () => void;
  readonly finish: () => TGeolistParseResult;
};

/**
 * Reads a geolist CSV as it arrives: the dictionary's GEOLIST_CSV_COLUMNS in order (latitude, longitude,
 * radius, name; radius and name may be left empty), with an optional header row, RFC 4180 quoting (quoted
 * values may hold delimiters, doubled quotes and line breaks). Each row is checked as soon as it is complete;
 * only the areas (at most MAX_GEOLIST_AREAS), the problems with their lines, and the unfinished row are kept.
 * The delimiter is the one its first line uses most (comma, semicolon with decimal commas, or tab), so the
 * text is held until that line is complete.
 */
export const createGeolistCsvReader = (): TGeolistReader => {
  let isStart = true;
  let isText = true;
  /** Text held while the delimiter is unknown: at most the first line with content. */
  let head = '';
  /** Where the first line with content starts in `head`, once seen. */
  let contentStart = -1;
  let delimiter: string | undefined;
  // The CSV state: the row being read and what the last piece could not decide alone.
  let carry = '';
  let fields: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let recordLine = 1;
  // The rows read.
  let sawFirstRecord = false;
  let rows = 0;
  let isFull = false;
  let hasColumnErrors = false;
  const areas: TGeolistArea[] = [];
  const problems: TGeolistLineError[] = [];

  const takeRecord = (values: string[], at: number): void => {
    if (!values.some((value) => value.trim() !== '')) return;
    if (!sawFirstRecord) {
      sawFirstRecord = true;
      if (isHeader(values)) return;
    }
    rows += 1;
    if (rows > MAX_GEOLIST_AREAS) {
      // The rest of the file is not read: the geolist could not hold it.
      isFull = true;
      problems.push({ line: at, message: geolistTooManyAreasMessage(MAX_GEOLIST_AREAS) });
      return;
    }
    // Spreadsheets often pad rows with trailing delimiters: empty cells past the name are ignored.
    while (values.length > GEOLIST_CSV_COLUMNS.length && values.at(-1)?.trim() === '') values.pop();
    if (values.length < 2 || values.length > GEOLIST_CSV_COLUMNS.length) {
      hasColumnErrors = true;
      problems.push({ line: at, message: GEOLIST_COLUMNS_MESSAGE });
      return;
    }
    const [latitude, longitude, radius, name] = values;
    const result = readArea({ latitude, longitude, radius, name }, delimiter !== ',');
    if ('area' in result) areas.push(result.area);
    else for (const message of result.messages) problems.push({ line: at, message });
  };

  const endRecord = (): void => {
    fields.push(field);
    const values = fields;
    fields = [];
    field = '';
    takeRecord(values, recordLine);
  };

  /** Runs the CSV state machine over `text`; unless `isLast`, a character that needs the next one waits. */
  const read = (text: string, isLast: boolean): void => {
    const input = carry + text;
    carry = '';
    for (let index = 0; index < input.length && !isFull; index += 1) {
      const char = input[index];
      const next = input[index + 1];
      if (next === undefined && !isLast && (char === '\r' || (isQuoted && char === '"'))) {
        carry = char;
        return;
      }
      if (isQuoted) {
        if (char === '"' && next === '"') {
          field += '"';
          index += 1;
        } else if (char === '"') {
          isQuoted = false;
        } else {
          if (char === '\n' || (char === '\r' && next !== '\n')) line += 1;
          field += char;
        }
      } else if (char === '"' && field.trim() === '') {
        isQuoted = true;
        field = '';
      } else if (char === delimiter) {
        fields.push(field);
        field = '';
      } else if (char === '\n' || char === '\r') {
        if (char === '\r' && next === '\n') index += 1;
        endRecord();
        line += 1;
        recordLine = line;
      } else {
        field += char;
      }
    }
  };

  /** Holds text until the first line with content is complete, then reads with its delimiter. */
  const readHead = (text: string): void => {
    const from = head.length;
    head += text;
    if (contentStart === -1) {
      contentStart = indexFrom(NON_SPACE, head, from);
      if (contentStart === -1) {
        // Blank lines only so far: they make no rows whatever the delimiter, so they are read (and counted)
        // now, and only the unfinished last one is held.
        const complete = afterLastBreak(head);
        read(head.slice(0, complete), false);
        head = head.slice(complete);
        return;
      }
    }
    const lineEnd = indexFrom(LINE_BREAK, head, Math.max(from, contentStart));
    if (lineEnd === -1) return;
    delimiter = detectDelimiter(head.slice(contentStart, lineEnd));
    const held = head;
    head = '';
    read(held, false);
  };

  return {
    push: (text) => {
      if (!isText || isFull || text === '') return;
      if (text.includes('\u0000')) {
        isText = false;
        return;
      }
      const content = isStart ? stripByteOrderMark(text) : text;
      isStart = false;
      if (delimiter === undefined) readHead(content);
      else read(content, false);
    },
    markNotText: () => {
      isText = false;
    },
    finish: () => {
      if (!isText) return failure('invalid_file');
      if (!isFull) {
        if (delimiter === undefined) {
          delimiter = detectDelimiter(contentStart === -1 ? '' : head.slice(contentStart));
          const held = head;
          head = '';
          read(held, false);
        }
        read('', true);
        if (!isFull && isQuoted) {
          return failure('invalid_csv', [{ line: recordLine, message: GEOLIST_UNCLOSED_QUOTE_MESSAGE }]);
        }
        if (!isFull) endRecord();
      }
      if (rows === 0) return failure('empty_file');
      if (hasColumnErrors) return failure('invalid_csv', problems);
      if (problems.length > 0) return failure('wrong_areas', problems);
      return { ok: true, areas };
    },
  };
};

/** Parses a whole geolist CSV (see createGeolistCsvReader). */
export const parseGeolistCsv = (text: string): TGeolistParseResult => {
  const reader = createGeolistCsvReader();
  reader.push(text);
  return reader.finish();
};

const isRecord = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of `keys` present on `source`. */
const readProperty = (source: object, keys: readonly string[]): unknown => {
  const entries: [string, unknown][] = Object.entries(source);
  return entries.find(([key]) => keys.includes(key))?.[1];
};

/** An area as JSON: {latitude|lat, longitude|lng|lon, radius?, name?} or [latitude, longitude, radius?, name?]. */
const toRawArea = (item: unknown): TRawArea | undefined => {
  if (Array.isArray(item)) {
    const values: unknown[] = item;
    if (values.length < 2 || values.length > GEOLIST_CSV_COLUMNS.length) return undefined;
    const [latitude, longitude, radius, name] = values;
    return { latitude, longitude, radius, name };
  }
  if (!isRecord(item)) return undefined;
  // A GeoJSON Point feature: coordinates are [longitude, latitude].
  const geometry = readProperty(item, ['geometry']);
  if (isRecord(geometry) && readProperty(geometry, ['type']) === 'Point') {
    const coordinates = readProperty(geometry, ['coordinates']);
    const properties = readProperty(item, ['properties']);
    const props = isRecord(properties) ? properties : {};
    if (!Array.isArray(coordinates)) return undefined;
    const [longitude, latitude]: unknown[] = coordinates;
    return {
      latitude,
      longitude,
      radius: readProperty(props, ['radius']),
      name: readProperty(props, ['name']),
    };
  }
  return {
    latitude: readProperty(item, ['latitude', 'lat']),
    longitude: readProperty(item, ['longitude', 'lng', 'lon']),
    radius: readProperty(item, ['radius']),
    name: readProperty(item, ['name']),
  };
};

/** The list of areas of a JSON document: a list, `{ "areas": [...] }` or a GeoJSON FeatureCollection. */
const areaList = (document: unknown): unknown[] | undefined => {
  if (Array.isArray(document)) return document;
  if (!isRecord(document)) return undefined;
  const list = readProperty(document, ['areas', 'features']);
  return Array.isArray(list) ? list : undefined;
};

/** Parses a geolist JSON file; `line` in errors is the area's position in the list, from 1. */
export const parseGeolistJson = (text: string): TGeolistParseResult => {
  const content = stripByteOrderMark(text);
  if (content.trim() === '') return failure('empty_file');
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch {
    return failure('invalid_file');
  }
  const items = areaList(document);
  if (items === undefined) return failure('invalid_file');
  if (items.length === 0) return failure('empty_file');

  const areas: TGeolistArea[] = [];
  const errors: TGeolistLineError[] = [];
  items.slice(0, MAX_GEOLIST_AREAS).forEach((item, index) => {
    const raw = toRawArea(item);
    if (raw === undefined) {
      errors.push({ line: index + 1, message: GEOLIST_AREA_MESSAGE });
      return;
    }
    const result = readArea(raw, false);
    if ('area' in result) areas.push(result.area);
    else for (const message of result.messages) errors.push({ line: index + 1, message });
  });
  if (items.length > MAX_GEOLIST_AREAS) {
    errors.push({ line: MAX_GEOLIST_AREAS + 1, message: geolistTooManyAreasMessage(MAX_GEOLIST_AREAS) });
  }
  if (errors.length > 0) return failure('wrong_areas', errors);
  return { ok: true, areas };
};

/**
 * Reads a geolist JSON file as it arrives. A JSON geolist is one bounded list (MAX_GEOLIST_AREAS areas, and the
 * server caps the file lower than a CSV): its pieces are kept and parsed whole by `finish`.
 */
const createGeolistJsonReader = (): TGeolistReader => {
  let isText = true;
  const pieces: string[] = [];
  return {
    push: (text) => {
      if (!isText) return;
      if (text.includes('\u0000')) isText = false;
      else pieces.push(text);
    },
    markNotText: () => {
      isText = false;
    },
    finish: () => (isText ? parseGeolistJson(pieces.join('')) : failure('invalid_file')),
  };
};

/** The reader of a file whose name is not accepted: whatever it holds, it is an invalid file. */
const createRejectedFileReader = (): TGeolistReader => ({
  push: () => undefined,
  markNotText: () => undefined,
  finish: () => failure('invalid_file'),
});

/** The incremental reader of an uploaded geolist, by its extension: only .csv and .json are accepted. */
export const createGeolistFileReader = (fileName: string): TGeolistReader => {
  const extension = geolistFileExtension(fileName);
  if (extension === '.csv') return createGeolistCsvReader();
  if (extension === '.json') return createGeolistJsonReader();
  return createRejectedFileReader();
};

/** Parses a whole uploaded geolist by its extension (see createGeolistFileReader). */
export const parseGeolistFile = (fileName: string, text: string): TGeolistParseResult => {
  const reader = createGeolistFileReader(fileName);
  reader.push(text);
  return reader.finish();
};
