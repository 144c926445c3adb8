/**
 * Where a campaign or a strategy runs: countries (alpha-3, at most five — the schema says so when more are
 * chosen), regions of those countries and cities searched in them (GET /dictionary/regions and
 * /dictionary/cities, which take alpha-2 codes).
 */
import { COUNTRIES, type Country, toIso2 } from '@beacon/domain/dictionary/countries';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { hintOf } from './fields';
import { usePickedNames } from './picked-names';

const SEARCH_DEBOUNCE_MS = 250;
const REGIONS_LIMIT = 200;
const CITIES_LIMIT = 50;

type Region = { readonly id: string; readonly code: string; readonly name: string; readonly country: string };
type City = { readonly id: string; readonly name: string; readonly country: string; readonly region: string };

const COUNTRY_BY_ISO3: ReadonlyMap<string, Country> = new Map(
  COUNTRIES.map((country) => [country.iso3, country]),
);

export const countryLabel = (iso3: string): string => COUNTRY_BY_ISO3.get(iso3)?.name ?? iso3;

/** City ids are `<country>-<region>-<name>`: the name is what follows the second dash. */
export const cityLabel = (id: string): string => {
  const [country = '', region = '', ...name] = id.split('-');
  return name.length > 0 ? `${name.join('-')} (${country}-${region})` : id;
};

const useDebounced = (text: string): string => {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return value;
};

const iso2List = (countries: readonly string[]): string =>
  countries
    .map((iso3) => toIso2(iso3))
    .filter((code) => code !== undefined)
    .join(',');

type MultiFieldProps = {
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly error?: string;
  readonly helperText?: string;
  readonly disabled?: boolean;
  readonly required?: boolean;
};

/** `allowed` narrows the choice (a strategy's countries among its campaign's). */
export const CountriesField = ({
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
  required,
  allowed,
}: MultiFieldProps & { readonly allowed?: readonly string[] }) => (
  <Autocomplete<Country, true>
    multiple
    disabled={disabled}
    options={allowed ? COUNTRIES.filter((country) => allowed.includes(country.iso3)) : COUNTRIES}
    value={value.map((iso3) => COUNTRY_BY_ISO3.get(iso3)).filter((country) => country !== undefined)}
    onChange={(_event, countries) => onChange(countries.map((country) => country.iso3))}
    getOptionLabel={(country) => country.name}
    getOptionKey={(country) => country.iso3}
    isOptionEqualToValue={(option, chosen) => option.iso3 === chosen.iso3}
    filterOptions={(options, { inputValue }) => {
      const text = inputValue.trim().toLowerCase();
      return text === ''
        ? options
        : options.filter(
            (country) =>
              country.name.toLowerCase().includes(text) ||
              country.iso2.toLowerCase() === text ||
              country.iso3.toLowerCase() === text,
          );
    }}
    renderInput={(params) => (
      <TextField
        {...params}
        label={label}
        required={required}
        error={error !== undefined}
        helperText={hintOf(error, helperText, disabled === true)}
      />
    )}
  />
);

/** Regions of the chosen countries: one request lists them all, the browser filters as the user types. */
export const RegionsField = ({
  countries,
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
}: MultiFieldProps & { readonly countries: readonly string[] }) => {
  const codes = iso2List(countries);
  const regions = useQuery({
    queryKey: ['dictionary-regions', codes],
    queryFn: ({ signal }) =>
      api<Region[]>('/dictionary/regions', { params: { country: codes, limit: REGIONS_LIMIT }, signal }),
    enabled: codes !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = (regions.data ?? []).map((region) => region.id);
  const names = new Map((regions.data ?? []).map((region) => [region.id, region.name]));
  const picked = usePickedNames();
  return (
    <Autocomplete<string, true>
      multiple
      disabled={disabled}
      options={options}
      value={[...value]}
      onChange={(_event, ids) => {
        for (const id of ids) {
          const name = names.get(id);
          if (name !== undefined) picked.remember('region', id, name);
        }
        onChange(ids);
      }}
      getOptionLabel={(id) => (names.has(id) ? `${names.get(id)} (${id})` : id)}
      loading={regions.isFetching}
      noOptionsText={codes === '' ? 'Choose a country first' : 'No region matches'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error !== undefined}
          helperText={hintOf(error, codes === '' ? 'Choose a country first' : helperText, disabled === true)}
        />
      )}
    />
  );
};

/** Cities of the chosen countries, searched by name on the server (they are many). */
export const CitiesField = ({
  countries,
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
}: MultiFieldProps & { readonly countries: readonly string[] }) => {
  const codes = iso2List(countries);
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const cities = useQuery({
    queryKey: ['dictionary-cities', codes, search],
    queryFn: ({ signal }) =>
      api<City[]>('/dictionary/cities', { params: { country: codes, search, limit: CITIES_LIMIT }, signal }),
    enabled: codes !== '' && search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Autocomplete<string, true>
      multiple
      disabled={disabled}
      options={(cities.data ?? []).map((city) => city.id)}
      value={[...value]}
      onChange={(_event, ids) => onChange(ids)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      getOptionLabel={cityLabel}
      filterOptions={(all) => all}
      loading={cities.isFetching}
      noOptionsText={
        codes === ''
          ? 'Choose a country first'
          : search.length < 2
            ? 'Type two letters or more'
            : 'No city matches'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error !== undefined}
          helperText={hintOf(error, codes === '' ? 'Choose a country first' : helperText, disabled === true)}
        />
      )}
    />
  );
};
