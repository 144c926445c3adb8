/**
 * The areas of a geolist or a location audience: the map (AreasMap) beside the list of circles, where each
 * one's name, centre and radius change and where it is deleted. The list is paged, since a geolist may hold
 * tens of thousands of areas; choosing a circle on the map opens its page of the list.
 */

import { MAX_LATITUDE, MAX_LONGITUDE } from '@beacon/domain/validation/geolist';
import { GEOLIST_RADIUS_MESSAGE, geolistCoordinateMessage } from '@beacon/domain/validation/messages';
import CenterFocusStrongOutlined from '@mui/icons-material/CenterFocusStrongOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AreasMap } from './AreasMap';
import { areaLabel, type MapArea, removeArea, replaceArea } from './map-areas';

const PAGE_SIZE = 10;

type NumberRule = (value: number) => string | undefined;

const latitudeRule: NumberRule = (value) =>
  Math.abs(value) <= MAX_LATITUDE ? undefined : geolistCoordinateMessage('latitude', MAX_LATITUDE);
const longitudeRule: NumberRule = (value) =>
  Math.abs(value) <= MAX_LONGITUDE ? undefined : geolistCoordinateMessage('longitude', MAX_LONGITUDE);
const radiusRule: NumberRule = (value) => (value > 0 ? undefined : GEOLIST_RADIUS_MESSAGE);

type NumberFieldProps = {
  readonly label: string;
  readonly value: number;
  readonly rule: NumberRule;
  readonly invalidMessage: string;
  readonly onCommit: (value: number) => void;
  readonly disabled: boolean;
};

/** A number typed freely and handed on once it is valid; the text stays while it is not. */
const NumberField = ({ label, value, rule, invalidMessage, onCommit, disabled }: NumberFieldProps) => {
  const [text, setText] = useState(String(value));
  const [shownValue, setShownValue] = useState(value);
  // A change from elsewhere (a drag on the map, another area taking this row) replaces the text being typed.
  if (value !== shownValue) {
    setShownValue(value);
    if (Number(text) !== value) setText(String(value));
  }
  const parsed = text.trim() === '' ? Number.NaN : Number(text);
  const error = Number.isFinite(parsed) ? rule(parsed) : invalidMessage;
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      inputMode="decimal"
      error={error !== undefined}
      helperText={error}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const number = next.trim() === '' ? Number.NaN : Number(next);
        if (Number.isFinite(number) && rule(number) === undefined) onCommit(number);
      }}
      sx={{ flex: 1, minWidth: 96 }}
    />
  );
};

export type AreasEditorProps = {
  readonly areas: readonly MapArea[];
  /** Without it the areas are only shown. */
  readonly onChange?: (areas: MapArea[]) => void;
  readonly defaultRadius: number;
  /** What the areas belong to, for the map's and the list's accessible names ("Areas of Madrid stores"). */
  readonly label: string;
  readonly fitKey?: string | number;
  readonly mapHeight?: number | string;
};

export const AreasEditor = ({
  areas,
  onChange,
  defaultRadius,
  label,
  fitKey,
  mapHeight = 480,
}: AreasEditorProps) => {
  const headingId = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const isEditable = onChange !== undefined;
  const lastPage = Math.max(0, Math.ceil(areas.length / PAGE_SIZE) - 1);
  const currentPage = Math.min(page, lastPage);
  const start = currentPage * PAGE_SIZE;
  const shown = areas.slice(start, start + PAGE_SIZE);

  const select = (index: number) => {
    setSelected(index);
    setPage(Math.floor(index / PAGE_SIZE));
  };
  const change = (index: number, area: MapArea) => onChange?.(replaceArea(areas, index, area));

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Box sx={{ flex: 3, minWidth: 0 }}>
        <AreasMap
          areas={areas}
          onChange={
            onChange &&
            ((next) => {
              if (next.length > areas.length) select(next.length - 1);
              onChange(next);
            })
          }
          defaultRadius={defaultRadius}
          selected={selected}
          onSelect={select}
          fitKey={fitKey}
          label={`Map of ${label}`}
          height={mapHeight}
        />
        {isEditable && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Click the map to add an area of {defaultRadius} m; drag a circle to move it.
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 2, minWidth: 0 }}>
        <Typography variant="h3" component="h3" id={headingId} sx={{ mb: 1 }}>
          {areas.length === 1 ? '1 area' : `${areas.length} areas`}
        </Typography>
        {areas.length === 0 ? (
          <Typography color="text.secondary">
            {isEditable ? 'No areas yet: click the map to add one.' : 'No areas.'}
          </Typography>
        ) : (
          <>
            <List dense aria-labelledby={headingId} disablePadding>
              {shown.map((area, offset) => {
                const index = start + offset;
                const name = areaLabel(area, index);
                return (
                  <ListItem
                    key={index}
                    disableGutters
                    sx={{
                      display: 'block',
                      py: 1,
                      borderBottom: 1,
                      borderColor: 'divider',
                      bgcolor: index === selected ? 'action.selected' : undefined,
                    }}
                  >
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                      <TextField
                        size="small"
                        label={`Name of area ${index + 1}`}
                        value={area.name ?? ''}
                        disabled={!isEditable}
                        onChange={(event) => change(index, { ...area, name: event.target.value || null })}
                        onFocus={() => setSelected(index)}
                      />
                      <IconButton aria-label={`Show ${name} on the map`} onClick={() => setSelected(index)}>
                        <CenterFocusStrongOutlined />
                      </IconButton>
                      {isEditable && (
                        <IconButton
                          aria-label={`Delete ${name}`}
                          onClick={() => {
                            setSelected(null);
                            onChange(removeArea(areas, index));
                          }}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      )}
                    </Stack>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                      <NumberField
                        label="Latitude"
                        value={area.latitude}
                        rule={latitudeRule}
                        invalidMessage={geolistCoordinateMessage('latitude', MAX_LATITUDE)}
                        disabled={!isEditable}
                        onCommit={(latitude) => change(index, { ...area, latitude })}
                      />
                      <NumberField
                        label="Longitude"
                        value={area.longitude}
                        rule={longitudeRule}
                        invalidMessage={geolistCoordinateMessage('longitude', MAX_LONGITUDE)}
                        disabled={!isEditable}
                        onCommit={(longitude) => change(index, { ...area, longitude })}
                      />
                      <NumberField
                        label="Radius (m)"
                        value={area.radius}
                        rule={radiusRule}
                        invalidMessage={GEOLIST_RADIUS_MESSAGE}
                        disabled={!isEditable}
                        onCommit={(radius) => change(index, { ...area, radius })}
                      />
                    </Stack>
                  </ListItem>
                );
              })}
            </List>
            {areas.length > PAGE_SIZE && (
              <TablePagination
                component="div"
                count={areas.length}
                page={currentPage}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_, next) => setPage(next)}
              />
            )}
          </>
        )}
        {isEditable && areas.length > 0 && (
          <Button sx={{ mt: 1 }} color="error" onClick={() => onChange([])}>
            Remove all areas
          </Button>
        )}
      </Box>
    </Stack>
  );
};
