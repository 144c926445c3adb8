/**
 * Geolists (spec §3, §5, §8; decision 015): what `POST /geolist`, `PUT /geolist/{id}` and
 * `POST /geolist/{id}/duplicate` take, and the list conventions of `GET /geolists`. Areas sent as JSON follow
 * the rules and messages of the file parser (validation/geolist.ts), so a form, a JSON body and an uploaded
 * file answer the same words.
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import { AUDIENCE_STATES, LOCATION_PRECISIONS } from '../dictionary/audiences';
import { GEOLIST_DEFAULT_RADIUS } from '../dictionary/constants';
import { CITY_ID_PATTERN, placeCountry, REGION_ID_PATTERN, textRule, ZKnownCountry } from './fields';
import { requiredOrInvalid, ZRowId, ZVersion } from './generic';
import { MAX_GEOLIST_AREAS, MAX_LATITUDE, MAX_LONGITUDE, type TGeolistArea } from './geolist';
import type { ListSpec } from './list-query';
import {
  GEOLIST_CITY_REGION_MESSAGE,
  GEOLIST_NAME_MESSAGE,
  GEOLIST_RADIUS_MESSAGE,
  GEOLIST_REGION_COUNTRY_MESSAGE,
  geolistCoordinateMessage,
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
} from './messages';

export const GEOLIST_NAME_MAX_LENGTH = 255;
export const GEOLIST_AREA_NAME_MAX_LENGTH = 255;
/** Geolists share the audiences' states: active, deleted. */
export const GEOLIST_STATES = AUDIENCE_STATES;
export type GeolistState = (typeof GEOLIST_STATES)[number];

export const ZGeolistName = textRule((value) =>
  value.length > GEOLIST_NAME_MAX_LENGTH ? maxLengthMessage(GEOLIST_NAME_MAX_LENGTH) : undefined,
);

const coordinate = (axis: 'latitude' | 'longitude', limit: number) =>
  z
    .number({ error: geolistCoordinateMessage(axis, limit) })
    .min(-limit, { error: geolistCoordinateMessage(axis, limit) })
    .max(limit, { error: geolistCoordinateMessage(axis, limit) });

/** Metres, greater than 0. */
export const ZGeolistRadius = z
  .number({ error: GEOLIST_RADIUS_MESSAGE })
  .gt(0, { error: GEOLIST_RADIUS_MESSAGE })
  .refine(Number.isFinite, { error: GEOLIST_RADIUS_MESSAGE });

/** One area as JSON: the columns of a geolist file; radius GEOLIST_DEFAULT_RADIUS when left out. */
export const ZGeolistArea = z.strictObject({
  latitude: coordinate('latitude', MAX_LATITUDE),
  longitude: coordinate('longitude', MAX_LONGITUDE),
  radius: ZGeolistRadius.optional().default(GEOLIST_DEFAULT_RADIUS),
  name: z
    .string({ error: GEOLIST_NAME_MESSAGE })
    .trim()
    .max(GEOLIST_AREA_NAME_MAX_LENGTH, { error: maxLengthMessage(GEOLIST_AREA_NAME_MAX_LENGTH) })
    .optional(),
});

export const ZGeolistAreas = z
  .array(ZGeolistArea, { error: requiredOrInvalid })
  .max(MAX_GEOLIST_AREAS, { error: maxLengthMessage(MAX_GEOLIST_AREAS) })
  .transform((areas): TGeolistArea[] =>
    areas.map(({ name, ...rest }) => (name === undefined || name === '' ? rest : { ...rest, name })),
  );

const placeId = (pattern: RegExp) =>
  textRule((value) => (value.length <= 120 && pattern.test(value) ? undefined : INVALID_FORMAT_MESSAGE));

export const ZGeolistRegion = placeId(REGION_ID_PATTERN);
export const ZGeolistCity = placeId(CITY_ID_PATTERN);
export const ZGeolistPrecision = z.enum(LOCATION_PRECISIONS, { error: requiredOrInvalid });

/** Fields of a geolist other than its areas and organization. */
const geolistFields = {
  name: ZGeolistName,
  country: ZKnownCountry.nullable().optional(),
  region: ZGeolistRegion.nullable().optional(),
  city: ZGeolistCity.nullable().optional(),
  radius: ZGeolistRadius.optional(),
  precision: ZGeolistPrecision.optional(),
};

type TPlace = { country?: string | null; region?: string | null; city?: string | null };

/**
 * The place of a geolist narrows from country to region to city: a region lies in the country (when one is
 * set) and a city in the region (or the country). Issues on `region` and `city`.
 */
export const geolistPlaceIssues = (place: TPlace): { path: string[]; message: string }[] => {
  const issues: { path: string[]; message: string }[] = [];
  const { country, region, city } = place;
  if (region && country && placeCountry(region) !== country) {
    issues.push({ path: ['region'], message: GEOLIST_REGION_COUNTRY_MESSAGE });
  }
  if (city) {
    if (region && !city.startsWith(`${region}-`)) {
      issues.push({ path: ['city'], message: GEOLIST_CITY_REGION_MESSAGE });
    } else if (!region && country && placeCountry(city) !== country) {
      issues.push({ path: ['city'], message: GEOLIST_REGION_COUNTRY_MESSAGE });
    }
  }
  return issues;
};

const withPlaceRules = <T extends TPlace>(value: T, ctx: z.RefinementCtx): void => {
  for (const issue of geolistPlaceIssues(value)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }
};

/** `POST /geolist` as JSON (or the `data` field of a multipart upload, whose `file` then gives the areas). */
export const ZGeolistCreate = z
  .strictObject({
    organization: ZRowId.optional(),
    ...geolistFields,
    radius: ZGeolistRadius.optional().default(GEOLIST_DEFAULT_RADIUS),
    precision: ZGeolistPrecision.optional().default('standard'),
    areas: ZGeolistAreas.optional(),
  })
  .superRefine(withPlaceRules);
export type TGeolistCreate = z.output<typeof ZGeolistCreate>;

/** `PUT /geolist/{id}`: any field (null clears country, region or city), areas replace all, at `version`. */
export const ZGeolistUpdate = z
  .strictObject({
    version: ZVersion,
    ...geolistFields,
    name: ZGeolistName.optional(),
    areas: ZGeolistAreas.optional(),
  })
  .superRefine(withPlaceRules);
export type TGeolistUpdate = z.output<typeof ZGeolistUpdate>;

/** `PUT /geolist/{id}/areas`: the version read; the areas come from the uploaded file (or `areas`). */
export const ZGeolistAreasReplace = z.strictObject({
  version: ZVersion,
  areas: ZGeolistAreas.optional(),
});
export type TGeolistAreasReplace = z.output<typeof ZGeolistAreasReplace>;

/** `POST /geolist/{id}/duplicate`: the copy's name (default "<name> (copy)"). */
export const ZGeolistDuplicate = z.strictObject({ name: ZGeolistName.optional() });
export type TGeolistDuplicate = z.output<typeof ZGeolistDuplicate>;

export const duplicateGeolistName = (name: string): string => copyName(name, GEOLIST_NAME_MAX_LENGTH);

/** `GET /geolists`: deleted geolists only when filtering on `state`; newest first. */
export const GEOLIST_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    organization: { type: 'number' },
    organization_name: { type: 'text' },
    country: { type: 'text' },
    region: { type: 'text' },
    city: { type: 'text' },
    radius: { type: 'number' },
    precision: { type: 'enum', values: LOCATION_PRECISIONS },
    areas_count: { type: 'number' },
    state: { type: 'enum', values: GEOLIST_STATES },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type GeolistListField = keyof typeof GEOLIST_LIST_SPEC.fields;
