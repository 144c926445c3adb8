/**
 * The circles the areas map draws and edits (geolists and location audiences, spec §3): a centre in degrees,
 * a radius in metres, an optional name. Pure helpers, unit-tested without a map.
 */
export type MapArea = {
  readonly latitude: number;
  readonly longitude: number;
  /** Metres. */
  readonly radius: number;
  readonly name: string | null;
};

export type MapBounds = {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
};

const METRES_PER_DEGREE_LATITUDE = 111_320;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The box holding every circle whole (null without areas): the map fits it. A circle's reach in longitude
 * grows towards the poles; latitudes stay within ±90.
 */
export const areasBounds = (areas: readonly MapArea[]): MapBounds | null => {
  if (areas.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const area of areas) {
    const latitudeReach = area.radius / METRES_PER_DEGREE_LATITUDE;
    const cosine = Math.max(Math.cos((area.latitude * Math.PI) / 180), 0.01);
    const longitudeReach = latitudeReach / cosine;
    south = Math.min(south, clamp(area.latitude - latitudeReach, -90, 90));
    north = Math.max(north, clamp(area.latitude + latitudeReach, -90, 90));
    west = Math.min(west, clamp(area.longitude - longitudeReach, -180, 180));
    east = Math.max(east, clamp(area.longitude + longitudeReach, -180, 180));
  }
  return { south, west, north, east };
};

/** Degrees rounded to 6 decimals (about 10 cm), as a click on the map gives far more. */
export const roundCoordinate = (value: number): number => Math.round(value * 1e6) / 1e6;

/** A longitude brought back into −180..180 (the map repeats the world sideways). */
export const wrapLongitude = (longitude: number): number => {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
};

/** The area placed at a point of the map, with its coordinates rounded and its longitude wrapped. */
export const areaAt = (latitude: number, longitude: number, radius: number): MapArea => ({
  latitude: roundCoordinate(clamp(latitude, -90, 90)),
  longitude: roundCoordinate(wrapLongitude(longitude)),
  radius,
  name: null,
});

export const replaceArea = (areas: readonly MapArea[], index: number, area: MapArea): MapArea[] =>
  areas.map((current, position) => (position === index ? area : current));

export const removeArea = (areas: readonly MapArea[], index: number): MapArea[] =>
  areas.filter((_, position) => position !== index);

/** How the side list and the map name an area: its name, else its position. */
export const areaLabel = (area: MapArea, index: number): string => area.name ?? `Area ${index + 1}`;
