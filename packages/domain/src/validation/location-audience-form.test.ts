import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GEOLIST_DEFAULT_RADIUS, LOCATION_AUDIENCE_MIN_USERS } from '../dictionary/constants';
import { MAX_LOCATION_AUDIENCE_AREAS } from '../dictionary/location-audiences';
import { parseListQuery } from './list-query';
import {
  duplicateLocationAudienceName,
  knownTimeZone,
  LOCATION_AUDIENCE_LIST_SPEC,
  ZLocationAudienceCreate,
  ZLocationAudienceDuplicate,
  ZLocationAudienceUpdate,
} from './location-audience-form';
import {
  END_BEFORE_START_MESSAGE,
  GEOLIST_NAME_MESSAGE,
  GEOLIST_RADIUS_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE,
  LOCATION_AUDIENCE_TIMEZONE_MESSAGE,
  maxLengthMessage,
  REQUIRED_MESSAGE,
  SCHEDULE_RANGE_ORDER_MESSAGE,
} from './messages';

const issuesOf = (schema: z.ZodType, value: unknown): string[] =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const VALID = {
  name: 'Airport arrivals',
  areas: [{ latitude: 40.4719, longitude: -3.5626, radius: 900, name: 'Barajas T4' }],
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  max_users: 10_000,
};

describe('ZLocationAudienceCreate', () => {
  it('accepts the required fields and fills time range, zone, precision and radius', () => {
    const parsed = ZLocationAudienceCreate.parse({
      ...VALID,
      areas: [{ latitude: 0, longitude: 0 }],
    });
    expect(parsed).toEqual({
      ...VALID,
      areas: [{ latitude: 0, longitude: 0, radius: GEOLIST_DEFAULT_RADIUS, name: null }],
      time_range: { from: '00:00', to: '24:00' },
      timezone: 'UTC',
      precision: 'standard',
    });
  });

  it('answers "required" for every missing field', () => {
    expect(issuesOf(ZLocationAudienceCreate, {}).sort()).toEqual(
      [
        `name: ${REQUIRED_MESSAGE}`,
        `areas: ${REQUIRED_MESSAGE}`,
        `start_date: ${REQUIRED_MESSAGE}`,
        `end_date: ${REQUIRED_MESSAGE}`,
        `max_users: ${REQUIRED_MESSAGE}`,
      ].sort(),
    );
  });

  it('needs at least the §9 minimum of users, a whole number', () => {
    expect(
      issuesOf(ZLocationAudienceCreate, { ...VALID, max_users: LOCATION_AUDIENCE_MIN_USERS - 1 }),
    ).toEqual(['max_users: The minimum value is 10000']);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, max_users: 10_000.5 })).toEqual([
      `max_users: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, max_users: '20000' })).toEqual([
      `max_users: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, max_users: LOCATION_AUDIENCE_MIN_USERS })).toEqual(
      [],
    );
  });

  it('checks each area with the geolist words', () => {
    const areas = [
      { latitude: 90.01, longitude: 0 },
      { latitude: -90, longitude: -180.5 },
      { latitude: 0, longitude: 180, radius: 0 },
      { latitude: 0, longitude: 0, radius: -5 },
      { latitude: '1', longitude: 0 },
      { latitude: 0, longitude: 0, name: 7 },
      { latitude: 0, longitude: 0, extra: true },
    ];
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, areas })).toEqual([
      'areas.0.latitude: The latitude must be a number between -90 and 90',
      'areas.1.longitude: The longitude must be a number between -180 and 180',
      `areas.2.radius: ${GEOLIST_RADIUS_MESSAGE}`,
      `areas.3.radius: ${GEOLIST_RADIUS_MESSAGE}`,
      'areas.4.latitude: The latitude must be a number between -90 and 90',
      `areas.5.name: ${GEOLIST_NAME_MESSAGE}`,
      `areas.6: ${INVALID_FORMAT_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZLocationAudienceCreate, {
        ...VALID,
        areas: [{ latitude: 0, longitude: 0, name: 'x'.repeat(256) }],
      }),
    ).toEqual([`areas.0.name: ${maxLengthMessage(255)}`]);
  });

  it('needs at least one area and at most 10,000', () => {
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, areas: [] })).toEqual([
      `areas: ${LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE}`,
    ]);
    const area = { latitude: 1, longitude: 1 };
    const many = Array.from({ length: MAX_LOCATION_AUDIENCE_AREAS + 1 }, () => area);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, areas: many })).toEqual([
      'areas: A location audience can have at most 10000 areas',
    ]);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, areas: many.slice(1) })).toEqual([]);
  });

  it('keeps the end date on or after the start date', () => {
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, end_date: '2026-11-30' })).toEqual([
      `end_date: ${END_BEFORE_START_MESSAGE}`,
    ]);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, end_date: VALID.start_date })).toEqual([]);
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, start_date: '2026-02-30' })).toEqual([
      `start_date: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('takes a time range within a day, from before to', () => {
    const withRange = (from: string, to: string) =>
      issuesOf(ZLocationAudienceCreate, { ...VALID, time_range: { from, to } });
    expect(withRange('08:30', '24:00')).toEqual([]);
    expect(withRange('10:00', '09:00')).toEqual([`time_range.to: ${SCHEDULE_RANGE_ORDER_MESSAGE}`]);
    expect(withRange('10:00', '10:00')).toEqual([`time_range.to: ${SCHEDULE_RANGE_ORDER_MESSAGE}`]);
    expect(withRange('24:00', '24:00')).toEqual([`time_range.to: ${SCHEDULE_RANGE_ORDER_MESSAGE}`]);
    expect(withRange('8:30', '25:00')).toEqual([
      `time_range.from: ${INVALID_FORMAT_MESSAGE}`,
      `time_range.to: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('takes an IANA time zone the platform knows, in its canonical spelling', () => {
    expect(ZLocationAudienceCreate.parse({ ...VALID, timezone: 'europe/madrid' }).timezone).toBe(
      'Europe/Madrid',
    );
    expect(
      ZLocationAudienceCreate.parse({ ...VALID, timezone: 'America/Argentina/Buenos_Aires' }).timezone,
    ).toBe('America/Argentina/Buenos_Aires');
    for (const timezone of ['Mars/Olympus_Mons', '+01:00', 'Europe/', 'GMT+1 ', 'Europe/Madrid; DROP']) {
      expect(issuesOf(ZLocationAudienceCreate, { ...VALID, timezone }), timezone).toEqual([
        `timezone: ${LOCATION_AUDIENCE_TIMEZONE_MESSAGE}`,
      ]);
    }
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, timezone: ' ' })).toEqual([
      `timezone: ${REQUIRED_MESSAGE}`,
    ]);
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('utc')).toBe('UTC');
    expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('takes precision standard or high only', () => {
    expect(ZLocationAudienceCreate.parse({ ...VALID, precision: 'high' }).precision).toBe('high');
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, precision: 'exact' })).toEqual([
      `precision: ${INVALID_FORMAT_MESSAGE}`,
    ]);
  });

  it('refuses unknown fields and a state', () => {
    expect(issuesOf(ZLocationAudienceCreate, { ...VALID, state: 'deleted' })).toEqual([
      ': Unrecognized key: "state"',
    ]);
  });
});

describe('ZLocationAudienceUpdate and ZLocationAudienceDuplicate', () => {
  it('needs the version and checks only what is sent', () => {
    expect(issuesOf(ZLocationAudienceUpdate, { name: 'New' })).toEqual([`version: ${REQUIRED_MESSAGE}`]);
    expect(ZLocationAudienceUpdate.parse({ version: 3, max_users: 50_000 })).toEqual({
      version: 3,
      max_users: 50_000,
    });
    expect(issuesOf(ZLocationAudienceUpdate, { version: 3, areas: [] })).toEqual([
      `areas: ${LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE}`,
    ]);
    expect(
      issuesOf(ZLocationAudienceUpdate, { version: 3, start_date: '2026-05-02', end_date: '2026-05-01' }),
    ).toEqual([`end_date: ${END_BEFORE_START_MESSAGE}`]);
  });

  it('names a copy "<name> (copy)" within the length limit', () => {
    expect(duplicateLocationAudienceName('Airport')).toBe('Airport (copy)');
    expect(duplicateLocationAudienceName('x'.repeat(255))).toHaveLength(255);
    expect(issuesOf(ZLocationAudienceDuplicate, { name: '' })).toEqual([`name: ${REQUIRED_MESSAGE}`]);
  });
});

describe('LOCATION_AUDIENCE_LIST_SPEC', () => {
  it('parses the list conventions of GET /location-audiences', () => {
    const result = parseListQuery(
      { 'precision[is]': 'high', 'max_users[gt]': '20000', sort: '-end_date' },
      LOCATION_AUDIENCE_LIST_SPEC,
    );
    expect(result.ok).toBe(true);
    expect(parseListQuery({ 'precision[is]': 'exact' }, LOCATION_AUDIENCE_LIST_SPEC).ok).toBe(false);
    expect(parseListQuery({ 'areas[is]': '1' }, LOCATION_AUDIENCE_LIST_SPEC).ok).toBe(false);
  });
});
