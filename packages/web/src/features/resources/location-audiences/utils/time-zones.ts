import { LOCATION_AUDIENCE_DEFAULT_TIMEZONE } from '@beacon/domain/dictionary/location-audiences';

/** The IANA time zones the browser knows (the server accepts those its own Intl knows), UTC first. */
export const TIME_ZONES: readonly string[] = [
  LOCATION_AUDIENCE_DEFAULT_TIMEZONE,
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== LOCATION_AUDIENCE_DEFAULT_TIMEZONE),
];
