/**
 * The place a geolist names: one country (alpha-3), one region of it and one city of that region or country,
 * through the dictionary endpoints (GET /dictionary/regions and /dictionary/cities take alpha-2 codes).
 */
import { COUNTRIES, type Country, toIso2 } from '@beacon/domain/dictionary/countries';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../../api/client';

const SEARCH_DEBOUNCE_MS = 250;
const REGIONS_LIMIT = 200;
const CITIES_LIMIT = 50;
const CHOOSE_COUNTRY_FIRST = 'Choose a country first';

type Region = { readonly id: string; readonly code: string; readonly name: string; readonly country: string };
type City = { readonly id: string; readonly name: string; readonly country: string; readonly region: string };

const COUNTRY_BY_ISO3: ReadonlyMap<string, Country> = new Map(
  COUNTRIES.map((country) => [country.iso3, country]),
);

export const countryName = (iso3: string): string => COUNTRY_BY_ISO3.get(iso3)?.name ?? iso3;

/** City ids are `<country>-<region>-<name>`: the name is what follows the second dash. */
export const cityName = (id: string): string => {
  const [country = '', region = '', ...name] = id.split('-');
  return name.length > 0 ? `${name.join('-')} (${country}-${region})` : id;
};

type PlaceFieldProps = {
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
};

export const CountryField = ({ value, onChange, error, disabled }: PlaceFieldProps) => (
  <Autocomplete<Country>
    disabled={disabled}
    options={COUNTRIES}
    value={value ? (COUNTRY_BY_ISO3.get(value) ?? null) : null}
    onChange={(_event, country) => onChange(country?.iso3 ?? null)}
    getOptionLabel={(country) => country.name}
    getOptionKey={(country) => country.iso3}
    isOptionEqualToValue={(option, chosen) => option.iso3 === chosen.iso3}
    renderInput={(params) => (
      <TextField {...params} label="Country" error={error !== undefined} helperText={error} />
    )}
  />
);

export const RegionField = ({
  country,
  value,
  onChange,
  error,
  disabled,
}: PlaceFieldProps & { readonly country: string | null }) => {
  const code = country ? (toIso2(country) ?? '') : '';
  const regions = useQuery({
    queryKey: ['dictionary-regions', code],
    queryFn: ({ signal }) =>
      api<Region[]>('/dictionary/regions', { params: { country: code, limit: REGIONS_LIMIT }, signal }),
    enabled: code !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const names = new Map((regions.data ?? []).map((region) => [region.id, region.name]));
  return (
    <Autocomplete<string>
      disabled={disabled}
      options={(regions.data ?? []).map((region) => region.id)}
      value={value}
      onChange={(_event, id) => onChange(id)}
      getOptionLabel={(id) => (names.has(id) ? `${names.get(id)} (${id})` : id)}
      loading={regions.isFetching}
      noOptionsText={code === '' ? CHOOSE_COUNTRY_FIRST : 'No region matches'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Region"
          error={error !== undefined}
          helperText={error ?? (code === '' ? CHOOSE_COUNTRY_FIRST : undefined)}
        />
      )}
    />
  );
};

const useDebounced = (text: string): string => {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return value;
};

/** Cities of the country (of the region when one is chosen), searched by name on the server. */
export const CityField = ({
  country,
  region,
  value,
  onChange,
  error,
  disabled,
}: PlaceFieldProps & { readonly country: string | null; readonly region: string | null }) => {
  const code = country ? (toIso2(country) ?? '') : '';
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const cities = useQuery({
    queryKey: ['dictionary-cities', code, search],
    queryFn: ({ signal }) =>
      api<City[]>('/dictionary/cities', { params: { country: code, search, limit: CITIES_LIMIT }, signal }),
    enabled: code !== '' && search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = (cities.data ?? [])
    .map((city) => city.id)
    .filter((id) => region === null || id.startsWith(`${region}-`));
  return (
    <Autocomplete<string>
      disabled={disabled}
      options={options}
      value={value}
      onChange={(_event, id) => onChange(id)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      getOptionLabel={cityName}
      filterOptions={(all) => all}
      loading={cities.isFetching}
      noOptionsText={
        code === ''
          ? CHOOSE_COUNTRY_FIRST
          : search.length < 2
            ? 'Type two letters or more'
            : 'No city matches'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="City"
          error={error !== undefined}
          helperText={error ?? (code === '' ? CHOOSE_COUNTRY_FIRST : undefined)}
        />
      )}
    />
  );
};
