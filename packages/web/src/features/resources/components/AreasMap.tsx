/**
 * Areas drawn as circles of their real radius on a world map (Leaflet), fitted to the areas. Under them, the
 * street map of the configured tile source (BEACON_MAP_TILES, OpenStreetMap by default; map-tiles.ts) over the
 * bundled Natural Earth country outlines, which are the whole base map when the tiles are off and what stays
 * when they do not load (offline). "Find a place" above the map searches the bundled cities and flies there at
 * city zoom. With `onChange` it is editable: a click on the map adds a circle of the default radius, dragging a
 * circle moves it; names, coordinates, radii and deletion are in the side list (AreasEditor), which is also
 * the keyboard's way to edit.
 */
import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useDictionary } from '../../../app/session/use-dictionary';
import { worldCountries } from './base-map';
import { areaAt, areaLabel, areasBounds, type MapArea, replaceArea } from './map-areas';
import { attributionHtml, MAX_TILE_FAILURES, mapTilesOf, PLACE_ZOOM } from './map-tiles';
import { type Place, PlaceSearch } from './PlaceSearch';

export type AreasMapProps = {
  readonly areas: readonly MapArea[];
  /** Editable when given: every change hands the whole new list. */
  readonly onChange?: (areas: MapArea[]) => void;
  /** Radius in metres of a circle added by a click. */
  readonly defaultRadius: number;
  /** The highlighted area (its position in the list), e.g. the one chosen in the side list. */
  readonly selected?: number | null;
  readonly onSelect?: (index: number) => void;
  /** Changes when the map must fit the areas again (a new file, another resource). */
  readonly fitKey?: string | number;
  /** The accessible name of the map. */
  readonly label: string;
  readonly height?: number | string;
};

/** The whole world, when there is nothing to fit. */
const WORLD_VIEW: L.LatLngBoundsExpression = [
  [-60, -170],
  [75, 175],
];
const BASE_MAP_PANE = 'base-map';
const FIT_PADDING: L.PointExpression = [24, 24];
const MAX_FIT_ZOOM = 15;
/** Up to this many circles are SVG shapes of their own (one element each); more share one canvas. */
const MAX_SVG_CIRCLES = 2000;
/** The deepest zoom the street tiles have (OpenStreetMap's). */
const MAX_TILE_ZOOM = 19;

/** Read by screen readers only. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The view on the container, for tests and tools: `data-zoom` and `data-center` ("lat,lng"). */
const recordView = (container: HTMLElement, map: L.Map): void => {
  const centre = map.getCenter();
  container.dataset.zoom = String(Math.round(map.getZoom() * 100) / 100);
  container.dataset.center = `${centre.lat.toFixed(4)},${centre.lng.toFixed(4)}`;
};

export const AreasMap = ({
  areas,
  onChange,
  defaultRadius,
  selected = null,
  onSelect,
  fitKey,
  label,
  height = 480,
}: AreasMapProps) => {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const circlesRef = useRef<L.LayerGroup | null>(null);
  /** The place chosen in the search, marked where the map flew to. */
  const placeRef = useRef<L.LayerGroup | null>(null);
  const renderersRef = useRef<{ readonly svg: L.Renderer; readonly canvas: L.Renderer } | null>(null);
  const [baseMapError, setBaseMapError] = useState<string | null>(null);
  const tiles = mapTilesOf(useDictionary());
  const tilesUrl = tiles?.url ?? null;
  const tilesAttribution = tiles?.attribution ?? '';
  const [tilesFailed, setTilesFailed] = useState(false);
  const [shownPlace, setShownPlace] = useState<string | null>(null);
  // The latest props for the map's own event handlers, which are bound once.
  const latest = useRef({ areas, onChange, onSelect, defaultRadius });
  latest.current = { areas, onChange, onSelect, defaultRadius };
  const isEditable = onChange !== undefined;

  // The map and its base layer, once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      attributionControl: false,
      worldCopyJump: true,
      minZoom: 1,
      maxZoom: MAX_TILE_ZOOM,
      zoomSnap: 0.25,
    });
    map.on('zoomend moveend', () => recordView(container, map));
    map.fitBounds(WORLD_VIEW);
    recordView(container, map);
    // The countries get a pane of their own under the street tiles' (tilePane, z-index 200) and so under the
    // circles' (overlayPane, 400): where tiles load they cover the outlines, where they do not the outlines
    // show. Each pane has its own renderer, and a base map drawn later in the circles' pane would cover them.
    map.createPane(BASE_MAP_PANE).style.zIndex = '150';
    mapRef.current = map;
    renderersRef.current = { svg: L.svg(), canvas: L.canvas() };
    circlesRef.current = L.layerGroup().addTo(map);
    placeRef.current = L.layerGroup().addTo(map);
    let isActive = true;
    worldCountries()
      .then((countries) => {
        if (!isActive) return;
        L.geoJSON(countries, {
          pane: BASE_MAP_PANE,
          interactive: false,
          style: {
            color: theme.palette.grey[500],
            weight: 0.6,
            fillColor: theme.palette.grey[100],
            fillOpacity: 1,
          },
        }).addTo(map);
      })
      .catch((error: unknown) => {
        if (isActive) setBaseMapError(error instanceof Error ? error.message : 'The base map did not load');
      });
    map.on('click', (event: L.LeafletMouseEvent) => {
      const { areas: current, onChange: change, defaultRadius: radius } = latest.current;
      if (!change) return;
      change([...current, areaAt(event.latlng.lat, event.latlng.lng, radius)]);
    });
    return () => {
      isActive = false;
      map.remove();
      mapRef.current = null;
      circlesRef.current = null;
      placeRef.current = null;
      renderersRef.current = null;
    };
  }, [theme]);

  // The street tiles over the outlines, when the server has a tile source. After MAX_TILE_FAILURES failures
  // without a single tile (offline, blocked) they are given up: the outlines stay and no more are asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made again when the theme changes.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tilesUrl) return;
    setTilesFailed(false);
    const attribution = L.control.attribution({ prefix: false }).addTo(map);
    const layer = L.tileLayer(tilesUrl, {
      maxZoom: MAX_TILE_ZOOM,
      attribution: attributionHtml(tilesAttribution),
    });
    let failures = 0;
    let hasLoaded = false;
    layer.on('tileload', () => {
      hasLoaded = true;
    });
    let giveUp: number | undefined;
    layer.on('tileerror', () => {
      failures += 1;
      if (hasLoaded || failures < MAX_TILE_FAILURES || giveUp !== undefined) return;
      // Not inside Leaflet's own tile handling: a layer removed there is still used by it.
      // (Its own `remove` event unhooks it from the map: its listeners are left alone.)
      giveUp = window.setTimeout(() => {
        map.removeLayer(layer);
        attribution.remove();
        setTilesFailed(true);
      });
    });
    layer.addTo(map);
    return () => {
      window.clearTimeout(giveUp);
      map.removeLayer(layer);
      attribution.remove();
    };
  }, [tilesUrl, tilesAttribution, theme]);

  const showPlace = (place: Place) => {
    const map = mapRef.current;
    if (!map) return;
    const centre = L.latLng(place.latitude, place.longitude);
    if (prefersReducedMotion()) map.setView(centre, PLACE_ZOOM, { animate: false });
    else map.flyTo(centre, PLACE_ZOOM, { duration: 1 });
    // A dot and the name, not clickable: a click there still adds an area.
    placeRef.current?.clearLayers();
    placeRef.current?.addLayer(
      L.circleMarker(centre, {
        radius: 5,
        interactive: false,
        color: theme.palette.text.primary,
        weight: 2,
        fillColor: theme.palette.background.paper,
        fillOpacity: 1,
      }).bindTooltip(place.name, { permanent: true, direction: 'top', offset: [0, -6] }),
    );
    setShownPlace(place.name);
  };

  // The circles, drawn again when the areas change.
  useEffect(() => {
    const map = mapRef.current;
    const group = circlesRef.current;
    const renderers = renderersRef.current;
    if (!map || !group || !renderers) return;
    group.clearLayers();
    const renderer = areas.length > MAX_SVG_CIRCLES ? renderers.canvas : renderers.svg;
    areas.forEach((area, index) => {
      const isSelected = index === selected;
      const circle = L.circle([area.latitude, area.longitude], {
        radius: area.radius,
        renderer,
        color: isSelected ? theme.palette.secondary.main : theme.palette.primary.main,
        weight: isSelected ? 3 : 2,
        fillOpacity: 0.25,
        bubblingMouseEvents: false,
      });
      circle.bindTooltip(areaLabel(area, index));
      circle.on('click', () => latest.current.onSelect?.(index));
      if (isEditable) {
        circle.on('mousedown', (event: L.LeafletMouseEvent) => {
          L.DomEvent.stop(event.originalEvent);
          map.dragging.disable();
          latest.current.onSelect?.(index);
          const move = (moved: L.LeafletMouseEvent) => circle.setLatLng(moved.latlng);
          map.on('mousemove', move);
          map.once('mouseup', () => {
            map.off('mousemove', move);
            map.dragging.enable();
            const { lat, lng } = circle.getLatLng();
            const { areas: current, onChange: change } = latest.current;
            const moved = areaAt(lat, lng, area.radius);
            if (change && (moved.latitude !== area.latitude || moved.longitude !== area.longitude)) {
              change(replaceArea(current, index, { ...moved, name: area.name }));
            }
          });
        });
      }
      group.addLayer(circle);
    });
  }, [areas, selected, isEditable, theme]);

  // The chosen area is brought into view when it is outside (chosen in the side list).
  useEffect(() => {
    const map = mapRef.current;
    const area = selected === null ? undefined : latest.current.areas[selected];
    if (!map || !area) return;
    const centre = L.latLng(area.latitude, area.longitude);
    if (!map.getBounds().contains(centre)) map.panTo(centre);
  }, [selected]);

  // Fit the areas when they first come and whenever fitKey changes.
  const hasAreas = areas.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitting follows fitKey and the first areas, not every edit.
  useEffect(() => {
    const map = mapRef.current;
    const bounds = areasBounds(latest.current.areas);
    if (!map || !bounds) return;
    map.fitBounds(
      [
        [bounds.south, bounds.west],
        [bounds.north, bounds.east],
      ],
      { padding: FIT_PADDING, maxZoom: MAX_FIT_ZOOM },
    );
  }, [fitKey, hasAreas]);

  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <PlaceSearch onPick={showPlace} />
      </Box>
      <Box component="span" role="status" sx={visuallyHidden}>
        {shownPlace ? `The map shows ${shownPlace}` : ''}
      </Box>
      {baseMapError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {baseMapError}: the areas are drawn without the countries.
        </Alert>
      )}
      <Box
        ref={containerRef}
        role="region"
        aria-label={label}
        data-areas={areas.length}
        sx={{
          height,
          width: '100%',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          // The sea: the countries are drawn over it.
          bgcolor: alpha(theme.palette.info.main, 0.12),
          cursor: isEditable ? 'crosshair' : undefined,
          zIndex: 0,
        }}
      />
      {tilesUrl && tilesFailed && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          The street map did not load: the map shows the country outlines.
        </Typography>
      )}
    </Box>
  );
};
