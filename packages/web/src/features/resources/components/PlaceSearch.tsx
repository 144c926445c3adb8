/**
 * "Find a place" above an areas map: the bundled cities of every country (GET /dictionary/cities without a
 * country, two letters or more), searched by name on the server; choosing one hands it to the map, which flies
 * there at city zoom. A combobox: arrows move through the matches, Enter chooses, Escape closes.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { useDictionary } from '../../../app/session/use-dictionary';

export type Place = {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  readonly region: string;
  readonly latitude: number;
  readonly longitude: number;
};

const MIN_SEARCH = 2;
const PLACES_LIMIT = 10;
const DEBOUNCE_MS = 250;

const useDebounced = (text: string): string => {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return value;
};

export type PlaceSearchProps = {
  readonly onPick: (place: Place) => void;
};

export const PlaceSearch = ({ onPick }: PlaceSearchProps) => {
  const dictionary = useDictionary();
  const [input, setInput] = useState('');
  const [value, setValue] = useState<Place | null>(null);
  const search = useDebounced(input.trim());
  const countryName = (code: string): string =>
    dictionary?.countries.find((country) => country.value === code)?.label ?? code;
  const placeLabel = (place: Place): string => `${place.name}, ${countryName(place.country)}`;
  // The field shows the chosen place's label: that is not a new search.
  const isChosen = value !== null && input === placeLabel(value);
  const places = useQuery({
    queryKey: ['dictionary-places', search],
    queryFn: ({ signal }) =>
      api<Place[]>('/dictionary/cities', { params: { search, limit: PLACES_LIMIT }, signal }),
    enabled: search.length >= MIN_SEARCH && !isChosen,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const isTyping = input.trim().length < MIN_SEARCH;

  return (
    // Enter in the field never submits the form the map is in (a resource dialog): it chooses a match or nothing.
    <Box
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    >
      <Autocomplete<Place>
        size="small"
        options={isChosen ? [value] : isTyping ? [] : (places.data ?? [])}
        value={value}
        onChange={(_event, place) => {
          setValue(place);
          if (place) onPick(place);
        }}
        inputValue={input}
        onInputChange={(_event, text) => setInput(text)}
        getOptionLabel={placeLabel}
        getOptionKey={(place) => place.id}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        filterOptions={(all) => all}
        loading={places.isFetching}
        noOptionsText={isTyping ? 'Type two letters or more' : 'No place matches'}
        renderOption={({ key, ...props }, place) => (
          <li key={key} {...props}>
            <Box>
              <Typography variant="body2">{place.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {place.region ? `${place.region}, ` : ''}
                {countryName(place.country)}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => <TextField {...params} label="Find a place" placeholder="City or town" />}
        sx={{ maxWidth: 360 }}
      />
    </Box>
  );
};
