/**
 * The street map under the areas maps: the raster tiles the server is configured with (BEACON_MAP_TILES,
 * OpenStreetMap by default), read from the settings the console loads with the dictionary. The bundled country
 * outlines (base-map.ts) stay under them, and are what remains when the tiles are off or do not load.
 */
export type MapTiles = { readonly url: string; readonly attribution: string };

/** The tiles of `settings.mapTiles` (GET /dictionary); null when off, unknown or malformed. */
export const mapTilesOf = (dictionary: object | undefined): MapTiles | null => {
  const settings = dictionary && 'settings' in dictionary ? dictionary.settings : undefined;
  if (typeof settings !== 'object' || settings === null || !('mapTiles' in settings)) return null;
  const tiles = settings.mapTiles;
  if (typeof tiles !== 'object' || tiles === null || !('url' in tiles) || typeof tiles.url !== 'string') {
    return null;
  }
  const attribution =
    'attribution' in tiles && typeof tiles.attribution === 'string' ? tiles.attribution : '';
  return /^https?:\/\//i.test(tiles.url) ? { url: tiles.url, attribution } : null;
};

/** Leaflet shows an attribution as HTML: the configured text is shown as text. */
export const attributionHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/**
 * Tile failures before the first tile loads after which the street map is given up (offline, blocked, a wrong
 * template): the outlines stay, and the map stops asking for tiles that will not come.
 */
export const MAX_TILE_FAILURES = 6;

/** Zoom of a place chosen in the search: a city with its streets. */
export const PLACE_ZOOM = 12;
