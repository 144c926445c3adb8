/**
 * Location audiences of spec §3 (decision 017): the enumerations and limits of their forms. The
 * precision (standard or high) and the states (active, deleted) are the audiences' own (dictionary/audiences),
 * shared with geolists; the minimum of users is §9's LOCATION_AUDIENCE_MIN_USERS (dictionary/constants).
 */
import { AUDIENCE_STATES, LOCATION_PRECISIONS } from './audiences';

export const LOCATION_AUDIENCE_STATES = AUDIENCE_STATES;
export type LocationAudienceState = (typeof LOCATION_AUDIENCE_STATES)[number];
export const LOCATION_AUDIENCE_PRECISIONS = LOCATION_PRECISIONS;
export type LocationAudiencePrecision = (typeof LOCATION_AUDIENCE_PRECISIONS)[number];
export const LOCATION_AUDIENCE_DEFAULT_PRECISION: LocationAudiencePrecision = 'standard';

/** A location audience holds at least one area and at most this many (a form, not a bulk upload). */
export const MAX_LOCATION_AUDIENCE_AREAS = 10_000;
/** The most users a location audience may ask for: a whole number the database holds as `integer`. */
export const LOCATION_AUDIENCE_MAX_USERS = 2_000_000_000;
export const LOCATION_AUDIENCE_NAME_MAX_LENGTH = 255;
export const LOCATION_AUDIENCE_AREA_NAME_MAX_LENGTH = 255;
/** The time zone a new location audience counts its days and hours in unless told otherwise. */
export const LOCATION_AUDIENCE_DEFAULT_TIMEZONE = 'UTC';
/** The whole day, the default time range (24:00 ends a range, as in strategy schedules). */
export const LOCATION_AUDIENCE_WHOLE_DAY = { from: '00:00', to: '24:00' } as const;
