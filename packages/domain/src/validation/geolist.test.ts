import { describe, expect, it } from 'vitest';
import { GEOLIST_FILE_EXTENSIONS } from '../dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '../dictionary/constants';
import { geolistFileExtension, parseGeolistCsv, parseGeolistFile, parseGeolistJson } from './geolist';

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
