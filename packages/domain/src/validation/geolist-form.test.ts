import { describe, expect, it } from 'vitest';
import { MAX_GEOLIST_AREAS } from './geolist';
import {
  duplicateGeolistName,
  GEOLIST_LIST_SPEC,
  geolistPlaceIssues,
  ZGeolistAreasReplace,
  ZGeolistCreate,
  ZGeolistDuplicate,
  ZGeolistUpdate,
} from './geolist-form';
import { parseListQuery } from './list-query';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('ZGeolistCreate', () => {
  it('applies the defaults: radius 250 (GEOLIST_DEFAULT_RADIUS), precision standard, area radius 250', () => {
    expect(
      ZGeolistCreate.parse({ name: ' Stores ', areas: [{ latitude: 1, longitude: 2, name: ' ' }] }),
    ).toEqual({
      name: 'Stores',
      radius: 250,
      precision: 'standard',
      areas: [{ latitude: 1, longitude: 2, radius: 250 }],
    });
  });

  it('answers the file parser’s messages for areas, on their paths', () => {
    const result = ZGeolistCreate.safeParse({
      name: '',
      areas: [{ latitude: -90.5, longitude: 180.1, radius: 0 }, { latitude: 0 }],
    });
    expect(issuesOf(result)).toEqual([
      { path: 'name', message: 'This field is required' },
      { path: 'areas.0.latitude', message: 'The latitude must be a number between -90 and 90' },
      { path: 'areas.0.longitude', message: 'The longitude must be a number between -180 and 180' },
      { path: 'areas.0.radius', message: 'The radius must be a number greater than 0' },
      { path: 'areas.1.longitude', message: 'The longitude must be a number between -180 and 180' },
    ]);
  });

  it('accepts the bounds and refuses unknown fields, countries and precisions', () => {
    expect(ZGeolistCreate.safeParse({ name: 'x', areas: [{ latitude: -90, longitude: 180 }] }).success).toBe(
      true,
    );
    expect(issuesOf(ZGeolistCreate.safeParse({ name: 'x', extra: 1 }))[0]?.path).toBe('');
    expect(issuesOf(ZGeolistCreate.safeParse({ name: 'x', country: 'ES' }))).toEqual([
      { path: 'country', message: 'Invalid format' },
    ]);
    expect(issuesOf(ZGeolistCreate.safeParse({ name: 'x', precision: 'low' }))).toEqual([
      { path: 'precision', message: 'Invalid format' },
    ]);
    expect(issuesOf(ZGeolistCreate.safeParse({ name: 'x'.repeat(256) }))).toEqual([
      { path: 'name', message: 'The maximum length is 255' },
    ]);
  });

  it('caps the areas of one geolist', () => {
    const areas = Array.from({ length: MAX_GEOLIST_AREAS + 1 }, () => ({ latitude: 0, longitude: 0 }));
    expect(issuesOf(ZGeolistCreate.safeParse({ name: 'x', areas }))).toEqual([
      { path: 'areas', message: `The maximum length is ${MAX_GEOLIST_AREAS}` },
    ]);
  });
});

describe('geolistPlaceIssues', () => {
  it('keeps a region in the country and a city in the region or country', () => {
    expect(geolistPlaceIssues({ country: 'ESP', region: 'ES-MD', city: 'ES-MD-Madrid' })).toEqual([]);
    expect(geolistPlaceIssues({ country: 'FRA', region: 'ES-MD' })).toEqual([
      { path: ['region'], message: "Choose a place in the geolist's country" },
    ]);
    expect(geolistPlaceIssues({ region: 'ES-MD', city: 'ES-CT-Barcelona' })).toEqual([
      { path: ['city'], message: "Choose a city in the geolist's region" },
    ]);
    expect(geolistPlaceIssues({ country: 'FRA', city: 'ES-CT-Barcelona' })).toEqual([
      { path: ['city'], message: "Choose a place in the geolist's country" },
    ]);
  });
});

describe('updates and duplicates', () => {
  it('needs the version; null clears the place', () => {
    expect(issuesOf(ZGeolistUpdate.safeParse({ name: 'x' }))).toEqual([
      { path: 'version', message: 'This field is required' },
    ]);
    expect(ZGeolistUpdate.parse({ version: 2, country: null })).toEqual({ version: 2, country: null });
    expect(ZGeolistAreasReplace.parse({ version: 1 })).toEqual({ version: 1 });
    expect(ZGeolistDuplicate.parse({})).toEqual({});
    expect(duplicateGeolistName('Stores')).toBe('Stores (copy)');
    expect(duplicateGeolistName('x'.repeat(255))).toHaveLength(255);
  });
});

describe('GEOLIST_LIST_SPEC', () => {
  it('sorts newest first by default and filters on precision and state', () => {
    const result = parseListQuery(
      { 'precision[is]': 'high', 'state[is]': 'deleted', sort: 'areas_count' },
      GEOLIST_LIST_SPEC,
    );
    expect(result.ok).toBe(true);
    expect(parseListQuery({}, GEOLIST_LIST_SPEC)).toMatchObject({
      ok: true,
      query: { sort: { field: 'created_at', direction: 'desc' } },
    });
    expect(parseListQuery({ 'precision[is]': 'medium' }, GEOLIST_LIST_SPEC).ok).toBe(false);
  });
});
