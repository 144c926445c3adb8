/**
 * Location audiences (spec §3, §9; decision 017): what `POST /location-audience`,
 * `PUT /location-audience/{id}` and `POST /location-audience/{id}/duplicate` take, and the list conventions of
 * `GET /location-audiences`. Areas are circles with the geolists' rules and words (latitude −90..90, longitude
 * −180..180, radius in metres > 0, GEOLIST_DEFAULT_RADIUS when left out); the minimum of users is §9's, with the
 * generic "The minimum value is 10000"; the time range is the strategies' (HH:mm, from before to, 24:00 ends the
 * day) and the time zone an IANA name the platform's Intl knows.
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import { GEOLIST_DEFAULT_RADIUS, LOCATION_AUDIENCE_MIN_USERS } from '../dictionary/constants';
import {
  LOCATION_AUDIENCE_AREA_NAME_MAX_LENGTH,
  LOCATION_AUDIENCE_DEFAULT_PRECISION,
  LOCATION_AUDIENCE_DEFAULT_TIMEZONE,
  LOCATION_AUDIENCE_MAX_USERS,
  LOCATION_AUDIENCE_NAME_MAX_LENGTH,
  LOCATION_AUDIENCE_PRECISIONS,
  LOCATION_AUDIENCE_STATES,
  LOCATION_AUDIENCE_WHOLE_DAY,
  MAX_LOCATION_AUDIENCE_AREAS,
} from '../dictionary/location-audiences';
import { textRule, ZDay, ZTimeRange } from './fields';
import { requiredOrInvalid, ZRowId, ZVersion } from './generic';
import { MAX_LATITUDE, MAX_LONGITUDE } from './geolist';
import type { ListSpec } from './list-query';
import {
  END_BEFORE_START_MESSAGE,
  GEOLIST_NAME_MESSAGE,
  GEOLIST_RADIUS_MESSAGE,
  geolistCoordinateMessage,
  INVALID_FORMAT_MESSAGE,
  LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE,
  LOCATION_AUDIENCE_TIMEZONE_MESSAGE,
  locationAudienceMaxAreasMessage,
  maxLengthMessage,
  maxValueMessage,
  minValueMessage,
} from './messages';

export const ZLocationAudienceName = textRule((value) =>
  value.length > LOCATION_AUDIENCE_NAME_MAX_LENGTH
    ? maxLengthMessage(LOCATION_AUDIENCE_NAME_MAX_LENGTH)
    : undefined,
);

const coordinate = (axis: 'latitude' | 'longitude', limit: number) =>
  z
    .number({ error: geolistCoordinateMessage(axis, limit) })
    .min(-limit, { error: geolistCoordinateMessage(axis, limit) })
    .max(limit, { error: geolistCoordinateMessage(axis, limit) });

/** One circle: centre and radius in metres (GEOLIST_DEFAULT_RADIUS when left out), an optional name. */
export const ZLocationAudienceArea = z
  .strictObject(
    {
      latitude: coordinate('latitude', MAX_LATITUDE),
      longitude: coordinate('longitude', MAX_LONGITUDE),
      radius: z
        .number({ error: GEOLIST_RADIUS_MESSAGE })
        .gt(0, { error: GEOLIST_RADIUS_MESSAGE })
        .optional()
        .default(GEOLIST_DEFAULT_RADIUS),
      name: z
        .string({ error: GEOLIST_NAME_MESSAGE })
        .trim()
        .max(LOCATION_AUDIENCE_AREA_NAME_MAX_LENGTH, {
          error: maxLengthMessage(LOCATION_AUDIENCE_AREA_NAME_MAX_LENGTH),
        })
        .nullable()
        .optional(),
    },
    { error: requiredOrInvalid },
  )
  .transform(({ name, ...area }) => ({ ...area, name: name ? name : null }));
export type TLocationAudienceArea = z.output<typeof ZLocationAudienceArea>;

/** At least one area, at most MAX_LOCATION_AUDIENCE_AREAS. */
export const ZLocationAudienceAreas = z
  .array(ZLocationAudienceArea, { error: requiredOrInvalid })
  .min(1, { error: LOCATION_AUDIENCE_AREAS_REQUIRED_MESSAGE })
  .max(MAX_LOCATION_AUDIENCE_AREAS, { error: locationAudienceMaxAreasMessage(MAX_LOCATION_AUDIENCE_AREAS) });

/** §9: at least LOCATION_AUDIENCE_MIN_USERS users, a whole number. */
export const ZLocationAudienceMaxUsers = z
  .number({ error: requiredOrInvalid })
  .int({ error: INVALID_FORMAT_MESSAGE })
  .min(LOCATION_AUDIENCE_MIN_USERS, { error: minValueMessage(LOCATION_AUDIENCE_MIN_USERS) })
  .max(LOCATION_AUDIENCE_MAX_USERS, { error: maxValueMessage(LOCATION_AUDIENCE_MAX_USERS) });

/** An IANA zone name in its spelling (`Europe/Madrid`, `America/Argentina/Buenos_Aires`, `UTC`). */
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,3}$/;

/**
 * The name of an IANA time zone the platform's Intl knows, or undefined. Intl reads names in any case; a name
 * it resolves to itself comes back in Intl's spelling (`europe/madrid` → `Europe/Madrid`), any other valid
 * name (a link such as `America/Argentina/Buenos_Aires`, which ICU resolves to its older
 * `America/Buenos_Aires`) as it was written.
 */
export const knownTimeZone = (name: string): string | undefined => {
  if (!TIME_ZONE_NAME.test(name)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return undefined;
  }
};

/** A time zone Intl knows (LOCATION_AUDIENCE_TIMEZONE_MESSAGE otherwise), spelled as knownTimeZone says. */
export const ZLocationAudienceTimezone = textRule((value) =>
  knownTimeZone(value) === undefined ? LOCATION_AUDIENCE_TIMEZONE_MESSAGE : undefined,
).transform((value) => knownTimeZone(value) ?? value);

export const ZLocationAudiencePrecision = z.enum(LOCATION_AUDIENCE_PRECISIONS, { error: requiredOrInvalid });

type TDates = { readonly start_date?: string | undefined; readonly end_date?: string | undefined };

/** The end date may not come before the start date (both inclusive days); the issue is on `end_date`. */
export const locationAudienceDateIssues = (dates: TDates): { path: string[]; message: string }[] =>
  dates.start_date && dates.end_date && dates.end_date < dates.start_date
    ? [{ path: ['end_date'], message: END_BEFORE_START_MESSAGE }]
    : [];

const withDateRule = (value: TDates, ctx: z.RefinementCtx): void => {
  for (const issue of locationAudienceDateIssues(value)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }
};

const FIELDS = {
  name: ZLocationAudienceName,
  areas: ZLocationAudienceAreas,
  start_date: ZDay,
  end_date: ZDay,
  max_users: ZLocationAudienceMaxUsers,
  time_range: ZTimeRange,
  timezone: ZLocationAudienceTimezone,
  precision: ZLocationAudiencePrecision,
};

/** `POST /location-audience`: the organization defaults to the caller's; time range, zone and precision too. */
export const ZLocationAudienceCreate = z
  .strictObject({
    organization: ZRowId.optional(),
    ...FIELDS,
    time_range: FIELDS.time_range.optional().default({ ...LOCATION_AUDIENCE_WHOLE_DAY }),
    timezone: FIELDS.timezone.optional().default(LOCATION_AUDIENCE_DEFAULT_TIMEZONE),
    precision: FIELDS.precision.optional().default(LOCATION_AUDIENCE_DEFAULT_PRECISION),
  })
  .superRefine(withDateRule);
export type TLocationAudienceCreate = z.output<typeof ZLocationAudienceCreate>;

/**
 * `PUT /location-audience/{id}`: any field at the version read; `areas` replaces them all. The date order is
 * checked here when both dates come, and by the service against the stored one when only one does.
 */
export const ZLocationAudienceUpdate = z
  .strictObject({
    version: ZVersion,
    name: FIELDS.name.optional(),
    areas: FIELDS.areas.optional(),
    start_date: FIELDS.start_date.optional(),
    end_date: FIELDS.end_date.optional(),
    max_users: FIELDS.max_users.optional(),
    time_range: FIELDS.time_range.optional(),
    timezone: FIELDS.timezone.optional(),
    precision: FIELDS.precision.optional(),
  })
  .superRefine(withDateRule);
export type TLocationAudienceUpdate = z.output<typeof ZLocationAudienceUpdate>;

/** `POST /location-audience/{id}/duplicate`: the copy's name (default "<name> (copy)"). */
export const ZLocationAudienceDuplicate = z.strictObject({ name: ZLocationAudienceName.optional() });
export type TLocationAudienceDuplicate = z.output<typeof ZLocationAudienceDuplicate>;

export const duplicateLocationAudienceName = (name: string): string =>
  copyName(name, LOCATION_AUDIENCE_NAME_MAX_LENGTH);

/** `GET /location-audiences`: deleted ones only when filtering on `state`; newest first. */
export const LOCATION_AUDIENCE_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    organization: { type: 'number' },
    organization_name: { type: 'text' },
    start_date: { type: 'date' },
    end_date: { type: 'date' },
    max_users: { type: 'number' },
    timezone: { type: 'text' },
    precision: { type: 'enum', values: LOCATION_AUDIENCE_PRECISIONS },
    areas_count: { type: 'number' },
    state: { type: 'enum', values: LOCATION_AUDIENCE_STATES },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type LocationAudienceListField = keyof typeof LOCATION_AUDIENCE_LIST_SPEC.fields;
