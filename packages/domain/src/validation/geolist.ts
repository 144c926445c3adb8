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
} from './messages';

/** An accepted extension as it ends a file name: the dictionary's GEOLIST_FILE_EXTENSIONS, with a dot. */
export type TGeolistFileExtension = `.${GeolistFileExtension}`;

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

type TCsvRecord = { readonly line: number; readonly fields: string[] };

/** The delimiter used on the first line: comma, semicolon (spreadsheets in many locales) or tab. */
const detectDelimiter = (text: string): string => {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (delimiter: string): number => firstLine.split(delimiter).length - 1;
  return [';', '\t'].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best), ',');
};

/** RFC 4180 reading: quoted fields may hold delimiters, doubled quotes and line breaks. */
const readCsv = (
  text: string,
  delimiter: string,
): { records: TCsvRecord[] } | { unclosedQuoteLine: number } => {
  const records: TCsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = (): void => {
    fields.push(field);
    if (fields.some((value) => value.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      isQuoted = true;
      field = '';
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (isQuoted) return { unclosedQuoteLine: recordLine };
  endRecord();
  return { records };
};

const isHeader = (fields: readonly string[]): boolean =>
  ['lat', 'latitude'].includes(fields[0]?.trim().toLowerCase() ?? '');

const byLine = (a: TGeolistLineError, b: TGeolistLineError): number => a.line - b.line;

/**
 * Parses a geolist CSV: the dictionary's GEOLIST_CSV_COLUMNS in order (latitude, longitude, radius, name;
 * radius and name may be left empty), with an optional header row.
 */
export const parseGeolistCsv = (text: string): TGeolistParseResult => {
  const content = stripByteOrderMark(text);
  if (content.trim() === '') return failure('empty_file');
  const delimiter = detectDelimiter(content.trimStart());
  const parsed = readCsv(content, delimiter);
  if ('unclosedQuoteLine' in parsed) {
    return failure('invalid_csv', [
      { line: parsed.unclosedQuoteLine, message: GEOLIST_UNCLOSED_QUOTE_MESSAGE },
    ]);
  }
  const [first, ...others] = parsed.records;
  const rows = first !== undefined && isHeader(first.fields) ? others : parsed.records;
  if (rows.length === 0) return failure('empty_file');

  const areas: TGeolistArea[] = [];
  const columnErrors: TGeolistLineError[] = [];
  const valueErrors: TGeolistLineError[] = [];
  for (const { line, fields } of rows) {
    // Spreadsheets often pad rows with trailing delimiters: empty cells past the name are ignored.
    while (fields.length > GEOLIST_CSV_COLUMNS.length && fields.at(-1)?.trim() === '') fields.pop();
    if (fields.length < 2 || fields.length > GEOLIST_CSV_COLUMNS.length) {
      columnErrors.push({ line, message: GEOLIST_COLUMNS_MESSAGE });
      continue;
    }
    const [latitude, longitude, radius, name] = fields;
    const result = readArea({ latitude, longitude, radius, name }, delimiter !== ',');
    if ('area' in result) areas.push(result.area);
    else for (const message of result.messages) valueErrors.push({ line, message });
  }
  if (columnErrors.length > 0) return failure('invalid_csv', [...columnErrors, ...valueErrors].sort(byLine));
  if (valueErrors.length > 0) return failure('wrong_areas', valueErrors);
  return { ok: true, areas };
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
  items.forEach((item, index) => {
    const raw = toRawArea(item);
    if (raw === undefined) {
      errors.push({ line: index + 1, message: GEOLIST_AREA_MESSAGE });
      return;
    }
    const result = readArea(raw, false);
    if ('area' in result) areas.push(result.area);
    else for (const message of result.messages) errors.push({ line: index + 1, message });
  });
  if (errors.length > 0) return failure('wrong_areas', errors);
  return { ok: true, areas };
};

/** Parses an uploaded geolist by its extension: only .json and .csv are accepted. */
export const parseGeolistFile = (fileName: string, text: string): TGeolistParseResult => {
  const extension = geolistFileExtension(fileName);
  if (extension === '.csv') return parseGeolistCsv(text);
  if (extension === '.json') return parseGeolistJson(text);
  return failure('invalid_file');
};
