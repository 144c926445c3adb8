import { describe, expect, it } from 'vitest';
import { GEOLIST_FILE_EXTENSIONS } from '../dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '../dictionary/constants';
import {
  createGeolistCsvReader,
  createGeolistFileReader,
  geolistFileExtension,
  MAX_GEOLIST_AREAS,
  parseGeolistCsv,
  parseGeolistFile,
  parseGeolistJson,
  type TGeolistParseResult,
} from './geolist';

const LATITUDE = 'The latitude must be a number between -90 and 90';
const LONGITUDE = 'The longitude must be a number between -180 and 180';
const RADIUS = 'The radius must be a number greater than 0';

describe('geolist file extensions', () => {
  it('accepts only .json and .csv', () => {
    expect(GEOLIST_FILE_EXTENSIONS).toEqual(['json', 'csv']);
    expect(geolistFileExtension('Stores.CSV')).toBe('.csv');
    expect(geolistFileExtension('stores.json')).toBe('.json');
    expect(geolistFileExtension('stores.xlsx')).toBeUndefined();
    expect(geolistFileExtension('csv')).toBeUndefined();
    expect(geolistFileExtension('stores.tcsv')).toBeUndefined();
  });

  it('rejects any other file as an invalid file', () => {
    expect(parseGeolistFile('stores.xlsx', '40.4,-3.7')).toEqual({
      ok: false,
      error: 'invalid_file',
      message: 'The file is not valid. Upload a .csv or .json file with the areas',
    });
  });

  it('parses by extension', () => {
    expect(parseGeolistFile('a.csv', '40.4,-3.7').ok).toBe(true);
    expect(parseGeolistFile('a.json', '[[40.4,-3.7]]').ok).toBe(true);
  });
});

describe('parseGeolistCsv', () => {
  it('reads latitude, longitude, radius and name in this order', () => {
    expect(parseGeolistCsv('40.4168,-3.7038,500,Madrid centre\n41.3874,2.1686,300,Barcelona\n')).toEqual({
      ok: true,
      areas: [
        { latitude: 40.4168, longitude: -3.7038, radius: 500, name: 'Madrid centre' },
        { latitude: 41.3874, longitude: 2.1686, radius: 300, name: 'Barcelona' },
      ],
    });
  });

  it('skips a header row and uses the default radius when it is empty', () => {
    const result = parseGeolistCsv(
      '\uFEFFlatitude,longitude,radius,name\r\n40.4,-3.7,,Madrid\r\n41.4,2.2\r\n',
    );
    expect(result).toEqual({
      ok: true,
      areas: [
        { latitude: 40.4, longitude: -3.7, radius: GEOLIST_DEFAULT_RADIUS, name: 'Madrid' },
        { latitude: 41.4, longitude: 2.2, radius: GEOLIST_DEFAULT_RADIUS },
      ],
    });
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    const result = parseGeolistCsv(
      '"lat","lng","radius","name"\n"40.4","-3.7","250","Store ""Sol"", Madrid"\n1,2,3,"two\nlines"',
    );
    expect(result).toEqual({
      ok: true,
      areas: [
        { latitude: 40.4, longitude: -3.7, radius: 250, name: 'Store "Sol", Madrid' },
        { latitude: 1, longitude: 2, radius: 3, name: 'two\nlines' },
      ],
    });
  });

  it('reads semicolon-separated files with decimal commas', () => {
    expect(parseGeolistCsv('40,4;-3,7;250;Madrid')).toEqual({
      ok: true,
      areas: [{ latitude: 40.4, longitude: -3.7, radius: 250, name: 'Madrid' }],
    });
  });

  it('ignores blank lines and trailing empty cells', () => {
    expect(parseGeolistCsv('\n40.4,-3.7,250,Madrid,,\n\n')).toEqual({
      ok: true,
      areas: [{ latitude: 40.4, longitude: -3.7, radius: 250, name: 'Madrid' }],
    });
  });

  it('reports an empty file, also when it only holds a header', () => {
    for (const text of ['', '  \n\n', 'latitude,longitude,radius,name\n']) {
      expect(parseGeolistCsv(text)).toEqual({
        ok: false,
        error: 'empty_file',
        message: 'The file is empty. Add at least one area and upload it again',
      });
    }
  });

  it('reports every wrong area with its line', () => {
    const text = [
      'latitude,longitude,radius,name',
      '40.4,-3.7,250,Fine',
      '91,-3.7,250,Too far north',
      '40.4,-181,250,Too far west',
      '40.4,-3.7,0,No radius',
      'abc,-3.7,-5,Two problems',
      '1e2,0x10,250,Not plain numbers',
    ].join('\n');
    expect(parseGeolistCsv(text)).toEqual({
      ok: false,
      error: 'wrong_areas',
      message: 'Some areas are not valid. Fix the lines listed and upload the file again',
      lines: [
        { line: 3, message: LATITUDE },
        { line: 4, message: LONGITUDE },
        { line: 5, message: RADIUS },
        { line: 6, message: LATITUDE },
        { line: 6, message: RADIUS },
        { line: 7, message: LATITUDE },
        { line: 7, message: LONGITUDE },
      ],
    });
  });

  it('counts lines inside quoted values when numbering rows', () => {
    const result = parseGeolistCsv('1,2,3,"a\nb"\n95,2,3,c');
    expect(result.ok === false && result.lines).toEqual([{ line: 3, message: LATITUDE }]);
  });

  it('reports an invalid CSV for a wrong number of columns, with every bad line', () => {
    const result = parseGeolistCsv('40.4\n40.4,-3.7,250,Madrid\n40.4,-3.7,250,Madrid,extra\n95,0');
    expect(result).toEqual({
      ok: false,
      error: 'invalid_csv',
      message:
        'The CSV file is not valid. Use the columns latitude, longitude, radius and name, in this order',
      lines: [
        { line: 1, message: 'Expected the columns latitude, longitude, radius and name' },
        { line: 3, message: 'Expected the columns latitude, longitude, radius and name' },
        { line: 4, message: LATITUDE },
      ],
    });
  });

  it('reports an invalid CSV for a quote that is never closed', () => {
    const result = parseGeolistCsv('40.4,-3.7,250,Madrid\n41.4,2.2,250,"Barcelona\n42,2,250,Girona');
    expect(result).toMatchObject({
      ok: false,
      error: 'invalid_csv',
      lines: [{ line: 2, message: 'A quoted value is never closed' }],
    });
  });
});

describe('parseGeolistJson', () => {
  it('reads a list of areas with full or short keys, or as tuples', () => {
    const text = JSON.stringify([
      { latitude: 40.4, longitude: -3.7, radius: 500, name: 'Madrid' },
      { lat: '41.4', lng: '2.2' },
      { lat: 43.3, lon: -8.4, radius: null, name: '' },
      [39.5, -0.4, 100, 'Valencia'],
    ]);
    expect(parseGeolistJson(text)).toEqual({
      ok: true,
      areas: [
        { latitude: 40.4, longitude: -3.7, radius: 500, name: 'Madrid' },
        { latitude: 41.4, longitude: 2.2, radius: GEOLIST_DEFAULT_RADIUS },
        { latitude: 43.3, longitude: -8.4, radius: GEOLIST_DEFAULT_RADIUS },
        { latitude: 39.5, longitude: -0.4, radius: 100, name: 'Valencia' },
      ],
    });
  });

  it('reads { "areas": [...] } and GeoJSON points (longitude first)', () => {
    expect(parseGeolistJson('{"areas":[{"lat":1,"lng":2}]}')).toEqual({
      ok: true,
      areas: [{ latitude: 1, longitude: 2, radius: GEOLIST_DEFAULT_RADIUS }],
    });
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-3.7, 40.4] },
          properties: { radius: 50, name: 'Sol' },
        },
      ],
    };
    expect(parseGeolistJson(JSON.stringify(geojson))).toEqual({
      ok: true,
      areas: [{ latitude: 40.4, longitude: -3.7, radius: 50, name: 'Sol' }],
    });
  });

  it('reports a file that is not JSON or not a list of areas as an invalid file', () => {
    for (const text of ['{not json', '"areas"', '{"zones":[]}']) {
      expect(parseGeolistJson(text)).toMatchObject({ ok: false, error: 'invalid_file' });
    }
  });

  it('reports an empty file or an empty list', () => {
    expect(parseGeolistJson('')).toMatchObject({ ok: false, error: 'empty_file' });
    expect(parseGeolistJson('[]')).toMatchObject({ ok: false, error: 'empty_file' });
    expect(parseGeolistJson('{"areas":[]}')).toMatchObject({ ok: false, error: 'empty_file' });
  });

  it('reports every wrong area with its position in the list', () => {
    const text = JSON.stringify([
      { lat: 1, lng: 2 },
      { lat: 100, lng: 2 },
      'Madrid',
      { lat: 1, lng: 2, radius: -1, name: {} },
    ]);
    expect(parseGeolistJson(text)).toEqual({
      ok: false,
      error: 'wrong_areas',
      message: 'Some areas are not valid. Fix the lines listed and upload the file again',
      lines: [
        { line: 2, message: LATITUDE },
        { line: 3, message: 'An area must be an object with a latitude, a longitude, a radius and a name' },
        { line: 4, message: RADIUS },
        { line: 4, message: 'The name must be text' },
      ],
    });
  });
});

/** Reads `pieces` one after the other through a fresh CSV reader. */
const readPieces = (pieces: readonly string[]): TGeolistParseResult => {
  const reader = createGeolistCsvReader();
  for (const piece of pieces) reader.push(piece);
  return reader.finish();
};

describe('createGeolistCsvReader', () => {
  const samples = [
    '40.4168,-3.7038,500,Madrid centre\n41.3874,2.1686,300,Barcelona\n',
    '\uFEFFlatitude,longitude,radius,name\r\n40.4,-3.7,,Madrid\r\n41.4,2.2\r\n',
    '"lat","lng","radius","name"\n"40.4","-3.7","250","Store ""Sol"", Madrid"\n1,2,3,"two\r\nlines"',
    '\n\r\n  \n40,4;-3,7;250;Madrid\r41,5;2,1;;"Bar;celona"\r',
    ' \t\n\t40.4\t-3.7\t250\tTab\n',
    'latitude,longitude\n91,-3.7,250,a\n40.4\n1,2,3,"a\nb"\n95,2,3,c',
    '40.4,-3.7,250,Madrid\n41.4,2.2,250,"Barcelona\n42,2,250,Girona',
    '  \n\n',
  ];

  it('answers what a whole-text parse answers, wherever the text is cut', () => {
    for (const text of samples) {
      const whole = parseGeolistCsv(text);
      for (let cut = 0; cut <= text.length; cut += 1) {
        expect(
          readPieces([text.slice(0, cut), text.slice(cut)]),
          `${JSON.stringify(text)} cut at ${cut}`,
        ).toEqual(whole);
      }
      expect(readPieces([...text])).toEqual(whole);
    }
  });

  it('reads a row cut across pieces, a quoted value, a doubled quote and a \\r\\n cut in two', () => {
    expect(
      readPieces([
        'latitude,longitude,radius,name\r',
        '\n40.',
        '4,-3.7,25',
        '0,"Store "',
        '"Sol"',
        '" x"\r',
        '\n',
      ]),
    ).toEqual({
      ok: true,
      areas: [{ latitude: 40.4, longitude: -3.7, radius: 250, name: 'Store "Sol" x' }],
    });
  });

  it('numbers lines across pieces, also \\r\\n cut in two inside quoted values', () => {
    const result = readPieces(['1,2,3,"a\r', '\nb"\r', '\n95', ',2,3,c']);
    expect(result.ok === false && result.lines).toEqual([{ line: 3, message: LATITUDE }]);
  });

  it('takes the delimiter of the first line with content, whatever the pieces', () => {
    expect(readPieces(['\n', '  \n', '40,4;', '-3,7', ';250;Sol', '\n41,1;2,2'])).toEqual({
      ok: true,
      areas: [
        { latitude: 40.4, longitude: -3.7, radius: 250, name: 'Sol' },
        { latitude: 41.1, longitude: 2.2, radius: GEOLIST_DEFAULT_RADIUS },
      ],
    });
  });

  it('rejects a file with a NUL character, or marked as not text, as an invalid file', () => {
    expect(readPieces(['40.4,-3.7\n', '\u0000\u0001PNG'])).toMatchObject({
      ok: false,
      error: 'invalid_file',
    });
    const reader = createGeolistCsvReader();
    reader.push('40.4,-3.7\n');
    reader.markNotText();
    expect(reader.finish()).toMatchObject({ ok: false, error: 'invalid_file' });
  });

  it('keeps at most MAX_GEOLIST_AREAS areas and stops reading past them', () => {
    const reader = createGeolistCsvReader();
    reader.push('latitude,longitude\n');
    const row = '1,2\n';
    for (let index = 0; index < MAX_GEOLIST_AREAS; index += 1) reader.push(row);
    reader.push('1,2\n95,2\n"never closed');
    expect(reader.finish()).toEqual({
      ok: false,
      error: 'wrong_areas',
      message: 'Some areas are not valid. Fix the lines listed and upload the file again',
      lines: [
        {
          line: MAX_GEOLIST_AREAS + 2,
          message: 'A geolist holds at most 100,000 areas: split the file in several geolists',
        },
      ],
    });
  });
});

describe('createGeolistFileReader', () => {
  it('reads a JSON file in pieces and parses it whole at the end', () => {
    const reader = createGeolistFileReader('areas.json');
    for (const piece of ['[[40.4,-3', '.7],{"lat":1,', '"lng":2}]']) reader.push(piece);
    expect(reader.finish()).toEqual({
      ok: true,
      areas: [
        { latitude: 40.4, longitude: -3.7, radius: GEOLIST_DEFAULT_RADIUS },
        { latitude: 1, longitude: 2, radius: GEOLIST_DEFAULT_RADIUS },
      ],
    });
  });

  it('rejects a JSON list longer than MAX_GEOLIST_AREAS', () => {
    const text = JSON.stringify(Array.from({ length: MAX_GEOLIST_AREAS + 1 }, () => [1, 2]));
    expect(parseGeolistFile('areas.json', text)).toMatchObject({
      ok: false,
      error: 'wrong_areas',
      lines: [{ line: MAX_GEOLIST_AREAS + 1 }],
    });
  });

  it('answers an invalid file for another extension or content that is not text', () => {
    const other = createGeolistFileReader('areas.txt');
    other.push('40.4,-3.7');
    expect(other.finish()).toMatchObject({ ok: false, error: 'invalid_file' });
    const json = createGeolistFileReader('areas.json');
    json.push('[[1,2]]');
    json.markNotText();
    expect(json.finish()).toMatchObject({ ok: false, error: 'invalid_file' });
  });
});
