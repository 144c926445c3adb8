/**
 * Areas drawn as circles of their real radius on a world base map (Leaflet, Natural Earth countries bundled:
 * nothing fetched from the internet), fitted to the areas. With `onChange` it is editable: a click on the map
 * adds a circle of the default radius, dragging a circle moves it; names, coordinates, radii and deletion are
 * in the side list (AreasEditor), which is also the keyboard's way to edit.
 */
import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { worldCountries } from './base-map';
import { areaAt, areaLabel, areasBounds, type MapArea, replaceArea } from './map-areas';

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
  const renderersRef = useRef<{ readonly svg: L.Renderer; readonly canvas: L.Renderer } | null>(null);
  const [baseMapError, setBaseMapError] = useState<string | null>(null);
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
      zoomSnap: 0.25,
    });
    map.fitBounds(WORLD_VIEW);
    // The countries get a pane of their own under the circles' (overlayPane, z-index 400): each pane has its
    // own renderer, and a base map drawn later in the same pane would cover the circles.
    map.createPane(BASE_MAP_PANE).style.zIndex = '350';
    mapRef.current = map;
    renderersRef.current = { svg: L.svg(), canvas: L.canvas() };
    circlesRef.current = L.layerGroup().addTo(map);
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
      renderersRef.current = null;
    };
  }, [theme]);

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
    </Box>
  );
};
